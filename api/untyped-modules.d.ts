// negotiator 1.x ships no types (@types/negotiator describes 0.6); only what api/ calls is declared.

declare module 'negotiator' {
  import type { IncomingMessage } from 'node:http';

  export default class Negotiator {
    constructor(request: IncomingMessage);
    /** The best of `available` for the request's Accept-Encoding; ties go to `preferred`'s order. */
    encoding(available: string[], opts?: { preferred?: string[] }): string | undefined;
  }
}
