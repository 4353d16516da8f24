import type { SponsorCatalogEntry } from '../types.js';

/** MSD trial finder: paged result cards with a "Next" link; detail page rendered client side. */
export const merck: SponsorCatalogEntry = {
  slug: 'merck',
  source: {
    kind: 'web',
    listPath: '/lung-cancer/',
    pagination: { kind: 'next-link', selector: 'nav.pager a.pager__next', maxPages: 50 },
    dateFormats: ['YYYY-MM-DD', 'MMMM YYYY'],
    list: {
      container: '#trial-results',
      item: 'article.trial-card',
      detailLink: { selector: 'a.trial-card__link', attr: 'href' },
      fields: {
        title: { selector: 'h3.trial-card__title' },
        nct_id: { selector: '.trial-card__nct' },
        status: { selector: '.trial-card__status' },
      },
    },
    detail: {
      ready: '#study-detail[data-ready="true"]',
      fields: {
        official_title: { selector: 'h1.study-official-title' },
        summary: { selector: 'section.study-summary p' },
        sponsor_study_id: { selector: '.study-facts .protocol-number' },
        phase: { selector: '.study-facts .phase' },
        study_start: { selector: '.study-facts .start-date' },
        conditions: { selector: 'ul.study-conditions li', all: true },
        sex: { selector: '.eligibility .sex' },
        age_min: { selector: '.eligibility .age-min' },
        age_max: { selector: '.eligibility .age-max' },
      },
      sites: {
        item: 'table.study-locations tbody tr',
        fields: {
          facility: { selector: 'td.facility' },
          city: { selector: 'td.city' },
          state: { selector: 'td.state' },
          country: { selector: 'td.country' },
        },
      },
    },
  },
  statusVocabulary: {
    'now enrolling': 'Recruiting',
    'opening soon': 'Recruiting',
    'enrollment closed': 'Active',
    'study complete': 'Completed',
    'study stopped': 'Closed',
  },
};
