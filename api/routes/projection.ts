/**
 * `fields=`: a response holding only the named members of each trial. The names are the
 * response schemas' (api/present.ts): on /trials the list fields, a ZIP search's
 * `nearest_site` and `distance_miles` and explain's `match`; on the detail endpoint its
 * fields. `nct_id` is always kept, first, so a row can be told apart; a named field this
 * response does not carry (nearest_site without a ZIP) is left out. The body is the full
 * one projected, so it holds exactly what the unprojected response would, member for member.
 */
import { invalidParameter } from '../errors.js';
import { DETAIL_FIELDS, LIST_PROJECTION_FIELDS } from '../present.js';
import type { TrialIndex } from '../query/trial-index.js';
import { listMemberSpan, listMemberSpans } from './json-members.js';

/** The names `fields` may hold on each route that takes it. */
export const PROJECTABLE_FIELDS = {
  trials: LIST_PROJECTION_FIELDS,
  detail: DETAIL_FIELDS,
} as const satisfies Record<string, readonly string[]>;

/** The asked names with nct_id first, or null for no projection; 400 naming the valid ones. */
export function projectionOf(
  fields: readonly string[] | null,
  route: keyof typeof PROJECTABLE_FIELDS,
): string[] | null {
  if (!fields) return null;
  const valid: readonly string[] = PROJECTABLE_FIELDS[route];
  const unknown = fields.filter((f) => !valid.includes(f));
  if (unknown.length > 0)
    throw invalidParameter(
      'fields',
      `unknown field${unknown.length > 1 ? 's' : ''} ${unknown.map((f) => `'${f}'`).join(', ')}` +
        `${route === 'trials' ? ' on /trials' : ''}; valid: ${valid.join(', ')}`,
    );
  return ['nct_id', ...fields.filter((f) => f !== 'nct_id')];
}

/** A trial object with only `fields`, in their order. */
export function projectTrial(
  trial: Record<string, unknown>,
  fields: readonly string[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) if (f in trial) out[f] = trial[f];
  return out;
}

/**
 * An envelope body (list or single) with each trial projected. Meta keeps its order, so
 * the body still ends with the quota counters (the compressed-body cache needs that).
 */
export function projectBody(body: Buffer, fields: readonly string[]): Buffer {
  const envelope = JSON.parse(body.toString('utf8')) as { data: unknown; meta: unknown };
  const data = Array.isArray(envelope.data)
    ? envelope.data.map((t: Record<string, unknown>) => projectTrial(t, fields))
    : projectTrial(envelope.data as Record<string, unknown>, fields);
  return Buffer.from(JSON.stringify({ data, meta: envelope.meta }));
}

/**
 * A /trials page projected from the trials' own list JSON (member spans kept per trial,
 * ./json-members.ts) instead of parsing the rendered page: for a page whose trials are
 * their list JSON unchanged (no ZIP sample or distance spliced in, no explain). `body` is
 * that page, rendered; its meta is copied from it as it was (quota counters last).
 */
export function projectListPage(
  index: TrialIndex,
  ranks: readonly number[],
  body: Buffer,
  fields: readonly string[],
): Buffer {
  const meta = body.lastIndexOf(META_OPEN);
  if (meta < 0) throw new Error('projectListPage: no meta in the page');
  const parts: Buffer[] = [LIST_OPEN];
  ranks.forEach((rank, i) => {
    const json = index.listJson[rank];
    const spans = listMemberSpans(index, rank);
    let text = i > 0 ? ',{' : '{';
    const members: Buffer[] = [];
    for (const f of fields) {
      const span = listMemberSpan(spans, f);
      if (!span) continue;
      members.push(Buffer.from(`${text}"${f}":`), json.subarray(span[0], span[1]));
      text = ',';
    }
    if (members.length === 0) members.push(Buffer.from(text));
    parts.push(...members, CLOSE_BRACE);
  });
  // From the page's `],"meta":` on.
  parts.push(body.subarray(meta));
  return Buffer.concat(parts);
}

const LIST_OPEN = Buffer.from('{"data":[');
const META_OPEN = Buffer.from('],"meta":{');
const CLOSE_BRACE = Buffer.from('}');
