import path from 'node:path';
import type { Plugin } from '@docusaurus/types';
import replaceImport from '../lib/replaceImport';
import verifiedAgainst from '../lib/verifiedAgainst';

/**
 * The local search's results page writes its query into the URL from an effect that runs when the
 * page hydrates, before it has read the query from the URL (it reads it only once
 * `useIsBrowser()` is true): `/search?q=…` is replaced by `/search`. The query survived only while
 * the re-render after hydration happened in the same batch (see plugins/adaptations/browser-context). The
 * page's `useSearchQuery` hook becomes `useSearchQuery.ts`: the same hook, whose URL updates wait
 * until the query has been read.
 */
export default function searchQueryPlugin(): Plugin {
  verifiedAgainst('search-query', '@easyops-cn/docusaurus-search-local', '0.55.3');
  return replaceImport('search-query', {
    request: /[\\/]hooks[\\/]useSearchQuery$/,
    importer: (issuer) => /docusaurus-search-local[\\/]/.test(issuer),
    replacement: path.join(__dirname, 'useSearchQuery.ts'),
  });
}
