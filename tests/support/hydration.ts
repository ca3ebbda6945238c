import { expect, type Page } from '@playwright/test';

/**
 * Waits until the page has hydrated: the theme renders its colour-mode toggle disabled in the
 * server's HTML and enables it once React has taken over the page, when shortcuts, tabs and the
 * code blocks' buttons work. At desktop widths (below 996px the toggle is in the closed menu).
 */
export async function hydrated(page: Page): Promise<void> {
  await expect(page.getByRole('button', { name: /^切换浅色\/暗黑模式/ })).toBeEnabled();
}
