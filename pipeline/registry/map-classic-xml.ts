/**
 * Classic ClinicalTrials.gov `<clinical_study>` XML (the pre-2024 bulk download and the
 * AACT fixtures) -> TrialRecord. The XML is parsed to a plain object first so the raw
 * store can keep and hash it like the JSON forms.
 */
import { XMLParser } from 'fast-xml-parser';
import type { TrialRecord } from '../../domain/rows.js';
import { at, obj, str } from './read-fields.js';
import {
  always,
  mapWithLayout,
  type MapOptions,
  type StudyLayout,
  type TextHook,
} from './study-layout.js';

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

export const CLASSIC_LAYOUT: StudyLayout = {
  nctId: 'id_info.nct_id',
  briefTitle: 'brief_title',
  officialTitle: 'official_title',
  briefSummary: textblockAt('brief_summary.textblock'),
  detailedDescription: textblockAt('detailed_description.textblock'),
  overallStatus: 'overall_status',
  phases: classicPhases,
  studyType: 'study_type',
  sponsor: 'sponsors.lead_sponsor.agency',
  conditions: 'condition',
  keywords: 'keyword',
  meshTerms: 'condition_browse.mesh_term',
  interventions: {
    list: 'intervention',
    type: 'intervention_type',
    name: 'intervention_name',
    description: 'description',
  },
  enrollment: 'enrollment',
  sex: 'eligibility.gender',
  minimumAge: 'eligibility.minimum_age',
  maximumAge: 'eligibility.maximum_age',
  eligibilityCriteria: textblockAt('eligibility.criteria.textblock'),
  startDate: 'start_date',
  // Records from before 2017 name the posting dates firstreceived/lastchanged.
  firstPosted: ['study_first_posted', 'firstreceived_date'],
  primaryCompletion: 'primary_completion_date',
  completion: 'completion_date',
  lastUpdated: ['last_update_posted', 'lastchanged_date'],
  primaryOutcomes: {
    list: 'primary_outcome',
    measure: 'measure',
    timeFrame: 'time_frame',
    description: 'description',
  },
  secondaryOutcomes: {
    list: 'secondary_outcome',
    measure: 'measure',
    timeFrame: 'time_frame',
    description: 'description',
  },
  documents: {
    list: 'provided_document_section.provided_document',
    type: 'document_type',
    url: 'document_url',
    date: 'document_date',
  },
  // The kind of a reference is the element it stands in.
  publications: [
    { list: 'reference', pmid: 'PMID', citation: 'citation', type: always('BACKGROUND') },
    { list: 'results_reference', pmid: 'PMID', citation: 'citation', type: always('RESULT') },
  ],
  locations: {
    list: 'location',
    facility: 'facility.name',
    city: 'facility.address.city',
    state: 'facility.address.state',
    zip: 'facility.address.zip',
    country: 'facility.address.country',
    status: 'status',
  },
};

export function mapClassicXmlToRecord(study: unknown, options: MapOptions = {}): TrialRecord {
  return mapWithLayout(CLASSIC_LAYOUT, study, options);
}

/**
 * Textblocks are indented to the XML nesting depth. The parser trims the first line, so
 * the common indent is measured on the lines after it.
 */
function textblockAt(path: string): TextHook {
  return (source) => textblock(at(source, path));
}

function textblock(value: unknown): string | null {
  const text = typeof value === 'string' ? value : str(value);
  if (!text || !text.trim()) return null;
  const [first, ...rest] = text.replace(/\r\n?/g, '\n').split('\n');
  const indents = rest.filter((l) => l.trim()).map((l) => l.length - l.trimStart().length);
  const cut = indents.length ? Math.min(...indents) : 0;
  return [first, ...rest.map((l) => (l.trim() ? l.slice(cut) : ''))].join('\n').trim();
}

/** "Phase 1/Phase 2" lists two phases, but "N/A" is one value, not two. */
function classicPhases(study: unknown): string[] {
  const raw = str(at(study, 'phase'));
  if (!raw) return [];
  return /^n\/a$/i.test(raw) ? ['NA'] : raw.split('/');
}
