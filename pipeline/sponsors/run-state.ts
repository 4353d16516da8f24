/**
 * Previous-run memory for new/changed/unchanged counts: per sponsor, each trial's key and
 * content hash, kept as one JSON file that the stage reads before and replaces after a run.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { sponsorTrialKey } from './normalise.js';
import type { StageCounts, StageSummary, SponsorTrial } from './types.js';

export type RunState = Record<string, Record<string, string>>;

export function emptyCounts(): StageCounts {
  return { fetched: 0, new: 0, changed: 0, unchanged: 0, failed: 0 };
}

export async function readRunState(file: string | undefined): Promise<RunState | null> {
  if (!file) return null;
  try {
    return JSON.parse(await fs.readFile(file, 'utf8')) as RunState;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw err;
  }
}

/** Writes via a temp file and rename so a crash never leaves half a state file behind. */
export async function writeRunState(
  file: string,
  previous: RunState,
  trials: SponsorTrial[],
  slugs: string[],
): Promise<void> {
  const next: RunState = { ...previous };
  for (const slug of slugs) next[slug] = {};
  for (const t of trials) next[t.source_slug][sponsorTrialKey(t)] = t.content_hash;
  await fs.mkdir(path.dirname(file), { recursive: true });
  await writeFileAtomic(file, JSON.stringify(next));
}

/**
 * Counts one sponsor's trials against the previous run. Without a state every trial is new
 * (the summary says `changeTracked: false`).
 */
export function countTrials(
  trials: SponsorTrial[],
  previous: Record<string, string> | undefined,
  failed: number,
): StageCounts {
  const c = emptyCounts();
  c.fetched = trials.length;
  c.failed = failed;
  for (const t of trials) {
    const before = previous?.[sponsorTrialKey(t)];
    if (before === undefined) c.new++;
    else if (before === t.content_hash) c.unchanged++;
    else c.changed++;
  }
  return c;
}

export function summarise(
  bySponsor: Record<string, StageCounts>,
  changeTracked: boolean,
): StageSummary {
  const total = emptyCounts();
  for (const c of Object.values(bySponsor)) {
    for (const k of Object.keys(total) as (keyof StageCounts)[]) total[k] += c[k];
  }
  return { total, bySponsor, changeTracked };
}
