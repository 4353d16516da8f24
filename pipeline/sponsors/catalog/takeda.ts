import type { SponsorCatalogEntry } from '../types.js';

/** Takeda clinical trials export: comma, ISO dates, countries as a list. */
export const takeda: SponsorCatalogEntry = {
  slug: 'takeda',
  source: {
    kind: 'csv',
    dateFormats: ['YYYY-MM-DD', 'MMMM YYYY'],
    columns: {
      sponsor_study_id: 'Takeda Study ID',
      nct_id: 'ClinicalTrials.gov Identifier',
      title: 'Study Title',
      status: 'Recruitment Status',
      phase: 'Phase',
      conditions: 'Condition',
      study_start: 'Study Start Date',
      countries: 'Countries',
      page_url: 'Study Link',
    },
    listSeparator: ';',
  },
  // Registry spellings ("Active, not recruiting") need no entry: the status table reads them.
  statusVocabulary: {},
};
