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

/** The CSV text of a list body's trials under `columns`, and the body's meta.total. */
export function trialsCsv(
  listBody: Buffer,
  columns: readonly string[],
): { text: string; total: number } {
  const { data, meta } = JSON.parse(listBody.toString('utf8')) as {
    data: Record<string, unknown>[];
    meta: { total: number };
  };
  const text = stringify(
    data.map((t) => columns.map((c) => cell(t[c]))),
    {
      header: true,
      columns: [...columns],
      record_delimiter: 'windows',
      // The CRLF delimiter alone would leave a bare LF in a text unquoted (RFC 4180 quotes both).
      quoted_match: /[\r\n]/,
      escape_formulas: true,
    },
  );
  return { text, total: meta.total };
}
