// The plugin's own module: index.ts hands its search bar and results page this one instead.
import {
  fetchIndexesByWorker,
  searchByWorker as searchAsTyped,
} from '@easyops-cn/docusaurus-search-local/dist/client/client/theme/searchByWorker';
import { rewriteQuery } from '@site/src/search/rewriteQuery';

export { fetchIndexesByWorker };

/** `searchByWorker`, searching for the query in the docs' own terms. */
export function searchByWorker(
  baseUrl: string,
  searchContext: string,
  input: string,
  limit: number,
): ReturnType<typeof searchAsTyped> {
  return searchAsTyped(baseUrl, searchContext, rewriteQuery(input), limit);
}
