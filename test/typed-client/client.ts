/**
 * A small app-side client, typed only by what openapi-typescript generates from the served
 * OpenAPI document (./generated/api.d.ts, written by test/api/typed-client.test.ts). The
 * test type-checks this file against those types, then runs it against the live API.
 */
import createClient from 'openapi-fetch';
import type { components, paths } from './generated/api.js';

type Trial = components['schemas']['TrialListItem'];

export async function findTrials(baseUrl: string, key: string) {
  // The second type argument is openapi-fetch's own way to read one media type of an
  // operation that also answers another (/trials: text/csv); it changes no request.
  const client = createClient<paths, 'application/json'>({
    baseUrl,
    headers: { Authorization: `Bearer ${key}` },
    // No querySerializer: openapi-fetch's default sends arrays repeated (style form, explode
    // true), which the API reads like a comma-separated list.
  });

  const search = await client.GET('/trials', {
    params: {
      query: {
        q: 'lung',
        trialStatus: ['Recruiting', 'Not yet recruiting'],
        biomarkers: ['EGFR', 'KRAS'],
        limit: 3,
        sort: 'last_updated',
      },
    },
  });
  if (!search.data) throw new Error(`search failed: ${JSON.stringify(search.error)}`);
  const first: Trial | undefined = search.data.data[0] as Trial | undefined;
  const titles: (string | null)[] = search.data.data.map((t) => t.brief_title);
  const total: number = search.data.meta.total;
  const next: string | null | undefined = search.data.meta.next;

  const detail = first
    ? await client.GET('/trials/{nct_id}', { params: { path: { nct_id: first.nct_id } } })
    : null;
  const biomarkerGenes: string[] = detail?.data
    ? detail.data.data.biomarkers.map((b) => b.gene)
    : [];

  const refused = await client.GET('/trials', { params: { query: { limit: 0 } } });
  const errorCode: string | undefined = refused.error?.error.code;

  return {
    total,
    titles,
    next,
    firstId: first?.nct_id ?? null,
    detailStatus: detail?.response.status ?? null,
    biomarkerGenes,
    refusedStatus: refused.response.status,
    errorCode,
  };
}

// The generated types are strict: each line below must fail to type-check.
export function misuse(client: ReturnType<typeof createClient<paths>>) {
  // @ts-expect-error 'Paused' is not a trialStatus value.
  void client.GET('/trials', { params: { query: { trialStatus: ['Paused'] } } });
  // @ts-expect-error no such parameter.
  void client.GET('/trials', { params: { query: { pageSize: 10 } } });
  // @ts-expect-error no such path.
  void client.GET('/studies');
}
