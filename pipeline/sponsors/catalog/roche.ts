import type { SponsorCatalogEntry } from '../types.js';

/**
 * Roche ForPatients: a "Load more" listing; the detail page is a definition list of facts
 * whose order varies per trial, so the roche adapter reads it by label.
 */
export const roche: SponsorCatalogEntry = {
  slug: 'roche',
  source: {
    kind: 'web',
    listPath: '/en/trials/cancer/lung-cancer.html',
    pagination: { kind: 'load-more', selector: 'button.load-more', maxClicks: 50 },
    dateFormats: ['DD-MMM-YYYY', 'MMMM YYYY'],
    list: {
      container: 'ul.trial-list',
      item: 'li.trial-list__item',
      detailLink: { selector: 'a.trial-list__link', attr: 'href' },
      fields: {
        title: { selector: '.trial-list__title' },
        status: { selector: '.trial-list__status' },
      },
    },
    detail: {
      ready: 'main.trial[data-state="loaded"]',
      fields: {
        summary: { selector: '.trial__summary' },
      },
    },
    adapter: 'roche',
  },
  statusVocabulary: {
    'not recruiting': 'Active',
  },
};
