/**
 * The operator queue dashboard as a person opens it: Chromium (Debian's, through
 * Playwright) gets the 401 challenge, answers the Basic login prompt with the operator
 * token as password, and sees the refresh queues, with every request staying on this
 * server (no web fonts or other outside resources: it works offline).
 */
import { chromium, type Browser } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../api/server.js';
import { loadEnv } from '../../config/env.js';
import { CHROMIUM_ARGS } from '../../pipeline/sponsors/scrape.js';
import { STAGE_NAMES } from '../../pipeline/run/stage-names.js';
import { queueWorld, type QueueWorld } from './world.js';

const OPERATOR_TOKEN = 'operator-token-for-the-browser-test-42';

let world: QueueWorld;
let api: RunningServer;
let browser: Browser | null = null;
beforeEach(async () => {
  world = await queueWorld();
  api = await startServer({
    env: loadEnv({ ...world.env, PORT: '0', LOG_LEVEL: 'silent', OPERATOR_TOKEN }),
    logger: world.logger,
    handleSignals: false,
  });
});
afterEach(async () => {
  await browser?.close();
  browser = null;
  await api.close();
  await world.cleanup();
});

describe('operator dashboard in Chromium', { timeout: 120_000 }, () => {
  it('offers Basic first in its own header and names both ways in', async () => {
    const res = await fetch(`${api.url}/operator/queues`);
    expect(res.status).toBe(401);
    const challenges = res.headers.get('www-authenticate');
    // fetch joins repeated headers with ", "; each challenge still starts its own header, Basic first.
    expect(challenges).toBe(
      'Basic realm="lungtrials operator", charset="UTF-8", Bearer realm="lungtrials operator"',
    );
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('operator_token_required');
    expect(body.error.message).toMatch(/Authorization: Bearer <OPERATOR_TOKEN>/);
    expect(body.error.message).toMatch(/password of the login prompt/);
  });

  it('logs in through the Basic prompt and shows the queues, loading nothing from elsewhere', async () => {
    browser = await chromium.launch({
      executablePath: loadEnv().CHROMIUM_PATH,
      headless: true,
      args: CHROMIUM_ARGS,
    });
    const context = await browser.newContext({
      httpCredentials: { username: 'operator', password: OPERATOR_TOKEN },
    });
    const origin = new URL(api.url).origin;
    const outside: string[] = [];
    // Anything not served by this API is refused and recorded: the page must not need it.
    await context.route('**/*', async (route) => {
      const url = route.request().url();
      if (url.startsWith(origin) || url.startsWith('data:')) await route.continue();
      else {
        outside.push(url);
        await route.abort();
      }
    });
    const page = await context.newPage();
    const response = await page.goto(`${api.url}/operator/queues`);
    expect(response?.status()).toBe(200);
    for (const queue of STAGE_NAMES)
      await expect
        .poll(() => page.getByText(queue, { exact: true }).count(), { timeout: 60_000 })
        .toBeGreaterThan(0);
    expect(await page.title()).toMatch(/lungtrials refresh/);
    expect(outside).toEqual([]);
  });
});
