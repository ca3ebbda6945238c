// The plugin's own module: index.ts hands its search bar this one instead, and its results
// page searchPageByWorker.ts.
import * as Comlink from 'comlink';
import type { SearchResult } from '@site/src/search/searchRanked';
import type { SearchWorker } from './searchWorker';

let remote: Promise<Comlink.Remote<SearchWorker>> | undefined;

/** Our search worker (searchWorker.ts), started on first use, in production builds only as upstream. */
function worker(): Promise<Comlink.Remote<SearchWorker>> | undefined {
  if (process.env.NODE_ENV !== 'production') return undefined;
  remote ??= (async () => {
    const Remote = Comlink.wrap<typeof SearchWorker>(
      new Worker(new URL('./searchWorker.ts', import.meta.url)),
    );
    return await new Remote();
  })();
  return remote;
}

/** The ranking module (with the glossary and the error catalogue it reads), loaded once. */
const ranking = () => import('@site/src/search/searchRanked');

/**
 * Starts the worker and loads the first part of the whole site's index (which the search bar
 * searches from every page) before the reader reaches the box (src/theme/SearchBar calls it when
 * the page is idle); both happen off the main thread. The ranking and the suggestion list are
 * left to the box: evaluating them at idle cost the pages Lighthouse's total blocking time
 * (contributing/performance.md).
 */
export async function preloadIndex(baseUrl: string): Promise<void> {
  const remoteWorker = await worker();
  await remoteWorker?.preload(baseUrl, '');
}

/**
 * Resolves once suggestions can be given: the first part of the index is loaded, and so is the
 * ranking, so that the first keystroke waits for neither. `index`: the search context whose index
 * is searched ('' for the whole site).
 */
export async function loadIndex(baseUrl: string, index: string): Promise<void> {
  const loaded = (async () => {
    const remoteWorker = await worker();
    await remoteWorker?.fetchIndexes(baseUrl, index);
    // Until the page text is in, suggestions come from titles and headings only; the page says
    // when that ends (<html data-search-index="complete">), for tests and anyone debugging.
    void remoteWorker?.whenComplete(baseUrl, index).then(() => {
      document.documentElement.dataset.searchIndex = 'complete';
    });
  })();
  await Promise.all([loaded, ranking()]);
}

/**
 * The search, in the docs' own terms and ranked as src/search/searchRanked.ts says (loaded with
 * the index, not with every page), on `index` ('' for the whole site); `scope`: the search
 * context whose pages come first while they score well. `complete`: wait for the whole index
 * (the results page) rather than answer from its first part.
 */
export async function searchIndex(
  baseUrl: string,
  index: string,
  input: string,
  limit: number,
  { scope, complete = false }: { scope?: string; complete?: boolean } = {},
): Promise<SearchResult[]> {
  const remoteWorker = await worker();
  if (!remoteWorker) return [];
  const { searchRanked } = await ranking();
  return searchRanked(
    (query, n) =>
      remoteWorker.search(baseUrl, index, query, n, complete) as Promise<SearchResult[]>,
    input,
    limit,
    { scope },
  );
}

// The search bar's two calls. From a search context (the API reference) it searches the whole
// site's index, the context's pages first while they score well (searchRanked's `scope`): a
// query the context has no good answer for still finds the page that has one.

export function fetchIndexesByWorker(baseUrl: string): Promise<void> {
  return loadIndex(baseUrl, '');
}

export function searchByWorker(
  baseUrl: string,
  searchContext: string,
  input: string,
  limit: number,
): Promise<SearchResult[]> {
  return searchIndex(baseUrl, '', input, limit, { scope: searchContext || undefined });
}
