/** Input files named in a run's saved options: when one is gone, no retry will bring it back. */
import { promises as fs } from 'node:fs';
import { PermanentStageError } from '../../errors.js';

export interface InputPath {
  what: string;
  path: string;
}

/**
 * Runs a stage's work; if it fails while one of its input paths does not exist, the failure
 * is rethrown as permanent, keeping the stage's own message.
 */
export async function withInputs<T>(inputs: InputPath[], work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof PermanentStageError) throw err;
    const missing = await firstMissing(inputs);
    if (missing) {
      const message = err instanceof Error ? err.message : String(err);
      throw new PermanentStageError(
        message.includes(missing.path) ? message : `${missing.what} not found: ${missing.path}`,
        { cause: err },
      );
    }
    throw err;
  }
}

async function firstMissing(inputs: InputPath[]): Promise<InputPath | null> {
  for (const input of inputs) {
    try {
      await fs.stat(input.path);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return input;
      throw err;
    }
  }
  return null;
}
