/**
 * How search grows with the docs: a synthetic site with N times the pages (copies of the real
 * pages, each under its own slug prefix, in a folder of its own under .tmp/), the bytes of its
 * search index, and the time from the first keystroke to the first suggestion on a cold page
 * with the CPU slowed down as on a mid-range phone.
 */
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import type { Browser } from '@playwright/test';
import { classicThemeHydrated } from './page-weight';

const root = path.resolve(__dirname, '../..');

/** What the search fetches, in brotli bytes (as nginx would send it, quality 11). */
export interface IndexBytes {
  /** The part a first suggestion waits for, in the largest search context. */
  firstSuggestion: number;
  /** Every index file of every context. */
  total: number;
}

const brotli = (file: string) =>
  brotliCompressSync(readFileSync(file), {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
  }).length;

export function indexBytes(buildDir: string): IndexBytes {
  const files = readdirSync(buildDir).filter((f) => /^search-index.*\.json$/.test(f));
  const heads = files.filter((f) => f.endsWith('.head.json'));
  if (heads.length === 0) throw new Error(`no search-index*.head.json in ${buildDir}`);
  return {
    firstSuggestion: Math.max(...heads.map((f) => brotli(path.join(buildDir, f)))),
    total: files.reduce((sum, f) => sum + brotli(path.join(buildDir, f)), 0),
  };
}

/** Every `.md`/`.mdx` page of a docs folder (partials, whose names start with `_`, excluded). */
function pagesIn(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter(
    (f) => /\.mdx?$/.test(f) && !path.basename(f).startsWith('_'),
  );
}

/**
 * A copy of this site whose docs are the real ones plus `copies - 1` copies of each folder of
 * pages, every copy under the slug prefix `/copy-<n>`; the rest (config, sources, node_modules)
 * is linked. Returns the site folder and its page count.
 */
export function scaffoldScaledSite(copies: number, siteDir: string): { pages: number } {
  rmSync(siteDir, { recursive: true, force: true });
  mkdirSync(siteDir, { recursive: true });
  for (const entry of readdirSync(root)) {
    if (['docs', 'build', '.tmp', '.docusaurus', '.git'].includes(entry)) continue;
    symlinkSync(path.join(root, entry), path.join(siteDir, entry));
  }
  let pages = 0;
  for (const docsDir of ['docs/tutorial', 'docs/api']) {
    const source = path.join(root, docsDir);
    const target = path.join(siteDir, docsDir);
    cpSync(source, target, { recursive: true });
    pages += pagesIn(source).length;
    for (let n = 2; n <= copies; n += 1) {
      const copy = path.join(target, `copy-${n}`);
      for (const file of readdirSync(source, { recursive: true, encoding: 'utf8' })) {
        const from = path.join(source, file);
        if (statSync(from).isDirectory() || !/\.(mdx?|json|ts)$/.test(file)) continue;
        // Relative imports (partials, the generated sidebars) stay inside the copied tree.
        if (file.endsWith('sidebars.ts') || file.endsWith('sidebar.ts')) continue;
        const to = path.join(copy, file);
        mkdirSync(path.dirname(to), { recursive: true });
        let text = readFileSync(from, 'utf8');
        if (/\.mdx?$/.test(file)) {
          // Each copy answers at its own address; ids stay unique by their folder.
          text = text.replace(
            /^slug: *(\S+)/m,
            (_m, slug: string) => `slug: /copy-${n}${slug === '/' ? '' : slug}`,
          );
          if (!path.basename(file).startsWith('_')) pages += 1;
        }
        writeFileSync(to, text);
      }
    }
  }
  if (!existsSync(path.join(siteDir, 'node_modules'))) throw new Error('node_modules not linked');
  return { pages };
}

/**
 * Milliseconds from the first keystroke in the navbar's search box to the first suggestion, on
 * a page just loaded with an empty cache and the CPU slowed down `cpuSlowdown` times (DevTools
 * throttling, as Lighthouse's mobile profile uses 4×), the reader typing as soon as the page has
 * hydrated and the network is idle. Median of `runs` fresh browser contexts.
 */
export async function firstSuggestionMs(
  browser: Browser,
  url: string,
  { runs = 5, cpuSlowdown = 4, query = '音色' } = {},
): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'networkidle' });
    // The app's scripts start after the first paint: wait until it has hydrated.
    await classicThemeHydrated(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    // Timed in the page: from the first character in the box to the first suggestion in the DOM.
    // (A string: the TypeScript runner would add helpers the page does not have.)
    const first = page.evaluate<number>(`new Promise((resolve) => {
      let typed = 0;
      // 'input', not 'typed': Chinese text arrives through the input method, without keys.
      document.addEventListener('input', () => { typed ||= performance.now(); }, true);
      const observer = new MutationObserver(() => {
        if (!typed || !document.querySelector('nav.navbar [role="option"]')) return;
        observer.disconnect();
        resolve(performance.now() - typed);
      });
      observer.observe(document.body, { childList: true, subtree: true });
    })`);
    // Into the box, then the keys, with no pause. The search bar starts loading the first part of
    // the index when the page is idle after hydration (src/theme/SearchBar); it may still be on
    // its way here, when a reader would take a second or more to reach the box.
    await page.locator('nav.navbar input.navbar__search-input').click();
    await page.keyboard.type(query);
    times.push(await first);
    await context.close();
  }
  times.sort((a, b) => a - b);
  return Math.round(times[Math.floor(times.length / 2)]);
}
