/**
 * The search benchmark (`npm run bench:search`, also run by `npm run bench`): relevance on both
 * halves of the relevance set, the index bytes a first suggestion waits for, and the time from
 * the first keystroke to the first suggestion on a cold page (CPU slowed down 4×), for this
 * site (1×) and for a synthetic site with ten times the pages (10×, built in .tmp/bench/site-10x).
 * Figures go to .tmp/bench/search-figures.json, which `npm run bench:check` holds to the budgets.
 *
 *   npm run bench:search                 # builds the 10× site (a few minutes on 2 cores)
 *   npm run bench:search -- --skip-build # reuse build/ and the last 10× build
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../playwright.config';
import { startProductionServer } from './lib/production-server';
import {
  formatRelevance,
  measureRelevance,
  relevanceSet,
  type RelevanceFigures,
} from './lib/search-relevance';
import {
  firstSuggestionMs,
  indexBytes,
  scaffoldScaledSite,
  type IndexBytes,
} from './lib/search-scale';

const root = path.resolve(__dirname, '..');
const benchDir = path.join(root, '.tmp/bench');
const scaledDir = path.join(benchDir, 'site-10x');

export interface SearchScaleFigures {
  /** Pages with a search entry (HTML pages of docs). */
  pages: number;
  index: IndexBytes;
  /** First keystroke → first suggestion, cold page, CPU 4× slower: median ms. */
  firstSuggestionMs: number;
}

export interface SearchFigures {
  relevance: Record<string, RelevanceFigures>;
  scale: Record<'1x' | '10x', SearchScaleFigures>;
}

/** Pages the search indexed: the documents of the titles part of the root index. */
function indexedPages(buildDir: string): number {
  const parts = JSON.parse(readFileSync(path.join(buildDir, 'search-index.head.json'), 'utf8')) as {
    documents: unknown[];
  }[];
  return parts[0].documents.length;
}

export async function benchSearch(skipBuild: boolean): Promise<SearchFigures> {
  mkdirSync(benchDir, { recursive: true });
  const scaledBuild = path.join(scaledDir, 'build');
  if (!skipBuild || !existsSync(scaledBuild)) {
    const { pages } = scaffoldScaledSite(10, scaledDir);
    console.log(`10× site: ${pages} pages in ${scaledDir}`);
    const run = spawnSync('npx', ['docusaurus', 'build', scaledDir], {
      cwd: root,
      stdio: 'inherit',
    });
    if (run.status !== 0) throw new Error('the 10× build failed');
  }
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const figures: SearchFigures = { relevance: {}, scale: {} as SearchFigures['scale'] };
  try {
    const sites = [
      ['1x', path.join(root, 'build'), 4412],
      ['10x', scaledBuild, 4413],
    ] as const;
    for (const [scale, dir, port] of sites) {
      const server = await startProductionServer(dir, port);
      try {
        figures.scale[scale] = {
          pages: indexedPages(dir),
          index: indexBytes(dir),
          firstSuggestionMs: await firstSuggestionMs(browser, `${server.origin}/guides/clone`),
        };
        if (scale === '1x') {
          const page = await browser.newPage({ baseURL: server.origin });
          for (const half of ['tuning', 'held-back'] as const) {
            const cases = relevanceSet.filter((c) => c.half === half);
            figures.relevance[half] = await measureRelevance(page, cases);
          }
          await page.close();
        }
      } finally {
        server.stop();
      }
    }
  } finally {
    await browser.close();
  }
  writeFileSync(
    path.join(benchDir, 'search-figures.json'),
    `${JSON.stringify(figures, null, 2)}\n`,
  );
  return figures;
}

export function printSearchFigures(figures: SearchFigures): void {
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  for (const [half, f] of Object.entries(figures.relevance)) {
    console.log(`search relevance, ${formatRelevance(half, f)}`);
    // Only the tuning half's misses print: the held-back half's queries are never looked at.
    if (half === 'tuning' && f.misses.length > 0)
      console.log(`  misses:\n  ${f.misses.join('\n  ')}`);
  }
  console.log('\nSearch at 1× and 10× the pages (brotli bytes; cold page, CPU 4× slower)');
  console.table(
    Object.fromEntries(
      Object.entries(figures.scale).map(([scale, s]) => [
        scale,
        {
          pages: s.pages,
          'index before 1st suggestion': kb(s.index.firstSuggestion),
          'index, all files': kb(s.index.total),
          'keystroke → 1st suggestion': `${s.firstSuggestionMs} ms`,
        },
      ]),
    ),
  );
}

if (require.main === module) {
  const { values } = parseArgs({ options: { 'skip-build': { type: 'boolean', default: false } } });
  benchSearch(values['skip-build'])
    .then(printSearchFigures)
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
