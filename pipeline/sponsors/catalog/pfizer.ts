import type { SponsorCatalogEntry } from '../types.js';

/** Pfizer clinical trials export: semicolon-separated (European locale), DD/MM/YYYY dates. */
export const pfizer: SponsorCatalogEntry = {
  slug: 'pfizer',
  source: {
    kind: 'csv',
    delimiter: ';',
    dateFormats: ['DD/MM/YYYY', 'YYYY-MM-DD'],
    columns: {
      sponsor_study_id: 'Study ID',
      nct_id: 'NCT ID',
      title: 'Study Name',
      status: 'Status',
      phase: 'Phase',
      conditions: 'Condition',
      sex: 'Gender',
      age_min: 'Minimum Age',
      age_max: 'Maximum Age',
      study_start: 'Study Start',
      last_updated: 'Last Update',
      countries: 'Countries',
      page_url: 'Link',
    },
    listSeparator: ',',
  },
  statusVocabulary: {
    'enrollment complete': 'Active',
  },
};
