/**
 * Search relevance, measured as a reader meets it: each query of the relevance set
 * (tests/support/search-relevance-set.json) is typed into the search results page, and the pages
 * of its results, in the order shown, are scored against the pages that answer it. The results
 * page runs the same search, with the same ranking, as the navbar's suggestions
 * (tests/e2e/search.spec.ts shows their first three agree). `npm run bench` prints the figures;
 * the browser tests hold the floors.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { hydrated } from '../../tests/support/hydration';

export interface RelevanceCase {
  readonly query: string;
  /** Routes that answer the query; the first is the best answer. */
  readonly expect: readonly string[];
  readonly kind: string;
  readonly lang: 'zh' | 'en' | 'mixed';
  /**
   * Split once, when the set was written: the tuning half may be looked at when changing the
   * search; the held-back half never is, so its figures say how readers' own queries fare.
   */
  readonly half: 'tuning' | 'held-back';
}

export const relevanceSet: readonly RelevanceCase[] = JSON.parse(
  readFileSync(path.resolve(__dirname, '../../tests/support/search-relevance-set.json'), 'utf8'),
) as RelevanceCase[];

export interface RelevanceFigures {
  readonly queries: number;
  /** Share of queries whose first result is an answer. */
  readonly hitAt1: number;
  /** Share of queries with an answer among the first three results. */
  readonly hitAt3: number;
  /** Mean reciprocal rank of the first answer (0 when none of the results is one). */
  readonly mrr: number;
  /** The queries without an answer in the first three, with what they got. */
  readonly misses: readonly string[];
}

/** The results page's count line ("共找到 N 篇文档" or "没有找到任何文档"), shown once a search ends. */
const countLine = (page: Page) =>
  page
    .locator('.main-wrapper p')
    .filter({ hasText: /共找到|没有找到/ })
    .first();

/**
 * Run in the results page: types `query` into its box as a reader does (emptying it first clears
 * the results, so the next count line to appear is this query's), waits for that line and returns
 * the links of the results, in the order shown. One call per query, in the page: waiting from
 * the test process took a round trip per step and per poll. Source text, so that no transpiler
 * helper (tsx names functions) has to exist in the page.
 */
const typeAndRead = `async (query) => {
  const input = document.querySelector('.main-wrapper input[type="search"]');
  const root = document.querySelector('.main-wrapper');
  const counted = () =>
    Array.from(root.querySelectorAll('p')).some((p) => /共找到|没有找到/.test(p.textContent || ''));
  const until = (done) =>
    new Promise((resolve, reject) => {
      if (done()) return resolve();
      const timer = setTimeout(() => reject(new Error('no results for ' + query)), 30000);
      const observer = new MutationObserver(() => {
        if (!done()) return;
        observer.disconnect();
        clearTimeout(timer);
        resolve();
      });
      observer.observe(root, { childList: true, subtree: true, characterData: true });
    });
  // React reads what the reader types from the input event, with the value set natively.
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
  const type = (value) => {
    setValue.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  };
  type('');
  await until(() => !counted());
  type(query);
  await until(counted);
  return Array.from(root.querySelectorAll('article h2 a')).map((a) => a.getAttribute('href'));
}`;

/** The links of a query's results on the search page (already open), in the order shown. */
export async function resultLinks(page: Page, query: string): Promise<string[]> {
  return page.evaluate(`(${typeAndRead})(${JSON.stringify(query)})`) as Promise<string[]>;
}

/** The routes of a query's results on the search page (already open), in the order shown. */
export async function resultRoutes(page: Page, query: string): Promise<string[]> {
  return (await resultLinks(page, query)).map((href) => new URL(href, page.url()).pathname);
}

/** Scores `cases` on `page`, one query after another. */
export async function measureRelevance(
  page: Page,
  cases: readonly RelevanceCase[],
): Promise<RelevanceFigures> {
  let hits1 = 0;
  let hits3 = 0;
  let reciprocal = 0;
  const misses: string[] = [];
  // The first search waits for the app to start and the index to load. A query typed before
  // hydration is lost (React renders the box empty), so wait for it on a loaded machine.
  await page.goto('/search');
  await hydrated(page);
  await page.locator('.main-wrapper input[type="search"]').fill('API');
  await countLine(page).waitFor({ timeout: 60_000 });
  for (const c of cases) {
    const routes = await resultRoutes(page, c.query);
    const rank = routes.findIndex((r) => c.expect.includes(r)) + 1;
    if (rank === 1) hits1 += 1;
    if (rank >= 1 && rank <= 3) hits3 += 1;
    else
      misses.push(
        `${c.query}: got ${routes.slice(0, 3).join(', ') || 'nothing'}; want ${c.expect.join(' or ')}`,
      );
    if (rank >= 1) reciprocal += 1 / rank;
  }
  const n = cases.length;
  return { queries: n, hitAt1: hits1 / n, hitAt3: hits3 / n, mrr: reciprocal / n, misses };
}

/** The figures of a set measured in parts (each part's rates weighted by its queries). */
export function combineRelevance(parts: readonly RelevanceFigures[]): RelevanceFigures {
  const queries = parts.reduce((n, p) => n + p.queries, 0);
  const mean = (pick: (p: RelevanceFigures) => number) =>
    parts.reduce((sum, p) => sum + pick(p) * p.queries, 0) / queries;
  return {
    queries,
    hitAt1: mean((p) => p.hitAt1),
    hitAt3: mean((p) => p.hitAt3),
    mrr: mean((p) => p.mrr),
    misses: parts.flatMap((p) => p.misses),
  };
}

export const formatRelevance = (half: string, f: RelevanceFigures): string =>
  `${half}: ${f.queries} queries, hit@1 ${(f.hitAt1 * 100).toFixed(1)} %, hit@3 ${(f.hitAt3 * 100).toFixed(1)} %, MRR ${f.mrr.toFixed(3)}`;

/**
 * The floors `npm test` holds each half to: the figures of 2026-11-28 (tuning: hit@1 94.0 %,
 * hit@3 98.7 %; held-back: 88.1 %, 95.4 %) less two to three points, except the held-back half's
 * hit@3, held to its target (issue 19: hit@3 ≥ 95 %, hit@1 ≥ 75 %), which it meets by one query.
 */
export const relevanceFloors: Record<RelevanceCase['half'], { hitAt1: number; hitAt3: number }> = {
  tuning: { hitAt1: 0.9, hitAt3: 0.96 },
  'held-back': { hitAt1: 0.85, hitAt3: 0.95 },
};
