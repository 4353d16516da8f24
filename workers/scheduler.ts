/**
 * The monthly refresh: a BullMQ job scheduler on the `refresh` queue whose job starts a
 * refresh flow with the configured sources. Upserting is idempotent, so every workers
 * process may (re)register it at startup; the last one to do so sets pattern and sources.
 */
import type { PipelineOptions } from '../pipeline/run/index.js';
import type { QueueSet } from './queues.js';

export const REFRESH_SCHEDULER_ID = 'monthly-refresh';
export const SCHEDULED_REFRESH_JOB = 'scheduled-refresh';
export const DEFAULT_REFRESH_CRON = '0 3 1 * *';

export interface ScheduledRefreshData {
  /** Source options of every run this scheduler starts. */
  options: PipelineOptions;
}

export interface RefreshScheduleInfo {
  id: string;
  pattern: string;
  tz: string;
  /** Next run (epoch ms), when BullMQ knows it. */
  next: number | null;
  options: PipelineOptions | null;
}

export async function upsertRefreshSchedule(
  queues: QueueSet,
  schedule: { pattern?: string; options: PipelineOptions },
): Promise<RefreshScheduleInfo> {
  const pattern = schedule.pattern ?? DEFAULT_REFRESH_CRON;
  await queues.refresh.upsertJobScheduler(
    REFRESH_SCHEDULER_ID,
    // Months differ in length and DST moves local midnights; the schedule is stated in UTC.
    { pattern, tz: 'UTC' },
    {
      name: SCHEDULED_REFRESH_JOB,
      data: { options: schedule.options } satisfies ScheduledRefreshData,
      opts: { attempts: 3, backoff: { type: 'exponential', delay: 60_000 } },
    },
  );
  const info = await readRefreshSchedule(queues);
  if (!info) throw new Error(`job scheduler ${REFRESH_SCHEDULER_ID} was not stored`);
  return info;
}

export async function readRefreshSchedule(queues: QueueSet): Promise<RefreshScheduleInfo | null> {
  const found = await queues.refresh.getJobScheduler(REFRESH_SCHEDULER_ID);
  if (!found) return null;
  const data = found.template?.data as ScheduledRefreshData | undefined;
  return {
    id: REFRESH_SCHEDULER_ID,
    pattern: found.pattern ?? '',
    tz: found.tz ?? '',
    next: found.next ?? null,
    options: data?.options ?? null,
  };
}

export async function removeRefreshSchedule(queues: QueueSet): Promise<boolean> {
  return queues.refresh.removeJobScheduler(REFRESH_SCHEDULER_ID);
}
