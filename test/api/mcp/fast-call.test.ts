/**
 * A single tools/call POST is answered without the SDK's server and transport
 * (api/mcp/fast-call.ts); its response must be the SDK's, byte for byte. The same call
 * with `params._meta` (which the fast path leaves to the SDK, and which changes nothing in
 * the answer) gives the SDK's bytes to compare with; each pair is sent in turn, so the
 * quota counters differ by one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIER_LIMITS } from '../../../domain/tiers.js';
import { generateDemoTables } from '../../../pipeline/demo/generate.js';
import { startTestApi, type TestApi } from '../http.js';

let api: TestApi;
beforeAll(async () => {
  const limits = { ...TIER_LIMITS, partner: { ...TIER_LIMITS.partner, burstPerMinute: 1e6 } };
  api = await startTestApi(generateDemoTables({ scale: 'demo' }), { limits });
});
afterAll(async () => api.close());

async function post(
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{
  status: number;
  type: string | null;
  encoding: string | null;
  length: string | null;
  text: string;
}> {
  const res = await api.get('/mcp', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      ...headers,
    },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    encoding: res.headers.get('content-encoding'),
    length: res.headers.get('content-length'),
    text: await res.text(),
  };
}

const call = (id: number | string, name: string, args?: unknown, extra: object = {}) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, ...(args === undefined ? {} : { arguments: args }), ...extra },
});

/** The quota counter a result reports in its structured content. */
const quotaUsedOf = (text: string): number =>
  JSON.parse(text).result.structuredContent.meta.quota_used as number;

/** The text with its structured content's counter set to `used`. */
const withQuotaUsed = (text: string, used: number): string =>
  text.replace(/(?<!\\)"quota_used":\d+/, `"quota_used":${used}`);

/** The quota counter a body reports, so two answers sent in turn can be compared. */
const uncounted = (text: string) => text.replace(/\\?"quota_used\\?":\d+/g, 'quota_used');

describe('MCP tools/call fast path', () => {
  it('answers as the SDK does: results, tool errors, every tool', async () => {
    const calls: [number | string, string, unknown][] = [
      [1, 'search_trials', { mutations: ['KRAS:G12C'], zip: '10001', radius: 500, explain: true }],
      ['a-string-id', 'search_trials', undefined],
      [3, 'get_trial', { nct_id: 'DEMO-000007', biomarkers: ['EGFR'] }],
      [4, 'get_trial', { nct_id: 'NCT99999999' }],
      [5, 'match_patient', { age: 70, sex: 'male', biomarkers: ['EGFR'] }],
      [6, 'search_trials', { radius: 'far' }],
      [7, 'search_trials', { markers: ['EGFR'] }],
      [8, 'list_sources', {}],
      [9, 'snapshot_info', undefined],
    ];
    for (const [id, name, args] of calls) {
      const fast = await post(call(id, name, args));
      const sdk = await post(call(id, name, args, { _meta: {} }));
      expect(fast.status, name).toBe(200);
      expect(fast.type).toBe(sdk.type);
      expect(uncounted(fast.text), `${name} ${JSON.stringify(args)}`).toBe(uncounted(sdk.text));
    }
  });

  it("answers a repeated call from the bytes kept for it, with this call's id and counters", async () => {
    const compressed = api.holder.current()!.compressed;
    const calls: [string, unknown][] = [
      ['search_trials', { biomarkers: ['EGFR'], limit: 5, offset: 5 }],
      ['search_trials', { mutations: ['KRAS:G12C'], zip: '60611', radius: 100, explain: true }],
      ['get_trial', { nct_id: 'DEMO-000009', biomarkers: ['ALK'] }],
      [
        'match_patient',
        { diagnosisType: 'nsclc', age: 61, gender: 'female', markers: ['EGFR:L858R'] },
      ],
      ['list_sources', undefined],
    ];
    for (const [name, args] of calls) {
      const before = compressed.size;
      const first = await post(call(101, name, args));
      // Kept once, plain and as gzip (fetch takes gzip): the second and third answers are kept bytes.
      expect(first.encoding, name).toBe('gzip');
      expect(compressed.size, name).toBe(before + 2);
      const second = await post(call('second-id', name, args));
      // Uncompressed, so the Content-Length the fast path sets is the one received.
      const third = await post(call(103, name, args), { 'Accept-Encoding': 'identity' });
      expect(compressed.size, name).toBe(before + 2);
      const sdk = await post(call('second-id', name, args, { _meta: {} }));
      const counted = [first, second, third, sdk].map((r) => quotaUsedOf(r.text));
      expect(counted.slice(1)).toEqual([counted[0] + 1, counted[0] + 2, counted[0] + 3]);
      expect(second.text, name).toBe(withQuotaUsed(sdk.text, counted[1]));
      expect(JSON.parse(third.text).id).toBe(103);
      expect(third.text).toBe(
        withQuotaUsed(first.text, counted[2]).replace(/"id":101}$/, '"id":103}'),
      );
      expect(Number(third.length)).toBe(Buffer.byteLength(third.text));
    }
  });

  it('keeps no tool error', async () => {
    const compressed = api.holder.current()!.compressed;
    const before = compressed.size;
    const refused = await post(call(1, 'search_trials', { radius: 'far' }));
    expect(JSON.parse(refused.text).result.isError).toBe(true);
    const missing = await post(call(2, 'get_trial', { nct_id: 'NCT99999999' }));
    expect(JSON.parse(missing.text).result.isError).toBe(true);
    expect(compressed.size).toBe(before);
  });

  it('leaves to the SDK what it would refuse or negotiate', async () => {
    // Unknown tool: the SDK's JSON-RPC error.
    const unknown = await post(call(1, 'no_such_tool', {}));
    expect(JSON.parse(unknown.text).error.code).toBe(-32602);
    // Arguments that are not an object, a fractional id: the SDK's refusals.
    const listArgs = await post(call(2, 'search_trials', ['EGFR']));
    expect(JSON.parse(listArgs.text).error).toBeDefined();
    const fractional = await post(call(2.5, 'search_trials', {}));
    expect(fractional.status).toBe(400);
    // An Accept without event streams: 406 from the transport.
    const accept = await post(call(3, 'search_trials', {}), { Accept: 'application/json' });
    expect(accept.status).toBe(406);
    // An unsupported protocol version: 400 from the transport.
    const version = await post(call(4, 'search_trials', {}), {
      'mcp-protocol-version': '1999-01-01',
    });
    expect(version.status).toBe(400);
    // A supported one is answered.
    const supported = await post(call(5, 'snapshot_info'), {
      'mcp-protocol-version': '2025-06-18',
    });
    expect(JSON.parse(supported.text).result.structuredContent.version).toBe('test-v1');
  });
});
