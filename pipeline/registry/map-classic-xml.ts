/**
 * Classic ClinicalTrials.gov `<clinical_study>` XML (the pre-2024 bulk download and the
 * AACT fixtures) -> TrialRecord. The XML is parsed to a plain object first so the raw
 * store can keep and hash it like the JSON forms.
 */
import { XMLParser } from 'fast-xml-parser';
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

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  // Zip codes and ids such as "07001" must stay text.
  parseTagValue: false,
  parseAttributeValue: false,
  htmlEntities: true,
  ignoreDeclaration: true,
  commentPropName: false,
});

/** Parses XML text; returns the `clinical_study` object, or null when the root is something else. */
export function parseClassicXml(text: string): Record<string, unknown> | null {
  const doc = obj(parser.parse(text));
  return doc.clinical_study && typeof doc.clinical_study === 'object'
    ? obj(doc.clinical_study)
    : null;
}

export function mapClassicXmlToRecord(study: unknown, options: MapOptions = {}): TrialRecord {
  return buildTrialRecord(readClassicFields(study), options.contentHash ?? contentHash(study));
}

export function classicNctId(study: unknown): string | null {
  return str(at(study, 'id_info.nct_id'));
}

export function readClassicFields(raw: unknown): StudyFields {
  const s = obj(raw);
  const eligibility = obj(s.eligibility);
  return {
    nctId: classicNctId(s),
    briefTitle: str(s.brief_title),
    officialTitle: str(s.official_title),
    briefSummary: textblock(at(s, 'brief_summary.textblock')),
    detailedDescription: textblock(at(s, 'detailed_description.textblock')),
    overallStatus: str(s.overall_status),
    phases: classicPhases(str(s.phase)),
    studyType: str(s.study_type),
    sponsor: str(at(s, 'sponsors.lead_sponsor.agency')),
    conditions: strings(s.condition),
    keywords: strings(s.keyword),
    meshTerms: strings(at(s, 'condition_browse.mesh_term')),
    interventions: arr(s.intervention).flatMap(readIntervention),
    enrollment: int(s.enrollment),
    sex: str(eligibility.gender),
    minimumAge: str(eligibility.minimum_age),
    maximumAge: str(eligibility.maximum_age),
    eligibilityCriteria: textblock(at(eligibility, 'criteria.textblock')),
    startDate: str(s.start_date),
    // Records from before 2017 name the posting dates firstreceived/lastchanged.
    firstPosted: str(s.study_first_posted) ?? str(s.firstreceived_date),
    primaryCompletion: str(s.primary_completion_date),
    completion: str(s.completion_date),
    lastUpdated: str(s.last_update_posted) ?? str(s.lastchanged_date),
    primaryOutcomes: arr(s.primary_outcome).flatMap(readOutcome),
    secondaryOutcomes: arr(s.secondary_outcome).flatMap(readOutcome),
    documents: arr(at(s, 'provided_document_section.provided_document')).flatMap(readDocument),
    publications: [
      ...arr(s.reference).flatMap((r) => readReference(r, 'BACKGROUND')),
      ...arr(s.results_reference).flatMap((r) => readReference(r, 'RESULT')),
    ],
    locations: arr(s.location).map(readLocation),
  };
}

/**
 * Textblocks are indented to the XML nesting depth. The parser trims the first line, so
 * the common indent is measured on the lines after it.
 */
function textblock(value: unknown): string | null {
  const text = typeof value === 'string' ? value : str(value);
  if (!text || !text.trim()) return null;
  const [first, ...rest] = text.replace(/\r\n?/g, '\n').split('\n');
  const indents = rest.filter((l) => l.trim()).map((l) => l.length - l.trimStart().length);
  const cut = indents.length ? Math.min(...indents) : 0;
  return [first, ...rest.map((l) => (l.trim() ? l.slice(cut) : ''))].join('\n').trim();
}

/** "Phase 1/Phase 2" lists two phases, but "N/A" is one value, not two. */
function classicPhases(raw: string | null): string[] {
  if (!raw) return [];
  return /^n\/a$/i.test(raw) ? ['NA'] : raw.split('/');
}

function readIntervention(raw: unknown): Intervention[] {
  const iv = obj(raw);
  const name = str(iv.intervention_name);
  return name ? [{ type: str(iv.intervention_type), name, description: str(iv.description) }] : [];
}

function readOutcome(raw: unknown): Outcome[] {
  const o = obj(raw);
  const measure = str(o.measure);
  return measure
    ? [{ measure, time_frame: str(o.time_frame), description: str(o.description) }]
    : [];
}

function readDocument(raw: unknown): StudyDocument[] {
  const d = obj(raw);
  const type = str(d.document_type);
  const url = str(d.document_url);
  if (!type && !url) return [];
  return [{ type, url, date: parseRegistryDate(str(d.document_date)) }];
}

function readReference(raw: unknown, type: string): Publication[] {
  const r = obj(raw);
  const citation = str(r.citation);
  return citation ? [{ pmid: str(r.PMID), citation, type }] : [];
}

function readLocation(raw: unknown): LocationFields {
  const loc = obj(raw);
  const address = obj(at(loc, 'facility.address'));
  return {
    facility: str(at(loc, 'facility.name')),
    city: str(address.city),
    state: str(address.state),
    zip: str(address.zip),
    country: str(address.country),
    status: str(loc.status),
    latitude: null,
    longitude: null,
  };
}
