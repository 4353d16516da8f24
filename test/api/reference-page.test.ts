/**
 * /api/v1/reference renders the OpenAPI document in Chromium with every request to
 * another origin refused (offline), lists the endpoints, and its "Try it out" form calls
 * the running API with the key entered under "Authorize".
 *
 * UPDATE_DOCS_SCREENSHOT=1 also writes docs/api-reference.png from the rendered page.
 */
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../config/env.js';
import { CHROMIUM_ARGS } from '../../pipeline/sponsors/scrape.js';
import { generateDemoTables } from '../../pipeline/demo/generate.js';
import { startTestApi, type TestApi } from './http.js';

let api: TestApi;
let browser: Browser;
beforeAll(async () => {
  api = await startTestApi(generateDemoTables({ scale: 'demo' }));
  browser = await chromium.launch({
    executablePath: loadEnv().CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
  });
});
afterAll(async () => {
  await browser?.close();
  await api?.close();
});

describe('GET /api/v1/reference', () => {
  it('serves the page and its assets without a key, and nothing else of the package', async () => {
    const res = await api.get('/api/v1/reference', { key: null });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await res.text()).toContain('/api/v1/reference/assets/swagger-ui-bundle.js');
    expect((await api.get('/api/v1/reference/assets/swagger-ui.css', { key: null })).status).toBe(
      200,
    );
    expect((await api.get('/api/v1/reference/assets/index.html', { key: null })).status).toBe(404);
    expect(
      (await api.get('/api/v1/reference/assets/..%2Fpackage.json', { key: null })).status,
    ).toBe(404);
  });

  it('renders offline in Chromium: endpoints, schemas and a working "Try it out"', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const foreign: string[] = [];
    await context.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith(api.base)) return route.continue();
      foreign.push(url);
      return route.abort();
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    try {
      const response = await page.goto(`${api.base}/api/v1/reference`);
      expect(response?.status()).toBe(200);
      const trials = page.locator('.opblock-summary-path[data-path="/trials"]');
      await trials.waitFor({ timeout: 150_000 });
      for (const p of ['/trials', '/trials/{nct_id}', '/sources', '/meta', '/openapi.json']) {
        expect(await page.locator(`.opblock-summary-path[data-path="${p}"]`).count(), p).toBe(1);
      }
      expect(await page.locator('.info .title').innerText()).toContain(
        'Lung Cancer Clinical Trial Search API',
      );

      if (process.env.UPDATE_DOCS_SCREENSHOT) {
        await page.screenshot({
          path: path.join(import.meta.dirname, '../../docs/api-reference.png'),
          fullPage: false,
        });
      }

      // Authorize with the key, open GET /trials, fill q, execute.
      await page.locator('button.authorize').first().click();
      await page
        .locator('.auth-container input[type=text], .auth-container input[type=password]')
        .first()
        .fill(api.key);
      await page.locator('.auth-container button.authorize').first().click();
      await page.locator('button.btn-done, .modal-ux .close-modal').first().click();
      await trials.click();
      const op = page.locator('#operations-trials-searchTrials');
      await op.locator('button.try-out__btn').click();
      await op.locator('tr[data-param-name="q"] input').fill('lung');
      await op.locator('tr[data-param-name="limit"] input').fill('2');
      await op.locator('button.execute').click();
      const status = op.locator('.live-responses-table .response .response-col_status').first();
      await status.waitFor({ timeout: 150_000 });
      expect((await status.innerText()).trim()).toBe('200');
      expect(await op.locator('.live-responses-table .microlight').first().innerText()).toContain(
        '"nct_id"',
      );
      expect(foreign).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
