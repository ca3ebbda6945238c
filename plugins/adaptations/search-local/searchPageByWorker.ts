// The plugin's own module, as its results page imports it: the page lists every result of the
// context it is asked for (`ctx`: the API reference's own index), so its searches wait for the
// whole index.
import { loadIndex, searchIndex } from './searchByWorker';
import type { SearchResult } from '@site/src/search/searchRanked';

export function fetchIndexesByWorker(baseUrl: string, searchContext: string): Promise<void> {
  return loadIndex(baseUrl, searchContext);
}

export function searchByWorker(
  baseUrl: string,
  searchContext: string,
  input: string,
  limit: number,
): Promise<SearchResult[]> {
  return searchIndex(baseUrl, searchContext, input, limit, { complete: true });
}
