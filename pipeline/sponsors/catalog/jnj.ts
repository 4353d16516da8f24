import type { SponsorCatalogEntry } from '../types.js';

/** J&J Innovative Medicine trial finder: "Show more" listing, client-rendered detail. */
export const jnj: SponsorCatalogEntry = {
  slug: 'jnj',
  source: {
    kind: 'web',
    listPath: '/en/clinical-trials/lung-cancer',
    pagination: { kind: 'load-more', selector: 'button.show-more-results', maxClicks: 50 },
    dateFormats: ['DD-MMM-YYYY', 'YYYY-MM-DD'],
    list: {
      container: '.search-results',
      item: '.search-result-card',
      detailLink: { selector: 'a.search-result-card__link', attr: 'href' },
      fields: {
        title: { selector: '.search-result-card__title' },
        nct_id: { selector: '.search-result-card__nct' },
        status: { selector: '.search-result-card__status' },
      },
    },
    detail: {
      ready: '.trial-detail__content',
      fields: {
        sponsor_study_id: { selector: '.trial-detail__protocol' },
        phase: { selector: '.trial-detail__phase' },
        summary: { selector: '.trial-detail__purpose' },
        study_start: { selector: '.trial-detail__start' },
        countries: { selector: '.trial-detail__countries li', all: true },
      },
    },
  },
  // Registry spellings ("Active, not recruiting") need no entry: the status table reads them.
  statusVocabulary: {},
};
