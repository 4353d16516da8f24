/**
 * Error codes of the API (docs/api.md) and the one error type routes throw.
 * The error middleware turns an ApiError into the contract's error envelope; anything
 * else becomes 500 internal_error without leaking a stack trace; the error it replaces
 * rides along as `cause`, for the log.
 */

export const ERROR_STATUS = {
  invalid_parameter: 400,
  bad_request: 400,
  missing_api_key: 401,
  invalid_api_key: 401,
  key_revoked: 403,
  not_found: 404,
  method_not_allowed: 405,
  not_acceptable: 406,
  page_token_expired: 410,
  changes_unavailable: 410,
  payload_too_large: 413,
  rate_limit_exceeded: 429,
  headers_too_large: 431,
  quota_exceeded: 429,
  internal_error: 500,
  snapshot_unavailable: 503,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

export interface ApiErrorOptions {
  /** The query or path parameter at fault (400 only). */
  parameter?: string;
  /** Extra response headers, e.g. Retry-After or Allow. */
  headers?: Record<string, string>;
  /** What went wrong underneath (Error's `cause`): logged by the error handler, never sent. */
  cause?: unknown;
}

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly parameter?: string;
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, message: string, options: ApiErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ApiError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.parameter = options.parameter;
    this.headers = options.headers ?? {};
  }

  /** The contract's error envelope. */
  toBody(): { error: { code: ErrorCode; message: string; parameter?: string } } {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.parameter ? { parameter: this.parameter } : {}),
      },
    };
  }
}

export const invalidParameter = (parameter: string, rule: string): ApiError =>
  new ApiError('invalid_parameter', `${parameter}: ${rule}`, { parameter });
