import type { SponsorCatalogEntry } from '../types.js';

/** AstraZeneca trial finder "Download results" CSV: comma, UTF-8 with BOM, ISO dates. */
export const astrazeneca: SponsorCatalogEntry = {
  slug: 'astrazeneca',
  source: {
    kind: 'csv',
    delimiter: ',',
    dateFormats: ['YYYY-MM-DD', 'DD-MMM-YYYY'],
    columns: {
      sponsor_study_id: 'Study Code',
      nct_id: 'NCT Number',
      title: 'Study Title',
      official_title: 'Official Title',
      status: 'Recruitment Status',
      phase: 'Study Phase',
      conditions: 'Conditions',
      study_start: 'Start Date',
      primary_completion: 'Primary Completion Date',
      locations: 'Locations',
      page_url: 'Study URL',
    },
    // The finder only exports studies that have started, so a start date is always present.
    requiredDates: ['study_start'],
    listSeparator: '|',
    siteParts: ['facility', 'city', 'country'],
  },
  statusVocabulary: {
    'actively recruiting': 'Recruiting',
    'enrolment closed': 'Active',
    'study completed': 'Completed',
  },
};
