/**
 * Requests Node's HTTP parser refuses before Express sees them (headers over the limit,
 * bytes that are not HTTP, unknown methods) are answered with the same JSON error
 * envelope as every other error, instead of an empty 400/431.
 */
import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from '../config/logger.js';
import { ApiError } from './errors.js';

export function answerParserErrors(server: Server, logger: Logger): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    // A client that went away, or a socket already answered, gets nothing more.
    if (err.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const error =
      err.code === 'HPE_HEADER_OVERFLOW'
        ? new ApiError('headers_too_large', 'The request headers are too large.', { cause: err })
        : new ApiError('bad_request', 'The request is not valid HTTP/1.1.', { cause: err });
    const body = JSON.stringify(error.toBody());
    logger.debug({ code: err.code, status: error.status }, 'malformed request refused');
    socket.end(
      `HTTP/1.1 ${error.status} ${error.status === 431 ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'X-Content-Type-Options: nosniff\r\n' +
        'Connection: close\r\n\r\n' +
        body,
    );
  });
}
