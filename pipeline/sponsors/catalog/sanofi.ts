import type { SponsorCatalogEntry } from '../types.js';

/** Sanofi clinical trials list export: semicolon (French locale), DD/MM/YYYY dates. */
export const sanofi: SponsorCatalogEntry = {
  slug: 'sanofi',
  source: {
    kind: 'csv',
    delimiter: ';',
    dateFormats: ['DD/MM/YYYY'],
    columns: {
      sponsor_study_id: 'Study ID',
      nct_id: 'NCT ID',
      title: 'Title',
      status: 'Status',
      phase: 'Phase',
      conditions: 'Condition',
      study_start: 'Start Date',
      countries: 'Countries',
      page_url: 'URL',
    },
    listSeparator: ',',
  },
  statusVocabulary: {
    'open to enrolment': 'Recruiting',
    'not yet open': 'Not yet recruiting',
    'enrolment closed': 'Active',
    'terminated early': 'Closed',
  },
};
