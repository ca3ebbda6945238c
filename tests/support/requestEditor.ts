import { expect, type Page } from '@playwright/test';
import { hydrated } from './hydration';

/** The request editor of a reference page, once opened. */
export const editorForm = (page: Page) => page.locator('.openapi-explorer__request-form');

/** The body editor's text in its open tab (editable once clicked: the theme turns it off on blur). */
export const bodyEditor = (page: Page) =>
  editorForm(page).locator(
    '[role="tabpanel"]:not([hidden]) .openapi-explorer__playground-editor pre',
  );

/** Opens the request editor of `route` as a reader does. */
export async function openEditor(page: Page, route: string): Promise<void> {
  await page.goto(route);
  await hydrated(page);
  await page.getByRole('button', { name: '修改请求参数并重新生成代码' }).click();
  // The editor's code (over a megabyte) loads on this click; slow beside the mock's start.
  await expect(editorForm(page)).toBeVisible({ timeout: 30_000 });
}

/** Replaces the body editor's text as a reader does: select all, paste. */
export async function typeBody(page: Page, text: string): Promise<void> {
  // The headless shell, unlike the full browser, asks for the permission even to write.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await bodyEditor(page).click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('ControlOrMeta+v');
  await expect(bodyEditor(page)).toHaveText(text);
}
