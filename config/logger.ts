import { createRequire } from 'node:module';
import { pino, type DestinationStream, type Logger } from 'pino';
import type PinoPretty from 'pino-pretty';
import { envSetting } from './env.js';

// Loaded only for a terminal, so commands in pipes and `--help` do not pay for it.
const require = createRequire(import.meta.url);

/**
 * One pino logger per process; components take `logger.child({ component })`.
 *
 * Logs go to stderr so that stdout carries only a command's results (the curl line, the
 * stage table, the published version, a created key) and can be piped. At a terminal the
 * lines are pretty-printed; anywhere else (pipes, files, CI, log collectors) they stay one
 * JSON object per line. Both write synchronously, so a log line never lands after the
 * result line a command prints once it is done.
 */
export function createLogger(
  level: string = envSetting('LOG_LEVEL'),
  options: { pretty?: boolean } = {},
): Logger {
  const human = options.pretty ?? Boolean(process.stderr.isTTY);
  const stream: DestinationStream = human
    ? (require('pino-pretty') as typeof PinoPretty)({
        destination: 2,
        sync: true,
        colorize: true,
        translateTime: 'SYS:HH:MM:ss',
        ignore: 'pid,hostname',
      })
    : pino.destination({ dest: 2, sync: true });
  return pino({ level, base: { pid: process.pid } }, stream);
}

export type { Logger };
