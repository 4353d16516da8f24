/**
 * ClinicalTrials.gov API v2 study object -> TrialRecord. Field paths follow the v2 data
 * structure (`protocolSection.<module>...`). Records fetched with a `fields=` list or
 * captured by other tools are trimmed, so every module is optional.
 */
import type { TrialRecord } from '../../domain/rows.js';
import {
  layoutNctId,
  mapWithLayout,
  untrimmed,
  type MapOptions,
  type StudyLayout,
} from './study-layout.js';

export const V2_LAYOUT: StudyLayout = {
  nctId: 'protocolSection.identificationModule.nctId',
  briefTitle: 'protocolSection.identificationModule.briefTitle',
  officialTitle: 'protocolSection.identificationModule.officialTitle',
  briefSummary: 'protocolSection.descriptionModule.briefSummary',
  detailedDescription: 'protocolSection.descriptionModule.detailedDescription',
  overallStatus: 'protocolSection.statusModule.overallStatus',
  phases: 'protocolSection.designModule.phases',
  studyType: 'protocolSection.designModule.studyType',
  sponsor: [
    'protocolSection.sponsorCollaboratorsModule.leadSponsor.name',
    // Trimmed records (fields=OrgFullName) carry the organisation but not the lead sponsor.
    'protocolSection.identificationModule.organization.fullName',
  ],
  conditions: 'protocolSection.conditionsModule.conditions',
  keywords: 'protocolSection.conditionsModule.keywords',
  meshTerms: { list: 'derivedSection.conditionBrowseModule.meshes', item: 'term' },
  interventions: {
    list: 'protocolSection.armsInterventionsModule.interventions',
    type: 'type',
    name: 'name',
    description: 'description',
  },
  enrollment: 'protocolSection.designModule.enrollmentInfo.count',
  sex: 'protocolSection.eligibilityModule.sex',
  minimumAge: 'protocolSection.eligibilityModule.minimumAge',
  maximumAge: 'protocolSection.eligibilityModule.maximumAge',
  eligibilityCriteria: untrimmed('protocolSection.eligibilityModule.eligibilityCriteria'),
  startDate: 'protocolSection.statusModule.startDateStruct.date',
  firstPosted: 'protocolSection.statusModule.studyFirstPostDateStruct.date',
  primaryCompletion: 'protocolSection.statusModule.primaryCompletionDateStruct.date',
  completion: 'protocolSection.statusModule.completionDateStruct.date',
  lastUpdated: 'protocolSection.statusModule.lastUpdatePostDateStruct.date',
  primaryOutcomes: {
    list: 'protocolSection.outcomesModule.primaryOutcomes',
    measure: 'measure',
    timeFrame: 'timeFrame',
    description: 'description',
  },
  secondaryOutcomes: {
    list: 'protocolSection.outcomesModule.secondaryOutcomes',
    measure: 'measure',
    timeFrame: 'timeFrame',
    description: 'description',
  },
  documents: {
    list: 'documentSection.largeDocumentModule.largeDocs',
    type: ['label', 'typeAbbrev'],
    filename: 'filename',
    date: ['date', 'uploadDate'],
  },
  publications: [
    {
      list: 'protocolSection.referencesModule.references',
      pmid: 'pmid',
      citation: 'citation',
      type: 'type',
    },
  ],
  locations: {
    list: 'protocolSection.contactsLocationsModule.locations',
    facility: 'facility',
    city: 'city',
    state: 'state',
    zip: 'zip',
    country: 'country',
    status: 'status',
    latitude: 'geoPoint.lat',
    longitude: 'geoPoint.lon',
  },
};

export function mapStudyToRecord(study: unknown, options: MapOptions = {}): TrialRecord {
  return mapWithLayout(V2_LAYOUT, study, options);
}

/** The NCT id of a v2 study, or null. */
export function v2NctId(study: unknown): string | null {
  return layoutNctId(V2_LAYOUT, study);
}
