import type { SponsorCatalogEntry } from '../types.js';

/** BeOne (BeiGene) clinical trials: table of trials paged with `?page=`. */
export const beigene: SponsorCatalogEntry = {
  slug: 'beigene',
  source: {
    kind: 'web',
    listPath: '/clinical-trials/search?indication=lung-cancer',
    pagination: { kind: 'page-param', param: 'page', first: 1, maxPages: 50 },
    dateFormats: ['YYYY-MM-DD', 'MMMM YYYY'],
    list: {
      container: 'table.trials tbody',
      item: 'tr.trials__row',
      detailLink: { selector: 'a.trials__title', attr: 'href' },
      fields: {
        title: { selector: 'a.trials__title' },
        nct_id: { selector: 'td.trials__nct' },
        sponsor_study_id: { selector: 'td.trials__protocol' },
        status: { selector: 'td.trials__status' },
        phase: { selector: 'td.trials__phase' },
      },
    },
    detail: {
      ready: 'article.trial-detail',
      fields: {
        summary: { selector: 'article.trial-detail .summary' },
        study_start: { selector: 'article.trial-detail .start-date' },
        countries: { selector: 'article.trial-detail .countries li', all: true },
      },
    },
  },
  // Registry spellings ("Active, not recruiting") need no entry: the status table reads them.
  statusVocabulary: {},
};
