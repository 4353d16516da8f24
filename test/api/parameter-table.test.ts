/**
 * The parameter table (api/params/parameters.ts) is the one declaration of a query
 * parameter: a row added to it reaches the validator, the OpenAPI document, the MCP tool
 * inputs, /docs and the docs' tables; every row's examples pass its own validator; the
 * tables in README.md and docs/api.md are the generated text.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildOpenApiDocument } from '../../api/openapi/document.js';
import { toolInputShape } from '../../api/mcp/schemas.js';
import {
  apiParameterTable,
  PARAMETER_TABLE_FILES,
  readmeParameterTable,
  withTable,
} from '../../api/params/parameter-docs.js';
import {
  PARAMETERS,
  parameterDocs,
  SURFACES,
  type AnyParameter,
} from '../../api/params/parameters.js';
import { queryReader } from '../../api/params/read-query.js';
import { textValue } from '../../api/params/value-kinds.js';
import { ApiError } from '../../api/errors.js';
import { ROOT } from '../helpers/processes.js';

/** A new filter, declared once. */
const sponsorName = {
  name: 'sponsorName',
  ...textValue(
    'string',
    (raw) => (raw.length <= 80 ? raw : undefined),
    'must be at most 80 characters',
  ),
  role: 'filter',
  on: ['trials', 'detail', 'mcp'],
  description: 'trials whose lead sponsor name holds this text',
  brief: 'lead sponsor',
  examples: ['Amgen'],
} as const satisfies AnyParameter;
const table = [...PARAMETERS, sponsorName] as const;

type OpenApiParameter = { name: string; description: string; schema: Record<string, unknown> };

function openApiParameters(doc: Record<string, any>, route: string): OpenApiParameter[] {
  return doc.paths[route].get.parameters.filter((p: { in: string }) => p.in === 'query');
}

describe('a parameter added as one row', () => {
  it('is read by the validator of each route it is on, and refused as before elsewhere', () => {
    expect(queryReader(table, 'trials')({ sponsorName: 'Amgen' }).sponsorName).toBe('Amgen');
    expect(queryReader(table, 'detail')({ sponsorName: 'Amgen' }).sponsorName).toBe('Amgen');
    expect(queryReader(table, 'trials')({}).sponsorName).toBeNull();
    expect(() => queryReader(table, 'trials')({ sponsorName: 'x'.repeat(81) })).toThrow(
      /at most 80 characters/,
    );
    expect(() => queryReader(table, 'match')({ sponsorName: 'Amgen' })).toThrow(ApiError);
    expect(() => queryReader(PARAMETERS, 'trials')({ sponsorName: 'Amgen' })).toThrow(
      /unknown parameter/,
    );
  });

  it('is in the OpenAPI document of /trials and the detail endpoint', () => {
    const doc = buildOpenApiDocument('ops@test.invalid', table) as Record<string, any>;
    for (const route of ['/trials', '/trials/{nct_id}']) {
      const p = openApiParameters(doc, route).find((x) => x.name === 'sponsorName');
      expect(p, route).toMatchObject({
        description: sponsorName.description,
        schema: { type: 'string', examples: ['Amgen'] },
      });
    }
    const without = buildOpenApiDocument('ops@test.invalid') as Record<string, any>;
    expect(openApiParameters(without, '/trials').map((p) => p.name)).not.toContain('sponsorName');
  });

  it('is an argument of the MCP tools of those routes, as JSON', () => {
    for (const surface of ['trials', 'detail'] as const) {
      const input = z.strictObject(toolInputShape(surface, table));
      expect(input.safeParse({ sponsorName: 'Amgen' }).success, surface).toBe(true);
      const schema = z.toJSONSchema(input, { io: 'input' }) as { properties: Record<string, any> };
      expect(schema.properties.sponsorName).toMatchObject({
        type: 'string',
        description: sponsorName.description,
      });
    }
    expect(Object.keys(toolInputShape('trials'))).not.toContain('sponsorName');
  });

  it('is in /docs and in both docs tables', () => {
    expect(parameterDocs('trials', table).at(-1)).toEqual({
      name: 'sponsorName',
      in: 'query',
      type: 'string',
      default: null,
      rule: sponsorName.description,
    });
    expect(readmeParameterTable(table)).toContain(
      '| `sponsorName` | `sponsorName=Amgen` | lead sponsor |',
    );
    expect(apiParameterTable(table)).toContain(
      `| \`sponsorName\` | string |  | \`/trials\`, detail, MCP | ${sponsorName.description} |`,
    );
  });
});

describe('the parameter table', () => {
  it("accepts each row's examples on every surface the row is on", () => {
    for (const surface of SURFACES) {
      const read = queryReader(PARAMETERS, surface);
      for (const p of PARAMETERS.filter((x) => x.on.includes(surface)))
        for (const example of p.examples)
          expect(
            () => read({ [p.name]: example }),
            `${surface} ${p.name}=${example}`,
          ).not.toThrow();
    }
  });

  it('groups README rows only under a row that has its own', () => {
    const rows: readonly AnyParameter[] = PARAMETERS;
    for (const p of rows) {
      if (p.readmeWith === undefined) continue;
      const head = rows.find((x) => x.name === p.readmeWith);
      expect(head, p.name).toBeDefined();
      expect(head!.readmeWith, p.name).toBeUndefined();
    }
  });

  it.each(PARAMETER_TABLE_FILES.map((f) => [f.file, f] as const))(
    '%s holds the generated table',
    (file, { id, table: generated }) => {
      const text = readFileSync(path.join(ROOT, file), 'utf8');
      expect(text, `${file} is stale: run npm run docs:parameters`).toBe(
        withTable(text, id, generated()),
      );
    },
  );
});
