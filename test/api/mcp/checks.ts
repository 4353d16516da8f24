/**
 * Checks shared by the stdio and HTTP transport tests: an SDK Client against the MCP
 * server, the REST API on the same snapshot, and the same query asked of both.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { expect } from 'vitest';
import { PARAMETERS } from '../../../api/params/parameters.js';
import type { TestApi } from '../http.js';

export const EVERY_BUCKET = ['recruiting', 'active', 'completed', 'unknown'];

/** A tool call's structured result; fails the test on a tool error. */
export async function structured(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<any> {
  const result = await client.callTool({ name, arguments: args });
  expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
  expect((result.content as { type: string; text: string }[])[0].type).toBe('text');
  return result.structuredContent;
}

/** A tool error's REST error envelope. */
export async function toolError(
  client: Client,
  name: string,
  args: Record<string, unknown>,
): Promise<{ code: string; message: string; parameter?: string }> {
  const result = await client.callTool({ name, arguments: args });
  expect(result.isError).toBe(true);
  return JSON.parse((result.content as { text: string }[])[0].text).error;
}

const ids = (data: { nct_id: string }[]) => data.map((t) => t.nct_id);

/** Lists tools; calls each against REST for the same query: same ids, order, bodies. */
export async function checkToolsAgainstRest(client: Client, api: TestApi): Promise<void> {
  const { tools } = await client.listTools();
  expect(tools.map((t) => t.name).sort()).toEqual([
    'get_trial',
    'list_sources',
    'match_patient',
    'search_trials',
    'snapshot_info',
  ]);
  const search = tools.find((t) => t.name === 'search_trials')!;
  expect(search.inputSchema.properties).toMatchObject({
    diagnosisType: { enum: ['nsclc', 'sclc', 'unknown'] },
    // A list is an array or the query string's comma-separated text, as in REST.
    biomarkers: {
      anyOf: [
        { type: 'array', items: { enum: expect.arrayContaining(['EGFR', 'PD-L1']) } },
        { type: 'string' },
      ],
    },
    explain: { type: 'boolean' },
  });
  expect(search.outputSchema).toBeTruthy();
  expect(search.description).toMatch(/Example: \{/);
  for (const t of tools) expect(t.annotations?.readOnlyHint).toBe(true);

  const searches: [Record<string, unknown>, string][] = [
    [{}, 'limit=10'],
    [
      {
        mutations: ['EGFR:L858R', 'KRAS:G12C'],
        statusBuckets: EVERY_BUCKET,
        limit: 50,
        explain: true,
      },
      'mutations=EGFR:L858R,KRAS:G12C&statusBuckets=recruiting,active,completed,unknown&limit=50&explain=true',
    ],
    [
      {
        biomarkers: ['PD-L1'],
        diagnosisType: 'nsclc',
        statusBuckets: EVERY_BUCKET,
        limit: 20,
        offset: 2,
      },
      'biomarkers=PD-L1&diagnosisType=nsclc&statusBuckets=recruiting,active,completed,unknown&limit=20&offset=2',
    ],
    [
      { zip: '10065', radius: 150, explain: true, limit: 25 },
      'zip=10065&radius=150&explain=true&limit=25',
    ],
    [
      { country: 'international', trialPhase: ['Phase II'], age: 70, gender: 'female' },
      'country=international&trialPhase=Phase%20II&age=70&gender=female&limit=10',
    ],
    [
      { q: 'egfr', sort: 'last_updated', statusBuckets: EVERY_BUCKET, limit: 30 },
      'q=egfr&sort=last_updated&statusBuckets=recruiting,active,completed,unknown&limit=30',
    ],
    [
      {
        trialStatus: ['Recruiting', 'Not yet recruiting'],
        trialPhase: ['Phase I', 'Phase III'],
        limit: 40,
      },
      'trialStatus=Recruiting,Not%20yet%20recruiting&trialPhase=Phase%20I,Phase%20III&limit=40',
    ],
    [
      { trialStatus: 'Recruiting,Not yet recruiting', trialPhase: 'PHASE1,Phase III', limit: 40 },
      'trialStatus=Recruiting&trialStatus=Not%20yet%20recruiting&trialPhase=Phase%20I,PHASE3&limit=40',
    ],
  ];
  for (const [args, query] of searches) {
    const out = await structured(client, 'search_trials', args);
    const rest = await api.json(`/api/v1/trials?${query}`);
    expect(rest.status).toBe(200);
    expect(ids(out.data), query).toEqual(ids(rest.body.data));
    expect(out.data, query).toEqual(rest.body.data);
    expect(out.meta.total).toBe(rest.body.meta.total);
    // The tool says which REST request it answered; asking it gives the same trials.
    expect(ids((await api.json(out.query)).body.data)).toEqual(ids(out.data));
  }

  const [first] = (
    await structured(client, 'search_trials', {
      mutations: ['EGFR:L858R'],
      statusBuckets: EVERY_BUCKET,
      limit: 1,
    })
  ).data;
  const detail = await structured(client, 'get_trial', { nct_id: first.nct_id.toLowerCase() });
  expect(detail.data).toEqual((await api.json(`/api/v1/trials/${first.nct_id}`)).body.data);
  const explained = await structured(client, 'get_trial', {
    nct_id: first.nct_id,
    mutations: ['EGFR:L858R'],
    zip: '10065',
    radius: 500,
  });
  expect(explained.data.match).toEqual(
    (await api.json(`/api/v1/trials/${first.nct_id}?mutations=EGFR:L858R&zip=10065&radius=500`))
      .body.data.match,
  );

  // match_patient is GET /match with the same argument names, and the same bodies.
  const matchTool = tools.find((t) => t.name === 'match_patient')!;
  // Exactly the /match parameters of the table, under their REST names.
  expect(Object.keys(matchTool.inputSchema.properties ?? {}).sort()).toEqual(
    PARAMETERS.filter((p) => p.on.includes('match'))
      .map((p) => p.name)
      .sort(),
  );
  const patient = await structured(client, 'match_patient', {
    age: 64,
    gender: 'female',
    diagnosisType: 'nsclc',
    markers: ['EGFR:L858R', 'PD-L1:TPS=60'],
    negativeFor: ['ALK', 'KRAS'],
    statusBuckets: EVERY_BUCKET,
    includeIneligible: true,
    limit: 30,
  });
  expect(patient.query).toMatch(/^\/api\/v1\/match\?/);
  expect(patient.query).toMatch(/markers=EGFR:L858R,PD-L1:TPS%3D60&negativeFor=ALK,KRAS/);
  const viaRest = await api.json(patient.query);
  expect(viaRest.status).toBe(200);
  expect(patient.data.length).toBeGreaterThan(0);
  expect(patient.data).toEqual(viaRest.body.data);
  expect(patient.meta.total).toBe(viaRest.body.meta.total);
  const order = ['eligible', 'needs_testing', 'ineligible'];
  const statuses = patient.data.map((t: any) => order.indexOf(t.match.status));
  expect(statuses).toEqual([...statuses].sort((a, b) => a - b));

  const sources = await structured(client, 'list_sources');
  expect(sources.data).toEqual((await api.json('/api/v1/sources')).body.data);
  const info = await structured(client, 'snapshot_info');
  expect(info).toMatchObject({
    version: (await api.json('/api/v1/meta')).body.data.snapshot.version,
  });

  expect(await toolError(client, 'search_trials', { mutations: ['EGFR:NOPE'] })).toMatchObject({
    code: 'invalid_parameter',
    parameter: 'mutations',
  });
  expect(await toolError(client, 'search_trials', { zip: '10065' })).toMatchObject({
    code: 'invalid_parameter',
    parameter: 'radius',
  });
  expect(await toolError(client, 'search_trials', { age: 'old' })).toMatchObject({
    code: 'invalid_parameter',
    parameter: 'age',
  });
  expect(await toolError(client, 'search_trials', { biomarkers: ['EGFR', 'KRAZ'] })).toMatchObject({
    code: 'invalid_parameter',
    parameter: 'biomarkers',
  });
  await expect(client.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toThrow(
    /not found/,
  );
  expect(await toolError(client, 'get_trial', { nct_id: 'NCT00000000' })).toMatchObject({
    code: 'not_found',
  });
  // A misnamed argument is refused, as REST refuses an unknown parameter, not dropped.
  expect(await toolError(client, 'match_patient', { biomarkers: ['KRAS:G12C'] })).toMatchObject({
    code: 'invalid_parameter',
    parameter: 'biomarkers',
    message: expect.stringMatching(/unknown argument; allowed: .*markers/),
  });
  expect(
    await toolError(client, 'match_patient', { markers: ['KRAS:G12C'], negativeFor: ['KRAS'] }),
  ).toMatchObject({ code: 'invalid_parameter', parameter: 'negativeFor' });
  expect(await toolError(client, 'snapshot_info', { verbose: true })).toMatchObject({
    parameter: 'verbose',
  });
  expect(await toolError(client, 'match_patient', { negativeFor: ['PD-L1'] })).toMatchObject({
    code: 'invalid_parameter',
    parameter: 'negativeFor',
  });
}
