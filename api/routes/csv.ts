/**
 * The trial list as CSV (`format=csv`, or `Accept: text/csv`): RFC 4180 (CRLF, a header
 * row, fields quoted when they hold a comma, quote or line break; csv-stringify), one row
 * per trial, the columns the `fields` named (nct_id first) or else the list
 * representation's (with a ZIP search's nearest_site and distance_miles, and explain's
 * match). Values are the JSON response's, flattened the same way for every column:
 *
 * - null or absent: an empty field; strings, numbers and booleans as they are;
 * - a list of strings or numbers (conditions): its items joined with ` | `; an empty list,
 *   an empty field;
 * - an object or a list of objects (locations_sample, nearest_site, match): its JSON text.
 *
 * A text starting with =, +, -, @, tab or CR gets a leading ' (csv-stringify's
 * escape_formulas), so a spreadsheet never runs a registry's text as a formula.
 */
import { stringify } from 'csv-stringify/sync';
import { LIST_FIELDS } from '../present.js';
import type { TrialIndex } from '../query/trial-index.js';
import { listMemberSpan, listMemberSpans, type Span } from './json-members.js';

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8; header=present';
/** Joins the items of a list of plain values in one field. */
export const CSV_LIST_SEPARATOR = ' | ';

/** The default columns of a page: the list fields and the members this query adds. */
export function csvColumns(
  fields: readonly string[] | null,
  extra: { near: boolean; explain: boolean },
): string[] {
  if (fields) return [...fields];
  return [
    ...LIST_FIELDS,
    ...(extra.near ? ['nearest_site', 'distance_miles'] : []),
    ...(extra.explain ? ['match'] : []),
  ];
}

function cell(value: unknown): string | number | boolean {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return value;
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number'))
    return value.join(CSV_LIST_SEPARATOR);
  return JSON.stringify(value);
}

const CSV_OPTIONS = {
  header: true,
  record_delimiter: 'windows',
  // The CRLF delimiter alone would leave a bare LF in a text unquoted (RFC 4180 quotes both).
  quoted_match: /[\r\n]/,
  escape_formulas: true,
} as const;

/** The CSV text of a list body's trials under `columns`, and the body's meta.total. */
export function trialsCsv(
  listBody: Buffer,
  columns: readonly string[],
): { text: string; total: number } {
  const { data, meta } = JSON.parse(listBody.toString('utf8')) as {
    data: Record<string, unknown>[];
    meta: { total: number };
  };
  const rows = data.map((t) => columns.map((c) => cell(t[c])));
  return { text: stringify(rows, { ...CSV_OPTIONS, columns: [...columns] }), total: meta.total };
}

/**
 * The same from the trials' own list JSON (member spans kept per trial): for a page whose
 * trials are their list JSON unchanged (no ZIP splice, no explain); `listBody` gives the total.
 */
export function trialsCsvFromIndex(
  index: TrialIndex,
  ranks: readonly number[],
  listBody: Buffer,
  columns: readonly string[],
): { text: string; total: number } {
  const meta = listBody.lastIndexOf(META_OPEN);
  const { total } = JSON.parse(
    listBody.toString('utf8', meta + META_OPEN.length - 1, listBody.length - 1),
  ) as {
    total: number;
  };
  const rows = ranks.map((rank) => {
    const spans = listMemberSpans(index, rank);
    return columns.map((c) => cellAt(index.listJson[rank], listMemberSpan(spans, c)));
  });
  return { text: stringify(rows, { ...CSV_OPTIONS, columns: [...columns] }), total };
}

const META_OPEN = Buffer.from('],"meta":{');

/**
 * A member's cell from its bytes: an object or a list of objects is its JSON text as
 * served (no parse, no re-serialisation), a string without escapes its bytes, anything
 * else parsed.
 */
function cellAt(json: Buffer, span: Span | undefined): string | number | boolean {
  if (!span) return '';
  const [start, end] = span;
  const first = json[start];
  if (first === 0x7b || (first === 0x5b && json[start + 1] === 0x7b))
    return json.toString('utf8', start, end);
  if (first === 0x22 && !json.subarray(start, end).includes(0x5c))
    return json.toString('utf8', start + 1, end - 1);
  return cell(JSON.parse(json.toString('utf8', start, end)));
}
