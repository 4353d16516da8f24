/**
 * The validator, derived from a parameter table: reads a query (Express's simple parser:
 * a repeated name arrives as an array) for one surface and returns every row's value,
 * null for an absent one (or the row's default when it `fills`). Throws ApiError
 * invalid_parameter naming the parameter.
 */
import { z } from 'zod';
import { invalidParameter } from '../errors.js';
import type { AnyParameter, Surface, ValuesOf } from './parameters.js';

/** Why a parameter of the table is refused on a surface that does not take it. */
const NOT_TAKEN: Readonly<Record<Surface, string>> = {
  trials: 'not taken by /trials',
  detail: 'not taken by the detail endpoint; it takes the /trials filters only',
  match: 'not taken by /match',
  changes: 'not taken by /changes',
  mcp: 'not taken by this tool',
};

/**
 * One parameter's text. A list takes its values comma-separated, repeated (as openapi-fetch,
 * most HTTP libraries and HTML forms send arrays), or both; blank repeats are dropped like a
 * blank field. Any other parameter given twice is refused: which value would win is a guess.
 */
function queryText(row: AnyParameter | undefined, name: string, value: unknown): string {
  if (typeof value === 'string') return value;
  if (row?.list && Array.isArray(value) && value.every((v) => typeof v === 'string'))
    return value.filter((v) => v.trim() !== '').join(',');
  throw invalidParameter(
    name,
    row?.list
      ? 'give the values as strings, comma-separated or repeated'
      : 'given more than once; it takes one value',
  );
}

export type QueryReader<D extends readonly AnyParameter[]> = (
  query: Record<string, unknown>,
) => ValuesOf<D>;

export function queryReader<const D extends readonly AnyParameter[]>(
  table: D,
  surface: Surface,
): QueryReader<D> {
  const taken = table.filter((p) => p.on.includes(surface));
  const names = taken.map((p) => p.name);
  const rows = new Map(table.map((p) => [p.name, p]));
  const schema = z.strictObject(
    Object.fromEntries(taken.map((p) => [p.name, p.schema.optional()])),
  );
  const absent = Object.fromEntries(
    table.map((p) => [p.name, p.fills ? p.schema.parse(String(p.default)) : null]),
  );
  return (query) => {
    // No prototype: a parameter named __proto__ must stay a key the schema can refuse.
    const input: Record<string, string> = Object.create(null);
    for (const [name, value] of Object.entries(query)) {
      if (rows.has(name) && !names.includes(name)) throw invalidParameter(name, NOT_TAKEN[surface]);
      // An unknown name is left to the schema, which refuses it as unknown.
      const text = rows.has(name) ? queryText(rows.get(name), name, value) : String(value);
      // A blank form field means "not set", as it does in a browser's query string.
      if (text.trim() !== '') input[name] = text;
    }
    const result = schema.safeParse(input);
    if (!result.success) {
      const issue = result.error.issues[0];
      const unknown = result.error.issues.find((i) => i.code === 'unrecognized_keys');
      if (unknown && unknown.code === 'unrecognized_keys')
        throw invalidParameter(unknown.keys[0], `unknown parameter; allowed: ${names.join(', ')}`);
      throw invalidParameter(String(issue.path[0]), issue.message);
    }
    const values: Record<string, unknown> = { ...absent };
    for (const [name, value] of Object.entries(result.data))
      if (value !== undefined) values[name] = value;
    return values as ValuesOf<D>;
  };
}
