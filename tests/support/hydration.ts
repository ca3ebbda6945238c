import { expect, type Page } from '@playwright/test';

/**
 * Waits until the page has hydrated: the theme renders its colour-mode toggle disabled in the
 * server's HTML and enables it once React has taken over the page, when links route in the page,
 * and shortcuts, tabs, menus and the code blocks' buttons work. The app's scripts start after the
 * first paint (src/ssr/template.ts), so a page's `load` can come before they have run.
 * Below 996px the navbar's toggle is hidden (the menu, once rendered, has its own), but still
 * there to ask.
 */
export async function hydrated(page: Page): Promise<void> {
  await expect(
    page
      .locator('nav.navbar')
      .getByRole('button', { name: /^切换浅色\/暗黑模式/, includeHidden: true })
      .first(),
  ).toBeEnabled();
}
