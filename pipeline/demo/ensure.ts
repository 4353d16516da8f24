import { publishSnapshot } from '../publish/publish.js';
import { resolveLatest } from '../../snapshot/index.js';
import { generateDemoTables, type DemoOptions } from './generate.js';
import { DEFAULT_DEMO_SEED } from './scale.js';
import type { ServingIndexWriter } from '../../snapshot/serving-index.js';

export interface EnsureDemoOptions extends DemoOptions {
  /** Versions kept by the publish. @defaultValue 5 */
  keep?: number;
  /** The API's serving-index writer (PublishOptions.servingIndex). */
  servingIndex?: ServingIndexWriter;
}

/**
 * Publishes a demo snapshot under `root` unless `latest` already points at one, so a
 * fresh clone serves data on first start and a real snapshot is never replaced.
 */
export async function ensureDemoSnapshot(
  root: string,
  opts: EnsureDemoOptions = {},
): Promise<{ version: string; dir: string; created: boolean }> {
  const existing = await resolveLatest(root);
  if (existing) return { ...existing, created: false };
  const scale = opts.scale ?? 'demo';
  const seed = opts.seed ?? DEFAULT_DEMO_SEED;
  const tables = generateDemoTables({ scale, seed, now: opts.now });
  const { version, dir } = await publishSnapshot(tables, {
    root,
    keep: opts.keep,
    now: opts.now,
    servingIndex: opts.servingIndex,
    inputSummary: { generator: 'demo', scale, seed },
  });
  return { version, dir, created: true };
}
