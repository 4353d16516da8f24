import { pino, type Logger } from 'pino';

/** One pino logger per process; components take `logger.child({ component })`. */
export function createLogger(level: string = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({ level, base: { pid: process.pid } });
}

export type { Logger };
