import path from 'node:path';
import type { Plugin } from '@docusaurus/types';
import replaceImport from '../lib/replaceImport';
import verifiedAgainst from '../lib/verifiedAgainst';

/**
 * On every page load, the local search bar clears search-term highlights from the article with
 * mark.js's `unmark()`. That call walks the whole article even when nothing is highlighted (no
 * `_highlight` in the URL), and on a long guide it is one of the longest tasks after hydration.
 * Every import of mark.js's bundle, but the one in `Mark.ts` itself, gets `Mark.ts` instead: the
 * same mark.js, whose `unmark()` returns at once when the article holds no highlight.
 */
export default function searchHighlightPlugin(): Plugin {
  verifiedAgainst('search-highlight', 'mark.js', '8.11.1');
  const markTs = path.join(__dirname, 'Mark.ts');
  return replaceImport('search-highlight', {
    request: /mark\.js[\\/]dist[\\/]mark\.js$/,
    importer: (issuer) => issuer !== markTs,
    replacement: markTs,
  });
}
