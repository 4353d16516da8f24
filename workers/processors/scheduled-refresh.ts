/**
 * The processor of the schedule's job: start a refresh flow with the scheduled sources.
 * A run still in flight is not an error to retry: this month's run is skipped, and says so.
 */
import { RunLockedError } from '../../pipeline/run/index.js';
import { UnrecoverableError, type Job } from 'bullmq';
import {
  InvalidRefreshOptionsError,
  RefreshInFlightError,
  startRefresh,
  type RefreshDeps,
} from '../flow.js';
import type { ScheduledRefreshData } from '../scheduler.js';

export type ScheduledRefreshResult = { started: string } | { skipped: string };

export function scheduledRefreshProcessor(deps: RefreshDeps) {
  return async function processScheduledRefresh(
    job: Job<ScheduledRefreshData>,
  ): Promise<ScheduledRefreshResult> {
    const log = deps.logger.child({ job: job.id });
    try {
      const { runId } = await startRefresh(job.data.options, deps);
      log.info({ run: runId }, 'scheduled refresh started');
      return { started: runId };
    } catch (err) {
      if (err instanceof RefreshInFlightError || err instanceof RunLockedError) {
        log.warn({ err: err.message }, 'scheduled refresh skipped');
        return { skipped: err.message };
      }
      if (err instanceof InvalidRefreshOptionsError) throw new UnrecoverableError(err.message);
      throw err;
    }
  };
}
