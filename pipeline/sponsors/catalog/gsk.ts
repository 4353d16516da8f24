import type { SponsorCatalogEntry } from '../types.js';

/** GSK study register export: comma, DD-MMM-YYYY dates ("15-Mar-2024"). */
export const gsk: SponsorCatalogEntry = {
  slug: 'gsk',
  source: {
    kind: 'csv',
    dateFormats: ['DD-MMM-YYYY', 'YYYY-MM-DD'],
    columns: {
      sponsor_study_id: 'GSK Study ID',
      nct_id: 'NCT ID',
      title: 'Study Title',
      status: 'Recruitment Status',
      phase: 'Study Phase',
      conditions: 'Medical Condition',
      study_start: 'Study Start Date',
      last_updated: 'Last Updated',
      countries: 'Countries',
      page_url: 'Study Register Link',
    },
    listSeparator: ',',
  },
  // Registry spellings ("Active, not recruiting") need no entry: the status table reads them.
  statusVocabulary: {},
};
