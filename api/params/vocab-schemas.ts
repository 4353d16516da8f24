/**
 * Small zod building blocks for query-string values: every value arrives as a string.
 * Each carries the JSON Schema of what it accepts (`doc`), which the OpenAPI document
 * shows as the parameter's schema (zod's input side of the transform).
 */
import { z } from 'zod';

/** JSON Schema keywords describing a query value as a client sends it. */
export type ParamDoc = Record<string, unknown>;

/** Adds `rule` as the issue message and yields nothing when `parse` returns undefined. */
export function parsed<T>(
  parse: (raw: string) => T | undefined,
  rule: string | ((raw: string) => string),
  doc: ParamDoc = {},
) {
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

/** Case-insensitive match against a vocabulary, echoed in its canonical spelling. */
export function oneOf<const T extends string>(values: readonly T[]) {
  const byKey = new Map(values.map((v) => [normalise(v), v]));
  return parsed(
    (raw) => byKey.get(normalise(raw)),
    (raw) => `unknown value '${raw}'; allowed: ${values.join(', ')}`,
    { enum: [...values] },
  );
}

/** Comma-separated subset of a vocabulary (duplicates collapse, order kept). */
export function listOf<const T extends string>(
  values: readonly T[],
  lookup?: (raw: string) => T | null,
) {
  const byKey = new Map(values.map((v) => [normalise(v), v]));
  const find = lookup ?? ((raw: string) => byKey.get(normalise(raw)) ?? null);
  // Documented as an array sent comma-separated (OpenAPI style form, explode false).
  return z
    .string()
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
}

function normalise(s: string): string {
  return s.trim().toLowerCase().replace(/\s+/g, ' ');
}
