import { latLngToCell } from 'h3-js';
import { isUsCountry, parseUsState, SITE_H3_RESOLUTION } from '../../domain/geo.js';
import { parsePhases, parseStudyType, phaseLabel } from '../../domain/phase.js';
import type { SiteRow, TrialRecord, TrialRow } from '../../domain/rows.js';
import { parseAgeYears, parseSex } from '../../domain/sex.js';
import { REGISTRY_SOURCE, registryStudyUrl } from '../../domain/sources.js';
import { mapRegistryStatus } from '../../domain/status.js';
import { splitCriteria } from '../eligibility/split-criteria.js';
import { parseRegistryDate } from '../dates.js';
import { InvalidStudyError } from './errors.js';
import type { LocationFields, StudyFields } from './study-fields.js';
import { unclassified } from '../../diagnosis/classify.js';

/** "Active, not recruiting" / "Dietary Supplement" -> the v2 enum spelling, so analysts see one vocabulary. */
export function enumSpelling(raw: string | null): string | null {
  if (!raw) return null;
  return raw
    .trim()
    .toUpperCase()
    .replace(/[,\s/-]+/g, '_');
}

export function buildTrialRecord(fields: StudyFields, hash: string): TrialRecord {
  const nctId = fields.nctId?.trim().toUpperCase();
  if (!nctId) throw new InvalidStudyError('study has no NCT id');
  const phases = parsePhases(fields.phases);
  const { status, bucket } = mapRegistryStatus(fields.overallStatus);
  const criteria = splitCriteria(fields.eligibilityCriteria);
  const sites = fields.locations.map((loc, i) => buildSite(nctId, i, loc));
  const trial: TrialRow = {
    nct_id: nctId,
    brief_title: fields.briefTitle,
    official_title: fields.officialTitle,
    brief_summary: fields.briefSummary,
    detailed_description: fields.detailedDescription,
    // ClinicalTrials.gov has no plain-language summary field; sponsor sources may add one.
    plain_language_summary: null,
    phases,
    phase: phaseLabel(phases),
    study_type: parseStudyType(fields.studyType),
    overall_status: enumSpelling(fields.overallStatus),
    status,
    status_bucket: bucket,
    sponsor: fields.sponsor,
    conditions: fields.conditions,
    keywords: fields.keywords,
    mesh_terms: fields.meshTerms,
    interventions: fields.interventions.map((iv) => ({ ...iv, type: enumSpelling(iv.type) })),
    enrollment: fields.enrollment,
    age_min: parseAgeYears(fields.minimumAge),
    age_max: parseAgeYears(fields.maximumAge),
    sex: parseSex(fields.sex),
    inclusion_criteria: criteria.inclusion,
    exclusion_criteria: criteria.exclusion,
    study_start: parseRegistryDate(fields.startDate),
    first_posted: parseRegistryDate(fields.firstPosted),
    primary_completion: parseRegistryDate(fields.primaryCompletion),
    study_completion: parseRegistryDate(fields.completion),
    last_updated: parseRegistryDate(fields.lastUpdated),
    primary_outcomes: fields.primaryOutcomes,
    secondary_outcomes: fields.secondaryOutcomes,
    study_documents: fields.documents,
    publications: fields.publications,
    url: registryStudyUrl(nctId),
    pharma_url: null,
    pharma_source_slug: null,
    source: REGISTRY_SOURCE.slug,
    // Filled by the diagnosis stage.
    ...unclassified(),
    location_count: sites.length,
    content_hash: hash,
  };
  return { trial, sites };
}

function buildSite(nctId: string, index: number, loc: LocationFields): SiteRow {
  const hasPoint = validCoordinate(loc.latitude, 90) && validCoordinate(loc.longitude, 180);
  const state = isUsCountry(loc.country) ? (parseUsState(loc.state) ?? loc.state) : loc.state;
  return {
    nct_id: nctId,
    site_index: index,
    facility: loc.facility,
    city: loc.city,
    state,
    // The geocode stage fills a missing US state from the resolved place.
    state_source: state ? 'record' : null,
    zip: loc.zip,
    country: loc.country,
    status: enumSpelling(loc.status),
    latitude: hasPoint ? loc.latitude : null,
    longitude: hasPoint ? loc.longitude : null,
    // Sites without a geoPoint are left for the geocode stage (ZIP or city centroid).
    geo_precision: hasPoint ? 'site' : 'none',
    h3_cell: hasPoint ? latLngToCell(loc.latitude!, loc.longitude!, SITE_H3_RESOLUTION) : null,
  };
}

function validCoordinate(value: number | null, limit: number): boolean {
  return value !== null && Number.isFinite(value) && Math.abs(value) <= limit;
}
