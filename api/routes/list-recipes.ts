/**
 * A plain list page kept as what renders it once its bytes have left the ring. A page's
 * bytes are kept per snapshot and URL (./compressed-bodies.ts) in 32 MiB, ~280 ZIP pages of
 * ~119 KiB: 500 ZIPs at one radius never repeat within it, so every ZIP request of the
 * bench went down Express's whole chain (helmet, CORS, routing, zod's validation, the page
 * token's digests, the validators) to render a page whose search was already kept
 * (../query/search-memo.ts). A recipe is the render's arguments (the kept search result with
 * its nearest sites, the page's numbers and links, the Link header: ~4 KB, mostly the
 * search result the memo holds too), kept per URL for a page the chain rendered plain; the
 * kept-hit path before the chain (./kept-hits.ts) renders a recipe's page into the ring
 * and answers it as a kept hit. The recipe is only taken where the kept bytes would have
 * been: same snapshot, same URL, a GET taking plain JSON, so the chain would decide as it
 * did for the request that kept it.
 */
import type { QuotaMeta } from '../query/render.js';
import { renderTrialList, type ListPage } from '../query/render.js';
import { SEARCH_MEMO_ENTRIES } from '../query/search-memo.js';
import type { SearchResult } from '../query/search.js';
import type { TrialIndex } from '../query/trial-index.js';
import { keepRendered, quotaTail, type CompressedBodies } from './compressed-bodies.js';
import type { Claim, KeptPlain, Sending } from './plain-ring.js';

/** What renders a plain list page but for its counters: renderTrialList's arguments. */
export interface ListRecipe {
  result: SearchResult;
  page: ListPage;
  centre: readonly [number, number, number] | null;
  /** Response headers that belong to the body (its Link). */
  headers: Record<string, string>;
}

/** Recipes kept per index, oldest first out: as many as search results the memo keeps. */
const RECIPE_ENTRIES = SEARCH_MEMO_ENTRIES;

/** Any counters: the head is the body without them, and their width does not change it. */
const NO_COUNTS: QuotaMeta = { quota_used: 0, quota_limit: 0 };
const NO_COUNTS_TAIL = quotaTail(NO_COUNTS).length;

const recipes = new WeakMap<TrialIndex, Map<string, ListRecipe>>();

/** Keeps how the plain page at `url` (a request's original URL) was rendered. */
export function keepRecipe(index: TrialIndex, url: string, recipe: ListRecipe): void {
  let kept = recipes.get(index);
  if (!kept) recipes.set(index, (kept = new Map()));
  if (kept.has(url)) return;
  if (kept.size >= RECIPE_ENTRIES) kept.delete(kept.keys().next().value!);
  kept.set(url, recipe);
}

/** Whether the plain page at `url` can be rendered from a recipe. */
export function hasRecipe(index: TrialIndex, url: string): boolean {
  return recipes.get(index)?.has(url) ?? false;
}

/**
 * The plain page at `url` rendered from its recipe into room claimed in the ring and kept
 * there under `url` (held for `sending` until it closes), as the chain's miss would keep
 * it; undefined without a recipe.
 */
export function renderFromRecipe(
  index: TrialIndex,
  bodies: CompressedBodies,
  url: string,
  sending: Sending,
): KeptPlain | undefined {
  const recipe = recipes.get(index)?.get(url);
  if (!recipe) return undefined;
  let claim = null as Claim | null;
  const body = renderTrialList(
    index,
    recipe.result,
    recipe.page,
    NO_COUNTS,
    undefined,
    recipe.centre,
    (n) => (claim = bodies.claimPlain(n))?.bytes ?? Buffer.allocUnsafe(n),
  );
  const headBytes = body.length - NO_COUNTS_TAIL;
  const { headers } = recipe;
  const sent = keepRendered(bodies, url, claim, body, headBytes, headers, sending);
  return { head: sent.subarray(0, headBytes), headers };
}
