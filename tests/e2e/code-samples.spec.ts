/**
 * The reference's code samples as a reader gets them: what the copy button yields is, byte for
 * byte, what the generator wrote (scripts/lib/code-samples.ts) and what the sample harness runs
 * (tests/samples/collect.ts: the code lines of the built HTML for the first language, for each
 * other the file the page fetches when its tab is chosen); a file that is slow or fails to load
 * says so, keeps the page and loads on retry; the language picker is one row at every width and
 * keeps the reader's choice across pages.
 */
import type { Page, Route } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { axeInBothModes } from '../support/axe';
import { hydrated } from '../support/hydration';
import { operationPages } from '../support/operations';
import { generatedSamples } from '../support/samples';
import { apiKeyVariable, codeSampleLanguages } from '../../src/data/codeSamples';
import { sampleFilesPath } from '../../src/codegen/sampleFrontMatter';
import { sampleTabsOfPage } from '../samples/collect';

const pages = operationPages();
const samplesSection = 'section[aria-label="示例代码"]';
const samplesOf = (page: Page) => page.locator(samplesSection);

for (const op of pages) {
  test(`${op.route}: each sample copies exactly as generated and as the harness runs it`, async ({
    page,
    context,
    request,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const expected = await generatedSamples(op.specId, op.operationId);
    const tabs = sampleTabsOfPage(await (await request.get(op.route)).text());
    const fetched: string[] = [];
    page.on('request', (r) => {
      const { pathname } = new URL(r.url());
      if (pathname.startsWith(`${sampleFilesPath}/`)) fetched.push(pathname);
    });
    await page.goto(op.route);
    await hydrated(page);
    // The other languages' files are fetched when a reader wants them, not with the page.
    expect(fetched).toEqual([]);
    const samples = samplesOf(page);
    // No button sends a request from the site.
    await expect(page.getByRole('button', { name: /发送|Send/ })).toHaveCount(0);
    for (const sample of expected) {
      const language = codeSampleLanguages.find((l) => l.language === sample.language)!;
      const tab = tabs.find((t) => t.language === sample.language)!;
      // The file the tab fetches, as the page receives it.
      const file =
        'src' in tab
          ? page.waitForResponse((r) => new URL(r.url()).pathname === tab.src)
          : undefined;
      await samples.getByRole('tab', { name: language.label, exact: true }).click();
      const panel = samples.locator('[role="tabpanel"]:not([hidden])');
      // The sample is the panel's first code block (Rust's Cargo.toml lines follow it).
      await expect(panel.locator('pre').first()).toContainText(op.examplePath);
      await panel.getByRole('button', { name: '复制代码到剪贴板' }).first().click();
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied, `${language.label}: copied vs generated`).toBe(sample.code);
      if (file) {
        // The page shows exactly the text of the file it fetched, which the harness runs.
        const response = await file;
        expect(response.status()).toBe(200);
        expect(response.headers()['content-type']).toMatch(/^text\/plain; charset=utf-8/i);
        expect(await response.text(), `${language.label}: copied vs fetched`).toBe(copied);
      } else {
        // The page's own sample: in its HTML, as the harness reads it.
        expect('code' in tab && tab.code).toBe(copied);
      }
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
    // Each file once, and only the files of the tabs chosen.
    expect([...fetched].sort()).toEqual(tabs.flatMap((t) => ('src' in t ? [t.src] : [])).sort());
  });
}

test.describe('a sample kept in a file', () => {
  const speech = () => pages.find((p) => p.operationId === 'createSpeech')!;

  test('shows that it is loading, then its code', async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**${sampleFilesPath}/**`, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(speech().route);
    await hydrated(page);
    const samples = samplesOf(page);
    await samples.getByRole('tab', { name: 'Python', exact: true }).click();
    const panel = samples.locator('[role="tabpanel"]:not([hidden])');
    await expect(panel.getByRole('status')).toHaveText('正在加载 Python 示例……');
    expect(await axeInBothModes(page, samplesSection)).toEqual([]);
    release();
    await expect(panel.getByRole('status')).toHaveCount(0);
    await expect(panel.locator('pre').first()).toContainText('import requests');
  });

  test.describe('that fails to load', () => {
    test.use({ expectedConsoleErrors: [/Failed to load resource/] });

    const failures: [string, (route: Route) => Promise<void>, string][] = [
      ['the network fails', (route) => route.abort('connectionfailed'), '网络连接失败'],
      ['the server answers 404', (route) => route.fulfill({ status: 404 }), 'HTTP 404'],
      [
        'a page comes back instead of the file',
        (route) =>
          route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><p>x' }),
        '返回的不是纯文本文件',
      ],
      [
        'the file comes back empty',
        (route) => route.fulfill({ status: 200, contentType: 'text/plain', body: '' }),
        '返回的文件是空的',
      ],
    ];
    for (const [i, [what, fail, reason]] of failures.entries()) {
      test(`says why when ${what}, keeps the page, and loads on retry`, async ({ page }) => {
        let failing = true;
        await page.route(`**${sampleFilesPath}/**`, (route) =>
          failing ? fail(route) : route.continue(),
        );
        const op = speech();
        await page.goto(op.route);
        await hydrated(page);
        const samples = samplesOf(page);
        await samples.getByRole('tab', { name: 'Go', exact: true }).click();
        const panel = samples.locator('[role="tabpanel"]:not([hidden])');
        const alert = panel.getByRole('alert');
        await expect(alert).toContainText(`Go 示例没能加载：`);
        await expect(alert).toContainText(reason);
        if (i === 0) expect(await axeInBothModes(page, samplesSection)).toEqual([]);
        // Nothing else is lost: the page, the other samples, the file to open instead.
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        const link = alert.getByRole('link');
        await expect(link).toHaveAttribute('href', new RegExp(`^${sampleFilesPath}/.+\\.txt$`));
        await samples.getByRole('tab', { name: 'cURL', exact: true }).click();
        await expect(samples.locator('[role="tabpanel"]:not([hidden]) pre').first()).toContainText(
          op.examplePath,
        );
        await samples.getByRole('tab', { name: 'Go', exact: true }).click();
        failing = false;
        await alert.getByRole('button', { name: '重试' }).click();
        await expect(panel.getByRole('alert')).toHaveCount(0);
        await expect(panel.locator('pre').first()).toContainText('net/http');
      });
    }
  });
});

for (const width of [360, 768, 1280, 1920]) {
  test(`the language picker is one row of the readers' names at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(pages[0].route);
    const tabs = samplesOf(page).getByRole('tab');
    await expect(tabs).toHaveText(codeSampleLanguages.map((l) => l.label));
    const tops = await tabs.evaluateAll((all) => all.map((t) => t.getBoundingClientRect().top));
    expect(new Set(tops).size, `tab rows: ${tops.join(', ')}`).toBe(1);
    // Where the row is wider than the column, it scrolls inside itself, its edge shaded: the
    // languages out of sight are a scroll away, and the shadow says so.
    const row = await samplesOf(page)
      .getByRole('tablist')
      .evaluate((el) => ({
        scrolls: el.scrollWidth > el.clientWidth,
        shade: getComputedStyle(el).backgroundImage,
      }));
    if (row.scrolls) expect(row.shade).toContain('radial-gradient');
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

test('the language chosen in a guide is the one the reference opens on, and back', async ({
  page,
}) => {
  // The quick start's tabs (the home page) and the contexts guide's are the guides' language tabs.
  await page.goto('/');
  await hydrated(page);
  await page.locator('article').getByRole('tab', { name: 'Node.js', exact: true }).first().click();
  await page.goto(pages[0].route);
  await hydrated(page);
  await expect(samplesOf(page).getByRole('tab', { name: 'Node.js', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await samplesOf(page).getByRole('tab', { name: 'cURL', exact: true }).click();
  await page.goto('/guides/contexts');
  await hydrated(page);
  // The contexts guide has no cURL tab: it opens on its first language, Python.
  await expect(
    page.locator('article').getByRole('tab', { name: 'Python', exact: true }).first(),
  ).toHaveAttribute('aria-selected', 'true');
  await page.goto('/');
  await hydrated(page);
  await expect(
    page.locator('article').getByRole('tab', { name: 'cURL', exact: true }).first(),
  ).toHaveAttribute('aria-selected', 'true');
});
