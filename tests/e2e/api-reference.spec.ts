import { test, expect } from '../support/fixtures';
import { operationRoutes } from '../support/routes';
import { codeSampleLanguages } from '../../src/data/codeSamples';

test.describe('API reference pages generated from the OpenAPI specs', () => {
  for (const path of operationRoutes) {
    test(`${path} offers the nine code samples in order, and no Send button`, async ({ page }) => {
      await page.goto(path);
      const samples = page.locator('.openapi-tabs__code-container').first();
      const tabs = samples.locator('ul.openapi-tabs__code-list-container').first().getByRole('tab');
      await expect(tabs).toHaveText(codeSampleLanguages.map((l) => l.language));

      for (const { language } of codeSampleLanguages) {
        await tabs.filter({ hasText: new RegExp(`^${language}$`) }).click();
        const code = samples.locator('[role="tabpanel"]:not([hidden]) pre code').first();
        await expect(code).toBeVisible();
        // Every sample addresses the operation's real endpoint.
        await expect(code).toContainText('/v1/');
        expect((await code.textContent())!.trim().length).toBeGreaterThan(20);
      }
      await expect(page.getByRole('button', { name: /发送|Send/ })).toHaveCount(0);
    });
  }
});
