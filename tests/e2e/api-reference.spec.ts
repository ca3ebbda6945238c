import type { Page } from '@playwright/test';
import { parse } from 'yaml';
import { test, expect } from '../support/fixtures';
import { operationPages } from '../support/operations';
import { operationRoutes } from '../support/routes';
import { codeSampleLanguages } from '../../src/data/codeSamples';
import { hydrated } from '../support/hydration';

const pages = operationPages();
const samplesOf = (page: Page) => page.locator('section[aria-label="示例代码"]');
const editButtonOf = (page: Page) =>
  page.getByRole('button', { name: '修改请求参数并重新生成代码' });

type Operation = (typeof pages)[number];

/** The operation as a reader sees it: method, path, parameters, body fields and statuses. */
async function expectOperation(page: Page, op: Operation): Promise<void> {
  const endpoint = page.locator('.openapi__method-endpoint').first();
  await expect(endpoint).toContainText(op.method, { ignoreCase: true });
  // Path parameters written as everywhere else on the site: /v1/voices/{voice_id}.
  await expect(endpoint.locator('.openapi__method-endpoint-path')).toHaveText(op.path);
  const article = page.locator('article');
  for (const name of [...op.parameters, ...op.bodyFields]) {
    await expect(article.getByText(name, { exact: true }).first()).toBeVisible();
  }
  // Each location's parameters under a Chinese heading of their own.
  const locationTitles: Record<string, string> = {
    path: '路径参数',
    query: '查询参数',
    header: '请求头参数',
  };
  for (const location of op.parameterLocations) {
    await expect(
      article.getByRole('heading', { name: locationTitles[location], exact: true }),
    ).toBeVisible();
  }
  for (const status of op.statuses) {
    await expect(article.getByRole('tab', { name: status, exact: true })).toBeVisible();
  }
  // Value constraints read in Chinese, not as the theme's `>= 0.5 and <= 2`.
  const qualifiers = await article
    .locator('p', { has: page.locator('strong', { hasText: /^(可选值|取值范围|长度)：$/ }) })
    .allTextContents();
  for (const line of qualifiers) expect(line).not.toMatch(/\band\b|[<>]=/);
}

test('the specs define exactly the operation pages of the route table', () => {
  expect(pages.map((p) => p.route).sort()).toEqual([...operationRoutes].sort());
});

test('the status codes are one compact row; where the column is narrower, the row scrolls inside itself, its edge shaded', async ({
  page,
}) => {
  // The operation with the most statuses.
  const op = [...pages].sort((a, b) => b.statuses.length - a.statuses.length)[0];
  await page.goto(op.route);
  const strip = page.locator('.openapi-tabs__response-list-container');
  await expect(strip.getByRole('tab')).toHaveCount(op.statuses.length);
  const layout = () =>
    strip.evaluate((el) => {
      const tops = Array.from(el.querySelectorAll('[role="tab"]')).map((t) =>
        Math.round(t.getBoundingClientRect().top),
      );
      return {
        rows: new Set(tops).size,
        scrolls: el.scrollWidth > el.clientWidth,
        overflowX: getComputedStyle(el).overflowX,
        shade: getComputedStyle(el).backgroundImage,
        pageScrolls: document.documentElement.scrollWidth > document.documentElement.clientWidth,
      };
    });
  // At both widths one row; where the column is narrower than the row (the reference's right
  // column is 374 px at 1280), the row scrolls inside its box with the edge shadow, never the page.
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    const shown = await layout();
    expect(shown, `${width} px`).toMatchObject({ rows: 1, pageScrolls: false });
    if (shown.scrolls) {
      expect(shown.overflowX, `${width} px`).toMatch(/^(auto|scroll)$/);
      expect(shown.shade, `${width} px`).toContain('radial-gradient');
    }
  }
});

