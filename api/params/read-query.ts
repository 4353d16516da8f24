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
  mcp: 'not taken by this tool',
};

/** One parameter's text. A repeated name is refused: lists are comma-separated. */
function queryText(name: string, value: unknown): string {
  if (typeof value !== 'string')
    throw invalidParameter(
      name,
      'given more than once; pass one value (lists are comma-separated)',
    );
  return value;
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
  const known = new Set(table.map((p) => p.name));
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
      if (known.has(name) && !names.includes(name))
        throw invalidParameter(name, NOT_TAKEN[surface]);
      const text = queryText(name, value);
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
