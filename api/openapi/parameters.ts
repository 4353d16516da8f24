/**
 * The OpenAPI query parameters of a surface, from the parameter table: each row's own
 * validator schema (its metadata is the JSON Schema of what a client sends) with the row's
 * description, examples and default.
 */
import { z } from 'zod';
import type { AnyParameter, Surface } from '../params/parameters.js';
import { PROJECTABLE_FIELDS } from '../routes/projection.js';

/**
 * How a list is sent. Documented exploded (the OpenAPI default for form style, and what
 * generated clients send by default); comma-separated text is read the same way.
 */
const LIST_FORMS =
  'A list: repeat the parameter (a=x&a=y), give it comma-separated (a=x,y), or both';

/**
 * Values a parameter takes that depend on the surface: `fields` names the fields of the
 * representation the route serves (the response schemas').
 */
const SURFACE_VALUES: Readonly<Record<string, Partial<Record<Surface, readonly string[]>>>> = {
  fields: PROJECTABLE_FIELDS,
};

export function queryParametersSchema(table: readonly AnyParameter[], surface: Surface) {
  const shape: Record<string, z.ZodType> = {};
  for (const p of table) {
    if (!p.on.includes(surface)) continue;
    const fallback = p.default === undefined ? undefined : p.asJson(String(p.default));
    const examples = p.examples.map((e) => p.asJson(e));
    const values = SURFACE_VALUES[p.name]?.[surface];
    shape[p.name] = p.schema.optional().meta({
      description: p.list ? `${p.description}. ${LIST_FORMS}` : p.description,
      // zod drops `default` and `examples` given as metadata here; the override writes them.
      override: ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
        if (fallback !== undefined) jsonSchema.default = fallback;
        jsonSchema.examples = examples;
        if (values) jsonSchema.items = { type: 'string', enum: [...values] };
      },
      ...(p.list ? { param: { style: 'form', explode: true } } : {}),
    });
  }
  return z.object(shape);
}
