/**
 * Sponsor scraping stage: one Chromium for the run, one browser context per sponsor, list
 * pages crawled by the catalog's pagination kind, detail pages read once their script has
 * rendered. At most `concurrency` pages are open at once across all sponsors. A page that
 * no longer matches its selectors becomes a page_shape_changed flag; the other sponsors and
 * trials carry on.
 */
import fs from 'node:fs';
import pLimit, { type LimitFunction } from 'p-limit';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { Logger } from '../../config/logger.js';
import type { FlagRow } from '../../domain/rows.js';
import { ADAPTERS, PageShapeError } from './adapters/index.js';
import {
  gotoWithRetry,
  readCards,
  readDetail,
  type PageFields,
  type RetryOptions,
} from './browser-pages.js';
import { SPONSOR_CATALOG, sponsorIdentity } from './catalog/index.js';
import { normaliseSponsorTrial, type RawSponsorTrial } from './normalise.js';
import { countTrials, readRunState, summarise, writeRunState } from './run-state.js';
import type {
  SponsorCatalogEntry,
  SponsorStageResult,
  SponsorTrial,
  StageCounts,
  WebSource,
} from './types.js';

/**
 * Flags for Debian's Chromium (/usr/bin/chromium) in a container: no user namespaces for its
 * sandbox, no GPU, a small /dev/shm, and no background downloads or updates.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

export interface ScrapeInput {
  /** Per-slug base URL replacing the sponsor's home page (tests point it at a fixture server). */
  baseUrls?: Record<string, string>;
  /** Only these web sponsors; all nine when omitted. */
  slugs?: string[];
}

export interface ScrapeDeps {
  chromiumPath: string;
  logger: Logger;
  /** JSON file remembering the previous run's trial hashes; omit to skip change tracking. */
  stateFile?: string;
  /** Pages open at once across the run. @defaultValue 2 */
  concurrency?: number;
  /** Navigation and selector wait per page. @defaultValue 20000 */
  pageTimeoutMs?: number;
  /** Extra attempts after a network error, 429 or 5xx. @defaultValue 2 */
  retries?: number;
  /** First retry backoff, doubling. @defaultValue 1000 */
  retryBaseMs?: number;
  /** Identifies the crawler to sponsor sites. */
  userAgent?: string;
}

interface Settings {
  limit: LimitFunction;
  timeoutMs: number;
  retry: RetryOptions;
  log: Logger;
}

interface Card {
  url: string | null;
  fields: PageFields;
}

interface SponsorScrape {
  trials: SponsorTrial[];
  flags: FlagRow[];
  failed: number;
}

function shapeFlag(slug: string, err: PageShapeError): FlagRow {
  return {
    nct_id: null,
    source: slug,
    kind: 'page_shape_changed',
    severity: 'error',
    message: err.message,
    details: JSON.stringify({ url: err.url, part: err.part, selector: err.selector }),
  };
}

function fetchFlag(slug: string, url: string, err: Error): FlagRow {
  return {
    nct_id: null,
    source: slug,
    kind: 'bad_source_row',
    severity: 'warning',
    message: `${url}: ${err.message}`,
    details: JSON.stringify({ url }),
  };
}

/** Joins a base URL (possibly with a path, as in tests) and the catalog's list path. */
export function joinUrl(base: string, listPath: string): string {
  return base.replace(/\/+$/, '') + listPath;
}

async function newPage(context: BrowserContext, timeoutMs: number): Promise<Page> {
  const page = await context.newPage();
  page.setDefaultTimeout(timeoutMs);
  page.setDefaultNavigationTimeout(timeoutMs);
  return page;
}

async function openList(page: Page, url: string, source: WebSource, s: Settings): Promise<void> {
  await gotoWithRetry(page, url, s.retry);
  try {
    await page.waitForSelector(source.list.container, { state: 'attached' });
  } catch {
    throw new PageShapeError(url, 'list.container', source.list.container);
  }
}

async function cardsOnPage(page: Page, source: WebSource): Promise<Card[]> {
  const raw = await readCards(
    page,
    `${source.list.container} ${source.list.item}`,
    source.list.fields,
    source.list.detailLink,
  );
  return raw.map((c) => ({
    url: c.link ? new URL(c.link, page.url()).toString() : null,
    fields: c.fields,
  }));
}

