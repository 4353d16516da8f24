import type { SponsorCatalogEntry } from '../types.js';

/** MyStudyWindow (Boehringer Ingelheim) export: semicolon, DD.MM style exported as DD/MM/YYYY. */
export const boehringerIngelheim: SponsorCatalogEntry = {
  slug: 'boehringer-ingelheim',
  source: {
    kind: 'csv',
    delimiter: ';',
    dateFormats: ['DD/MM/YYYY', 'YYYY-MM-DD'],
    columns: {
      sponsor_study_id: 'BI Trial Number',
      nct_id: 'NCT Number',
      title: 'Trial Title',
      status: 'Status',
      phase: 'Phase',
      conditions: 'Disease Area',
      study_start: 'Start',
      countries: 'Countries',
      page_url: 'Trial URL',
    },
    listSeparator: ',',
  },
  statusVocabulary: {
    'currently recruiting': 'Recruiting',
    'recruitment not started': 'Recruiting',
    'no longer recruiting': 'Active',
    'stopped early': 'Closed',
  },
};
