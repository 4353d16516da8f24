/**
 * One writer per data directory. A refresh run, every stage in one process (`pipeline run`)
 * or a flow of BullMQ jobs (`refresh`), holds the run lock of its DATA_DIR from its first
 * stage to the end of its publish: two runs over one raw store deleted each other's packs
 * and published in whichever order they finished. A second run does not wait: it fails at
 * once with RunLockedError naming the run that holds the lock (`pipeline run` exits 3).
 *
 * The lock is a lease, `DATA_DIR/run-lock.json`, changed only under proper-lockfile's lock
 * of that file. Its holder is a run, not a process: the jobs of a flow run one after the
 * other on any worker, and each takes the lease up again. While a stage of the run works,
 * its process renews the lease every RENEW_MS. A lease ends when its run releases it (its
 * publish finished, or it failed for good), or goes stale: an inline run's once its process
 * is gone from this host, or after INLINE_STALE_MS without renewal (another host); a flow's
 * after FLOW_STALE_MS without a stage working (between two jobs nothing renews it, and a
 * retry waits out its backoff), so a flow whose workers all died frees the directory.
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import writeFileAtomic from 'write-file-atomic';
import type { Logger } from '../../config/logger.js';
import { PermanentStageError } from '../errors.js';

export type RunLockMode = 'inline' | 'flow';

export interface RunLease {
  run: string;
  mode: RunLockMode;
  host: string;
  pid: number;
  acquired_at: string;
  renewed_at: string;
}

export const RUN_LOCK_FILE = 'run-lock.json';
const RENEW_MS = 5_000;
const INLINE_STALE_MS = 30_000;
const FLOW_STALE_MS = 15 * 60_000;

const MUTEX = {
  // The lease file need not exist yet: lock the path as given.
  realpath: false,
  stale: 10_000,
  /** The mutex is held for one read and one write; waiting up to ~5 s for it is plenty. */
  retries: { retries: 40, factor: 1.3, minTimeout: 10, maxTimeout: 200, randomize: true },
};

/**
 * proper-lockfile's default for a mutex it could not keep fresh (a stage's CPU work held the
 * event loop past `stale`, or another process broke it as stale) throws from a timer, which
 * ended a pipeline run under load with ECOMPROMISED. The mutex only orders one read and one
 * write of the lease, whose content names its run: a renewal or publish that finds another
 * run's lease fails as it should, so a lost mutex is worth a warning, not the process.
 */
function mutexOptions(dataDir: string, logger?: Logger) {
  return {
    ...MUTEX,
    onCompromised: (err: Error) =>
      logger?.warn({ err: err.message, dataDir }, 'run lock mutex lost while held; continuing'),
  };
}

/** Another run holds the data directory. Permanent: the same run started again meets the same lock. */
export class RunLockedError extends PermanentStageError {
  override name = 'RunLockedError';
  constructor(
    readonly dataDir: string,
    readonly lease: RunLease,
  ) {
    super(
      `data directory ${dataDir} is in use by run ${lease.run} ` +
        `(${lease.mode === 'inline' ? 'pipeline run' : 'refresh flow'} ` +
        `on ${lease.host}, pid ${lease.pid}, since ${lease.acquired_at}); one run at a time ` +
        'writes a data directory: wait for it to finish' +
        (lease.mode === 'flow' ? ` or cancel it (lungtrials runs cancel ${lease.run})` : ''),
    );
  }
}

export interface HeldRunLock {
  readonly runId: string;
  /** Stops renewing and keeps the lease: the run goes on (the next job of a flow). */
  stop(): void;
  /** Ends the lease: the run is over (published, or failed for good). */
  release(): Promise<void>;
}

function leaseFile(dataDir: string): string {
  return path.join(dataDir, RUN_LOCK_FILE);
}

