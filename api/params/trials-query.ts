/**
 * GET /trials, the detail endpoint's filters and GET /match: the table's validator for each
 * (./read-query.ts), then the rules that join two parameters (zip and radius go together;
 * sort=relevance needs q, sort=distance a ZIP; a gene is not both positive and negative)
 * and the ZIP's centroid.
 */
import { invalidParameter } from '../errors.js';
import { zipCentroid } from '../../geo/zip-centroid.js';
import { PARAMETERS, type TrialQuery, type ValuesOf } from './parameters.js';
import { queryReader } from './read-query.js';

const readTrials = queryReader(PARAMETERS, 'trials');
const readDetail = queryReader(PARAMETERS, 'detail');
const readPatient = queryReader(PARAMETERS, 'match');

function withNear(p: ValuesOf<typeof PARAMETERS>): TrialQuery {
  if (p.zip !== null && p.radius === null)
    throw invalidParameter('radius', 'required when zip is given');
  if (p.radius !== null && p.zip === null)
    throw invalidParameter('zip', 'required when radius is given');
  if (p.sort?.by === 'relevance' && p.q === null)
    throw invalidParameter('sort', 'relevance needs q');
  if (p.sort?.by === 'distance' && p.zip === null)
    throw invalidParameter('sort', 'distance needs zip and radius');
  let near: TrialQuery['near'] = null;
  if (p.zip !== null && p.radius !== null) {
    const c = zipCentroid(p.zip);
    if (!c) throw invalidParameter('zip', `unknown US ZIP code '${p.zip}'`);
    near = { zip: p.zip, lat: c.latitude, lon: c.longitude, radiusMiles: p.radius };
  }
  return { ...p, near };
}

/** Validates a /trials query and returns the engine's query. */
export function parseTrialsQuery(query: Record<string, unknown>): TrialQuery {
  return withNear(readTrials(query));
}

/**
 * The detail endpoint's optional filters (every /trials filter): its `match` explains the
 * trial against them. Null when none is given.
 */
export function parseMatchQuery(query: Record<string, unknown>): TrialQuery | null {
  return parseDetailQuery(query).match;
}

/** The detail endpoint's query: its filters (null without any) and its `fields`. */
export function parseDetailQuery(query: Record<string, unknown>): {
  match: TrialQuery | null;
  fields: string[] | null;
} {
  const q = withNear(readDetail(query));
  // `fields` shapes the body, not `match`: only the filters make it non-null.
  const filtered = Object.entries(query).some(
    ([name, v]) => !SHAPING.has(name) && typeof v === 'string' && v.trim() !== '',
  );
  return { match: filtered ? q : null, fields: q.fields };
}

/** Detail parameters that shape the response rather than filter. */
const SHAPING = new Set(['fields']);

/** Validates a /match query: the filters it takes and the patient's profile. */
export function parsePatientQuery(query: Record<string, unknown>): TrialQuery {
  const q = withNear(readPatient(query));
  for (const gene of q.negativeFor ?? []) {
    const positive = q.markers?.find((m) => m.gene === gene);
    if (positive)
      throw invalidParameter(
        'negativeFor',
        `${gene} is also in markers (${gene}:${positive.alteration}); a gene is positive or negative`,
      );
  }
  return q;
}
