/**
 * Progress of a registry stage: a cli-progress bar for an operator at a terminal, pino
 * lines (at most one a second) for workers and CI logs.
 */
import cliProgress from 'cli-progress';
import type { Logger } from '../../config/logger.js';

export interface ProgressReporter {
  update(done: number, total: number | null): void;
  stop(): void;
}

export function createProgressReporter(label: string, logger: Logger, tty: boolean = process.stdout.isTTY === true): ProgressReporter {
  if (tty) {
    const bar = new cliProgress.SingleBar(
      { format: `${label} [{bar}] {value}/{total} {percentage}% | {duration_formatted}`, hideCursor: true },
      cliProgress.Presets.shades_classic,
    );
    let started = false;
    return {
      update(done, total) {
        if (!started) {
          bar.start(total ?? done, done);
          started = true;
        }
        if (total !== null) bar.setTotal(total);
        else if (done > bar.getTotal()) bar.setTotal(done);
        bar.update(done);
      },
      stop() {
        if (started) bar.stop();
      },
    };
  }
  let lastLog = 0;
  let last: { done: number; total: number | null } | null = null;
  return {
    update(done, total) {
      last = { done, total };
      const now = Date.now();
      if (now - lastLog < 1000) return;
      lastLog = now;
      logger.info({ done, total }, `${label} progress`);
    },
    stop() {
      if (last && Date.now() - lastLog >= 1000) logger.info(last, `${label} progress`);
    },
  };
}
