import type { SponsorCatalogEntry } from '../types.js';

/** Lilly Trials export (US locale): comma, MM/DD/YYYY dates, US sites with state and ZIP. */
export const lilly: SponsorCatalogEntry = {
  slug: 'lilly',
  source: {
    kind: 'csv',
    delimiter: ',',
    dateFormats: ['MM/DD/YYYY'],
    columns: {
      sponsor_study_id: 'Trial ID',
      nct_id: 'NCT',
      title: 'Title',
      status: 'Trial Status',
      phase: 'Phase',
      conditions: 'Disease',
      study_start: 'Start Date',
      primary_completion: 'Primary Completion',
      locations: 'Sites',
      page_url: 'Trial Page',
    },
    listSeparator: ';',
    siteParts: ['facility', 'city', 'state', 'zip', 'country'],
  },
  statusVocabulary: {
    'open for enrollment': 'Recruiting',
    'coming soon': 'Not yet recruiting',
    'by invitation only': 'Enrolling',
    'enrollment closed': 'Active',
    'trial complete': 'Completed',
    'trial stopped': 'Closed',
  },
};
