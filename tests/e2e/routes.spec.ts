import { test, expect } from '../support/fixtures';
import { entryPoints } from '../../src/data/entryPoints';
import { htmlNormalisations, tagSlugs } from '../support/routes';

// Each route's status, heading and sidebar: tests/e2e/every-route.spec.ts, on its one visit.
test.describe('the routes of the specification', () => {
  test('/search is the search results page', async ({ page }) => {
    const response = await page.goto('/search');
    expect(response?.status()).toBe(200);
    // The search page has no <main>: its content is the layout's main wrapper.
    await expect(page.locator('.main-wrapper h1')).toHaveText('搜索文档');
    await expect(page.locator('.main-wrapper input[type="search"]')).toBeVisible();
  });

  test('/tags lists the five tags', async ({ page }) => {
    const response = await page.goto('/tags');
    expect(response?.status()).toBe(200);
    for (const slug of tagSlugs) {
      await expect(page.locator(`main a[href="/tags/${slug}"]`)).toHaveCount(1);
    }
  });

  for (const slug of tagSlugs) {
    test(`/tags/${slug} lists the pages tagged with it`, async ({ page }) => {
      const response = await page.goto(`/tags/${slug}`);
      expect(response?.status()).toBe(200);
      await expect(page.locator('main h1')).toBeVisible();
      expect(await page.locator('main article a[href]').count()).toBeGreaterThan(0);
    });
  }
});

test.describe('unknown paths', () => {
  test.use({ expectedConsoleErrors: [/status of 404/] });

  for (const path of ['/nope', '/api/nope', '/guides/clone/extra', '/tags/nope']) {
    test(`${path} answers 404 with the not-found page`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.locator('main h1')).toHaveText('找不到页面');
      await expect(page.locator('main')).toContainText(
        '请联系原始链接来源网站的所有者，并告知他们链接已损坏。',
      );
    });
  }

  test('the not-found page offers a search for the missing words and the main entry points', async ({
    page,
  }) => {
    await page.goto('/api/voice-clone');
    const help = page.getByRole('navigation', { name: '从这里继续' });
    const box = help.getByRole('searchbox', { name: '搜索文档' });
    await expect(box).toHaveValue('voice clone');
    const links = help.getByRole('link');
    expect(await links.allTextContents()).toEqual(entryPoints.map((e) => e.label));
    for (const entry of entryPoints) {
      // Each label is the title of the page it opens.
      const markdown = await page.request.get(entry.to === '/' ? '/index.md' : `${entry.to}.md`);
      const title = (await markdown.text()).match(/^# (.+)$/m)?.[1];
      expect(title, entry.to).toBe(entry.label);
    }
    await box.fill('计费');
    await help.getByRole('button', { name: '搜索' }).click();
    await expect(page).toHaveURL(/\/search\?q=%E8%AE%A1%E8%B4%B9$/);
    await expect(page.locator('.main-wrapper h1')).toContainText('计费');
  });
});

test.describe('.html and /index.html are normalised', () => {
  for (const [from, to] of htmlNormalisations) {
    test(`${from} -> ${to}`, async ({ page, baseURL }) => {
      const response = await page.goto(from);
      expect(response?.status()).toBe(200);
      expect(page.url()).toBe(new URL(to, baseURL).href);
      await expect(page.locator('main h1').first()).toBeVisible();
    });
  }
});
