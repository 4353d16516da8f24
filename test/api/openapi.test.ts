/**
 * The OpenAPI document: served without a key, valid OpenAPI 3.1 (swagger-parser), its
 * parameters the validator's, and its response schemas the shapes the API really serves.
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  DetailTrialSchema,
  ErrorResponseSchema,
  HealthSchema,
  ExplainedZipListTrialSchema,
  KeyMetaResponseSchema,
  ListTrialSchema,
  MatchListResponseSchema,
  PatientListTrialSchema,
  PatientZipListTrialSchema,
  SourcesResponseSchema,
  TrialDetailResponseSchema,
  TrialListResponseSchema,
  ZipListTrialSchema,
} from '../../api/openapi/schemas.js';
import {
  EXAMPLE_DETAIL_TRIAL,
  EXAMPLE_EXPLAINED_ZIP_LIST_TRIAL,
  EXAMPLE_LIST_TRIAL,
  EXAMPLE_MATCH,
  EXAMPLE_PATIENT_MATCH,
  EXAMPLE_SOURCES,
  EXAMPLE_ZIP_LIST_TRIAL,
} from '../../api/openapi/examples.js';
import { ERROR_CODES } from '../../api/errors.js';
import { PARAMETERS } from '../../api/params/parameters.js';
import type { SnapshotTables } from '../../domain/rows.js';
import { generateDemoTables } from '../../pipeline/demo/generate.js';
import { jsonOf, startTestApi, type TestApi } from './http.js';

let api: TestApi;
let tables: SnapshotTables;
beforeAll(async () => {
  tables = generateDemoTables({ scale: 'demo' });
  api = await startTestApi(tables, { tier: 'partner' });
});
afterAll(async () => api.close());

/** Parses strictly: a field the schema does not know is an error, as a missing one is. */
function conforms(schema: z.ZodType, body: unknown): void {
  const result = schema.safeParse(body);
  expect(
    result.success,
    result.success ? '' : JSON.stringify(result.error.issues.slice(0, 3)),
  ).toBe(true);
}

describe('GET /api/v1/openapi.json', () => {
  it('needs no key, does not count, and validates as OpenAPI 3.1', async () => {
    const before = (await api.json('/api/v1/meta')).body.data.usage.quota_used;
    const res = await api.get('/api/v1/openapi.json', { key: null });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const doc = await jsonOf(res);
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.contact.email).toBe('ops@test.invalid');
    await expect(SwaggerParser.validate(structuredClone(doc))).resolves.toBeTruthy();
    expect((await api.json('/api/v1/meta')).body.data.usage.quota_used).toBe(before);
  });

  it('describes every /trials parameter the validator accepts, with its allowed values', async () => {
    const doc = await jsonOf(await api.get('/api/v1/openapi.json'));
    const params = doc.paths['/trials'].get.parameters as {
      name: string;
      schema: Record<string, any>;
      style?: string;
      explode?: boolean;
    }[];
    expect(params.map((p) => p.name).sort()).toEqual(
      PARAMETERS.filter((p) => p.on.includes('trials'))
        .map((p) => p.name)
        .sort(),
    );
    const byName = new Map(params.map((p) => [p.name, p]));
    expect(byName.get('diagnosisType')!.schema).toMatchObject({
      type: 'string',
      enum: ['nsclc', 'sclc', 'unknown'],
      default: 'unknown',
    });
    expect(byName.get('limit')!.schema).toMatchObject({
      type: 'integer',
      minimum: 1,
      maximum: 200,
      default: 50,
    });
    expect(byName.get('biomarkers')).toMatchObject({
      style: 'form',
      explode: true,
      description: expect.stringMatching(/repeat the parameter.*comma-separated/),
      schema: { type: 'array', items: { enum: expect.arrayContaining(['EGFR', 'PD-L1']) } },
    });
    expect(doc.components.securitySchemes).toMatchObject({
      bearerAuth: { type: 'http', scheme: 'bearer' },
      apiKeyHeader: { in: 'header', name: 'X-API-Key' },
    });
    expect(doc.paths['/openapi.json'].get.security).toEqual([]);
    const errorCodes = doc.components.schemas.Error.properties.error.properties.code.enum;
    expect(errorCodes).toEqual(ERROR_CODES);
    expect(Object.keys(doc.paths['/trials'].get.responses['429'].headers)).toContain('Retry-After');
  });

  it('describes /match with the parameters the table gives it, and the list envelope with match', async () => {
    const doc = await jsonOf(await api.get('/api/v1/openapi.json'));
    const op = doc.paths['/match'].get;
    expect(op.operationId).toBe('matchPatient');
    expect(op.parameters.map((p: { name: string }) => p.name).sort()).toEqual(
      PARAMETERS.filter((p) => p.on.includes('match'))
        .map((p) => p.name)
        .sort(),
    );
    const byName = new Map(op.parameters.map((p: { name: string }) => [p.name, p]));
    expect(byName.get('negativeFor')).toMatchObject({
      schema: { type: 'array', items: { enum: expect.arrayContaining(['EGFR', 'KRAS']) } },
    });
    expect(byName.get('stage')).toMatchObject({
      schema: { enum: expect.arrayContaining(['metastatic', 'extensive']) },
    });
    expect(byName.has('mutations')).toBe(false);
    expect(op.responses['200'].content['application/json'].schema.$ref).toBe(
      '#/components/schemas/MatchListResponse',
    );
    expect(doc.components.schemas.PatientMatch.properties.status.enum).toEqual([
      'eligible',
      'needs_testing',
      'ineligible',
    ]);
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '429']));
  });

  it('its examples satisfy its own schemas', () => {
    conforms(PatientListTrialSchema, { ...EXAMPLE_LIST_TRIAL, match: EXAMPLE_PATIENT_MATCH });
    conforms(ListTrialSchema, EXAMPLE_LIST_TRIAL);
    conforms(ZipListTrialSchema, EXAMPLE_ZIP_LIST_TRIAL);
    conforms(DetailTrialSchema, EXAMPLE_DETAIL_TRIAL);
    conforms(DetailTrialSchema, { ...EXAMPLE_DETAIL_TRIAL, match: EXAMPLE_MATCH });
    conforms(ExplainedZipListTrialSchema, EXAMPLE_EXPLAINED_ZIP_LIST_TRIAL);
    for (const s of EXAMPLE_SOURCES) conforms(SourcesResponseSchema.shape.data.element, s);
  });

  it('/docs links to it and lists it as keyless', async () => {
    const docs = await jsonOf(await api.get('/api/v1/docs', { key: null }));
    expect(docs.openapi.url).toBe('/api/v1/openapi.json');
    expect(docs.auth.exempt).toContain('/api/v1/openapi.json');
  });
});

