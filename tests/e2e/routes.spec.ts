import { test, expect } from '../support/fixtures';
import { docRoutes, htmlNormalisations, tagSlugs } from '../support/routes';

// A link that only the given sidebar holds, to tell the two sidebars apart.
const sidebarMarker = {
  tutorialSidebar: '/guides/contexts',
  api: '/api/errors',
} as const;

test.describe('every route of the specification', () => {
  for (const { path, sidebar } of docRoutes) {
    test(`${path} answers 200 with a heading and ${sidebar === 'none' ? 'no sidebar' : `sidebar '${sidebar}'`}`, async ({
      page,
    }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hans');
      const heading = page.locator('main h1').first();
      await expect(heading).toBeVisible();
      await expect(heading).not.toBeEmpty();

      const sidebarNav = page.locator('aside.theme-doc-sidebar-container nav');
      if (sidebar === 'none') {
        await expect(page.locator('aside.theme-doc-sidebar-container')).toHaveCount(0);
        return;
      }
      await expect(sidebarNav).toBeVisible();
      const other = sidebar === 'api' ? 'tutorialSidebar' : 'api';
      await expect(sidebarNav.locator(`a[href="${sidebarMarker[sidebar]}"]`)).toHaveCount(1);
      await expect(sidebarNav.locator(`a[href="${sidebarMarker[other]}"]`)).toHaveCount(0);
      // The current page is the sidebar's active entry.
      await expect(sidebarNav.locator('a.menu__link--active').last()).toHaveAttribute('href', path);
    });
  }

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
