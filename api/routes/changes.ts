/**
 * GET /api/v1/changes?since=<version>: the trials added, changed or removed between a
 * version a client read and the one served (or `until`), one net change per trial, paged
 * like /trials (limit, offset, meta.next / Link, `until` pinned in the links). The rows
 * come from the versions' change files (api/change-feed.ts); the feed is counted like any
 * data request.
 */
import type { Request, RequestHandler, Response } from 'express';
import { ChangeFeed } from '../change-feed.js';
import { ApiError, invalidParameter } from '../errors.js';
import type { SnapshotHolder } from '../live-snapshot.js';
import { PARAMETERS } from '../params/parameters.js';
import { queryReader } from '../params/read-query.js';
import { pageLinks } from '../query/render.js';
import { notModified } from './caching.js';
import { sendDataBody } from './compressed-bodies.js';
import { quotaOf, routeLocals } from './send.js';
import { linkHeader } from './trials.js';
import { ROUTE_PATHS } from './paths.js';

const readChanges = queryReader(PARAMETERS, 'changes');

const gone = (since: string, oldest: string, served: string): ApiError =>
  new ApiError(
    'changes_unavailable',
    `The change feed does not reach back to ${since}: the oldest version it answers since is ` +
      `${oldest} (older versions were pruned, or published before the feed). Read /trials in ` +
      `full now, then follow /changes?since=${served}.`,
  );

export function listChanges(holder: SnapshotHolder): RequestHandler {
  const feeds = new Map<string, ChangeFeed>();
  const feedOf = (root: string) => {
    let feed = feeds.get(root);
    if (!feed) feeds.set(root, (feed = new ChangeFeed(root)));
    return feed;
  };
  return async function listChanges(req: Request, res: Response): Promise<void> {
    const { snapshot, usage } = routeLocals(res);
    const q = readChanges(req.query as Record<string, unknown>);
    if (q.since === null)
      throw invalidParameter('since', 'required: the snapshot version the client last read');
    const served = snapshot.manifest.version;
    const until = q.until ?? served;
    if (until > served)
      throw invalidParameter('until', `newer than the version served here (${served})`);
    if (q.since > until)
      throw invalidParameter(
        'since',
        `newer than ${q.until ? 'until' : 'the version served'} (${until})`,
      );
    const root = holder.root;
    if (!root)
      throw new ApiError(
        'changes_unavailable',
        'This server serves a fixed snapshot with no change files.',
      );
    const feed = feedOf(root);
    if (q.until && !(await feed.has(until)))
      throw invalidParameter('until', `no version ${until} is kept here`);
    const answer =
      q.since === until
        ? { status: 'ok' as const, rows: [] }
        : await feed.between(q.since, until, served);
    if (answer.status === 'gone') throw gone(q.since, answer.oldest, served);
    if (answer.status === 'unknown')
      throw invalidParameter(
        'since',
        `no version ${q.since} was published here; versions from there on: ${answer.versions.join(', ')}`,
      );
    if (notModified(req, res, snapshot)) return;
    const quota = quotaOf(usage);
    const urlFor = changesUrl(q.since, until, q.limit);
    sendDataBody(req, res, snapshot.compressed, quota, () => {
      const rows = answer.rows;
      const links = pageLinks(rows.length, q.limit, q.offset, urlFor);
      const link = linkHeader(links);
      const body = {
        data: rows.slice(q.offset, q.offset + q.limit),
        meta: {
          since: q.since,
          version: until,
          total: rows.length,
          limit: q.limit,
          offset: q.offset,
          ...links,
          ...quota,
        },
      };
      return {
        body: Buffer.from(JSON.stringify(body)),
        ...(link ? { headers: { Link: link } } : {}),
      };
    });
  };
}

/** A page's URL: since and until pinned, so every page reads the same pair of versions. */
function changesUrl(since: string, until: string, limit: number): (offset: number) => string {
  return (offset) =>
    `${ROUTE_PATHS.changes}?${new URLSearchParams({ since, until, limit: String(limit), offset: String(offset) })}`;
}
