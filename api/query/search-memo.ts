/**
 * A list page's search result kept per index (so per snapshot) and normalised query: a
 * repeated query whose body is no longer kept (routes/compressed-bodies.ts holds 32 MiB of
 * bodies, ~280 ZIP pages) still skips the search and, for a ZIP page, the nearest sites of
 * each trial, which the render keeps on the result. In a zip 100 mi server profile the
 * search was 18.5% and the nearest sites 9.5% of busy time (bench/README.md). An entry is
 * a page's hits (~50 small objects and two typed arrays, ~4 KB), not its bytes.
 */
import { canonicalQuery } from '../params/page-token.js';
import type { TrialQuery } from '../params/parameters.js';
import { searchTrials, type SearchResult } from './search.js';
import type { TrialIndex } from './trial-index.js';

/** Results kept per index, oldest first out (~8 MB at 2,048). */
export const SEARCH_MEMO_ENTRIES = 2048;

const memos = new WeakMap<TrialIndex, Map<string, SearchResult>>();

/** searchTrials(index, query), from the memo when the same query and page were searched before. */
export function memoSearch(index: TrialIndex, query: TrialQuery): SearchResult {
  let memo = memos.get(index);
  if (!memo) memos.set(index, (memo = new Map()));
  const key = `${query.offset} ${query.limit}\n${canonicalQuery(query)}`;
  let result = memo.get(key);
  if (!result) {
    result = searchTrials(index, query);
    if (memo.size >= SEARCH_MEMO_ENTRIES) memo.delete(memo.keys().next().value!);
    memo.set(key, result);
  }
  return result;
}
