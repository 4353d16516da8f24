import type { SponsorCatalogEntry } from '../types.js';

/** AbbVie clinical trials export: comma, US dates, locations with city and state. */
export const abbvie: SponsorCatalogEntry = {
  slug: 'abbvie',
  source: {
    kind: 'csv',
    dateFormats: ['MM/DD/YYYY', 'YYYY-MM-DD'],
    columns: {
      sponsor_study_id: 'Study Number',
      nct_id: 'NCT Number',
      title: 'Study Title',
      status: 'Recruitment Status',
      phase: 'Phase',
      conditions: 'Conditions',
      study_start: 'Study Start Date',
      locations: 'Locations',
      page_url: 'Study Page',
    },
    listSeparator: ';',
    siteParts: ['city', 'state', 'country'],
  },
  // Registry spellings ("Active, not recruiting") need no entry: the status table reads them.
  statusVocabulary: {},
};
