// The plugin's own module, as its results page imports it: the page lists every result, so its
// searches wait for the whole index.
import { fetchIndexesByWorker, searchByWorker as searchIndex } from './searchByWorker';
import type { SearchResult } from '@site/src/search/searchRanked';

export { fetchIndexesByWorker };

export function searchByWorker(
  baseUrl: string,
  searchContext: string,
  input: string,
  limit: number,
): Promise<SearchResult[]> {
  return searchIndex(baseUrl, searchContext, input, limit, true);
}
