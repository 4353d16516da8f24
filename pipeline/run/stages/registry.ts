/** Registry stage: a dump import or a live ClinicalTrials.gov sync into the raw store. */
import { RawStore, registryRawStoreDir } from '../../raw-store/raw-store.js';
import { importRegistryDump } from '../../registry/import-dump.js';
import { syncRegistry } from '../../registry/sync.js';
import type { RunContext } from '../context.js';
import type { StageOutput } from '../run-stage.js';

export async function registryStage(ctx: RunContext): Promise<StageOutput<null>> {
  const { options, deps } = ctx;
  const rawStore = await RawStore.open(registryRawStoreDir(deps.dataDir));
  const onProgress = (p: { done: number; total: number | null }) => deps.onProgress?.('registry', p.done, p.total);
  const summary = options.registryDump
    ? await importRegistryDump({ path: options.registryDump }, { rawStore, logger: deps.logger, onProgress })
    : await syncRegistry(
        { baseUrl: options.registryLive!.baseUrl, since: options.registryLive!.full ? null : undefined },
        { fetch: deps.fetch ?? globalThis.fetch, rawStore, logger: deps.logger, onProgress },
      );
  return { summary: { ...summary }, data: null };
}
