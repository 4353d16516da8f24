/**
 * A redis-server of the test's own on a free port, for faults the shared Redis must not
 * suffer: stopped, frozen (SIGSTOP), restarted. AOF is on, as the README asks of
 * production, so a restart keeps the keys.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { closedPort } from './processes.js';

export interface OwnRedis {
  url: string;
  port: number;
  start(): Promise<void>;
  /** SIGKILL: connections drop at once. */
  kill(): Promise<void>;
  freeze(): void;
  thaw(): void;
}

export async function ownRedis(dir: string): Promise<OwnRedis> {
  const port = await closedPort();
  let proc: ChildProcess | null = null;
  const url = `redis://127.0.0.1:${port}`;
  const api: OwnRedis = {
    url,
    port,
    async start() {
      proc = spawn(
        'redis-server',
        [
          '--port',
          String(port),
          '--bind',
          '127.0.0.1',
          '--dir',
          dir,
          '--appendonly',
          'yes',
          '--appendfsync',
          'always',
          '--save',
          '',
        ],
        {
          stdio: 'ignore',
        },
      );
      const deadline = Date.now() + 15_000;
      for (;;) {
        const probe = new Redis(url, {
          lazyConnect: true,
          connectTimeout: 500,
          maxRetriesPerRequest: 0,
          retryStrategy: () => null,
        });
        probe.on('error', () => {});
        try {
          await probe.connect();
          await probe.ping();
          probe.disconnect();
          return;
        } catch {
          probe.disconnect();
          if (Date.now() > deadline) throw new Error(`redis-server on port ${port} did not start`);
          await new Promise((r) => setTimeout(r, 100));
        }
      }
    },
    async kill() {
      const p = proc;
      proc = null;
      if (!p || p.exitCode !== null) return;
      p.kill('SIGCONT');
      await new Promise<void>((resolve) => {
        p.once('exit', () => resolve());
        p.kill('SIGKILL');
      });
    },
    freeze() {
      proc?.kill('SIGSTOP');
    },
    thaw() {
      proc?.kill('SIGCONT');
    },
  };
  return api;
}
