/**
 * The relevance set (written from the product description and the pages' titles alone, split
 * once into a tuning half and a held-back half) on the built site's search: each half keeps its
 * floor. The figures print here and in `npm run bench`.
 */
import { test, expect } from '../support/fixtures';
import {
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

for (const half of ['tuning', 'held-back'] as const) {
  test(`search keeps its floor on the ${half} half of the relevance set`, async ({ page }) => {
    test.setTimeout(6 * 60_000);
    const figures = await measureRelevance(
      page,
      relevanceSet.filter((c) => c.half === half),
    );
    console.log(formatRelevance(half, figures));
    // The held-back half's queries are never looked at, so only the tuning half's misses print.
    if (half === 'tuning' && figures.misses.length > 0)
      console.log(`misses:\n${figures.misses.join('\n')}`);
    const floor = relevanceFloors[half];
    expect.soft(figures.hitAt3, 'hit@3').toBeGreaterThanOrEqual(floor.hitAt3);
    expect.soft(figures.hitAt1, 'hit@1').toBeGreaterThanOrEqual(floor.hitAt1);
  });
}
