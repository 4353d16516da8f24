import type { SponsorCatalogEntry } from '../types.js';

/** Regeneron clinical trials: one filtered listing with a "Next" link. */
export const regeneron: SponsorCatalogEntry = {
  slug: 'regeneron',
  source: {
    kind: 'web',
    listPath: '/clinical-trials?therapeutic-area=oncology&condition=lung-cancer',
    pagination: { kind: 'next-link', selector: 'a[rel="next"]', maxPages: 50 },
    dateFormats: ['MMMM YYYY', 'YYYY-MM-DD'],
    list: {
      container: '.clinical-trials-list',
      item: '.clinical-trials-list__item',
      detailLink: { selector: 'a', attr: 'href' },
      fields: {
        title: { selector: '.clinical-trials-list__name' },
        nct_id: { selector: '.clinical-trials-list__nct' },
        status: { selector: '.clinical-trials-list__status' },
      },
    },
    detail: {
      ready: '.trial-page__body',
      fields: {
        phase: { selector: '.trial-page__phase' },
        summary: { selector: '.trial-page__summary' },
        conditions: { selector: '.trial-page__conditions li', all: true },
      },
    },
  },
  // Registry spellings ("Active, not recruiting") need no entry: the status table reads them.
  statusVocabulary: {},
};
