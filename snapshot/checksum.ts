import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Worker } from 'node:worker_threads';

export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * The worker's code: plain CommonJS run by `eval`, so the thread loads no TypeScript loader
 * (it starts with no execArgv) and costs a few milliseconds to start.
 */
const HASH_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const fs = require('node:fs');
const fd = fs.openSync(workerData, 'r');
const hash = createHash('sha256');
const buf = Buffer.allocUnsafe(4 * 1024 * 1024);
try {
  for (let n; (n = fs.readSync(fd, buf, 0, buf.length, null)) > 0; ) hash.update(buf.subarray(0, n));
} finally {
  fs.closeSync(fd);
}
parentPort.postMessage(hash.digest('hex'));
`;

/**
 * sha256File on a worker thread, which reads the file itself: a ~250 MB serving index is
 * hashed on the other core (~0.3-0.5 s of CPU) while this thread reads and decodes it.
 */
export function sha256FileOffThread(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let digest: string | null = null;
    const worker = new Worker(HASH_WORKER, { eval: true, workerData: file, execArgv: [] });
    worker.once('message', (hex: string) => (digest = hex));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (digest !== null) resolve(digest);
      else reject(new Error(`hashing ${file}: worker exited (code ${code}) without a digest`));
    });
  });
}
