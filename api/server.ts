/**
 * The composition root of the API process: stores (Redis, or the fallback), the snapshot
 * holder, the Express app, the listening socket, and an orderly shutdown on SIGTERM/SIGINT.
 */
import type { Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Env } from '../config/env.js';
import type { Logger } from '../config/logger.js';
import { createApp } from './app.js';
import { boundHeapGrowth } from './heap.js';
import { answerParserErrors } from './client-error.js';
import { accessLog } from './middleware/access-log.js';
import { openStores, type ServiceStores } from './keys/open.js';
import { openOperatorDashboard, type OperatorDashboard } from './operator/dashboard.js';
import { SnapshotHolder } from './live-snapshot.js';

export interface StartServerOptions {
  env: Env;
  logger: Logger;
  /** Overrides env.PORT; 0 picks a free port. */
  port?: number;
  /** Stores already opened by the caller (`start` creates the demo key first); closed with the server. */
  stores?: ServiceStores;
  /** Install SIGTERM/SIGINT handlers that close everything and exit. @defaultValue true */
  handleSignals?: boolean;
}

export interface RunningServer {
  /** e.g. http://127.0.0.1:3000 */
  url: string;
  /** Stops accepting, lets in-flight requests finish, then closes the snapshot and Redis. Idempotent. */
  close(): Promise<void>;
}

/** In-flight requests get this long to finish before their connections are cut. */
const DRAIN_MS = 5_000;

export async function startServer(opts: StartServerOptions): Promise<RunningServer> {
  const { env, logger } = opts;
  boundHeapGrowth();
  const stores = opts.stores ?? (await openStores(env, logger, { returnToRedis: true }));
  let snapshots: SnapshotHolder | null = null;
  let operator: OperatorDashboard | null = null;
  try {
    snapshots = await SnapshotHolder.open({
      root: env.SNAPSHOT_DIR,
      logger: logger.child({ component: 'snapshot' }),
      retainPreviousMs: env.SNAPSHOT_RETAIN_PREVIOUS_MINUTES * 60_000,
    });
    const loaded = snapshots.current();
    if (!loaded) {
      logger.warn(
        { snapshotDir: env.SNAPSHOT_DIR },
        'no snapshot published yet: data endpoints answer 503 until one is (run `lungtrials start` for the demo data)',
      );
    }
    // The queue dashboard exists only with an operator token, and needs the queues' Redis.
    if (env.OPERATOR_TOKEN && stores.redis) {
      operator = await openOperatorDashboard({
        token: env.OPERATOR_TOKEN,
        redisUrl: env.REDIS_URL,
        redisPrefix: env.REDIS_PREFIX,
        logger,
      });
    }
    const app = createApp({
      snapshots,
      keys: stores.keys,
      usage: stores.usage,
      gate: stores.gate,
      logger,
      contactEmail: env.OPERATOR_CONTACT_EMAIL,
      redis: () => stores.redis,
      operatorRouter: operator?.router,
      accessLog: accessLog(logger),
    });
    const server = await listen(app, opts.port ?? env.PORT, env.HOST);
    answerParserErrors(server, logger);
    const url = `http://${formatHost(env.HOST)}:${(server.address() as AddressInfo).port}`;
    logger.info(
      {
        url,
        snapshot: loaded?.manifest.version ?? null,
        keys: stores.keyBackend,
        counters: stores.usage.backend,
      },
      'API listening',
    );
    return withShutdown(
      server,
      snapshots,
      stores,
      operator,
      logger,
      url,
      opts.handleSignals ?? true,
    );
  } catch (error) {
    await snapshots?.close().catch(() => undefined);
    await operator?.close().catch(() => undefined);
    await stores.close().catch(() => undefined);
    throw error;
  }
}

function listen(app: ReturnType<typeof createApp>, port: number, host: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, host);
    server.once('listening', () => resolve(server));
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`port ${port} on ${host} is already in use (set PORT to another port)`)
          : error,
      );
    });
  });
}

function withShutdown(
  server: Server,
  snapshots: SnapshotHolder,
  stores: ServiceStores,
  operator: OperatorDashboard | null,
  logger: Logger,
  url: string,
  handleSignals: boolean,
): RunningServer {
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });

  let closing: Promise<void> | null = null;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      process.off('SIGTERM', onSignal);
      process.off('SIGINT', onSignal);
      // Each step in its own try, so a failing one never leaves the next resource open.
      try {
        await new Promise<void>((resolve, reject) => {
          server.close((error) => (error ? reject(error) : resolve()));
          server.closeIdleConnections();
          setTimeout(() => {
            for (const socket of sockets) socket.destroy();
          }, DRAIN_MS).unref();
        });
      } catch (error) {
        logger.error({ err: error }, 'closing the HTTP server failed');
      }
      try {
        await snapshots.close();
      } catch (error) {
        logger.error({ err: error }, 'closing the snapshot failed');
      }
      try {
        await operator?.close();
      } catch (error) {
        logger.error({ err: error }, 'closing the queue dashboard failed');
      }
      try {
        await stores.close();
      } catch (error) {
        logger.error({ err: error }, 'closing Redis failed');
      }
      logger.info('API stopped');
    })();
    return closing;
  };

  // A second signal while closing (a supervisor or tsx relaying the first one) would meet
  // Node's default handler once ours is removed and end the process with 143 mid-drain.
  const onRepeat = (signal: NodeJS.Signals): void => {
    logger.info({ signal }, 'already shutting down');
  };
  const onSignal = (signal: NodeJS.Signals): void => {
    logger.info({ signal }, 'shutting down');
    process.on('SIGTERM', onRepeat);
    process.on('SIGINT', onRepeat);
    close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  if (handleSignals) {
    process.once('SIGTERM', onSignal);
    process.once('SIGINT', onSignal);
  }
  return { url, close };
}

function formatHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}