// One load of each page for its three checks (a load per check was most of their time).
for (const op of pages) {
  test(`${op.route} (${op.method} ${op.path}): method, path, parameters, body schema and responses; its OpenAPI document; the live request editor on demand, without a Send button`, async ({
    page,
    request,
  }) => {
    await page.goto(op.route);
    await test.step('shows method, path, parameters, body schema and responses', async () => {
      await expectOperation(page, op);
    });

    await test.step('links to its OpenAPI document, which the site serves', async () => {
      const link = page.getByRole('link', { name: '下载 YAML' });
      await expect(link).toHaveAttribute('href', `/api-specs/${op.specId}.yaml`);
      const response = await request.get(`/api-specs/${op.specId}.yaml`);
      expect(response.status()).toBe(200);
      const doc = parse(await response.text()) as { openapi: string; paths: object };
      expect(doc.openapi).toBe('3.1.0');
      expect(Object.keys(doc.paths)).toContain(op.path);
    });

    await test.step('the live request editor loads on demand, without a Send button', async () => {
      await hydrated(page);
      await expect(page.locator('.openapi-explorer__request-form')).toHaveCount(0);
      await editButtonOf(page).click();
      await expect(page.locator('.openapi-explorer__request-form')).toBeVisible();
      await expect(page.getByRole('button', { name: /发送|Send/ })).toHaveCount(0);
    });
  });
}

test('the server-rendered code samples stay in place when the page hydrates', async ({ page }) => {
  // Hold the app's entry until the server's samples are marked, then let the page start.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/js/main.*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(pages[0].route, { waitUntil: 'domcontentloaded' });
  await samplesOf(page).evaluate((section) => {
    (window as { __serverSamples?: Element }).__serverSamples = section.querySelector('pre')!;
  });
  release();
  await hydrated(page);
  // The edit button is enabled once the explorer has replaced the skeleton, after hydration.
  await expect(editButtonOf(page)).toBeEnabled();
  expect(
    await page.evaluate(
      () => (window as { __serverSamples?: Element }).__serverSamples?.isConnected,
    ),
    'the first sample is the element the server rendered',
  ).toBe(true);
});

test('the request editor keeps a typed token for the session, across reloads', async ({ page }) => {
  // The theme saves the token in session storage and reads it back when a reference page loads.
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const edit = editButtonOf(page);
  const token = page.getByPlaceholder('Bearer 令牌');
  await page.goto(pages[0].route);
  await hydrated(page);
  await edit.click();
  await token.fill('vx_test_token');
  await page.reload();
  await hydrated(page);
  await edit.click();
  await expect(token).toHaveValue('vx_test_token');
  expect(errors).toEqual([]);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const op of pages) {
    test(`${op.route} shows method, path, parameters, body schema, responses, the first code sample and a link to every other`, async ({
      page,
    }) => {
      await page.goto(op.route);
      await test.step('method, path, parameters, body schema and responses', async () => {
        await expectOperation(page, op);
        // The examples of the responses are there too, highlighted by the server.
        const example = page.locator('article pre.language-json').first();
        await expect(example).toBeVisible();
        await expect(example.locator('.token.property').first()).toBeVisible();
      });

      await test.step('the first code sample, and a link to every other', async () => {
        // One panel per language: the first shows its code, each other links to its file, which
        // holds the code (the script shows it in the panel; tests/e2e/code-samples.spec.ts).
        const panels = samplesOf(page).locator('[role="tabpanel"]');
        await expect(panels).toHaveCount(codeSampleLanguages.length);
        const [first, ...others] = await panels.all();
        const block = first.locator('pre code').first();
        await expect(block).toBeVisible();
        await expect(block).toContainText(op.examplePath);
        for (const [i, panel] of others.entries()) {
          const { label } = codeSampleLanguages[i + 1];
          await expect(panel).toContainText(`${label} 示例的代码：`);
          const link = panel.getByRole('link', { name: /\.txt$/ });
          await expect(link).toBeVisible();
          const response = await page.request.get((await link.getAttribute('href'))!);
          expect(response.status()).toBe(200);
          expect(response.headers()['content-type']).toMatch(/^text\/plain; charset=utf-8/i);
          expect(await response.text()).toContain(op.examplePath);
        }
      });
    });
  }
});
