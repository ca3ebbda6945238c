import { test, expect } from '../support/fixtures';
import { deployment } from '../../src/data/deployment';
import { hydrated } from '../support/hydration';

test.describe('navbar', () => {
  test('has the brand, both sidebars, the console, search and the colour toggle', async ({
    page,
  }) => {
    await page.goto('/api-overview');
    const navbar = page.locator('nav.navbar');
    await expect(navbar.locator('a.navbar__brand')).toHaveAttribute('href', '/');
    await expect(navbar.locator('a.navbar__brand')).toContainText(deployment.brandName);
    await expect(navbar.getByRole('link', { name: '文档', exact: true })).toHaveAttribute(
      'href',
      '/',
    );
    await expect(navbar.getByRole('link', { name: 'API 参考', exact: true })).toHaveAttribute(
      'href',
      '/api/introduction',
    );
    const console_ = navbar.locator(`a[href="${deployment.consoleUrl}"]`);
    await expect(console_).toHaveAttribute('target', '_blank');
    await expect(console_).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(navbar.locator('input.navbar__search-input')).toBeVisible();
    await expect(navbar.locator('input.navbar__search-input')).toHaveAttribute(
      'aria-label',
      '搜索',
    );
    await expect(navbar.getByRole('button', { name: /^切换浅色\/暗黑模式/ })).toBeVisible();
  });

  test('the brand and the sidebar entries navigate', async ({ page }) => {
    await page.goto('/faqs');
    await hydrated(page);
    await page.locator('nav.navbar').getByRole('link', { name: 'API 参考', exact: true }).click();
    await expect(page).toHaveURL(/\/api\/introduction$/);
    await page.locator('nav.navbar a.navbar__brand').click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('mobile menu', () => {
  test('appears below 996px and opens the sidebar', async ({ page }) => {
    await page.setViewportSize({ width: 995, height: 800 });
    await page.goto('/guides/clone');
    await hydrated(page);
    const toggle = page.locator('button.navbar__toggle');
    await expect(toggle).toBeVisible();
    await expect(page.locator('aside.theme-doc-sidebar-container')).toBeHidden();
    await toggle.click();
    const panel = page.locator('.navbar-sidebar');
    await expect(panel).toBeVisible();
    await expect(panel.locator('a[href="/guides/contexts"]')).toBeVisible();
    await panel.locator('a[href="/guides/contexts"]').click();
    await expect(page).toHaveURL(/\/guides\/contexts$/);
    await expect(panel).toBeHidden();
  });

  test('is absent at 997px, where the sidebar shows', async ({ page }) => {
    await page.setViewportSize({ width: 997, height: 800 });
    await page.goto('/guides/clone');
    await expect(page.locator('button.navbar__toggle')).toBeHidden();
    await expect(page.locator('aside.theme-doc-sidebar-container')).toBeVisible();
  });
});

test('footer carries the copyright years and the ICP filing link', async ({ page }) => {
  await page.goto('/');
  const footer = page.locator('footer.theme-layout-footer');
  await expect(footer).toContainText(`Copyright © ${deployment.copyrightYears}`);
  const icp = footer.locator(`a[href="${deployment.icp.url}"]`);
  await expect(icp).toHaveText(deployment.icp.text);
  await expect(icp).toHaveAttribute('rel', 'noopener noreferrer');
  // The generative-AI filings and the agreements, where a compliance reader looks (D19).
  for (const filing of deployment.aiFilings) {
    await expect(footer).toContainText(`${filing.label}：${filing.number}`);
  }
  await expect(footer.locator(`a[href="${deployment.privacyPolicyUrl}"]`)).toHaveText('隐私政策');
  await expect(footer.locator(`a[href="${deployment.serviceAgreementUrl}"]`)).toHaveText(
    '服务协议',
  );
});

test('announcement bar invites registration and cannot be closed', async ({ page }) => {
  await page.goto('/price');
  const bar = page.locator('.theme-announcement-bar');
  await expect(bar).toBeVisible();
  await expect(bar).toContainText(deployment.announcement.lead);
  await expect(bar.locator(`a[href="${deployment.consoleUrl}"]`)).toHaveText(
    deployment.announcement.linkText,
  );
  await expect(bar.locator('button')).toHaveCount(0);
  await page.reload();
  await expect(bar).toBeVisible();
});

for (const scheme of ['light', 'dark'] as const) {
  test(`announcement bar is in the brand colour in ${scheme} mode`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
    const bar = page.locator('.theme-announcement-bar');
    await expect(bar).toHaveCSS('background-color', 'rgb(10, 87, 72)');
    await expect(bar).toHaveCSS('color', 'rgb(255, 255, 255)');
    await expect(bar.locator('a')).toHaveCSS('color', 'rgb(255, 255, 255)');
  });
}

test.describe('colour mode', () => {
  for (const scheme of ['dark', 'light'] as const) {
    test(`follows a ${scheme} system preference when nothing is saved`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
    });
  }

  test('the reader’s choice is saved and outlives a reload and the system preference', async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    await hydrated(page);
    const toggle = page.getByRole('button', { name: /^切换浅色\/暗黑模式/ });
    // The toggle cycles system → light → dark; click until dark is chosen.
    for (let i = 0; i < 3; i += 1) {
      if ((await page.locator('html').getAttribute('data-theme')) === 'dark') break;
      await toggle.click();
    }
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await page.evaluate(() => window.localStorage.getItem('theme'))).toBe('dark');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.goto('/faqs');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  });
});

test('table of contents lists h2 and h3 only', async ({ page }) => {
  await page.goto('/guides/best-practices');
  const article = page.locator('article');
  // The page has deeper headings, so the upper bound is really exercised.
  expect(await article.locator('h4[id]').count()).toBeGreaterThan(0);
  const expected = await article
    .locator('h2[id], h3[id]')
    .evaluateAll((hs) => hs.map((h) => `#${h.id}`));
  const toc = await page
    .locator('.theme-doc-toc-desktop a')
    .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  expect(toc.length).toBeGreaterThan(0);
  expect(toc).toEqual(expected);
});

test.describe('docs version', () => {
  test('every doc page belongs to the one version, "current"', async ({ page }) => {
    for (const path of ['/', '/api/errors']) {
      await page.goto(path);
      await expect(page.locator('meta[name="docusaurus_version"]')).toHaveAttribute(
        'content',
        'current',
      );
      await expect(page.locator('html')).toHaveClass(/docs-version-current/);
    }
  });

  test('the preferred version lives in local storage, where stale choices are dropped', async ({
    page,
  }) => {
    await page.goto('/faqs');
    await page.evaluate(() => {
      localStorage.setItem('docs-preferred-version-default', 'current');
      localStorage.setItem('docs-preferred-version-api', '0.9');
    });
    await page.reload();
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('docs-preferred-version-api')))
      .toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('docs-preferred-version-default'))).toBe(
      'current',
    );
  });
});
