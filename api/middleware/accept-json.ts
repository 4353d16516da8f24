/**
 * Content negotiation. A request whose Accept admits none of what a route serves gets 406
 * not_acceptable (before the key is checked, so it is not counted), instead of a body it
 * said it cannot take. JSON routes serve application/json; the trial list serves text/csv
 * too (`format=csv`, or an Accept that prefers it). No Accept, `*\/*`, `application/*` and
 * `application/json` (any parameters) admit JSON, with Express's (the `accepts` package's)
 * reading of q-values.
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ApiError } from '../errors.js';

export const JSON_MEDIA_TYPE = 'application/json';
export const CSV_MEDIA_TYPE = 'text/csv';

/** The representations a list can be asked for by `format=`, and their media types. */
export const RESPONSE_FORMATS = ['json', 'csv'] as const;
export type ResponseFormat = (typeof RESPONSE_FORMATS)[number];
const MEDIA_TYPES: Readonly<Record<ResponseFormat, string>> = {
  json: JSON_MEDIA_TYPE,
  csv: CSV_MEDIA_TYPE,
};

/** What is sent: both forms are offered, so `application/json; charset=utf-8` in Accept matches too. */
const offered = (format: ResponseFormat) => [
  MEDIA_TYPES[format],
  `${MEDIA_TYPES[format]}; charset=utf-8`,
];

const notAcceptable = (accept: string, formats: readonly ResponseFormat[]): ApiError =>
  new ApiError(
    'not_acceptable',
    `this endpoint answers ${formats.map((f) => MEDIA_TYPES[f]).join(' or ')}, which Accept: ` +
      `${accept} does not admit`,
  );

/** 406 unless the request's Accept admits one of `formats`. */
export function acceptFormats(formats: readonly ResponseFormat[]): RequestHandler {
  const all = formats.flatMap(offered);
  return function accept(req: Request, _res: Response, next: NextFunction): void {
    if (!req.headers.accept || req.accepts(all)) next();
    else next(notAcceptable(req.headers.accept, formats));
  };
}

export const acceptJson = acceptFormats(['json']);

/**
 * The representation of a list response: `format` when given (406 when Accept excludes
 * it), else the one Accept prefers among `formats` (JSON on a tie or without Accept).
 */
export function chosenFormat(
  req: Request,
  asked: ResponseFormat | null,
  formats: readonly ResponseFormat[],
): ResponseFormat {
  const accept = req.headers.accept;
  if (asked) {
    if (accept && !req.accepts(offered(asked))) throw notAcceptable(accept, [asked]);
    return asked;
  }
  if (!accept) return formats[0];
  const best = req.accepts(formats.flatMap(offered));
  return formats.find((f) => best && offered(f).includes(best)) ?? formats[0];
}
