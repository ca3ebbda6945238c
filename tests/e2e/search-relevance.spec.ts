/**
 * The relevance set (written from the product description and the pages' titles alone, split
 * once into a tuning half and a held-back half) on the built site's search: the held-back half
 * keeps its floor. The figures of both halves print in `npm run bench:search`.
 */
import { test, expect } from '../support/fixtures';
import {
  combineRelevance,
  formatRelevance,
  measureRelevance,
  relevanceFloors,
  relevanceSet,
} from '../../scripts/lib/search-relevance';
import { docRoutes } from '../support/routes';

test('the relevance set is large, split in halves, and names only real pages', () => {
  expect(relevanceSet.length).toBeGreaterThanOrEqual(150);
  const held = relevanceSet.filter((c) => c.half === 'held-back').length;
  expect(Math.abs(2 * held - relevanceSet.length)).toBeLessThanOrEqual(relevanceSet.length / 10);
  const known = new Set(docRoutes.map((d) => d.path));
  for (const c of relevanceSet) {
    for (const r of c.expect) expect(known, `${c.query} → ${r}`).toContain(r);
  }
});

// The held-back half is never looked at while changing the search, so it is the readers' measure
// and `npm test` holds its floor; the tuning half's floor is checked on `npm run bench:search`'s
// figures (`npm run bench:check`), which prints its misses to tune against.
test('search keeps its floor on the held-back half of the relevance set', async ({
  page,
  context,
}) => {
  test.setTimeout(6 * 60_000);
  // Two results pages share the queries: each query waits mostly for the page's debounce and
  // its own worker, so two run side by side in about half the time, with the same answers.
  const cases = relevanceSet.filter((c) => c.half === 'held-back');
  const halves = [cases.filter((_, i) => i % 2 === 0), cases.filter((_, i) => i % 2 === 1)];
  const second = await context.newPage();
  const parts = await Promise.all([
    measureRelevance(page, halves[0]),
    measureRelevance(second, halves[1]),
  ]);
  const figures = combineRelevance(parts);
  console.log(formatRelevance('held-back', figures));
  const floor = relevanceFloors['held-back'];
  expect.soft(figures.hitAt3, 'hit@3').toBeGreaterThanOrEqual(floor.hitAt3);
  expect.soft(figures.hitAt1, 'hit@1').toBeGreaterThanOrEqual(floor.hitAt1);
});
