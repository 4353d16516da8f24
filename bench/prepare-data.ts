/**
 * Child: makes sure bench/.data holds the full-scale snapshot and registry dump for the
 * current generator. Both take ~15 s to build, so they are kept between runs and rebuilt
 * only when the seed, scale, reference date or the code that shapes them changes.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PROJECT_ROOT } from '../config/env.js';
import { generateDemoTables, writeRegistryDump } from '../pipeline/demo/index.js';
import { publishSnapshot } from '../pipeline/publish/publish.js';
import { resolveLatest } from '../snapshot/index.js';
import { codeFingerprint } from '../config/code-fingerprint.js';
import { SERVING_CODE, writeServingIndex } from '../api/query/index-file.js';
import { failChild, sendToParent } from './child.js';
import { writeChangedDump } from './dump-change.js';
import {
  BENCH_NOW,
  BENCH_SCALE,
  BENCH_SEED,
  CACHE_STAMP,
  DATA_DIR,
  REGISTRY_DUMP,
  REGISTRY_DUMP_CHANGED,
  SNAPSHOT_ROOT,
} from './paths.js';

/** Code that decides the bytes of the snapshot and the dumps. */
const SHAPING_CODE = [
  'pipeline/demo',
  'pipeline/publish',
  'snapshot',
  'domain',
  'bench/dump-change.ts',
];

export interface PreparedData {
  type: 'result';
  cached: boolean;
  snapshotVersion: string;
  dump: string;
  changedDump: string;
  studies: number;
  changed: number;
  seconds: number;
}

interface Stamp {
  key: string;
  snapshotVersion: string;
  studies: number;
  changed: number;
}

async function codeHash(root: string): Promise<string> {
  const hash = createHash('sha256');
  for (const entry of SHAPING_CODE) {
    const files = entry.endsWith('.ts')
      ? [entry]
      : (await fs.readdir(path.join(root, entry), { recursive: true }))
          .filter((f) => f.endsWith('.ts'))
          .sort()
          .map((f) => `${entry}/${f}`);
    for (const file of files) {
      hash.update(`${file}\n`);
      hash.update(await fs.readFile(path.join(root, file)));
    }
  }
  return hash.digest('hex');
}

async function readStamp(): Promise<Stamp | null> {
  try {
    return JSON.parse(await fs.readFile(CACHE_STAMP, 'utf8')) as Stamp;
  } catch {
    return null;
  }
}

async function prepare(): Promise<PreparedData> {
  const started = performance.now();
  const key = JSON.stringify({
    seed: BENCH_SEED,
    scale: BENCH_SCALE,
    now: BENCH_NOW.toISOString(),
    code: await codeHash(PROJECT_ROOT),
    // The snapshot's serving index holds bodies rendered by the API's code.
    serving: await codeFingerprint(SERVING_CODE),
  });
  const stamp = await readStamp();
  const latest = await resolveLatest(SNAPSHOT_ROOT).catch(() => null);
  const exists = (file: string) =>
    fs.stat(file).then(
      () => true,
      () => false,
    );
  const dumpsExist = (await exists(REGISTRY_DUMP)) && (await exists(REGISTRY_DUMP_CHANGED));
  const seconds = () => (performance.now() - started) / 1000;
  if (stamp && stamp.key === key && latest?.version === stamp.snapshotVersion && dumpsExist) {
    const { snapshotVersion, studies, changed } = stamp;
    return {
      type: 'result',
      cached: true,
      snapshotVersion,
      studies,
      changed,
      dump: REGISTRY_DUMP,
      changedDump: REGISTRY_DUMP_CHANGED,
      seconds: seconds(),
    };
  }

  await fs.rm(CACHE_STAMP, { force: true });
  await fs.rm(SNAPSHOT_ROOT, { recursive: true, force: true });
  await fs.mkdir(DATA_DIR, { recursive: true });
  const options = { scale: BENCH_SCALE, seed: BENCH_SEED, now: BENCH_NOW };
  const tables = generateDemoTables(options);
  const { version } = await publishSnapshot(tables, {
    root: SNAPSHOT_ROOT,
    keep: 1,
    servingIndex: writeServingIndex,
    inputSummary: { generator: 'demo', ...options, purpose: 'bench' },
  });
  const { studies } = await writeRegistryDump({ ...options, out: REGISTRY_DUMP });
  const { changed } = await writeChangedDump(REGISTRY_DUMP, REGISTRY_DUMP_CHANGED, studies);
  const fresh: Stamp = { key, snapshotVersion: version, studies, changed };
  await fs.writeFile(CACHE_STAMP, JSON.stringify(fresh, null, 2) + '\n');
  return {
    type: 'result',
    cached: false,
    snapshotVersion: version,
    studies,
    changed,
    dump: REGISTRY_DUMP,
    changedDump: REGISTRY_DUMP_CHANGED,
    seconds: seconds(),
  };
}

prepare()
  .then(sendToParent)
  .then(() => process.exit(0), failChild);
