/**
 * A run's working directory: one artifact per finished stage, written atomically. A stage
 * whose artifact exists is done; re-running it (a retry, a worker killed mid-stage, a
 * second worker picking the job up) returns the stored result instead of redoing work,
 * which is what makes every stage idempotent per run id.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import v8 from 'node:v8';

export function runDirFor(dataDir: string, runId: string): string {
  if (!/^[A-Za-z0-9_.-]+$/.test(runId))
    throw new Error(`run id ${JSON.stringify(runId)} must be [A-Za-z0-9_.-]+`);
  return path.join(dataDir, 'runs', runId);
}

/** Writes `value` (structured-clone serialised) so readers see the whole file or none. */
export async function writeArtifact(runDir: string, name: string, value: unknown): Promise<void> {
  await fs.mkdir(runDir, { recursive: true });
  const file = path.join(runDir, `${name}.v8`);
  await writeFileAtomic(file, v8.serialize(value));
}

export async function readArtifact<T>(runDir: string, name: string): Promise<T | null> {
  try {
    return v8.deserialize(await fs.readFile(path.join(runDir, `${name}.v8`))) as T;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

export async function requireArtifact<T>(runDir: string, name: string): Promise<T> {
  const value = await readArtifact<T>(runDir, name);
  if (value === null)
    throw new Error(`run artifact "${name}" is missing in ${runDir}: its stage has not finished`);
  return value;
}
