/**
 * Stage progress for an operator: a cli-progress bar per stage on stderr when stderr is a
 * terminal; elsewhere (CI, pipes, log files) one line per stage state change. Used by
 * `refresh --wait` (states read from the queues) and `pipeline run` (states from the run
 * in this process).
 */
import cliProgress from 'cli-progress';
import { STAGE_NAMES, STAGE_TITLES, type StageName } from '../pipeline/run/stage-names.js';

export interface StageView {
  /** waiting, active, completed, failed, or a queue state such as waiting-children. */
  state: string;
  progress: { done: number; total: number | null } | null;
  attempts: number;
}

export interface StageDisplay {
  update(stages: Record<StageName, StageView>): void;
  stop(): void;
}

export function stageDisplay(tty: boolean = process.stderr.isTTY === true): StageDisplay {
  const width = Math.max(...STAGE_NAMES.map((s) => STAGE_TITLES[s].length));
  if (!tty) {
    const seen = new Map<StageName, string>();
    return {
      update(stages) {
        for (const stage of STAGE_NAMES) {
          const { state, attempts } = stages[stage];
          if (seen.get(stage) === state) continue;
          seen.set(stage, state);
          process.stderr.write(
            `${STAGE_TITLES[stage].padEnd(width)}  ${state}${attempts > 1 ? ` (attempt ${attempts})` : ''}\n`,
          );
        }
      },
      stop() {},
    };
  }
  const multi = new cliProgress.MultiBar(
    {
      format: '{title} [{bar}] {state} {value}/{total}',
      hideCursor: true,
      stream: process.stderr,
      clearOnComplete: false,
    },
    cliProgress.Presets.shades_classic,
  );
  const bars = new Map(
    STAGE_NAMES.map((s) => [
      s,
      multi.create(1, 0, { title: STAGE_TITLES[s].padEnd(width), state: 'waiting' }),
    ]),
  );
  return {
    update(stages) {
      for (const stage of STAGE_NAMES) {
        const { state, progress } = stages[stage];
        const bar = bars.get(stage)!;
        if (state === 'completed') {
          bar.setTotal(Math.max(bar.getTotal(), 1));
          bar.update(bar.getTotal(), { state });
        } else if (progress) {
          // Without a total (a dump being read) the count itself is the best the bar can show.
          bar.setTotal(progress.total ?? Math.max(progress.done, 1));
          bar.update(progress.done, { state });
        } else bar.update({ state });
      }
    },
    stop() {
      multi.stop();
    },
  };
}
