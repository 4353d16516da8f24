import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';

/** Write-then-rename, so a crash leaves the old file or the new one, never half of either. */
export async function writeFileAtomic(file: string, data: string): Promise<void> {
  const tmp = `${file}.${randomUUID().slice(0, 8)}.tmp`;
  await fs.writeFile(tmp, data);
  await fs.rename(tmp, file);
}

export async function readJsonFile<T>(file: string): Promise<T | null> {
  try {
    return JSON.parse(await fs.readFile(file, 'utf8')) as T;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}
