import { expect, type Page } from '@playwright/test';

/** The navbar's colour-mode toggle: the theme renders it disabled until React has the page. */
const toggleLabel = '切换浅色/暗黑模式';

/**
 * Waits until the page has hydrated: the theme renders its colour-mode toggle disabled in the
 * server's HTML and enables it once React has taken over the page, when links route in the page,
 * and shortcuts, tabs, menus and the code blocks' buttons work. The app's scripts start after the
 * first paint (src/ssr/template.ts), so a page's `load` can come before they have run.
 * Below 996px the navbar's toggle is hidden (the menu, once rendered, has its own), but still
 * there to ask.
 *
 * The page itself watches for the toggle on every animation frame: an `expect` retries at 0,
 * 20, 50, 100, 100 ms and then every 500 ms, so a page that hydrates after the first 270 ms
 * was seen about 250 ms late on average, in nearly every browser test. The `expect` then
 * states the condition by role and name, and holds at once.
 */
export async function hydrated(page: Page): Promise<void> {
  await page
    .waitForFunction(
      (label) =>
        document.querySelector(`nav.navbar button[aria-label^="${label}"]:enabled`) !== null,
      toggleLabel,
      { timeout: 10_000 },
    )
    // Left to the `expect`, which names what it waited for.
    .catch(() => undefined);
  await expect(
    page
      .locator('nav.navbar')
      .getByRole('button', { name: new RegExp(`^${toggleLabel}`), includeHidden: true })
      .first(),
  ).toBeEnabled();
}
