/**
 * The queue dashboard (bull-board) over every refresh stage queue and the schedule's
 * queue, behind the operator token. It has its own BullMQ connection: the API's key and
 * counter connection fails commands fast, which BullMQ does not allow.
 */
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import type { Logger } from '../../config/logger.js';
import { closeRedis } from '../../config/redis.js';
import { bullPrefix, connectQueueRedis, openQueues } from '../../workers/queues.js';
import { bodyLimit, DASHBOARD_BODY_LIMIT_BYTES } from '../middleware/body-limit.js';
import { dashboardSecurityHeaders, sameOriginWrites } from '../middleware/security.js';
import { operatorAuth } from './auth.js';
import { DASHBOARD_PATH } from './paths.js';

export interface OperatorDashboardOptions {
  token: string;
  redisUrl: string;
  /** The service's REDIS_PREFIX; the queues are read under bullPrefix(it), as the workers write them. */
  redisPrefix: string;
  logger: Logger;
}

export interface OperatorDashboard {
  router: Router;
  close(): Promise<void>;
}

/** The dashboard router, or null (logged) when Redis cannot be reached: the API serves without it. */
export async function openOperatorDashboard(
  opts: OperatorDashboardOptions,
): Promise<OperatorDashboard | null> {
  let connection;
  try {
    connection = await connectQueueRedis(opts.redisUrl, {
      logger: opts.logger,
      connectTimeoutMs: 1500,
    });
  } catch (err) {
    opts.logger.warn(
      { err: err instanceof Error ? err.message : String(err) },
      `queue dashboard not mounted at ${DASHBOARD_PATH}`,
    );
    return null;
  }
  const queues = openQueues({ connection, prefix: bullPrefix(opts.redisPrefix) });
  const serverAdapter = new ExpressAdapter().setBasePath(DASHBOARD_PATH);
  createBullBoard({
    queues: queues.all().map((q) => new BullMQAdapter(q)),
    serverAdapter,
    options: { uiConfig: { boardTitle: 'lungtrials refresh' } },
  });
  const board = serverAdapter.getRouter() as express.Express;
  // bull-board's own Express app would announce itself on every page.
  board.disable('x-powered-by');
  const router = express.Router();
  router.use(
    DASHBOARD_PATH,
    dashboardSecurityHeaders(),
    sameOriginWrites(),
    // bull-board parses write bodies itself, after the token check: the size is checked before it.
    bodyLimit(DASHBOARD_BODY_LIMIT_BYTES),
    operatorAuth(opts.token),
    selfContained,
    board,
  );
  opts.logger.info({ path: DASHBOARD_PATH }, 'queue dashboard mounted (operator token required)');
  return {
    router,
    async close() {
      await queues.close(opts.logger);
      await closeRedis(connection);
    },
  };
}

/**
 * The dashboard works offline: bull-board's page links its web fonts from a font CDN, which
 * an operator network without internet cannot reach (the page then waits on it). The link
 * is dropped from the HTML (the page falls back to the system sans-serif) and the policy
 * header (middleware/security.ts) keeps fonts and stylesheets to this server.
 */
function selfContained(_req: Request, res: Response, next: NextFunction): void {
  const send = res.send.bind(res);
  res.send = (body?: unknown) =>
    send(typeof body === 'string' ? body.replace(EXTERNAL_FONT_LINK, '') : body);
  next();
}

const EXTERNAL_FONT_LINK =
  /<link\b[^>]*href="https?:\/\/fonts\.(?:googleapis|gstatic)\.com[^"]*"[^>]*>\s*/g;