describe('served bodies match the response schemas (demo snapshot)', () => {
  it('list, ZIP list, detail, sources, meta and errors', async () => {
    const list = await api.json(
      '/api/v1/trials?limit=200&statusBuckets=recruiting,active,completed,unknown',
    );
    expect(list.status).toBe(200);
    conforms(TrialListResponseSchema, list.body);
    for (const t of list.body.data) conforms(ListTrialSchema, t);

    const near = await api.json('/api/v1/trials?zip=10001&radius=500&limit=50');
    expect(near.status).toBe(200);
    expect(near.body.data.length).toBeGreaterThan(0);
    for (const t of near.body.data) conforms(ZipListTrialSchema, t);

    for (const t of list.body.data.slice(0, 40)) {
      const detail = await api.json(`/api/v1/trials/${encodeURIComponent(t.nct_id)}`);
      conforms(TrialDetailResponseSchema, detail.body);
    }
    for (const query of [
      'markers=EGFR:L858R,PD-L1:TPS=60&negativeFor=ALK&includeIneligible=true&limit=200',
      'markers=KRAS:G12C&zip=10001&radius=500&explain=true&includeIneligible=true',
    ]) {
      const matched = await api.json(`/api/v1/match?${query}`);
      expect(matched.status).toBe(200);
      expect(matched.body.data.length).toBeGreaterThan(0);
      conforms(MatchListResponseSchema, matched.body);
      for (const t of matched.body.data)
        conforms(query.includes('zip') ? PatientZipListTrialSchema : PatientListTrialSchema, t);
    }
    conforms(SourcesResponseSchema, (await api.json('/api/v1/sources')).body);
    conforms(HealthSchema, (await api.json('/healthz')).body);
    conforms(KeyMetaResponseSchema, (await api.json('/api/v1/meta')).body);
    conforms(ErrorResponseSchema, (await api.json('/api/v1/trials?limit=0')).body);
    conforms(ErrorResponseSchema, (await api.json('/api/v1/trials/NOPE')).body);
    expect(tables.trials.length).toBeGreaterThan(40);
  });
});
