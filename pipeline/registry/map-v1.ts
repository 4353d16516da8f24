/**
 * Legacy ClinicalTrials.gov API v1 "full study" JSON (`FullStudiesResponse.FullStudies[].Study`,
 * PascalCase paths with `...List.Item` wrappers) -> TrialRecord.
 */
import type {
  Intervention,
  Outcome,
  Publication,
  StudyDocument,
  TrialRecord,
} from '../../domain/rows.js';
import { contentHash } from '../raw-store/content-hash.js';
import { buildTrialRecord } from './build-record.js';
import { parseRegistryDate } from '../dates.js';
import { arr, at, int, obj, str, strings } from './read-fields.js';
import type { MapOptions } from './map-study.js';
import type { LocationFields, StudyFields } from './study-fields.js';
import { registryDocumentUrl } from '../../domain/sources.js';

export function mapV1StudyToRecord(study: unknown, options: MapOptions = {}): TrialRecord {
  return buildTrialRecord(readV1Fields(study), options.contentHash ?? contentHash(study));
}

/** Accepts the `Study` object or its `FullStudies[]` wrapper (`{ Rank, Study }`). */
function studyOf(raw: unknown): Record<string, unknown> {
  const o = obj(raw);
  return o.Study ? obj(o.Study) : o;
}

export function v1NctId(raw: unknown): string | null {
  return str(at(studyOf(raw), 'ProtocolSection.IdentificationModule.NCTId'));
}

export function readV1Fields(raw: unknown): StudyFields {
  const study = studyOf(raw);
  const protocol = obj(study.ProtocolSection);
  const id = obj(protocol.IdentificationModule);
  const status = obj(protocol.StatusModule);
  const design = obj(protocol.DesignModule);
  const conditions = obj(protocol.ConditionsModule);
  const description = obj(protocol.DescriptionModule);
  const eligibility = obj(protocol.EligibilityModule);
  const outcomes = obj(protocol.OutcomesModule);
  const nctId = str(id.NCTId);
  return {
    nctId,
    briefTitle: str(id.BriefTitle),
    officialTitle: str(id.OfficialTitle),
    briefSummary: str(description.BriefSummary),
    detailedDescription: str(description.DetailedDescription),
    overallStatus: str(status.OverallStatus),
    phases: strings(at(design, 'PhaseList.Phase')),
    studyType: str(design.StudyType),
    sponsor: str(at(protocol, 'SponsorCollaboratorsModule.LeadSponsor.LeadSponsorName')),
    conditions: strings(at(conditions, 'ConditionList.Condition')),
    keywords: strings(at(conditions, 'KeywordList.Keyword')),
    meshTerms: strings(
      arr(at(study, 'DerivedSection.ConditionBrowseModule.ConditionMeshList.ConditionMesh')).map(
        (m) => obj(m).ConditionMeshTerm,
      ),
    ),
    interventions: arr(
      at(protocol, 'ArmsInterventionsModule.InterventionList.Intervention'),
    ).flatMap(readIntervention),
    enrollment: int(at(design, 'EnrollmentInfo.EnrollmentCount')),
    // v1 renamed Gender to Sex late in its life; both appear in archived records.
    sex: str(eligibility.Sex) ?? str(eligibility.Gender),
    minimumAge: str(eligibility.MinimumAge),
    maximumAge: str(eligibility.MaximumAge),
    eligibilityCriteria:
      typeof eligibility.EligibilityCriteria === 'string' ? eligibility.EligibilityCriteria : null,
    startDate: str(at(status, 'StartDateStruct.StartDate')),
    firstPosted: str(at(status, 'StudyFirstPostDateStruct.StudyFirstPostDate')),
    primaryCompletion: str(at(status, 'PrimaryCompletionDateStruct.PrimaryCompletionDate')),
    completion: str(at(status, 'CompletionDateStruct.CompletionDate')),
    lastUpdated: str(at(status, 'LastUpdatePostDateStruct.LastUpdatePostDate')),
    primaryOutcomes: arr(at(outcomes, 'PrimaryOutcomeList.PrimaryOutcome')).flatMap((o) =>
      readOutcome(o, 'Primary'),
    ),
    secondaryOutcomes: arr(at(outcomes, 'SecondaryOutcomeList.SecondaryOutcome')).flatMap((o) =>
      readOutcome(o, 'Secondary'),
    ),
    documents: arr(at(study, 'DocumentSection.LargeDocumentModule.LargeDocList.LargeDoc')).flatMap(
      (d) => readLargeDoc(nctId, d),
    ),
    publications: arr(at(protocol, 'ReferencesModule.ReferenceList.Reference')).flatMap(
      readReference,
    ),
    locations: arr(at(protocol, 'ContactsLocationsModule.LocationList.Location')).map(readLocation),
  };
}

function readIntervention(raw: unknown): Intervention[] {
  const iv = obj(raw);
  const name = str(iv.InterventionName);
  return name
    ? [{ type: str(iv.InterventionType), name, description: str(iv.InterventionDescription) }]
    : [];
}

function readOutcome(raw: unknown, kind: 'Primary' | 'Secondary'): Outcome[] {
  const o = obj(raw);
  const measure = str(o[`${kind}OutcomeMeasure`]);
  return measure
    ? [
        {
          measure,
          time_frame: str(o[`${kind}OutcomeTimeFrame`]),
          description: str(o[`${kind}OutcomeDescription`]),
        },
      ]
    : [];
}

function readLargeDoc(nctId: string | null, raw: unknown): StudyDocument[] {
  const d = obj(raw);
  const filename = str(d.LargeDocFilename);
  const url = nctId && filename ? registryDocumentUrl(nctId, filename) : null;
  const type = str(d.LargeDocLabel) ?? str(d.LargeDocTypeAbbrev);
  if (!type && !url) return [];
  return [{ type, url, date: parseRegistryDate(str(d.LargeDocDate) ?? str(d.LargeDocUploadDate)) }];
}

function readReference(raw: unknown): Publication[] {
  const r = obj(raw);
  const citation = str(r.ReferenceCitation);
  return citation
    ? [{ pmid: str(r.ReferencePMID), citation, type: str(r.ReferenceType)?.toUpperCase() ?? null }]
    : [];
}

function readLocation(raw: unknown): LocationFields {
  const loc = obj(raw);
  return {
    facility: str(loc.LocationFacility),
    city: str(loc.LocationCity),
    state: str(loc.LocationState),
    zip: str(loc.LocationZip),
    country: str(loc.LocationCountry),
    status: str(loc.LocationStatus),
    latitude: null,
    longitude: null,
  };
}
