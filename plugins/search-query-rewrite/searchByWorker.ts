// The plugin's own module: index.ts hands its search bar and results page this one instead.
import {
  fetchIndexesByWorker,
  searchByWorker as searchAsTyped,
} from '@easyops-cn/docusaurus-search-local/dist/client/client/theme/searchByWorker';
import type { SearchResult } from '@site/src/search/searchRanked';

export { fetchIndexesByWorker };

/**
 * `searchByWorker`, searching for the query in the docs' own terms and ranking the worker's
 * results as src/search/searchRanked.ts says. That module (with the glossary and the error
 * catalogue it reads) loads with the first search, not with every page.
 */
export async function searchByWorker(
  baseUrl: string,
  searchContext: string,
  input: string,
  limit: number,
): Promise<SearchResult[]> {
  const { searchRanked } = await import('@site/src/search/searchRanked');
  return searchRanked(
    (query, n) => searchAsTyped(baseUrl, searchContext, query, n) as Promise<SearchResult[]>,
    input,
    limit,
  );
}