async function crawlList(
  context: BrowserContext,
  source: WebSource,
  base: string,
  s: Settings,
): Promise<Card[]> {
  const page = await newPage(context, s.timeoutMs);
  try {
    const first = joinUrl(base, source.listPath);
    const cards: Card[] = [];
    const p = source.pagination;
    if (p.kind === 'next-link') {
      let url: string | null = first;
      for (let i = 0; url && i < p.maxPages; i++) {
        await openList(page, url, source, s);
        cards.push(...(await cardsOnPage(page, source)));
        const next = page.locator(p.selector).first();
        const href = (await next.count()) > 0 ? await next.getAttribute('href') : null;
        url = href ? new URL(href, page.url()).toString() : null;
      }
    } else if (p.kind === 'load-more') {
      await openList(page, first, source, s);
      const items = `${source.list.container} ${source.list.item}`;
      for (let i = 0; i < p.maxClicks; i++) {
        const button = page.locator(p.selector).first();
        if (
          (await button.count()) === 0 ||
          !(await button.isVisible()) ||
          (await button.isDisabled())
        )
          break;
        const before = await page.locator(items).count();
        await button.click();
        // Done when more cards arrived or the button went away (the last batch can be empty).
        try {
          await page.waitForFunction(
            `document.querySelectorAll(${JSON.stringify(items)}).length > ${before} || ` +
              `!document.querySelector(${JSON.stringify(p.selector)})`,
          );
        } catch {
          throw new PageShapeError(page.url(), 'pagination.load-more', p.selector);
        }
      }
      cards.push(...(await cardsOnPage(page, source)));
    } else {
      for (let n = p.first; n < p.first + p.maxPages; n++) {
        const url = new URL(first);
        url.searchParams.set(p.param, String(n));
        await openList(page, url.toString(), source, s);
        const found = await cardsOnPage(page, source);
        if (found.length === 0) break;
        cards.push(...found);
      }
    }
    // Re-rendered lists can repeat a card; the detail URL identifies it.
    const seen = new Set<string>();
    return cards.filter((c) => (c.url ? !seen.has(c.url) && seen.add(c.url) : true));
  } finally {
    await page.close();
  }
}

function present(fields: PageFields | undefined): PageFields {
  const out: PageFields = {};
  for (const [k, v] of Object.entries(fields ?? {})) {
    const empty =
      v === null || v === undefined || (Array.isArray(v) ? v.length === 0 : v.trim() === '');
    if (!empty) out[k as keyof PageFields] = v;
  }
  return out;
}

async function readDetailPage(
  context: BrowserContext,
  entry: SponsorCatalogEntry,
  source: WebSource,
  card: Card,
  s: Settings,
): Promise<RawSponsorTrial> {
  const detail = source.detail;
  const raw: RawSponsorTrial = { fields: { ...present(card.fields) }, sites: [] };
  if (card.url) raw.fields.page_url = card.url;
  if (!detail || !card.url) return raw;
  const page = await newPage(context, s.timeoutMs);
  try {
    await gotoWithRetry(page, card.url, s.retry);
    try {
      await page.waitForSelector(detail.ready, { state: 'attached' });
    } catch {
      throw new PageShapeError(card.url, 'detail.ready', detail.ready);
    }
    const read = await readDetail(page, { fields: detail.fields, sites: detail.sites });
    const found = present(read.fields);
    const declared = Object.values(detail.fields).map((x) => x!.selector);
    // A rendered page where none of the declared fields match has changed its markup.
    if (declared.length > 0 && Object.keys(found).length === 0 && !source.adapter) {
      throw new PageShapeError(card.url, 'detail.fields', declared.join(', '));
    }
    Object.assign(raw.fields, found);
    raw.sites = read.sites;
    if (source.adapter) {
      const extra = await ADAPTERS[source.adapter].readDetail(page);
      Object.assign(raw.fields, present(extra.fields));
      if (extra.sites?.length) raw.sites = extra.sites;
    }
    return raw;
  } finally {
    await page.close();
  }
}

