/**
 * A local ClinicalTrials.gov API v2 that replays real recorded studies over the paging
 * protocol: opaque page tokens tied to the query, `countTotal`, an empty last page,
 * `filter.advanced=AREA[LastUpdatePostDate]RANGE[date,MAX]`, and injected 429/503 answers.
 * Every request is logged so tests can check what the client asked for.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { sharedCtgovDir } from '../../config/shared-data.js';

/** `../shared/data/ctgov` beside the repo; tests fail with this message when it is missing. */
export const CTGOV_DATA_DIR = sharedCtgovDir();

export function requireCtgovData(): string {
  if (!fs.existsSync(path.join(CTGOV_DATA_DIR, 'v2', 'studies.jsonl'))) {
    throw new Error(
      `Real registry records not found: ${CTGOV_DATA_DIR} (expected v2/studies.jsonl and original/). These tests read them at run time.`,
    );
  }
  return CTGOV_DATA_DIR;
}

/** The real v2 studies: v2/studies.jsonl plus the biomcp single-study captures. */
export function loadRealV2Studies(): unknown[] {
  const dir = requireCtgovData();
  const studies = fs
    .readFileSync(path.join(dir, 'v2', 'studies.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as unknown);
  const biomcp = path.join(dir, 'original', 'ctgov_v2_biomcp');
  for (const f of fs
    .readdirSync(biomcp)
    .filter((f) => f.startsWith('get_'))
    .sort()) {
    studies.push(JSON.parse(fs.readFileSync(path.join(biomcp, f), 'utf8')));
  }
  return studies;
}

export function studyId(study: unknown): string {
  return (study as { protocolSection: { identificationModule: { nctId: string } } }).protocolSection
    .identificationModule.nctId;
}

function lastUpdate(study: unknown): string | null {
  const d = (
    study as {
      protocolSection?: { statusModule?: { lastUpdatePostDateStruct?: { date?: string } } };
    }
  ).protocolSection?.statusModule?.lastUpdatePostDateStruct?.date;
  if (!d) return null;
  return d.length === 7 ? `${d}-01` : d;
}

export interface ReplayFault {
  status: number;
  headers?: Record<string, string>;
}

export interface ReplayRequest {
  params: Record<string, string>;
  status: number;
  /** 1-based page number the request addressed, when it got that far. */
  page: number | null;
  studies: number;
  /** Date.now() when the request arrived. */
  at: number;
}

export interface CtgovReplayOptions {
  studies: unknown[];
  /** Answers served instead of a page (once each, in order), keyed by 1-based page number. */
  faults?: Record<number, ReplayFault[]>;
  /** After the last page with records, hand out a token to one more, empty page. @defaultValue true */
  emptyLastPage?: boolean;
}

export interface CtgovReplayServer {
  baseUrl: string;
  requests: ReplayRequest[];
  /** Times each NCT id was sent in a 200 page. */
  served: Map<string, number>;
  setStudies(studies: unknown[]): void;
  addFaults(faults: Record<number, ReplayFault[]>): void;
  close(): Promise<void>;
}

const KNOWN_PARAMS = new Set([
  'format',
  'query.cond',
  'filter.advanced',
  'pageSize',
  'pageToken',
  'countTotal',
]);
const SINCE = /^AREA\[LastUpdatePostDate\]RANGE\[(\d{4}-\d{2}-\d{2}),MAX\]$/;

interface Cursor {
  fingerprint: string;
  ids: string[];
  offset: number;
}

export async function startCtgovReplayServer(
  options: CtgovReplayOptions,
): Promise<CtgovReplayServer> {
  let byId = new Map(options.studies.map((s) => [studyId(s), s]));
  const faults = new Map<number, ReplayFault[]>();
  const addFaults = (more: Record<number, ReplayFault[]>) => {
    for (const [page, list] of Object.entries(more))
      faults.set(Number(page), [...(faults.get(Number(page)) ?? []), ...list]);
  };
  addFaults(options.faults ?? {});
  const tokens = new Map<string, Cursor>();
  const requests: ReplayRequest[] = [];
  const served = new Map<string, number>();

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://replay');
    const params = Object.fromEntries(url.searchParams);
    const log: ReplayRequest = { params, status: 200, page: null, studies: 0, at: Date.now() };
    requests.push(log);
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      log.status = status;
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'GET' || url.pathname !== '/api/v2/studies')
      return send(404, { message: 'not found' });
    const unknown = [...url.searchParams.keys()].find((k) => !KNOWN_PARAMS.has(k));
    if (unknown) return send(400, { message: `unknown parameter ${unknown}` });
    const pageSize = Number(params.pageSize ?? '10');
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 1000)
      return send(400, { message: 'pageSize must be 1..1000' });
    let since: string | null = null;
    if (params['filter.advanced'] !== undefined) {
      const m = params['filter.advanced'].match(SINCE);
      if (!m) return send(400, { message: 'unsupported filter.advanced' });
      since = m[1];
    }
    const { pageToken, countTotal, ...query } = params;
    const fingerprint = JSON.stringify(query);
    let cursor: Cursor;
    if (pageToken !== undefined) {
      const found = tokens.get(pageToken);
      if (!found) return send(400, { message: 'invalid pageToken' });
      if (found.fingerprint !== fingerprint)
        return send(400, { message: 'pageToken was issued for another query' });
      cursor = found;
    } else {
      const ids = [...byId.keys()]
        .filter((id) => !since || (lastUpdate(byId.get(id)) ?? '') >= since!)
        .sort();
      cursor = { fingerprint, ids, offset: 0 };
    }
    const page = Math.floor(cursor.offset / pageSize) + 1;
    log.page = page;
    const fault = faults.get(page)?.shift();
    if (fault) return send(fault.status, { message: 'injected fault' }, fault.headers);
    const slice = cursor.ids.slice(cursor.offset, cursor.offset + pageSize);
    const studies = slice.map((id) => byId.get(id)).filter((s) => s !== undefined);
    const nextOffset = cursor.offset + slice.length;
    const more =
      nextOffset < cursor.ids.length || (options.emptyLastPage !== false && slice.length > 0);
    const body: Record<string, unknown> = { studies };
    if (countTotal === 'true') body.totalCount = cursor.ids.length;
    if (more) {
      const token = randomBytes(12).toString('base64url');
      tokens.set(token, { ...cursor, offset: nextOffset });
      body.nextPageToken = token;
    }
    for (const id of slice) served.set(id, (served.get(id) ?? 0) + 1);
    log.studies = studies.length;
    send(200, body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    served,
    setStudies(studies) {
      byId = new Map(studies.map((s) => [studyId(s), s]));
    },
    addFaults,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
