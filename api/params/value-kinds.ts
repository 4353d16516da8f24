/**
 * The kinds of value a query parameter takes. A kind is everything about a value that does
 * not depend on which parameter holds it: how its query-string text is read (`schema`: every
 * value arrives as a string; the zod metadata is the JSON Schema a client sends, which the
 * OpenAPI document shows), the same value as a JSON argument (`json`, the MCP tools), how
 * /docs names its type, its allowed values, and whether it is a list. A parameter row
 * (./parameters.ts) spreads its kind and adds its name, meaning and example.
 */
import { z } from 'zod';

/** JSON Schema keywords describing a query value as a client sends it. */
export type ParamDoc = Record<string, unknown>;

export interface ValueKind<T> {
  /** Query-string text -> value; an issue naming the rule when the text is not one. */
  schema: z.ZodType<T, string>;
  /** The value as a JSON argument (MCP); the tool turns it back into text for `schema`. */
  json: z.ZodType;
  /** How /docs and the docs' tables name the type. */
  type: string;
  allowed?: readonly string[] | Readonly<Record<string, readonly string[]>>;
  /** A list of values (comma-separated in a query string, an array in JSON). */
  list: boolean;
  /** A query-string text as the JSON value a client sends (examples in OpenAPI and MCP). */
  asJson(text: string): unknown;
}

/**
 * A list as a JSON argument: an array, or the query string's comma-separated text (one
 * vocabulary for REST and MCP: each takes what the other does).
 */
export function listJson(item: z.ZodType): z.ZodType {
  return z.union([z.array(item).min(1), z.string().min(1)]);
}

const asString = (text: string): unknown => text;
const asNumber = (text: string): unknown => Number(text);
const asList = (text: string): unknown => text.split(',');

/** Adds `rule` as the issue message and yields nothing when `parse` returns undefined. */
export function parsed<T>(
  parse: (raw: string) => T | undefined,
  rule: string | ((raw: string) => string),
  doc: ParamDoc = {},
): z.ZodType<T, string> {
  return z
    .string()
    .meta(doc)
    .transform((raw, ctx): T => {
      const value = parse(raw.trim());
      if (value === undefined) {
        ctx.addIssue({ code: 'custom', message: typeof rule === 'string' ? rule : rule(raw) });
        return z.NEVER;
      }
      return value;
    });
}

/** A single text value read by `parse`; in JSON a string described by the same `doc`. */
export function textValue<T>(
  type: string,
  parse: (raw: string) => T | undefined,
  rule: string,
  doc: ParamDoc = {},
): ValueKind<T> {
  return {
    schema: parsed(parse, rule, doc),
    json: z.string().meta(doc),
    type,
    list: false,
    asJson: asString,
  };
}

/** Case-insensitive match against a vocabulary, echoed in its canonical spelling. */
export function oneOf<const T extends string>(values: readonly [T, ...T[]]): ValueKind<T> {
  const byKey = new Map(values.map((v) => [normalise(v), v]));
  return {
    schema: parsed(
      (raw) => byKey.get(normalise(raw)),
      (raw) => `unknown value '${raw}'; allowed: ${values.join(', ')}`,
      { enum: [...values] },
    ),
    json: z.enum(values),
    type: 'enum',
    allowed: values,
    list: false,
    asJson: asString,
  };
}

/** A subset of a vocabulary, comma-separated or repeated (duplicates collapse, order kept). */
export function listOf<const T extends string>(
  values: readonly [T, ...T[]],
  lookup?: (raw: string) => T | null,
): ValueKind<T[]> {
  const byKey = new Map(values.map((v) => [normalise(v), v]));
  const find = lookup ?? ((raw: string) => byKey.get(normalise(raw)) ?? null);
  const schema = z
    .string()
    // Documented as an array (api/openapi/parameters.ts); repeats arrive here comma-joined.
    .meta({ type: 'array', items: { type: 'string', enum: [...values] } })
    .transform((raw, ctx): T[] => {
      const out: T[] = [];
      for (const item of raw.split(',')) {
        const v = find(item.trim());
        if (!v) {
          ctx.addIssue({
            code: 'custom',
            message:
              item.trim() === ''
                ? `empty item in comma-separated list; allowed: ${values.join(', ')}`
                : `unknown value '${item.trim()}'; allowed: ${values.join(', ')}`,
          });
          return z.NEVER;
        }
        if (!out.includes(v)) out.push(v);
      }
      return out;
    });
  return {
    schema,
    json: listJson(z.enum(values)),
    type: 'comma-separated enum list',
    allowed: values,
    list: true,
    asJson: asList,
  };
}

