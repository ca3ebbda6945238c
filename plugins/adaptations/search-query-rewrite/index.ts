import path from 'node:path';
import type { Plugin } from '@docusaurus/types';
import replaceImport from '../lib/replaceImport';
import verifiedAgainst from '../lib/verifiedAgainst';

/**
 * The local search offers no hook for the query nor for how its index loads: its search bar and
 * results page hand the text as typed to `searchByWorker`, whose worker fetches each index whole.
 * The bar gets `searchByWorker.ts` instead, the page `searchPageByWorker.ts`: they pass the query
 * to src/search/searchRanked.ts (the readers' words → the docs' terms, ranking) and search in our
 * worker (`searchWorker.ts`), which loads the index in the two parts that
 * plugins/adaptations/search-index-split writes. src/theme/SearchBar preloads through the same
 * worker (`preloadIndex`). Remove when the plugin accepts a query transform and loads its index
 * in parts; the preload then moves to the plugin's own loader, or goes.
 */
export default function searchQueryRewritePlugin(): Plugin {
  verifiedAgainst('search-query-rewrite', '@easyops-cn/docusaurus-search-local', '0.55.3');
  const upstream = (component: 'SearchBar' | 'SearchPage') => (issuer: string) =>
    new RegExp(`docusaurus-search-local[\\\\/].*[\\\\/]theme[\\\\/]${component}[\\\\/]`).test(
      issuer,
    );
  return replaceImport(
    'search-query-rewrite',
    {
      request: /^\.\.\/searchByWorker$/,
      importer: upstream('SearchBar'),
      replacement: path.join(__dirname, 'searchByWorker.ts'),
    },
    {
      request: /^\.\.\/searchByWorker$/,
      importer: upstream('SearchPage'),
      replacement: path.join(__dirname, 'searchPageByWorker.ts'),
    },
  );
}