async function readLease(dataDir: string): Promise<RunLease | null> {
  try {
    return JSON.parse(await fs.readFile(leaseFile(dataDir), 'utf8')) as RunLease;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

function processGone(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** A lease that no longer holds the directory (see the file comment). */
export function isStale(lease: RunLease, now = Date.now()): boolean {
  if (lease.mode === 'inline' && lease.host === os.hostname() && processGone(lease.pid))
    return true;
  const age = now - new Date(lease.renewed_at).getTime();
  return !(age <= (lease.mode === 'inline' ? INLINE_STALE_MS : FLOW_STALE_MS));
}

/** Runs `work` under the lease file's mutex (exported for its test). */
export async function underMutex<T>(
  dataDir: string,
  work: () => Promise<T>,
  logger?: Logger,
): Promise<T> {
  await fs.mkdir(dataDir, { recursive: true });
  const unlock = await lockfile.lock(leaseFile(dataDir), mutexOptions(dataDir, logger));
  try {
    return await work();
  } finally {
    // A mutex lost while held is released already (ERELEASED): nothing left to unlock.
    await unlock().catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ERELEASED') throw err;
    });
  }
}

/** The lease as it is now, or null when the directory is free. */
export async function currentRunLock(dataDir: string): Promise<RunLease | null> {
  const lease = await readLease(dataDir);
  return lease && !isStale(lease) ? lease : null;
}

/**
 * Takes (or takes up again) the lease for `runId`; throws RunLockedError when another run
 * holds it. A renewal (`renew`) never takes a lease that is gone: the run was released
 * (a sibling job failed it for good), and a job still finishing must not hold it again.
 */
async function takeLease(
  dataDir: string,
  runId: string,
  mode: RunLockMode,
  renew = false,
  logger?: Logger,
): Promise<boolean> {
  return underMutex(
    dataDir,
    async () => {
      const lease = await readLease(dataDir);
      if (renew && lease?.run !== runId) return false;
      if (lease && lease.run !== runId && !isStale(lease)) throw new RunLockedError(dataDir, lease);
      const now = new Date().toISOString();
      const next: RunLease = {
        run: runId,
        mode,
        host: os.hostname(),
        pid: process.pid,
        acquired_at: lease?.run === runId ? lease.acquired_at : now,
        renewed_at: now,
      };
      await writeFileAtomic(leaseFile(dataDir), `${JSON.stringify(next, null, 2)}\n`);
      return true;
    },
    logger,
  );
}

/** Ends `runId`'s lease; false when it held none (released already, or taken over). */
export async function releaseRunLock(dataDir: string, runId: string): Promise<boolean> {
  return underMutex(dataDir, async () => {
    const lease = await readLease(dataDir);
    if (lease?.run !== runId) return false;
    await fs.rm(leaseFile(dataDir), { force: true });
    return true;
  });
}

/** Throws RunLockedError unless `runId` holds the lease: what only the holder may do (a commit). */
export async function assertRunLock(dataDir: string, runId: string): Promise<void> {
  const lease = await readLease(dataDir);
  if (lease?.run !== runId) {
    throw lease
      ? new RunLockedError(dataDir, lease)
      : new PermanentStageError(`run ${runId} does not hold the run lock of ${dataDir}`);
  }
}

/**
 * Takes the lease for `runId` and renews it until `stop` or `release`. A renewal that finds
 * the lease gone or another run holding it (this run's lease went stale) stops renewing and
 * logs it; the run then fails at its publish (assertRunLock) instead of deleting what the
 * other run needs.
 */
export async function acquireRunLock(
  dataDir: string,
  runId: string,
  mode: RunLockMode,
  logger?: Logger,
): Promise<HeldRunLock> {
  await takeLease(dataDir, runId, mode, false, logger);
  const timer = setInterval(() => {
    takeLease(dataDir, runId, mode, true, logger).then(
      (held) => {
        if (held) return;
        clearInterval(timer);
        logger?.warn({ run: runId }, 'run lock released or taken over; no longer renewed');
      },
      (err: unknown) => {
        clearInterval(timer);
        logger?.error({ err: (err as Error).message, run: runId }, 'run lock renewal failed');
      },
    );
  }, RENEW_MS);
  timer.unref();
  return {
    runId,
    stop: () => clearInterval(timer),
    release: async () => {
      clearInterval(timer);
      await releaseRunLock(dataDir, runId);
    },
  };
}
