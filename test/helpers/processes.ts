/**
 * Child processes for the tests that run the real CLI and server: spawn `node bin/lungtrials.js`,
 * wait for a line, collect output, and kill what was started.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { pino, type Logger } from 'pino';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// The package's own bin (tsx registered in-process), run by this node: the `tsx` command would
// put a relaying parent between a test's signals and the CLI, and under load a second SIGTERM
// reaching that relay ended the run with 143 instead of the CLI's own exit code.
const CLI_COMMAND = [process.execPath, path.join(ROOT, 'bin', 'lungtrials.js')] as const;

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `lungtrials <args>` to completion. */
export function runCli(
  args: string[],
  env: Record<string, string>,
  timeoutMs = 30_000,
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(CLI_COMMAND[0], [CLI_COMMAND[1], ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(
        new Error(`lungtrials ${args.join(' ')} timed out\nstdout: ${stdout}\nstderr: ${stderr}`),
      );
    }, timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

export interface RunningProcess {
  child: ChildProcess;
  output(): string;
  /** Resolves with the first stdout/stderr line matching; rejects if the process exits first. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<string>;
  /** SIGTERM, then SIGKILL after a grace period; resolves with the exit code. */
  stop(graceMs?: number): Promise<number | null>;
}

/** Starts `lungtrials <args>` and leaves it running. */
export function startCli(args: string[], env: Record<string, string>): RunningProcess {
  const child = spawn(CLI_COMMAND[0], [CLI_COMMAND[1], ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer): void => {
    output += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  child.on('exit', () => {
    for (const listener of listeners) listener();
  });

  return {
    child,
    output: () => output,
    waitFor(pattern, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const check = (): void => {
          const line = output.split('\n').find((l) => pattern.test(l));
          if (line !== undefined) finish(() => resolve(line));
          else if (child.exitCode !== null || child.signalCode !== null)
            finish(() =>
              reject(
                new Error(
                  `process exited (${child.exitCode ?? child.signalCode}) before ${pattern}:\n${output}`,
                ),
              ),
            );
        };
        const timer = setTimeout(
          () => finish(() => reject(new Error(`timed out waiting for ${pattern}:\n${output}`))),
          timeoutMs,
        );
        const finish = (settle: () => void): void => {
          clearTimeout(timer);
          listeners.delete(check);
          settle();
        };
        listeners.add(check);
        check();
      });
    },
    async stop(graceMs = 5_000) {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

/** A port nothing listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A pino logger whose JSON lines the test can read. */
export function capturingLogger(): { logger: Logger; lines(): Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString().split('\n'))
        if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
      callback();
    },
  });
  return { logger: pino({ level: 'debug' }, sink), lines: () => lines };
}

/**
 * Runs `lungtrials <args>` in a pseudo-terminal (util-linux `script`), as an operator at a
 * terminal sees it: stdout and stderr both are the terminal, merged in `output`. With
 * `until`, the command (a server) is stopped once a line matches.
 */
export function runCliInTerminal(
  args: string[],
  env: Record<string, string>,
  options: { timeoutMs?: number; until?: RegExp } = {},
): Promise<{ code: number | null; output: string }> {
  const command = [...CLI_COMMAND, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  return new Promise((resolve, reject) => {
    // Its own process group, so stopping it reaches the command inside the terminal too.
    const child = spawn('script', ['-qefc', command, '/dev/null'], {
      cwd: ROOT,
      env: { ...process.env, TERM: 'xterm', COLUMNS: '120', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    const stopGroup = (signal: NodeJS.Signals): void => {
      try {
        process.kill(-child.pid!, signal);
      } catch {
        // already gone
      }
    };
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      if (options.until?.test(output.replace(/\r/g, ''))) stopGroup('SIGTERM');
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    const timer = setTimeout(() => {
      stopGroup('SIGKILL');
      reject(new Error(`lungtrials ${args.join(' ')} (terminal) timed out\n${output}`));
    }, options.timeoutMs ?? 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output: output.replace(/\r/g, '') });
    });
  });
}
