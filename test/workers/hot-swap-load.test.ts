/**
 * Hot swap under load: an API on snapshot A, 16 request loops, and snapshot B published
 * (atomically, as the publish stage does) after 1.5 s; the loops run until B has answered
 * every loop (a generous bound, not a fixed window, so a busy machine only makes it slower). Every trial of A says
 * "[A]" in its title and facilities, every trial of B "[B]", and each response names its
 * version in X-Snapshot-Version, so a response mixing versions, or disagreeing with its
 * header, is caught. No request may fail.
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SnapshotHolder } from '../../api/live-snapshot.js';
import { createLogger } from '../../config/logger.js';
import { TIER_LIMITS } from '../../domain/tiers.js';
import type { SnapshotTables } from '../../domain/rows.js';
import { publishSnapshot } from '../../pipeline/publish/publish.js';
import { startTestApi, type TestApi } from '../api/http.js';
import { buildTables, siteRow, trialRow } from '../helpers/trial-fixtures.js';

const TRIALS = 400;
const CONNECTIONS = 16;
const PUBLISH_AT_MS = 1_500;
/** Give up waiting for the swap after this long (the test then fails on its assertions). */
const SWAP_BOUND_MS = 120_000;

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

/** The same trial ids in both versions (so detail requests never 404), tagged text per version. */
function taggedTables(tag: 'A' | 'B'): SnapshotTables {
  const ids = Array.from({ length: TRIALS }, (_, i) => `SWAP-${String(i + 1).padStart(4, '0')}`);
  return buildTables({
    trials: ids.map((id, i) =>
      trialRow(id, {
        official_title: `[${tag}] swap study ${id}`,
        last_updated: `2024-01-${String((i % 28) + 1).padStart(2, '0')}`,
      }),
    ),
    sites: ids.flatMap((id) =>
      [0, 1].map((k) => siteRow(id, k, { facility: `[${tag}] facility ${id}-${k}` })),
    ),
  });
}

interface Outcome {
  startedAt: number;
  finishedAt: number;
  path: string;
  status: number | null;
  version: string | null;
  /** Version tags found in the body's trials and facilities. */
  tags: Set<string>;
  error: string | null;
}

function tagsIn(text: string): Set<string> {
  return new Set([...text.matchAll(/\[([AB])\] (?:swap study|facility)/g)].map((m) => m[1]));
}

describe('snapshot hot swap under load', () => {
  it(
    'serves every request during a publish, each from exactly one version',
    async () => {
      const root = await fs.mkdtemp(path.join(os.tmpdir(), 'lungtrials-swap-load-'));
      cleanup.push(() => fs.rm(root, { recursive: true, force: true }));
      const a = await publishSnapshot(taggedTables('A'), {
        root,
        now: new Date('2026-01-01T00:00:00Z'),
      });
      const holder = await SnapshotHolder.open({
        root,
        logger: createLogger('silent'),
        pollMs: 250,
      });
      // Quota and burst are not under test here: give the key room for every request.
      const roomy = {
        ...TIER_LIMITS,
        partner: { dailyQuota: 10_000_000, burstPerMinute: 10_000_000 },
      };
      const api: TestApi = await startTestApi(holder, { limits: roomy });
      cleanup.push(() => api.close());

      const paths = [
        '/api/v1/trials?limit=100',
        '/api/v1/trials?limit=50&offset=200',
        '/api/v1/trials/SWAP-0007',
        '/api/v1/trials/SWAP-0399',
        '/api/v1/trials?limit=10&offset=390',
      ];
      const outcomes: Outcome[] = [];
      const t0 = performance.now();
      let b: Awaited<ReturnType<typeof publishSnapshot>> | null = null;
      // Each loop stops once it has had a few answers from B (or at the bound).
      const answeredByB = new Array<number>(CONNECTIONS).fill(0);
      const publisher = (async () => {
        await new Promise((r) => setTimeout(r, PUBLISH_AT_MS));
        b = await publishSnapshot(taggedTables('B'), {
          root,
          now: new Date('2026-02-01T00:00:00Z'),
        });
      })();
      const loop = async (n: number) => {
        for (let i = n; answeredByB[n] < 3 && performance.now() - t0 < SWAP_BOUND_MS; i++) {
          const p = paths[i % paths.length];
          const startedAt = performance.now();
          const outcome: Outcome = {
            startedAt,
            finishedAt: 0,
            path: p,
            status: null,
            version: null,
            tags: new Set(),
            error: null,
          };
          try {
            const res = await api.get(p);
            outcome.status = res.status;
            outcome.version = res.headers.get('x-snapshot-version');
            outcome.tags = tagsIn(await res.text());
          } catch (err) {
            outcome.error = String(err);
          }
          outcome.finishedAt = performance.now();
          outcomes.push(outcome);
          if (b && outcome.version === (b as { version: string }).version) answeredByB[n]++;
        }
      };
      await Promise.all([publisher, ...Array.from({ length: CONNECTIONS }, (_, n) => loop(n))]);
      expect(b).not.toBeNull();
      const versionB = b!.version;
      const tagOf: Record<string, string> = { [a.version]: 'A', [versionB]: 'B' };

      expect(outcomes.filter((o) => o.error !== null)).toEqual([]);
      expect(
        outcomes.filter((o) => o.status !== 200).map((o) => `${o.path} -> ${o.status}`),
      ).toEqual([]);
      // One version per response, and it is the one the header names.
      const mixed = outcomes.filter(
        (o) =>
          o.version === null ||
          !(o.version in tagOf) ||
          o.tags.size !== 1 ||
          !o.tags.has(tagOf[o.version]),
      );
      expect(mixed.map((o) => `${o.path} header=${o.version} tags=${[...o.tags]}`)).toEqual([]);
      // Both versions were served, and once B answered, no later request got A back.
      const firstB = Math.min(
        ...outcomes.filter((o) => o.version === versionB).map((o) => o.finishedAt),
      );
      expect(Number.isFinite(firstB)).toBe(true);
      expect(outcomes.some((o) => o.version === a.version)).toBe(true);
      expect(outcomes.filter((o) => o.startedAt > firstB && o.version !== versionB)).toEqual([]);
      expect(outcomes.length).toBeGreaterThan(200);
      console.info(
        `hot swap: ${outcomes.length} requests in ${Math.round(performance.now() - t0)} ms, ` +
          `${outcomes.filter((o) => o.version === a.version).length} from A, ${outcomes.filter((o) => o.version === versionB).length} from B, 0 failed`,
      );
    },
    SWAP_BOUND_MS + 60_000,
  );
});
