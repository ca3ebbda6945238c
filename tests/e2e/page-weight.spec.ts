/**
 * What each page type fetches until it has hydrated (JS, CSS and HTML, gzip) and the search index stay
 * within their budgets (scripts/lib/page-weight.ts): a code-splitting or minifying step that
 * silently stops working shows here as bytes, on every build.
 */
import path from 'node:path';
import { test, expect } from '../support/fixtures';
import { hydrated } from '../support/hydration';
import { siteDir } from '../../playwright.config';
import {
  benchPages,
  searchFirstSuggestionBudgetBrotli,
  searchIndexBudgetGzip,
  searchIndexWeight,
  weighPage,
  weightBudgets,
  type PageType,
} from '../../scripts/lib/page-weight';
import { indexBytes } from '../../scripts/lib/search-scale';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

for (const [type, route] of Object.entries(benchPages) as [PageType, string][]) {
  test(`a ${type} page (${route}) ships its first load within budget`, async ({ page }) => {
    const weight = await weighPage(page, route, hydrated);
    const budget = weightBudgets[type];
    console.log(
      `${type}: JS ${kb(weight.jsGzip)} / ${kb(budget.js)}, CSS ${kb(weight.cssGzip)} / ${kb(budget.css)}, HTML ${kb(weight.htmlGzip)} / ${kb(budget.html)} (gzip)`,
    );
    expect.soft(weight.jsGzip, 'first-load JS, gzip bytes').toBeLessThanOrEqual(budget.js);
    expect.soft(weight.cssGzip, 'first-load CSS, gzip bytes').toBeLessThanOrEqual(budget.css);
    expect.soft(weight.htmlGzip, 'HTML, gzip bytes').toBeLessThanOrEqual(budget.html);
  });
}

test('the search index stays within budget', () => {
  const index = searchIndexWeight(path.resolve(siteDir));
  console.log(`search index: ${index.files} file(s), ${kb(index.gzip)} gzip`);
  expect(index.files).toBeGreaterThan(0);
  expect(index.gzip).toBeLessThanOrEqual(searchIndexBudgetGzip);
});

test('a first suggestion waits for a small part of the index only', () => {
  const bytes = indexBytes(path.resolve(siteDir));
  console.log(
    `search index: ${kb(bytes.firstSuggestion)} before the first suggestion, ${kb(bytes.total)} in all (brotli)`,
  );
  expect(bytes.firstSuggestion).toBeLessThanOrEqual(searchFirstSuggestionBudgetBrotli);
  // The split is real: the first part is a small share of the whole.
  expect(bytes.firstSuggestion).toBeLessThan(bytes.total / 4);
});
