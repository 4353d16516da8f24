import type { SponsorCatalogEntry } from '../types.js';

/** Bayer clinical trials explorer export: semicolon, "15-Mar-2024" or "March 2024". */
export const bayer: SponsorCatalogEntry = {
  slug: 'bayer',
  source: {
    kind: 'csv',
    delimiter: ';',
    dateFormats: ['DD-MMM-YYYY', 'MMMM YYYY'],
    columns: {
      sponsor_study_id: 'Bayer Study Number',
      nct_id: 'ClinicalTrials.gov ID',
      title: 'Study Title',
      status: 'Study Status',
      phase: 'Phase',
      conditions: 'Indication',
      study_start: 'Study Start',
      primary_completion: 'Estimated Primary Completion',
      countries: 'Countries',
    },
    listSeparator: ',',
    // The export has no link column; study pages are keyed by the Bayer study number.
    pageUrlTemplate: 'https://clinicaltrials.bayer.com/study/{id}/',
  },
  statusVocabulary: {
    'open for recruitment': 'Recruiting',
    'recruitment planned': 'Not yet recruiting',
    'recruitment closed': 'Active',
    'study completed': 'Completed',
    'study stopped': 'Closed',
  },
};
