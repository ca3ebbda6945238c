/**
 * The reference's code samples as a reader gets them: what the copy button yields is, byte for
 * byte, what the generator wrote (scripts/lib/code-samples.ts) and what the sample harness runs
 * (the code lines of the built HTML, tests/samples/collect.ts); the language picker is one row at
 * every width and keeps the reader's choice across pages.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { hydrated } from '../support/hydration';
import { operationPages } from '../support/operations';
import { renderSamples, type RenderedSample } from '../../scripts/lib/code-samples';
import { decodeApi } from '../../scripts/render-code-samples';
import { apiKeyVariable, codeSampleLanguages } from '../../src/data/codeSamples';
import { apiSpecs } from '../../src/data/apiSpecs';
import { samplesOfPage } from '../samples/collect';

const pages = operationPages();
const samplesOf = (page: Page) => page.locator('section[aria-label="示例代码"]');

/** The generator's output for a page, from its generated MDX (as `npm run gen-api` renders it). */
async function generated(specId: string, operationId: string): Promise<RenderedSample[]> {
  const spec = apiSpecs.find((s) => s.id === specId)!;
  for (const file of readdirSync(spec.outputDir).filter((f) => f.endsWith('.api.mdx'))) {
    const api = decodeApi(readFileSync(`${spec.outputDir}/${file}`, 'utf8'));
    if (api.operationId === operationId) return renderSamples(api, codeSampleLanguages);
  }
  throw new Error(`no generated page for ${operationId}`);
}

for (const op of pages) {
  test(`${op.route}: each sample copies exactly as generated and as the harness runs it`, async ({
    page,
    context,
    request,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const expected = await generated(op.specId, op.operationId);
    const shownInHtml = samplesOfPage(await (await request.get(op.route)).text());
    await page.goto(op.route);
    await hydrated(page);
    const samples = samplesOf(page);
    // No button sends a request from the site.
    await expect(page.getByRole('button', { name: /发送|Send/ })).toHaveCount(0);
    for (const sample of expected) {
      const language = codeSampleLanguages.find((l) => l.language === sample.language)!;
      await samples.getByRole('tab', { name: language.label, exact: true }).click();
      const panel = samples.locator('[role="tabpanel"]:not([hidden])');
      // The sample is the panel's first code block (Rust's Cargo.toml lines follow it).
      await panel.getByRole('button', { name: '复制代码到剪贴板' }).first().click();
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied, `${language.label}: copied vs generated`).toBe(sample.code);
      expect(shownInHtml.find((s) => s.language === sample.language)?.code).toBe(copied);
      // The request of the spec's example, with its values, not the schema's placeholders.
      expect(copied).toContain(op.examplePath);
      for (const value of op.exampleValues)
        expect(copied, `${language.label}: ${value}`).toContain(value);
      expect(copied).not.toMatch(/"string"|: string\b/);
      // A sample a reader keeps: a whole program, the key from the environment, audio saved to
      // a file, the status checked (the harness runs each through its error answers).
      expect(copied).toContain(apiKeyVariable);
      expect(copied).not.toMatch(/<(TOKEN|token)>|<API 密钥>/);
      if (op.successMediaType?.startsWith('audio/')) expect(copied).toMatch(/speech\.mp3/);
      // What it needs is named beside it.
      const needs = panel.locator('p', { hasText: '依赖：' });
      for (const requirement of sample.requirements) {
        await expect(needs).toContainText(requirement.name);
        if (requirement.install) await expect(needs).toContainText(requirement.install);
        // A file it needs (Rust's Cargo.toml lines) is a code block of its own, titled.
        if (requirement.file) {
          const file = panel.locator('.theme-code-block', { hasText: requirement.file.name });
          await expect(file.locator('.token-line')).toHaveText(
            requirement.file.content.split('\n'),
          );
        }
      }
    }
  });
}

for (const width of [360, 768, 1280, 1920]) {
  test(`the language picker is one row of the readers' names at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(pages[0].route);
    const tabs = samplesOf(page).getByRole('tab');
    await expect(tabs).toHaveText(codeSampleLanguages.map((l) => l.label));
    const tops = await tabs.evaluateAll((all) => all.map((t) => t.getBoundingClientRect().top));
    expect(new Set(tops).size, `tab rows: ${tops.join(', ')}`).toBe(1);
    // The row never widens the page: at worst it scrolls inside itself.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
}

test('the chosen language is kept on the next reference page', async ({ page }) => {
  await page.goto(pages[0].route);
  await hydrated(page);
  await samplesOf(page).getByRole('tab', { name: 'Go', exact: true }).click();
  await page.goto(pages[pages.length - 1].route);
  await hydrated(page);
  await expect(samplesOf(page).getByRole('tab', { name: 'Go', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(samplesOf(page).locator('[role="tabpanel"]:not([hidden])')).toContainText(
    'net/http',
  );
});
