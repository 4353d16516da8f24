/**
 * Each measured part runs in a child process of its own (the server under load, the
 * pipeline, the geo micro-benchmark), so the load generator never shares an event loop
 * or a heap with what it measures, and a child's peak RSS is that part's alone. Children
 * are TypeScript files run through tsx's loader and talk to the parent over IPC.
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));

/** Every message a child sends has a `type`; `error` ends it with a message. */
export interface ChildMessage {
  type: string;
}

export interface StartChildOptions {
  /** Extra node flags, e.g. --cpu-prof. */
  nodeFlags?: string[];
  env?: NodeJS.ProcessEnv;
}

export class BenchChild {
  private readonly queue: ChildMessage[] = [];
  private waiter: {
    type: string;
    resolve: (m: ChildMessage) => void;
    reject: (e: Error) => void;
  } | null = null;
  private exited: Error | null = null;
  readonly done: Promise<number | null>;

  constructor(
    readonly name: string,
    private readonly proc: ChildProcess,
  ) {
    proc.on('message', (raw) => this.receive(raw as ChildMessage));
    this.done = new Promise((resolve) => {
      proc.on('exit', (code, signal) => {
        this.exited = new Error(`${name} exited (code ${code}, signal ${signal}) before answering`);
        this.waiter?.reject(this.exited);
        this.waiter = null;
        resolve(code);
      });
    });
  }

  get pid(): number | undefined {
    return this.proc.pid;
  }

  private receive(message: ChildMessage): void {
    if (message.type === 'error') {
      const error = new Error(
        `${this.name}: ${String((message as { message?: unknown }).message)}`,
      );
      if (this.waiter) this.waiter.reject(error);
      else this.exited = error;
      this.waiter = null;
      return;
    }
    if (this.waiter && this.waiter.type === message.type) {
      this.waiter.resolve(message);
      this.waiter = null;
    } else {
      this.queue.push(message);
    }
  }

  /** The next message of that type (queued ones first). */
  next<T extends ChildMessage>(type: string): Promise<T> {
    const i = this.queue.findIndex((m) => m.type === type);
    if (i >= 0) return Promise.resolve(this.queue.splice(i, 1)[0] as T);
    if (this.exited) return Promise.reject(this.exited);
    return new Promise((resolve, reject) => {
      this.waiter = { type, resolve: resolve as (m: ChildMessage) => void, reject };
    });
  }

  /** Sends a request and waits for the reply of `replyType`. */
  ask<T extends ChildMessage>(message: ChildMessage, replyType: string): Promise<T> {
    const reply = this.next<T>(replyType);
    this.proc.send(message);
    return reply;
  }

  /** Asks the child to finish (it exits by itself); kills it if it does not within 15 s. */
  async stop(): Promise<void> {
    if (this.proc.exitCode !== null || this.proc.signalCode !== null) return;
    // The child may leave between the check and the write (it exits once it has answered): the
    // callback takes that EPIPE instead of an unhandled 'error' event ending the bench.
    if (this.proc.connected) this.proc.send({ type: 'stop' }, () => undefined);
    const timer = setTimeout(() => this.proc.kill('SIGKILL'), 15_000);
    await this.done;
    clearTimeout(timer);
  }
}

/** Starts bench/<script> under tsx with an IPC channel; its stdout/stderr go to ours. */
export function startChild(
  script: string,
  args: string[],
  opts: StartChildOptions = {},
): BenchChild {
  const proc = fork(path.join(BENCH_DIR, script), args, {
    execArgv: ['--import', 'tsx', ...(opts.nodeFlags ?? [])],
    env: { ...process.env, ...opts.env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new BenchChild(script, proc);
}

/** Runs a child that answers once with a `result` message and exits. */
export async function runChild<T extends ChildMessage>(
  script: string,
  args: string[],
  opts: StartChildOptions = {},
): Promise<T> {
  const child = startChild(script, args, opts);
  try {
    return await child.next<T>('result');
  } finally {
    await child.stop();
  }
}

/** Child side: report a failure to the parent, then exit non-zero. */
export async function failChild(error: unknown): Promise<never> {
  const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
  await sendToParent({ type: 'error', message } as ChildMessage).catch(() => undefined);
  process.exit(1);
}

/** Child side: send a message and wait until it is on the wire. */
export function sendToParent<T extends ChildMessage>(message: T): Promise<void> {
  return new Promise((resolve, reject) => {
    if (!process.send) {
      reject(new Error('this script is a bench child: run it through `npm run bench`'));
      return;
    }
    process.send(message, (error: Error | null) => (error ? reject(error) : resolve()));
  });
}

/** Child side: resolves when the parent says stop (or goes away). */
export function untilStopped(): Promise<void> {
  return new Promise((resolve) => {
    process.on('message', (m: ChildMessage) => {
      if (m.type === 'stop') resolve();
    });
    process.on('disconnect', () => resolve());
  });
}

/** Peak resident set of this process so far, in MB (resourceUsage reports KiB). */
export function maxRssMb(): number {
  return process.resourceUsage().maxRSS / 1024;
}

export function rssMb(): number {
  return process.memoryUsage.rss() / (1024 * 1024);
}
