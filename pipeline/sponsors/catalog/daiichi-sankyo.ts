import type { SponsorCatalogEntry } from '../types.js';

/** Daiichi Sankyo trial finder: numbered result pages (`?page=`). */
export const daiichiSankyo: SponsorCatalogEntry = {
  slug: 'daiichi-sankyo',
  source: {
    kind: 'web',
    listPath: '/trials/lung-cancer',
    pagination: { kind: 'page-param', param: 'page', first: 1, maxPages: 50 },
    dateFormats: ['MMMM YYYY', 'YYYY-MM-DD'],
    list: {
      container: '.trial-listing',
      item: '.trial-listing__row',
      detailLink: { selector: 'a.trial-listing__title', attr: 'href' },
      fields: {
        title: { selector: 'a.trial-listing__title' },
        nct_id: { selector: '.trial-listing__nct' },
        status: { selector: '.trial-listing__status' },
        phase: { selector: '.trial-listing__phase' },
      },
    },
    detail: {
      ready: '#trial-overview',
      fields: {
        sponsor_study_id: { selector: '#trial-overview .study-id' },
        summary: { selector: '#trial-overview .description' },
        study_start: { selector: '#trial-overview .start' },
        countries: { selector: '.locations .country', all: true },
      },
    },
  },
  // Registry spellings ("Active, not recruiting") need no entry: the status table reads them.
  statusVocabulary: {},
};