async function scrapeSponsor(
  browser: Browser,
  entry: SponsorCatalogEntry,
  base: string,
  s: Settings,
  userAgent: string,
): Promise<SponsorScrape> {
  const source = entry.source as WebSource;
  const out: SponsorScrape = { trials: [], flags: [], failed: 0 };
  const context = await browser.newContext({ userAgent });
  try {
    let cards: Card[];
    try {
      cards = await s.limit(() => crawlList(context, source, base, s));
    } catch (err) {
      out.failed++;
      out.flags.push(
        err instanceof PageShapeError
          ? shapeFlag(entry.slug, err)
          : fetchFlag(entry.slug, joinUrl(base, source.listPath), err as Error),
      );
      s.log.error({ sponsor: entry.slug, err: (err as Error).message }, 'sponsor listing failed');
      return out;
    }
    s.log.info({ sponsor: entry.slug, cards: cards.length }, `listed ${entry.slug}`);
    let done = 0;
    const results = await Promise.all(
      cards.map((card) =>
        s.limit(async () => {
          try {
            return await readDetailPage(context, entry, source, card, s);
          } catch (err) {
            out.failed++;
            out.flags.push(
              err instanceof PageShapeError
                ? shapeFlag(entry.slug, err)
                : fetchFlag(entry.slug, card.url ?? base, err as Error),
            );
            return null;
          } finally {
            done++;
            if (done % 10 === 0 || done === cards.length)
              s.log.info(
                { sponsor: entry.slug, progress: `${done}/${cards.length}` },
                'detail pages',
              );
          }
        }),
      ),
    );
    for (const raw of results) {
      if (!raw) continue;
      const norm = normaliseSponsorTrial(entry, raw, {
        dateFormats: source.dateFormats,
        listSeparator: source.listSeparator,
        baseUrl: base,
      });
      if (!norm.ok) {
        out.failed++;
        out.flags.push({
          nct_id: null,
          source: entry.slug,
          kind: 'bad_source_row',
          severity: 'warning',
          message: `${raw.fields.page_url ?? base}: ${norm.reason}`,
          details: JSON.stringify(raw),
        });
        continue;
      }
      out.trials.push(norm.trial);
      for (const w of norm.warnings) {
        out.flags.push({
          nct_id: norm.trial.nct_id,
          source: entry.slug,
          kind: 'bad_source_row',
          severity: 'info',
          message: `${norm.trial.page_url}: ${w}`,
          details: JSON.stringify(raw),
        });
      }
    }
    return out;
  } finally {
    await context.close();
  }
}

/**
 * Stage: scrapes the web sponsors of the catalog. Never throws for a sponsor's pages (they
 * become flags and `failed` counts); throws when Chromium is missing or cannot start.
 */
export async function scrapeSponsors(
  input: ScrapeInput,
  deps: ScrapeDeps,
): Promise<SponsorStageResult> {
  const log = deps.logger.child({ stage: 'sponsor-scrape' });
  const web = SPONSOR_CATALOG.filter((e) => e.source.kind === 'web');
  for (const slug of input.slugs ?? []) {
    if (!web.some((e) => e.slug === slug)) throw new Error(`not a web sponsor: ${slug}`);
  }
  const entries = input.slugs ? web.filter((e) => input.slugs!.includes(e.slug)) : web;
  if (!fs.existsSync(deps.chromiumPath)) {
    throw new Error(
      `Chromium not found at ${deps.chromiumPath}; run scripts/ensure-services.sh (Debian package "chromium")`,
    );
  }
  const settings: Settings = {
    limit: pLimit(deps.concurrency ?? 2),
    timeoutMs: deps.pageTimeoutMs ?? 20_000,
    retry: { retries: deps.retries ?? 2, baseMs: deps.retryBaseMs ?? 1000 },
    log,
  };
  const userAgent = deps.userAgent ?? 'lungtrials-refresh/0.1 (monthly lung cancer trial index)';
  const previous = await readRunState(deps.stateFile);
  const browser = await chromium.launch({
    executablePath: deps.chromiumPath,
    headless: true,
    args: CHROMIUM_ARGS,
  });
  let scraped: SponsorScrape[];
  try {
    scraped = await Promise.all(
      entries.map((e) =>
        scrapeSponsor(
          browser,
          e,
          input.baseUrls?.[e.slug] ?? sponsorIdentity(e.slug).home_url,
          settings,
          userAgent,
        ),
      ),
    );
  } finally {
    await browser.close();
  }
  const trials: SponsorTrial[] = [];
  const flags: FlagRow[] = [];
  const counts: Record<string, StageCounts> = {};
  entries.forEach((e, i) => {
    trials.push(...scraped[i].trials);
    flags.push(...scraped[i].flags);
    counts[e.slug] = countTrials(scraped[i].trials, previous?.[e.slug], scraped[i].failed);
    log.info({ sponsor: e.slug, ...counts[e.slug] }, `scraped ${e.slug}`);
  });
  if (deps.stateFile && previous)
    await writeRunState(
      deps.stateFile,
      previous,
      trials,
      entries.map((e) => e.slug),
    );
  const summary = summarise(counts, previous !== null);
  log.info(summary.total, 'sponsor scraping done');
  return { trials, flags, summary };
}
