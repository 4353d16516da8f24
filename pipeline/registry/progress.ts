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

export function createProgressReporter(
  label: string,
  logger: Logger,
  tty: boolean = process.stderr.isTTY === true,
): ProgressReporter {
  if (tty) {
    let bar: cliProgress.SingleBar | null = null;
    return {
      update(done, total) {
        if (!bar) {
          // Without a total (a dump being read) a bar would sit at 100%: show a counter instead.
          const format =
            total === null
              ? `${label} {value} records | {duration_formatted}`
              : `${label} [{bar}] {value}/{total} {percentage}% | {duration_formatted}`;
          bar = new cliProgress.SingleBar(
            { format, hideCursor: true, stream: process.stderr },
            cliProgress.Presets.shades_classic,
          );
          bar.start(total ?? done, done);
        }
        if (total !== null) bar.setTotal(total);
        else if (done > bar.getTotal()) bar.setTotal(done);
        bar.update(done);
      },
      stop() {
        bar?.stop();
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
