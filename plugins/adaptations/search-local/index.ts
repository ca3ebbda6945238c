import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { LoadContext, Plugin, PluginModule } from '@docusaurus/types';
import type { PluginOptions } from '@easyops-cn/docusaurus-search-local';
import replaceImport from '../lib/replaceImport';
import { plainSnippets } from './plainSnippets';

// The plugin's typings declare its options only, not its factory.
const searchLocal = createRequire(__filename)('@easyops-cn/docusaurus-search-local') as {
  default: (context: LoadContext, options: Partial<PluginOptions>) => Plugin;
  validateOptions: NonNullable<PluginModule['validateOptions']>;
};

/**
 * The site's search client, one unit over the local search (plugins/adaptations/manifests/search-local.ts):
 *
 * - each index the plugin writes is split in two files that the search worker (`searchWorker.ts`)
 *   fetches one after the other: `….head.json` holds the parts a first suggestion needs (titles,
 *   headings, descriptions, keywords; a few per cent of the bytes), `….body.json` the page text.
 *   The plugin writes one file per search context; nothing in its options splits it, so its
 *   factory is wrapped, every other hook kept as it is;
 * - the plugin offers no hook for the query nor for how its index loads: its search bar and
 *   results page hand the text as typed to `searchByWorker`, whose worker fetches each index
 *   whole. The bar gets `searchByWorker.ts` instead, the page `searchPageByWorker.ts`: they pass
 *   the query to src/search/searchRanked.ts (the readers' words → the docs' terms, ranking) and
 *   search in the site's worker. src/theme/SearchBar preloads through the same worker
 *   (`preloadIndex`);
 * - the results page writes its query into the URL from an effect that runs when the page
 *   hydrates, before it has read the query from the URL (it reads it only once `useIsBrowser()`
 *   is true): `/search?q=…` became `/search`. Its `useSearchQuery` hook becomes
 *   `useSearchQuery.ts`, whose URL updates wait until the query has been read.
 *
 * What would let it go is in contributing/upstream/search-local.md.
 */
const upstreamTheme = (component: 'SearchBar' | 'SearchPage') => (issuer: string) =>
  new RegExp(`docusaurus-search-local[\\\\/].*[\\\\/]theme[\\\\/]${component}[\\\\/]`).test(issuer);

const swaps = replaceImport(
  'search-local',
  {
    request: /^\.\.\/searchByWorker$/,
    importer: upstreamTheme('SearchBar'),
    replacement: path.join(__dirname, 'searchByWorker.ts'),
  },
  {
    request: /^\.\.\/searchByWorker$/,
    importer: upstreamTheme('SearchPage'),
    replacement: path.join(__dirname, 'searchPageByWorker.ts'),
  },
  {
    request: /[\\/]hooks[\\/]useSearchQuery$/,
    importer: (issuer) => /docusaurus-search-local[\\/]/.test(issuer),
    replacement: path.join(__dirname, 'useSearchQuery.ts'),
  },
);

function searchLocalInParts(context: LoadContext, options: unknown): Plugin {
  const plugin = searchLocal.default(context, options as PluginOptions);
  const postBuild = plugin.postBuild;
  if (!postBuild) {
    throw new Error('[search-local] the local search no longer writes its index in postBuild');
  }
  const configureWebpack = plugin.configureWebpack;
  return {
    ...plugin,
    configureWebpack(...args) {
      const own = configureWebpack?.apply(plugin, args) ?? {};
      const swapped = swaps.configureWebpack!(...args) ?? {};
      return {
        ...own,
        plugins: [...(own.plugins ?? []), ...(swapped.plugins ?? [])],
        module: {
          rules: [
            ...(own.module?.rules ?? []),
            // Both inputs named in the reader's language in the server's HTML (namedInputs.cjs).
            {
              test: /docusaurus-search-local[\\/].*[\\/]theme[\\/](SearchBar[\\/]SearchBar|SearchPage[\\/]SearchPage)\.jsx$/,
              enforce: 'pre',
              use: [{ loader: path.join(__dirname, 'namedInputs.cjs') }],
            },
          ],
        },
      };
    },
    async postBuild(props) {
      await postBuild.call(plugin, props);
      const split = await splitIndexes(props.outDir);
      if (split === 0) {
        throw new Error(
          `[search-local] no search-index*.json in ${props.outDir}: the plugin renamed its index`,
        );
      }
    },
  };
}

/** Position of the page-text part in each index file (the plugin's `SearchDocumentType.Content`). */
export const bodyPart = 4;
/** Position of the descriptions (`SearchDocumentType.Description`), the texts with inline markup. */
const descriptionPart = 2;

/**
 * Splits every `search-index*.json` of `outDir` into `.head.json` and `.body.json`, its
 * descriptions made plain text (plainSnippets.ts); returns how many.
 */
export async function splitIndexes(outDir: string): Promise<number> {
  const files = (await readdir(outDir)).filter((f) =>
    /^search-index.*(?<!\.head|\.body)\.json$/.test(f),
  );
  for (const file of files) {
    const full = path.join(outDir, file);
    const parts = JSON.parse(await readFile(full, 'utf8')) as unknown[];
    if (!Array.isArray(parts) || parts.length <= bodyPart) {
      throw new Error(`[search-local] ${file} no longer has a page-text part at ${bodyPart}`);
    }
    plainSnippets(parts[descriptionPart] as Parameters<typeof plainSnippets>[0]);
    const base = full.replace(/\.json$/, '');
    await writeFile(`${base}.head.json`, JSON.stringify(parts.slice(0, bodyPart)));
    await writeFile(`${base}.body.json`, JSON.stringify(parts.slice(bodyPart)));
    await rm(full);
  }
  return files.length;
}

// Docusaurus validates a plugin given as a function through its static `validateOptions`.
export default Object.assign(searchLocalInParts, {
  validateOptions: searchLocal.validateOptions,
}) satisfies PluginModule;
