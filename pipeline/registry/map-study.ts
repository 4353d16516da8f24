/**
 * ClinicalTrials.gov API v2 study object -> TrialRecord. Field paths follow the v2 data
 * structure (`protocolSection.<module>...`). Records fetched with a `fields=` list or
 * captured by other tools are trimmed, so every module is optional.
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
import { arr, at, int, num, obj, str, strings } from './read-fields.js';
import type { LocationFields, StudyFields } from './study-fields.js';
import { registryDocumentUrl } from '../../domain/sources.js';

export interface MapOptions {
  /** The record's content hash when the caller already has it (the raw store does). */
  contentHash?: string;
}

export function mapStudyToRecord(study: unknown, options: MapOptions = {}): TrialRecord {
  return buildTrialRecord(readV2Fields(study), options.contentHash ?? contentHash(study));
}

/** The NCT id of a v2 study, or null. */
export function v2NctId(study: unknown): string | null {
  return str(at(study, 'protocolSection.identificationModule.nctId'));
}

export function readV2Fields(study: unknown): StudyFields {
  const protocol = obj(obj(study).protocolSection);
  const id = obj(protocol.identificationModule);
  const status = obj(protocol.statusModule);
  const design = obj(protocol.designModule);
  const conditions = obj(protocol.conditionsModule);
  const description = obj(protocol.descriptionModule);
  const eligibility = obj(protocol.eligibilityModule);
  const outcomes = obj(protocol.outcomesModule);
  const nctId = str(id.nctId);
  return {
    nctId,
    briefTitle: str(id.briefTitle),
    officialTitle: str(id.officialTitle),
    briefSummary: str(description.briefSummary),
    detailedDescription: str(description.detailedDescription),
    overallStatus: str(status.overallStatus),
    phases: strings(design.phases),
    studyType: str(design.studyType),
    // Trimmed records (fields=OrgFullName) carry the organisation but not the lead sponsor.
    sponsor:
      str(at(protocol, 'sponsorCollaboratorsModule.leadSponsor.name')) ??
      str(at(id, 'organization.fullName')),
    conditions: strings(conditions.conditions),
    keywords: strings(conditions.keywords),
    meshTerms: strings(
      arr(at(study, 'derivedSection.conditionBrowseModule.meshes')).map((m) => obj(m).term),
    ),
    interventions: arr(at(protocol, 'armsInterventionsModule.interventions')).flatMap(
      readIntervention,
    ),
    enrollment: int(at(design, 'enrollmentInfo.count')),
    sex: str(eligibility.sex),
    minimumAge: str(eligibility.minimumAge),
    maximumAge: str(eligibility.maximumAge),
    eligibilityCriteria:
      typeof eligibility.eligibilityCriteria === 'string' ? eligibility.eligibilityCriteria : null,
    startDate: str(at(status, 'startDateStruct.date')),
    firstPosted: str(at(status, 'studyFirstPostDateStruct.date')),
    primaryCompletion: str(at(status, 'primaryCompletionDateStruct.date')),
    completion: str(at(status, 'completionDateStruct.date')),
    lastUpdated: str(at(status, 'lastUpdatePostDateStruct.date')),
    primaryOutcomes: arr(outcomes.primaryOutcomes).flatMap(readOutcome),
    secondaryOutcomes: arr(outcomes.secondaryOutcomes).flatMap(readOutcome),
    documents: arr(at(study, 'documentSection.largeDocumentModule.largeDocs')).flatMap((d) =>
      readLargeDoc(nctId, d),
    ),
    publications: arr(at(protocol, 'referencesModule.references')).flatMap(readReference),
    locations: arr(at(protocol, 'contactsLocationsModule.locations')).map(readLocation),
  };
}

function readIntervention(raw: unknown): Intervention[] {
  const iv = obj(raw);
  const name = str(iv.name);
  return name ? [{ type: str(iv.type), name, description: str(iv.description) }] : [];
}

function readOutcome(raw: unknown): Outcome[] {
  const o = obj(raw);
  const measure = str(o.measure);
  return measure
    ? [{ measure, time_frame: str(o.timeFrame), description: str(o.description) }]
    : [];
}

function readLargeDoc(nctId: string | null, raw: unknown): StudyDocument[] {
  const d = obj(raw);
  const filename = str(d.filename);
  const url = nctId && filename ? registryDocumentUrl(nctId, filename) : null;
  const type = str(d.label) ?? str(d.typeAbbrev);
  if (!type && !url) return [];
  return [{ type, url, date: parseRegistryDate(str(d.date) ?? str(d.uploadDate)) }];
}

function readReference(raw: unknown): Publication[] {
  const r = obj(raw);
  const citation = str(r.citation);
  return citation ? [{ pmid: str(r.pmid), citation, type: str(r.type) }] : [];
}

function readLocation(raw: unknown): LocationFields {
  const loc = obj(raw);
  const point = obj(loc.geoPoint);
  return {
    facility: str(loc.facility),
    city: str(loc.city),
    state: str(loc.state),
    zip: str(loc.zip),
    country: str(loc.country),
    status: str(loc.status),
    latitude: num(point.lat),
    longitude: num(point.lon),
  };
}
