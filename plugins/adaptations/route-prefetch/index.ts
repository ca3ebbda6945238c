import path from 'node:path';
import type { Plugin } from '@docusaurus/types';
import coreClientFile from '../lib/coreClientFile';
import replaceImport from '../lib/replaceImport';

/**
 * Docusaurus prefetches a route's chunks as soon as a link to it scrolls into view. After
 * hydration, that is every visible link at once, in the one task that runs the links' visibility
 * callbacks: for each, core matches the route, looks up its chunks and appends one
 * `<link rel="prefetch">` per chunk, remembering a URL only once it has loaded. Every route shares
 * the layout's chunks, so a guide appended some 250 elements for 20 files, in a task of 100 ms and
 * more at Lighthouse's 4× slowdown. Core's modules get two thin wrappers instead:
 *
 * - `routePrefetch.ts`, for the client entry: `window.docusaurus` as core's, its route prefetches
 *   queued and run in short slices when the page is idle;
 * - `prefetchOnce.ts`, for core's route prefetcher: its helper, asked once per URL.
 */
export default function routePrefetchPlugin(): Plugin {
  const entry = coreClientFile('route-prefetch', 'clientEntry.js');
  const prefetcher = coreClientFile('route-prefetch', 'docusaurus.js');
  return replaceImport(
    'route-prefetch',
    {
      request: /^\.\/docusaurus$/,
      importer: (issuer) => issuer === entry,
      replacement: path.join(__dirname, 'routePrefetch.ts'),
      clientOnly: true,
    },
    {
      request: /^\.\/prefetch$/,
      importer: (issuer) => issuer === prefetcher,
      replacement: path.join(__dirname, 'prefetchOnce.ts'),
      clientOnly: true,
    },
  );
}
