import type { SponsorCatalogEntry } from '../types.js';

/** BMS Study Connect: search results paged by a `page` query parameter. */
export const bms: SponsorCatalogEntry = {
  slug: 'bms',
  source: {
    kind: 'web',
    listPath: '/clinical-trials/lung-cancer/',
    pagination: { kind: 'page-param', param: 'page', first: 1, maxPages: 50 },
    dateFormats: ['MM/DD/YYYY'],
    listSeparator: ',',
    list: {
      container: '#study-results',
      item: '.study-result',
      detailLink: { selector: 'a.study-result__more', attr: 'href' },
      fields: {
        title: { selector: '.study-result__title' },
        nct_id: { selector: '.study-result__nct' },
        sponsor_study_id: { selector: '.study-result__id' },
        status: { selector: '.study-result__status' },
        phase: { selector: '.study-result__phase' },
      },
    },
    detail: {
      ready: '.study-detail.is-rendered',
      fields: {
        summary: { selector: '.study-purpose' },
        conditions: { selector: '.study-conditions' },
        study_start: { selector: '.study-start' },
        countries: { selector: 'ul.study-countries li', all: true },
      },
    },
  },
  statusVocabulary: {
    'currently recruiting': 'Recruiting',
    'invitation only': 'Enrolling',
  },
};
