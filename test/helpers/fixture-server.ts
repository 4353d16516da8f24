/**
 * Serves a directory over node:http on an ephemeral port, as a stand-in sponsor website for
 * the scraping tests. `/a/b/` serves `/a/b/index.html`; query strings are ignored, so one
 * page can render `?page=2` or `?id=X` from its own script as real trial finders do.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

export interface FixtureServerOptions {
  /** Paths answered once with 503 before being served, to exercise retries. */
  failOncePaths?: string[];
}

export interface FixtureServer {
  url: string;
  /** Every request as "STATUS /path?query", in order. */
  requests: string[];
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
};

export async function startFixtureServer(
  root: string,
  opts: FixtureServerOptions = {},
): Promise<FixtureServer> {
  const rootAbs = path.resolve(root);
  const failOnce = new Set(opts.failOncePaths ?? []);
  const requests: string[] = [];
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fixture');
    const pathname = decodeURIComponent(url.pathname);
    const log = (status: number) => requests.push(`${status} ${url.pathname}${url.search}`);
    if (failOnce.delete(pathname)) {
      log(503);
      res
        .writeHead(503, { 'content-type': 'text/plain', 'retry-after': '0' })
        .end('temporarily unavailable');
      return;
    }
    let file = path.join(rootAbs, pathname);
    // Keeps `..` in a URL from reading outside the fixture directory.
    if (!file.startsWith(rootAbs + path.sep) && file !== rootAbs) {
      log(403);
      res.writeHead(403).end();
      return;
    }
    if (pathname.endsWith('/')) file = path.join(file, 'index.html');
    try {
      const body = await fs.readFile(file);
      log(200);
      res
        .writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' })
        .end(body);
    } catch {
      log(404);
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
