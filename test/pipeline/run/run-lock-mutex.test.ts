/**
 * The lease file's mutex lost while held (a stage's CPU work held the event loop past its
 * stale time, or another process broke it as stale) ends in a warning, not the process:
 * proper-lockfile's default threw ECOMPROMISED from a timer and ended a pipeline run under load.
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { expect, it } from 'vitest';
import { RUN_LOCK_FILE, underMutex } from '../../../pipeline/run/run-lock.js';

it('a mutex lost while held gives a warning and the work its result', async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'run-lock-mutex-'));
  const lines: string[] = [];
  let warned: () => void = () => undefined;
  const lost = new Promise<void>((resolve) => (warned = resolve));
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      if (chunk.toString().includes('mutex lost')) warned();
      done();
    },
  });
  const result = await underMutex(
    dir,
    async () => {
      // Another process breaking the mutex as stale removes its lock directory; the holder
      // finds out at its next refresh of the lock.
      await fs.rm(path.join(dir, `${RUN_LOCK_FILE}.lock`), { recursive: true });
      await lost;
      return 'written';
    },
    pino({ level: 'warn' }, sink),
  );
  expect(result).toBe('written');
  expect(JSON.parse(lines[0])).toMatchObject({
    level: 40,
    msg: 'run lock mutex lost while held; continuing',
    dataDir: dir,
  });
  await fs.rm(dir, { recursive: true, force: true });
});
