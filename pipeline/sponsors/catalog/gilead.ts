import type { SponsorCatalogEntry } from '../types.js';

/** Gilead clinical trials: "Load more results" listing. */
export const gilead: SponsorCatalogEntry = {
  slug: 'gilead',
  source: {
    kind: 'web',
    listPath: '/en/trials?condition=lung-cancer',
    pagination: { kind: 'load-more', selector: 'button.results__load-more', maxClicks: 50 },
    dateFormats: ['YYYY-MM-DD', 'DD-MMM-YYYY'],
    list: {
      container: '.results__list',
      item: '.results__item',
      detailLink: { selector: 'a.results__link', attr: 'href' },
      fields: {
        title: { selector: '.results__title' },
        nct_id: { selector: '.results__nct' },
        status: { selector: '.results__status' },
      },
    },
    detail: {
      ready: '.study[data-rendered="true"]',
      fields: {
        sponsor_study_id: { selector: '.study__protocol' },
        phase: { selector: '.study__phase' },
        summary: { selector: '.study__summary' },
        study_start: { selector: '.study__start' },
      },
    },
  },
  // Registry spellings ("Active, not recruiting") need no entry: the status table reads them.
  statusVocabulary: {},
};
