/**
 * The change feed served by GET /changes: which trials were added, changed or removed
 * between a version a client mirrored (`since`) and a later one (`until`, the served one by
 * default). Each published version holds `changes.parquet` against the version it replaced
 * (`changes_since` in its manifest), so the feed walks that chain back from `until` and
 * folds the files it passes into one net change per trial:
 *
 * - absent at `since`, present at `until`: added;
 * - present at `since`, absent at `until`: removed;
 * - added and removed again in between: left out (the client never had it);
 * - present at both: changed, with every field that changed at some step (a field may be
 *   back at its old value); a trial removed and added back in between has every field listed.
 *
 * A version's file is read once (versions never change) and kept with the others read, and
 * used while its folder is there; a `since` the chain does not reach (pruned, or older than
 * the feed) is `gone`.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ChangeKind, ChangeRow } from '../domain/rows.js';
import { MANIFEST_FILE, readChanges, readManifest } from '../snapshot/index.js';
import { changeFieldNames } from '../snapshot/schema.js';

export type FeedAnswer =
  | { status: 'ok'; rows: ChangeRow[] }
  /** The chain from `until` ends before reaching `since`; `oldest` is the oldest `since` it serves. */
  | { status: 'gone'; oldest: string }
  /** `since` lies inside the chain's span but is none of its versions. */
  | { status: 'unknown'; versions: string[] };

interface Step {
  version: string;
  /** The version this one's changes compare against; null or undefined: none (chain end). */
  since: string | null | undefined;
  rows: ChangeRow[] | null;
}

const CHANGE_ORDER = new Map(changeFieldNames().map((f, i) => [f, i]));
/** The folded feeds kept (since, until): a mirroring client asks the same pair page by page. */
const FOLDED_KEPT = 32;

export class ChangeFeed {
  private readonly steps = new Map<string, Promise<Step | null>>();
  private readonly folded = new Map<string, Promise<FeedAnswer>>();

  constructor(private readonly root: string) {}

  /**
   * The net changes from `since` to `until` (both version names; since < until). Folded
   * once per served version: a publish that moves `latest` may prune the files a fold read.
   */
  between(since: string, until: string, served: string): Promise<FeedAnswer> {
    const key = `${served} ${since} ${until}`;
    let answer = this.folded.get(key);
    if (!answer) {
      answer = this.fold(since, until);
      this.folded.set(key, answer);
      answer.catch(() => this.folded.delete(key));
      if (this.folded.size > FOLDED_KEPT) this.folded.delete(this.folded.keys().next().value!);
    }
    return answer;
  }

  /** Whether `version` is a published version on disk (its manifest reads). */
  async has(version: string): Promise<boolean> {
    return (await this.step(version)) !== null;
  }

  private async fold(since: string, until: string): Promise<FeedAnswer> {
    const chain: ChangeRow[][] = [];
    const versions: string[] = [];
    let at = until;
    while (at !== since) {
      const step = await this.step(at);
      // A file read before its version was pruned is not used: every server answers alike.
      if (!step || !step.since || !step.rows || !(await this.onDisk(at)))
        return { status: 'gone', oldest: at };
      chain.unshift(step.rows);
      versions.unshift(at);
      if (step.since < since) return { status: 'unknown', versions: [step.since, ...versions] };
      at = step.since;
    }
    return { status: 'ok', rows: net(chain) };
  }

  private async onDisk(version: string): Promise<boolean> {
    return fs.access(path.join(this.root, version, MANIFEST_FILE)).then(
      () => true,
      () => false,
    );
  }

  private step(version: string): Promise<Step | null> {
    let step = this.steps.get(version);
    if (!step) {
      step = readStep(path.join(this.root, version), version);
      this.steps.set(version, step);
      // A version not there yet (or unreadable) is asked again next time.
      void step
        .then((s) => s ?? this.steps.delete(version))
        .catch(() => this.steps.delete(version));
    }
    return step;
  }
}

async function readStep(dir: string, version: string): Promise<Step | null> {
  let manifest;
  try {
    manifest = await readManifest(dir);
  } catch {
    return null;
  }
  return { version, since: manifest.changes_since, rows: await readChanges(dir, manifest) };
}

/** One net change per trial over `chain` (oldest file first), in trial id order. */
function net(chain: readonly ChangeRow[][]): ChangeRow[] {
  const events = new Map<string, ChangeRow[]>();
  for (const rows of chain)
    for (const row of rows) {
      const list = events.get(row.nct_id);
      if (list) list.push(row);
      else events.set(row.nct_id, [row]);
    }
  const out: ChangeRow[] = [];
  for (const [nct_id, list] of events) {
    const change = netKind(list[0].change, list[list.length - 1].change);
    if (!change) continue;
    out.push({ nct_id, change, fields: change === 'changed' ? changedFields(list) : [] });
  }
  return out.sort((a, b) => (a.nct_id < b.nct_id ? -1 : a.nct_id > b.nct_id ? 1 : 0));
}

function netKind(first: ChangeKind, last: ChangeKind): ChangeKind | null {
  const before = first !== 'added';
  const after = last !== 'removed';
  if (before && after) return 'changed';
  if (before) return 'removed';
  return after ? 'added' : null;
}

function changedFields(list: readonly ChangeRow[]): string[] {
  // Removed and added back: what it was is not in the files, so every field may differ.
  if (list.some((r) => r.change === 'removed')) return changeFieldNames();
  const fields = new Set(list.flatMap((r) => r.fields));
  return [...fields].sort((a, b) => (CHANGE_ORDER.get(a) ?? 1e9) - (CHANGE_ORDER.get(b) ?? 1e9));
}