/** A whole number from `min` to `max`. */
export function wholeNumber(min: number, max: number, rule: string): ValueKind<number> {
  const bounded = max < Number.MAX_SAFE_INTEGER;
  return {
    schema: parsed(
      (raw) =>
        /^\d+$/.test(raw) && Number(raw) >= min && Number(raw) <= max ? Number(raw) : undefined,
      rule,
      { type: 'integer', minimum: min, ...(bounded ? { maximum: max } : {}) },
    ),
    json: bounded ? z.number().int().min(min).max(max) : z.number().int().min(min),
    type: 'integer',
    list: false,
    asJson: asNumber,
  };
}

/** A number greater than 0 and at most `max`. */
export function positiveNumber(max: number, type: string, rule: string): ValueKind<number> {
  return {
    schema: parsed(
      (raw) => {
        const n = /^\d+(\.\d+)?$/.test(raw) ? Number(raw) : NaN;
        return n > 0 && n <= max ? n : undefined;
      },
      rule,
      { type: 'number', exclusiveMinimum: 0, maximum: max },
    ),
    json: z.number().positive().max(max),
    type,
    list: false,
    asJson: asNumber,
  };
}

/** A list of free texts, each read by `parse` (any of them matches). */
export function textList<T>(
  type: string,
  parse: (raw: string) => T | undefined,
  rule: string,
): ValueKind<T[]> {
  const schema = z
    .string()
    .meta({ type: 'array', items: { type: 'string' } })
    .transform((raw, ctx): T[] => {
      const out: T[] = [];
      for (const item of raw.split(',')) {
        const value = parse(item.trim());
        if (value === undefined) {
          ctx.addIssue({ code: 'custom', message: `'${item.trim()}': ${rule}` });
          return z.NEVER;
        }
        out.push(value);
      }
      return out;
    });
  return { schema, json: listJson(z.string()), type, list: true, asJson: asList };
}

/**
 * Names of response fields (`fields=`): which names a surface carries is the response
 * schemas' (api/routes/projection.ts checks them per route and lists the valid ones; the
 * OpenAPI document gives each surface its enum), so here only their form is read.
 */
export function fieldNames(): ValueKind<string[]> {
  const schema = z
    .string()
    .meta({ type: 'array', items: { type: 'string' } })
    .transform((raw, ctx): string[] => {
      const out: string[] = [];
      for (const item of raw.split(',').map((i) => i.trim())) {
        if (!/^[a-z][a-z0-9_]{0,63}$/.test(item)) {
          ctx.addIssue({
            code: 'custom',
            message: `'${item}' is not a field name (lower-case, as in the response)`,
          });
          return z.NEVER;
        }
        if (!out.includes(item)) out.push(item);
      }
      return out;
    });
  return {
    schema,
    json: listJson(z.string()),
    type: 'comma-separated field list',
    list: true,
    asJson: asList,
  };
}

/** One spelling of a table (any case), read as the value it names; echoed as the value. */
export function spelledAs<T>(type: string, spellings: ReadonlyMap<string, T>): ValueKind<T> {
  const names = [...spellings.keys()] as [string, ...string[]];
  const byKey = new Map(names.map((n) => [n.toLowerCase(), spellings.get(n)!]));
  return {
    schema: parsed(
      (raw) => byKey.get(raw.toLowerCase()),
      (raw) => `unknown value '${raw}'; allowed: ${names.join(', ')}`,
      { enum: names },
    ),
    json: z.enum(names),
    type,
    allowed: names,
    list: false,
    asJson: asString,
  };
}

/** true or false, any case. */
export function booleanValue(): ValueKind<boolean> {
  return {
    schema: parsed(
      (raw) => (/^true$/i.test(raw) ? true : /^false$/i.test(raw) ? false : undefined),
      'must be true or false',
      { type: 'boolean' },
    ),
    json: z.boolean(),
    type: 'boolean',
    allowed: ['true', 'false'],
    list: false,
    asJson: (text) => /^true$/i.test(text),
  };
}

function normalise(s: string): string {
  return s.trim().toLowerCase().replace(/\s+/g, ' ');
}
