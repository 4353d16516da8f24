/**
 * One load run with autocannon: N connections cycling through a list of request paths.
 * Latencies are taken from autocannon's per-response times (fractional ms) rather than its
 * histogram, which records whole milliseconds and would report a 0.6 ms p50 as 1 ms.
 */
import autocannon from 'autocannon';

export interface LoadOptions {
  /** e.g. http://127.0.0.1:34567 */
  base: string;
  paths: readonly string[];
  /** POST these bodies in turn to paths[0] instead of GETting the paths. */
  bodies?: readonly string[];
  headers?: Record<string, string>;
  seconds: number;
  connections: number;
}

export interface LoadResult {
  requests: number;
  seconds: number;
  rps: number;
  p50_ms: number;
  p99_ms: number;
  mean_ms: number;
  /** Mean response size in bytes. */
  bytes: number;
}

function percentile(sorted: Float64Array, q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

export function runLoad(opts: LoadOptions): Promise<LoadResult> {
  let next = 0;
  const { paths, bodies } = opts;
  const postHeaders = {
    ...opts.headers,
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
  };
  let times = new Float64Array(1 << 16);
  let count = 0;
  let bytes = 0;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: opts.base,
        connections: opts.connections,
        duration: opts.seconds,
        headers: opts.headers,
        requests: [
          {
            method: 'GET',
            // Shared by all connections, so together they walk the list in order.
            setupRequest: (req) =>
              bodies
                ? {
                    ...req,
                    method: 'POST',
                    path: paths[0],
                    headers: postHeaders,
                    body: bodies[next++ % bodies.length],
                  }
                : { ...req, path: paths[next++ % paths.length] },
          },
        ],
      },
      (error, result) => {
        if (error) {
          reject(error);
          return;
        }
        if (result.errors > 0 || result.timeouts > 0 || result.non2xx > 0) {
          reject(
            new Error(
              `load run against ${paths[0]}...: ${result.errors} errors, ${result.timeouts} ` +
                `timeouts, ${result.non2xx} non-2xx responses`,
            ),
          );
          return;
        }
        const sorted = times.subarray(0, count).sort();
        let sum = 0;
        for (let i = 0; i < count; i++) sum += sorted[i];
        resolve({
          requests: count,
          seconds: result.duration,
          rps: count / result.duration,
          p50_ms: percentile(sorted, 0.5),
          p99_ms: percentile(sorted, 0.99),
          mean_ms: sum / count,
          bytes: bytes / count,
        });
      },
    );
    instance.on('response', (_client, _status, resBytes, responseTime) => {
      if (count === times.length) {
        const grown = new Float64Array(times.length * 2);
        grown.set(times);
        times = grown;
      }
      times[count++] = responseTime;
      bytes += resBytes;
    });
  });
}
