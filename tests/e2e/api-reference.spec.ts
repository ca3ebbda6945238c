import { test, expect } from '../support/fixtures';
import { parse } from 'yaml';
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

test.describe('spec downloads', () => {
  for (const path of operationRoutes) {
    test(`${path} links to its OpenAPI document, which the site serves`, async ({
      page,
      request,
    }) => {
      await page.goto(path);
      const specId = path.split('/')[2];
      const link = page.getByRole('link', { name: '下载 YAML' });
      await expect(link).toHaveAttribute('href', `/api-specs/${specId}.yaml`);
      const response = await request.get(`/api-specs/${specId}.yaml`);
      expect(response.status()).toBe(200);
      const doc = parse(await response.text()) as { openapi: string; paths: object };
      expect(doc.openapi).toBe('3.1.0');
      expect(Object.keys(doc.paths).length).toBeGreaterThan(0);
    });
  }
});
