import type { SponsorCatalogEntry } from '../types.js';

/** Amgen Trials: result grid with a "Next" link. */
export const amgen: SponsorCatalogEntry = {
  slug: 'amgen',
  source: {
    kind: 'web',
    listPath: '/trials/lung-cancer/',
    pagination: { kind: 'next-link', selector: 'a.results-next', maxPages: 50 },
    dateFormats: ['YYYY-MM-DD'],
    list: {
      container: '#trial-results',
      item: 'div.trial-result',
      detailLink: { selector: 'a.trial-result__link', attr: 'href' },
      fields: {
        title: { selector: '.trial-result__title' },
        nct_id: { selector: '.trial-result__nct' },
        status: { selector: '.trial-result__status' },
        phase: { selector: '.trial-result__phase' },
      },
    },
    detail: {
      ready: '.trial-detail[data-loaded]',
      fields: {
        sponsor_study_id: { selector: '.trial-detail__study-number' },
        summary: { selector: '.trial-detail__overview' },
        conditions: { selector: '.trial-detail__conditions li', all: true },
        study_start: { selector: '.trial-detail__start' },
        countries: { selector: '.trial-detail__countries li', all: true },
      },
    },
  },
  // Registry spellings ("Active, not recruiting") need no entry: the status table reads them.
  statusVocabulary: {},
};
