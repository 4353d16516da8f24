/**
 * How the CLI fails: one line on stderr and an exit code a script can act on, never a
 * stack trace unless LOG_LEVEL=debug. 2 means the command line itself is wrong (a bad
 * value, a path that does not exist, an unknown sponsor): nothing was run and running it
 * again unchanged cannot help. 3 means another run holds the data directory (`pipeline
 * run`, `refresh`, `registry import|sync`): nothing was run; the same command works once
 * that run is over. 1 means something failed while running.
 */
import { CommanderError } from 'commander';
import { envSetting } from '../config/env.js';

export const EXIT_RUNTIME = 1;
export const EXIT_USAGE = 2;
export const EXIT_RUN_LOCKED = 3;

/** A mistake in the command line, found before anything ran. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** A failure the operator should read as one sentence (no stack: the message says it all). */
export class OperatorError extends Error {
  override readonly name = 'OperatorError';
}

/** Prints the error as the CLI's last word and returns the exit code for it. */
export function reportError(err: unknown, logLevel: string = envSetting('LOG_LEVEL')): number {
  if (err instanceof CommanderError) {
    // Commander has printed its own one-line message (or the help / version) already.
    if (
      err.code === 'commander.helpDisplayed' ||
      err.code === 'commander.version' ||
      err.code === 'commander.help'
    )
      return 0;
    return err.exitCode === 0 ? 0 : EXIT_USAGE;
  }
  const message = err instanceof Error ? err.message : String(err);
  process.stderr.write(`error: ${message}\n`);
  if (logLevel === 'debug' || logLevel === 'trace') {
    if (err instanceof Error && err.stack) process.stderr.write(`${err.stack}\n`);
  }
  if (err instanceof UsageError) return EXIT_USAGE;
  // By name: the pipeline's error class is not loaded for every command.
  return err instanceof Error && err.name === 'RunLockedError' ? EXIT_RUN_LOCKED : EXIT_RUNTIME;
}
