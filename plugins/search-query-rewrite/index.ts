import path from 'node:path';
import type { Plugin } from '@docusaurus/types';
import replaceImport from '../lib/replaceImport';

/**
 * The local search offers no hook for the query: its search bar and results page hand the text
 * as typed to `searchByWorker`. Both get `searchByWorker.ts` instead, which passes the query
 * to src/search/searchRanked.ts: it rewrites the query (src/search/rewriteQuery.ts, the readers'
 * words → the docs' terms), calls the plugin's own function, once or a few times, and ranks
 * what it returns. Remove when the plugin accepts a query transform in its options.
 */
export default function searchQueryRewritePlugin(): Plugin {
  return replaceImport('search-query-rewrite', {
    request: /^\.\.\/searchByWorker$/,
    importer: (issuer) =>
      /docusaurus-search-local[\\/].*[\\/]theme[\\/]Search(Bar|Page)[\\/]/.test(issuer),
    replacement: path.join(__dirname, 'searchByWorker.ts'),
  });
}
