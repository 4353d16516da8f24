/**
 * A body's head compressed so that more can follow it: the gzip header and the head's raw
 * deflate, sync-flushed (byte-aligned, no last block), so a response is this head, then
 * its per-key end as a last stored block and the gzip trailer (api/routes/compressed-bodies.ts
 * `bodyEnd`), without compressing the head again. Written once per body: per snapshot and
 * URL by the kept bodies' ring, and per trial at index build for every detail
 * (./trial-json.ts), which is then held only in this form.
 */
import zlib from 'node:zlib';

/** The gzip header every head starts with (no name, time or flags). */
export const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);

/** `head` as the gzip header and its sync-flushed raw deflate (by default zlib's level, 6). */
export function gzipHead(
  head: Uint8Array,
  level: number = zlib.constants.Z_DEFAULT_COMPRESSION,
): Buffer {
  const deflated = zlib.deflateRawSync(head, { level, finishFlush: zlib.constants.Z_SYNC_FLUSH });
  return Buffer.concat([GZIP_HEADER, deflated]);
}

/** The head `gzipHead` compressed, of `bytes` bytes; throws if it inflates to another length. */
export function gunzipHead(packed: Uint8Array, bytes: number): Buffer {
  const head = zlib.inflateRawSync(packed.subarray(GZIP_HEADER.length), {
    finishFlush: zlib.constants.Z_SYNC_FLUSH,
  });
  if (head.length !== bytes)
    throw new Error(`a compressed head inflated to ${head.length} bytes, not ${bytes}`);
  return head;
}
