/**
 * Security headers (helmet) for every response, and the operator dashboard's defence
 * against cross-site requests. The API is JSON for any origin: nothing it sends may be
 * framed or run as a page. The dashboard is a same-origin page whose browser resends HTTP
 * Basic credentials by itself, so a state-changing request must come from its own origin.
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

export function apiSecurityHeaders(): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    },
    // Browser apps on other origins read the API (CORS); this only affects no-cors embeds.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    referrerPolicy: { policy: 'no-referrer' },
  });
}

export function dashboardSecurityHeaders(): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // bull-board's loading screen uses inline styles; its web-font link is dropped (dashboard.ts).
        styleSrc: ["'self'", "'unsafe-inline'"],
        fontSrc: ["'self'", 'data:'],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'same-origin' },
  });
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses a state-changing request another site made the browser send. A Bearer token is
 * never attached by a browser on its own, so such requests pass; otherwise the Origin
 * (or, without it, Sec-Fetch-Site) must name this very host. A client that sends neither
 * (curl, scripts) is not a browser and cannot be driven by another site.
 */
export function sameOriginWrites(): RequestHandler {
  return function sameOriginWrites(req: Request, res: Response, next: NextFunction): void {
    if (SAFE_METHODS.has(req.method) || /^bearer\s/i.test(req.get('authorization') ?? '')) {
      next();
      return;
    }
    const origin = req.get('origin');
    const site = req.get('sec-fetch-site');
    let same = true;
    if (origin !== undefined) {
      try {
        same = origin !== 'null' && new URL(origin).host === req.get('host');
      } catch {
        same = false;
      }
    } else if (site !== undefined) same = site === 'same-origin';
    if (same) {
      next();
      return;
    }
    res.status(403).json({
      error: {
        code: 'cross_site_request',
        message:
          'State-changing operator requests must come from the dashboard itself (same origin) ' +
          'or carry Authorization: Bearer.',
      },
    });
  };
}
