/**
 * Legacy ClinicalTrials.gov API v1 "full study" JSON (`FullStudiesResponse.FullStudies[].Study`,
 * PascalCase paths with `...List.Item` wrappers) -> TrialRecord.
 */
import type { TrialRecord } from '../../domain/rows.js';
import { obj } from './read-fields.js';
import {
  mapWithLayout,
  untrimmed,
  upperCased,
  type MapOptions,
  type StudyLayout,
} from './study-layout.js';

/** Accepts the `Study` object or its `FullStudies[]` wrapper (`{ Rank, Study }`). */
function studyOf(raw: unknown): Record<string, unknown> {
  const o = obj(raw);
  return o.Study ? obj(o.Study) : o;
}

export const V1_LAYOUT: StudyLayout = {
  unwrap: studyOf,
  nctId: 'ProtocolSection.IdentificationModule.NCTId',
  briefTitle: 'ProtocolSection.IdentificationModule.BriefTitle',
  officialTitle: 'ProtocolSection.IdentificationModule.OfficialTitle',
  briefSummary: 'ProtocolSection.DescriptionModule.BriefSummary',
  detailedDescription: 'ProtocolSection.DescriptionModule.DetailedDescription',
  overallStatus: 'ProtocolSection.StatusModule.OverallStatus',
  phases: 'ProtocolSection.DesignModule.PhaseList.Phase',
  studyType: 'ProtocolSection.DesignModule.StudyType',
  sponsor: 'ProtocolSection.SponsorCollaboratorsModule.LeadSponsor.LeadSponsorName',
  conditions: 'ProtocolSection.ConditionsModule.ConditionList.Condition',
  keywords: 'ProtocolSection.ConditionsModule.KeywordList.Keyword',
  meshTerms: {
    list: 'DerivedSection.ConditionBrowseModule.ConditionMeshList.ConditionMesh',
    item: 'ConditionMeshTerm',
  },
  interventions: {
    list: 'ProtocolSection.ArmsInterventionsModule.InterventionList.Intervention',
    type: 'InterventionType',
    name: 'InterventionName',
    description: 'InterventionDescription',
  },
  enrollment: 'ProtocolSection.DesignModule.EnrollmentInfo.EnrollmentCount',
  // v1 renamed Gender to Sex late in its life; both appear in archived records.
  sex: ['ProtocolSection.EligibilityModule.Sex', 'ProtocolSection.EligibilityModule.Gender'],
  minimumAge: 'ProtocolSection.EligibilityModule.MinimumAge',
  maximumAge: 'ProtocolSection.EligibilityModule.MaximumAge',
  eligibilityCriteria: untrimmed('ProtocolSection.EligibilityModule.EligibilityCriteria'),
  startDate: 'ProtocolSection.StatusModule.StartDateStruct.StartDate',
  firstPosted: 'ProtocolSection.StatusModule.StudyFirstPostDateStruct.StudyFirstPostDate',
  primaryCompletion:
    'ProtocolSection.StatusModule.PrimaryCompletionDateStruct.PrimaryCompletionDate',
  completion: 'ProtocolSection.StatusModule.CompletionDateStruct.CompletionDate',
  lastUpdated: 'ProtocolSection.StatusModule.LastUpdatePostDateStruct.LastUpdatePostDate',
  primaryOutcomes: {
    list: 'ProtocolSection.OutcomesModule.PrimaryOutcomeList.PrimaryOutcome',
    measure: 'PrimaryOutcomeMeasure',
    timeFrame: 'PrimaryOutcomeTimeFrame',
    description: 'PrimaryOutcomeDescription',
  },
  secondaryOutcomes: {
    list: 'ProtocolSection.OutcomesModule.SecondaryOutcomeList.SecondaryOutcome',
    measure: 'SecondaryOutcomeMeasure',
    timeFrame: 'SecondaryOutcomeTimeFrame',
    description: 'SecondaryOutcomeDescription',
  },
  documents: {
    list: 'DocumentSection.LargeDocumentModule.LargeDocList.LargeDoc',
    type: ['LargeDocLabel', 'LargeDocTypeAbbrev'],
    filename: 'LargeDocFilename',
    date: ['LargeDocDate', 'LargeDocUploadDate'],
  },
  publications: [
    {
      list: 'ProtocolSection.ReferencesModule.ReferenceList.Reference',
      pmid: 'ReferencePMID',
      citation: 'ReferenceCitation',
      // "result" in v1, "RESULT" in v2.
      type: upperCased('ReferenceType'),
    },
  ],
  locations: {
    list: 'ProtocolSection.ContactsLocationsModule.LocationList.Location',
    facility: 'LocationFacility',
    city: 'LocationCity',
    state: 'LocationState',
    zip: 'LocationZip',
    country: 'LocationCountry',
    status: 'LocationStatus',
  },
};

export function mapV1StudyToRecord(study: unknown, options: MapOptions = {}): TrialRecord {
  return mapWithLayout(V1_LAYOUT, study, options);
}
