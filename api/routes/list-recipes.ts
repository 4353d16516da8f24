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
 *
 * Each recipe counts the requests for its URL (halved every RECIPE_ENTRIES uses, so the
 * counts follow what is asked now): the ring admits a page rendered from its recipe, or
 * moves a read one, only over pages used less (./plain-ring.ts); a page not admitted is
 * rendered into a Buffer of its own and sent without being kept.
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

/** One index's recipes by URL, each with the requests counted for it. */
interface Recipes {
  pages: Map<string, { recipe: ListRecipe; uses: number }>;
  /** Uses counted since the counts were last halved. */
  uses: number;
}

const recipes = new WeakMap<TrialIndex, Recipes>();

/** Keeps how the plain page at `url` (a request's original URL) was rendered: its first use. */
export function keepRecipe(index: TrialIndex, url: string, recipe: ListRecipe): void {
  let kept = recipes.get(index);
  if (!kept) recipes.set(index, (kept = { pages: new Map(), uses: 0 }));
  const { pages } = kept;
  if (pages.has(url)) return;
  if (pages.size >= RECIPE_ENTRIES) pages.delete(pages.keys().next().value!);
  pages.set(url, { recipe, uses: 1 });
}

/**
 * Counts a request for the plain page at `url`, kept or not; whether it can be rendered
 * from a recipe.
 */
export function useRecipe(index: TrialIndex, url: string): boolean {
  const kept = recipes.get(index);
  const page = kept?.pages.get(url);
  if (!page) return false;
  page.uses++;
  if (++kept!.uses >= RECIPE_ENTRIES) {
    kept!.uses = 0;
    for (const other of kept!.pages.values()) other.uses >>= 1;
  }
  return true;
}

/** The requests counted for each plain page's key (its URL) of `index`: CompressedBodies' `worth`. */
export function recipeUses(index: TrialIndex): (key: string) => number | undefined {
  return (key) => recipes.get(index)?.pages.get(key)?.uses;
}

/**
 * The plain page at `url` rendered from its recipe: into room claimed in the ring and kept
 * there under `url` (held for `sending` until it closes), as the chain's miss would keep
 * it, when the ring admits it; else into a Buffer of its own, not kept. Undefined without
 * a recipe.
 */
export function renderFromRecipe(
  index: TrialIndex,
  bodies: CompressedBodies,
  url: string,
  sending: Sending,
): KeptPlain | undefined {
  const recipe = recipes.get(index)?.pages.get(url)?.recipe;
  if (!recipe) return undefined;
  let claim = null as Claim | null;
  const body = renderTrialList(
    index,
    recipe.result,
    recipe.page,
    NO_COUNTS,
    undefined,
    recipe.centre,
    (n) => (claim = bodies.claimPlain(n, url))?.bytes ?? Buffer.allocUnsafe(n),
  );
  const headBytes = body.length - NO_COUNTS_TAIL;
  const { headers } = recipe;
  // Not admitted (or the room is held by a response): `put` would not keep it either.
  const sent = claim ? keepRendered(bodies, url, claim, body, headBytes, headers, sending) : body;
  return { head: sent.subarray(0, headBytes), headers };
}
