import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { LoadContext, Plugin, PluginModule } from '@docusaurus/types';
import type { PluginOptions } from '@easyops-cn/docusaurus-search-local';
import verifiedAgainst from '../lib/verifiedAgainst';

// The plugin's typings declare its options only, not its factory.
const searchLocal = createRequire(__filename)('@easyops-cn/docusaurus-search-local') as {
  default: (context: LoadContext, options: Partial<PluginOptions>) => Plugin;
  validateOptions: NonNullable<PluginModule['validateOptions']>;
};

/**
 * The local search, with each index it writes split in two files that the search worker
 * (plugins/adaptations/search-query-rewrite/searchWorker.ts) fetches one after the other:
 * `….head.json` holds the parts a first suggestion needs (titles, headings, descriptions,
 * keywords; a few per cent of the bytes), `….body.json` the page text. The plugin writes one
 * file per search context; nothing in its options splits it. Wrapping its factory keeps every
 * other hook as it is. Remove when the plugin loads its index in parts itself.
 */
function searchLocalInParts(context: LoadContext, options: unknown): Plugin {
  verifiedAgainst('search-index-split', '@easyops-cn/docusaurus-search-local', '0.55.3');
  const plugin = searchLocal.default(context, options as PluginOptions);
  const postBuild = plugin.postBuild;
  if (!postBuild) {
    throw new Error(
      '[search-index-split] the local search no longer writes its index in postBuild',
    );
  }
  return {
    ...plugin,
    async postBuild(props) {
      await postBuild.call(plugin, props);
      const split = await splitIndexes(props.outDir);
      if (split === 0) {
        throw new Error(
          `[search-index-split] no search-index*.json in ${props.outDir}: the plugin renamed its index`,
        );
      }
    },
  };
}

/** Position of the page-text part in each index file (the plugin's `SearchDocumentType.Content`). */
export const bodyPart = 4;

/** Splits every `search-index*.json` of `outDir` into `.head.json` and `.body.json`; returns how many. */
export async function splitIndexes(outDir: string): Promise<number> {
  const files = (await readdir(outDir)).filter((f) =>
    /^search-index.*(?<!\.head|\.body)\.json$/.test(f),
  );
  for (const file of files) {
    const full = path.join(outDir, file);
    const parts = JSON.parse(await readFile(full, 'utf8')) as unknown[];
    if (!Array.isArray(parts) || parts.length <= bodyPart) {
      throw new Error(`[search-index-split] ${file} no longer has a page-text part at ${bodyPart}`);
    }
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
