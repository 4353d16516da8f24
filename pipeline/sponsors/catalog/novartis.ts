import type { SponsorCatalogEntry } from '../types.js';

/** Novartis clinical trial search export: comma, month-precision dates ("March 2024", "2024-03"). */
export const novartis: SponsorCatalogEntry = {
  slug: 'novartis',
  source: {
    kind: 'csv',
    dateFormats: ['MMMM YYYY', 'YYYY-MM', 'YYYY-MM-DD'],
    columns: {
      sponsor_study_id: 'Novartis Study Code',
      nct_id: 'NCT Number',
      title: 'Study Title',
      summary: 'Study Description',
      status: 'Status',
      phase: 'Phase',
      conditions: 'Conditions',
      interventions: 'Treatments',
      study_start: 'Study Start',
      last_updated: 'Last Updated',
      locations: 'Locations',
      page_url: 'URL',
    },
    listSeparator: ';',
    siteParts: ['city', 'country'],
  },
  // Registry spellings ("Active, not recruiting") need no entry: the status table reads them.
  statusVocabulary: {},
};
