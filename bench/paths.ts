/** Where the benchmark keeps its data (bench/.data/ is git-ignored) and what it is built from. */
import path from 'node:path';
import { BENCH_DIR } from './child.js';

export const DATA_DIR = path.join(BENCH_DIR, '.data');
/** The full-scale demo snapshot the API and geo parts read. */
export const SNAPSHOT_ROOT = path.join(DATA_DIR, 'snapshots');
/** The same trials as a ClinicalTrials.gov v2 JSONL dump, for the pipeline part. */
export const REGISTRY_DUMP = path.join(DATA_DIR, 'registry-full.jsonl');
/** The same dump with 5% of the studies changed, for the incremental run. */
export const REGISTRY_DUMP_CHANGED = path.join(DATA_DIR, 'registry-full-5pct-changed.jsonl');
/** What the cached data was built from; a mismatch rebuilds it. */
export const CACHE_STAMP = path.join(DATA_DIR, 'cache.json');
/** Fresh data and snapshot dirs of the pipeline runs (removed before each run). */
export const PIPELINE_DIR = path.join(DATA_DIR, 'pipeline');
export const PROFILE_DIR = path.join(DATA_DIR, 'profiles');
export const RESULTS_FILE = path.join(BENCH_DIR, 'results.json');

export const BENCH_SCALE = 'full' as const;
export const BENCH_SEED = 'lungtrials-bench';
/** A fixed reference date, so the generated statuses and dates (and the cache) do not change daily. */
export const BENCH_NOW = new Date('2026-11-01T00:00:00Z');
