/** Registry stage: a dump import or a live ClinicalTrials.gov sync into the raw store. */
import { RawStore, registryRawStoreDir } from '../../raw-store/raw-store.js';
import { importRegistryDump } from '../../registry/import-dump.js';
import { CtgovHttpError } from '../../registry/client.js';
import { syncRegistry } from '../../registry/sync.js';
import { PermanentStageError } from '../../errors.js';
import type { StageContext } from '../run-stage.js';
import type { StageOutput } from '../stage-outputs.js';

export async function registryStage(
  ctx: StageContext<'registry'>,
): Promise<StageOutput<'registry'>> {
  const { options, deps } = ctx;
  // Staged for this run: the store's readers see its changes once its snapshot publishes.
  const store = await RawStore.open(registryRawStoreDir(deps.dataDir), { stagedFor: ctx.runId });
  const onProgress = (p: { done: number; total: number | null }) =>
    deps.onProgress?.('registry', p.done, p.total);
  // The runner draws every stage's progress from onProgress; a bar of the stage's own would collide with it.
  const tty = false;
  const summary = options.registryDump
    ? await importRegistryDump(
        { path: options.registryDump },
        { rawStore: store, logger: deps.logger, onProgress, tty },
      )
    : await syncRegistry(
        {
          baseUrl: options.registryLive!.baseUrl,
          since: options.registryLive!.full ? null : undefined,
        },
        {
          fetch: deps.fetch ?? globalThis.fetch,
          rawStore: store,
          logger: deps.logger,
          onProgress,
          tty,
        },
      ).catch((err: unknown) => {
        // The client has already retried 429/5xx with backoff; any other status is an answer.
        if (err instanceof CtgovHttpError && !err.retryable)
          throw new PermanentStageError(err.message, { cause: err });
        throw err;
      });
  return { summary: { ...summary }, data: { store } };
}
