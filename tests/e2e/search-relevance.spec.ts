import { test, expect } from '../support/fixtures';
import { relevanceCases } from '../support/search-queries';

/**
 * Types each query of the relevance set into the navbar search and follows the first three
 * suggestions: at least 90 % of the queries must reach one of their expected pages.
 */
test('search answers at least 90 % of the relevance set within the first three suggestions', async ({
  page,
}) => {
  test.setTimeout(15 * 60_000);
  const input = page.locator('nav.navbar input.navbar__search-input');
  const misses: string[] = [];
  // Searches start from the home page, outside the reference's search context.
  await page.goto('/');
  for (const { query, expect: wanted } of relevanceCases) {
    const reached: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      await input.fill('');
      await input.fill(query);
      const options = page.locator('nav.navbar [role="option"]');
      const none = page.locator('nav.navbar').getByText('没有找到任何文档');
      await expect(options.first().or(none)).toBeVisible();
      if ((await options.count()) <= i) break;
      await options.nth(i).click();
      await page.waitForURL((url) => url.pathname !== '/' || url.search !== '');
      reached.push(new URL(page.url()).pathname);
      await page.goBack();
      await page.waitForURL((url) => url.pathname === '/' && url.search === '');
    }
    if (!reached.some((p) => wanted.includes(p))) {
      misses.push(`${query}: got ${reached.join(', ')}; want ${wanted.join(' or ')}`);
    }
  }
  const hitRate = 1 - misses.length / relevanceCases.length;
  console.log(`search relevance: ${(hitRate * 100).toFixed(1)} % of ${relevanceCases.length}`);
  if (misses.length > 0) console.log(`misses:\n${misses.join('\n')}`);
  expect(relevanceCases.length).toBeGreaterThanOrEqual(50);
  expect(hitRate, misses.join('\n')).toBeGreaterThanOrEqual(0.9);
});
