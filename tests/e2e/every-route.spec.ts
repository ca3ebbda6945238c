/**
 * Every route of the specification, visited once: it answers 200 in zh-Hans with a heading,
 * under the production Content-Security-Policy (the fixtures fail a test on any violation), the
 * app starts; at 360 px, then widened to 1280 px, the layout holds (tests/support/layout.ts);
 * at 1280 px the page shows its own sidebar with itself as the active entry, or none.
 */
import { test, expect } from '../support/fixtures';
import { expectAppStarted, expectCsp } from '../support/csp';
import { hydrated } from '../support/hydration';
import { checkLayout } from '../support/layout';
import { allRoutes, docRoutes, type SidebarKind } from '../support/routes';
import { server } from '../../playwright.config';

// A link that only the given sidebar holds, to tell the two sidebars apart.
const sidebarMarker = {
  tutorialSidebar: '/guides/contexts',
  api: '/api/errors',
} as const;

const sidebarOf = (route: string): SidebarKind | undefined =>
  docRoutes.find((d) => d.path === route)?.sidebar;

for (const route of allRoutes) {
  const sidebar = sidebarOf(route);
  const sidebarText =
    sidebar === undefined ? '' : sidebar === 'none' ? ', no sidebar' : `, sidebar '${sidebar}'`;
  test(`${route}: 200 with a heading${sidebarText}, under the CSP; layout at 360 and 1280 px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    const response = await page.goto(route);
    expect(response?.status()).toBe(200);
    // docusaurus serve (SERVER=docusaurus) sends no policy.
    if (server === 'nginx') expectCsp(response);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hans');
    // The search page has no <main>: its heading is in the layout's main wrapper.
    const heading = page.locator('.main-wrapper h1').first();
    await expect(heading).toBeVisible();
    await expect(heading).not.toBeEmpty();
    await expectAppStarted(page);
    await hydrated(page);
    await checkLayout(page, 360, true);

    // The same page, widened: the layout follows the window, no reload needed.
    await page.setViewportSize({ width: 1280, height: 900 });
    await checkLayout(page, 1280, false);

    if (sidebar === undefined) return;
    if (sidebar === 'none') {
      await expect(page.locator('aside.theme-doc-sidebar-container')).toHaveCount(0);
      return;
    }
    const sidebarNav = page.locator('aside.theme-doc-sidebar-container nav');
    await expect(sidebarNav).toBeVisible();
    const other = sidebar === 'api' ? 'tutorialSidebar' : 'api';
    await expect(sidebarNav.locator(`a[href="${sidebarMarker[sidebar]}"]`)).toHaveCount(1);
    await expect(sidebarNav.locator(`a[href="${sidebarMarker[other]}"]`)).toHaveCount(0);
    // The current page is the sidebar's active entry.
    await expect(sidebarNav.locator('a.menu__link--active').last()).toHaveAttribute('href', route);
  });
}
