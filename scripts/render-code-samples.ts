/**
 * Run by `npm run gen-api` after the reference pages are generated: renders each operation's
 * code samples (scripts/lib/code-samples.ts) and stores them where the API page's panel
 * (src/components/ApiPanel) finds them: the first language's in the page's front matter as
 * `code_samples` (encoded by src/codegen/sampleFrontMatter), each other language's as a
 * plain-text file of the site (`sampleFilesPath`, named by its content's hash), whose path the
 * front matter holds instead.
 */
import { createHash } from 'node:crypto';
import { readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { inflateSync } from 'node:zlib';

import { apiSpecs, httpOperationsPath } from '../src/data/apiSpecs';
import { codeSampleLanguages } from '../src/data/codeSamples';
import {
  encodeSamples,
  inlineSampleLanguage,
  sampleFilesPath,
  type StoredSample,
} from '../src/codegen/sampleFrontMatter';
import { renderSamples, sampleFileOf, sampleFilesDir } from './lib/code-samples';
import { underApiDocsStage } from './lib/api-docs-inputs';
import { writeIfChanged } from './lib/write-if-changed';

const root = path.resolve(__dirname, '..');

/** The `api` front matter of a generated page: base64 of zlib-deflated JSON. */
export function decodeApi(mdx: string): Record<string, unknown> {
  const match = /^api: (\S+)$/m.exec(mdx);
  if (!match) throw new Error('no api front matter');
  return JSON.parse(inflateSync(Buffer.from(match[1], 'base64')).toString('utf8')) as Record<
    string,
    unknown
  >;
}

/**
 * Per operation (`POST /v1/voices`), the names its page defines that at most one other page
 * does (`consent`, `next_cursor`, as scripts/bundle-specs.ts lists them): the reference renders
 * them as schema names, which the index leaves out (they run into their types), so the keywords
 * carry them.
 */
async function ownFieldNames(): Promise<Map<string, string[]>> {
  const operations = JSON.parse(await readFile(path.join(root, httpOperationsPath), 'utf8')) as {
    method: string;
    path: string;
    fields: string[];
  }[];
  return new Map(operations.map((o) => [`${o.method} ${o.path}`, o.fields]));
}

/**
 * The samples as the page stores them: the code of the one its HTML shows, and for each other the
 * path of its file, written here (only when its text changed, for the dev server) and added to
 * `written`.
 */
function storeSamples(
  page: string,
  samples: readonly { language: string; code: string }[],
  written: Set<string>,
): StoredSample[] {
  return samples.map(({ language, code }) => {
    if (language === inlineSampleLanguage) return { language, code };
    const hash = createHash('sha256').update(code).digest('hex').slice(0, 8);
    const src = `${sampleFilesPath}/${page}/${language}.${hash}.txt`;
    writeIfChanged(sampleFileOf(root, src), code);
    written.add(src);
    return { language, src };
  });
}

/** Removes the sample files no page refers to any longer (an edited sample's old version). */
async function removeStale(written: ReadonlySet<string>): Promise<void> {
  const dir = sampleFilesDir(root);
  const files = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  for (const file of files.filter((f) => f.isFile())) {
    const full = path.join(file.parentPath, file.name);
    const src = `${sampleFilesPath}/${path.relative(dir, full).split(path.sep).join('/')}`;
    if (!written.has(src)) await rm(full);
  }
}

async function main(): Promise<void> {
  let pages = 0;
  const written = new Set<string>();
  const fieldNames = await ownFieldNames();
  for (const spec of apiSpecs) {
    const dir = path.join(root, underApiDocsStage(spec.outputDir));
    for (const file of (await readdir(dir)).filter((f) => f.endsWith('.api.mdx'))) {
      const target = path.join(dir, file);
      const mdx = await readFile(target, 'utf8');
      // The page's keywords: the operation's own (`x-search-keywords`: what readers look for on
      // this page that its title and headings do not name), its own field names, and the
      // languages of the samples,
      // which sit outside the indexed article, so a search for “Java 示例” finds the pages that
      // have one. The title keeps each page's keywords its own (the search discounts a keywords
      // line several pages share).
      const api = decodeApi(mdx);
      const samples = await renderSamples(api, codeSampleLanguages);
      const own = api['x-search-keywords'];
      if (!Array.isArray(own)) throw new Error(`${file}: the operation has no x-search-keywords`);
      const title = /^title: "(.*)"$/m.exec(mdx)?.[1] ?? '';
      const operation = `${String(api.method).toUpperCase()} ${String(api.path)}`;
      const fields = fieldNames.get(operation);
      if (!fields) throw new Error(`${file}: ${operation} is not in ${httpOperationsPath}`);
      const keywords = [
        title,
        ...(own as string[]),
        ...fields,
        '代码示例',
        ...samples.map((s) => s.label),
      ];
      const stored = storeSamples(file.replace(/\.api\.mdx$/, ''), samples, written);
      // JSON is valid YAML: one front-matter line holds every sample of the page.
      // A second run replaces the lines the first one wrote.
      const updated = mdx
        .replace(/^(code_samples|keywords): .*\n/gm, '')
        .replace(
          /^api: /m,
          () =>
            `keywords: ${JSON.stringify(keywords)}\ncode_samples: ${encodeSamples(stored)}\napi: `,
        );
      await writeFile(target, updated, 'utf8');
      pages += 1;
    }
  }
  await removeStale(written);
  console.log(`rendered code samples for ${pages} API pages (${written.size} sample files)`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
