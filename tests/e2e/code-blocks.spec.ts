import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { PrismTheme } from 'prism-react-renderer';
import { test, expect } from '../support/fixtures';
import { hydrated } from '../support/hydration';
import { darkCodeTheme, lightCodeTheme, resolve } from '../../src/css/prismThemes';

// A guide with highlighted code in tabs (groupId "language"), and another page with the same tabs.
const guide = '/guides/contexts';
const otherPageWithTabs = '/';

/** CSS colours as the browser computes them, to compare with computed styles. */
const computedAll = (page: Page, colours: string[]) =>
  page.evaluate((list) => {
    const probe = document.createElement('i');
    document.body.append(probe);
    const values = list.map((c) => {
      probe.style.color = c;
      return getComputedStyle(probe).color;
    });
    probe.remove();
    return values;
  }, colours);

/** A CSS colour as the browser computes it. */
const computed = async (page: Page, colour: string) => (await computedAll(page, [colour]))[0];

/** The colours of the first keyword and string tokens of the page's Python client. */
async function tokenColours(page: Page) {
  const block = page.locator('article pre.language-python code').first();
  const colour = (type: string) =>
    block
      .locator(`.token.${type}`)
      .first()
      .evaluate((el) => getComputedStyle(el).color);
  return { keyword: await colour('keyword'), string: await colour('string') };
}

/**
 * Every token and block of the page's code whose colours differ from the theme's: a token takes
 * the colour of its last class (src/theme/CodeBlock/Line/Token puts the type its colour comes from
 * there), or the plain colour when the theme does not colour that type.
 */
async function codeColourMismatches(page: Page, theme: PrismTheme): Promise<string[]> {
  const seen = await page.locator('article pre.prism-code').evaluateAll((blocks) => {
    const found = new Set<string>();
    for (const pre of blocks) {
      const language = /language-(\S+)/.exec(pre.className)![1];
      const style = getComputedStyle(pre);
      found.add(JSON.stringify([language, '<pre>', `${style.color} on ${style.backgroundColor}`]));
      for (const token of Array.from(pre.querySelectorAll('.token'))) {
        const type = token.classList[token.classList.length - 1];
        found.add(JSON.stringify([language, type, getComputedStyle(token).color]));
      }
    }
    return [...found].map((entry) => JSON.parse(entry) as [string, string, string]);
  });
  expect(seen.length).toBeGreaterThan(20);
  const wanted = seen.map(([language, type]) =>
    type === '<pre>'
      ? [theme.plain.color!, theme.plain.backgroundColor!]
      : [resolve(theme, type, language).color ?? theme.plain.color!],
  );
  // The theme's colours as the browser computes them, all at once.
  const values = await computedAll(page, wanted.flat());
  const expected = wanted.map((pair) => values.splice(0, pair.length).join(' on '));
  return seen.flatMap(([language, type, colour], i) =>
    colour === expected[i] ? [] : [`${language} ${type}: ${colour} ≠ ${expected[i]}`],
  );
}

/**
 * Chooses each code-sample tab of a reference page in turn until its sample shows highlighted:
 * the first is highlighted by the server, the others when their file has been fetched.
 */
async function showEverySample(page: Page): Promise<void> {
  const samples = page.locator('section[aria-label="示例代码"]');
  for (const tab of await samples.getByRole('tab').all()) {
    await tab.click();
    const panel = samples.locator('[role="tabpanel"]:not([hidden])');
    // The sample has replaced the link to its file, and is highlighted.
    await expect(panel.getByRole('link', { name: /\.txt$/ })).toHaveCount(0);
    await expect(panel.locator('pre.prism-code').first().locator('.token').first()).toBeAttached();
  }
}

test.describe('code colours follow the colour mode', () => {
  for (const [mode, theme] of [
    ['light', lightCodeTheme],
    ['dark', darkCodeTheme],
  ] as const) {
    test(`${mode} mode shows the ${mode} code theme`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: mode });
      for (const path of [guide, '/api/speech/post']) {
        await page.goto(path);
        await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
        await hydrated(page);
        if (path.startsWith('/api/')) await showEverySample(page);
        expect(await codeColourMismatches(page, theme), path).toEqual([]);
      }
    });
  }

  test('switching the mode recolours the code at once', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(guide);
    await hydrated(page);
    await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
    expect((await tokenColours(page)).keyword).toBe(
      await computed(page, resolve(darkCodeTheme, 'keyword').color!),
    );
  });

  test('without JavaScript the code is highlighted in the light theme', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(guide);
    expect((await tokenColours(page)).keyword).toBe(
      await computed(page, resolve(lightCodeTheme, 'keyword').color!),
    );
    await context.close();
  });
});

test('a chosen language tab is kept after a reload and on other pages', async ({ page }) => {
  await page.goto(guide);
  await hydrated(page);
  const tabs = page.locator('article [role="tablist"]').first();
  await tabs.getByRole('tab', { name: 'Node.js' }).click();
  await expect(tabs.getByRole('tab', { name: 'Node.js' })).toHaveAttribute('aria-selected', 'true');

  for (const path of [guide, otherPageWithTabs]) {
    await page.goto(path);
    await hydrated(page);
    const list = page.locator('article [role="tablist"]').first();
    await expect(list.getByRole('tab', { name: 'Node.js' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(list.getByRole('tab', { name: 'Python' })).toHaveAttribute(
      'aria-selected',
      'false',
    );
    // The chosen panel shows and the other is hidden.
    const panels = page.locator('article [role="tabpanel"]');
    await expect(panels.filter({ hasText: 'node ' }).first()).toBeVisible();
    await expect(panels.filter({ hasText: 'python3 ' }).first()).toBeHidden();
  }
});

test('text selected in a code block stays selected when the page becomes interactive', async ({
  page,
}) => {
  // Hold the main script: the reader sees the server's page and selects code before it runs.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/js/main.*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(guide, { waitUntil: 'commit' });
  const code = page.locator('article pre code').first();
  await expect(code).toBeVisible();
  const selected = await code.evaluate((el) => {
    window.getSelection()!.selectAllChildren(el);
    return window.getSelection()!.toString();
  });
  expect(selected.length).toBeGreaterThan(10);

  release();
  await hydrated(page);
  // A code block rebuilt after hydration would have dropped the reader's selection.
  expect(await page.evaluate(() => window.getSelection()!.toString())).toBe(selected);
});

/** The guide's Python client block, hydrated and hovered so that its buttons show. */
async function pythonClient(page: Page) {
  await page.goto(guide);
  await hydrated(page);
  // The page shows more than one Python block: the client is the one titled client.py.
  const block = page
    .locator('article .theme-code-block')
    .filter({ has: page.locator('pre.language-python') })
    .filter({ has: page.locator('[class*="codeBlockTitle"]', { hasText: /^client\.py$/ }) });
  await block.hover();
  return block;
}

test.describe('code blocks kept from the server stay usable', () => {
  test('word wrap toggles on a block too wide for the screen', async ({ page }) => {
    await page.setViewportSize({ width: 1000, height: 800 });
    const block = await pythonClient(page);
    const wrap = block.getByRole('button', { name: '切换自动换行' });
    await wrap.click();
    await expect(block.locator('pre code')).toHaveCSS('white-space', 'pre-wrap');
    await wrap.click();
    await expect(block.locator('pre code')).not.toHaveCSS('white-space', 'pre-wrap');
  });

  test('the copy button copies the code', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const block = await pythonClient(page);
    await block.getByRole('button', { name: '复制代码到剪贴板' }).click();
    // The guide shows its runnable example file: the clipboard holds that file's text.
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied.trim()).toBe(readFileSync('src/examples/contexts/client.py', 'utf8').trim());
  });
});

test('code on a page reached by a client-side navigation is highlighted', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto(otherPageWithTabs);
  await hydrated(page);
  // The same document navigates: the guide is rendered in the browser, not loaded from the server.
  await page.evaluate(() => ((window as unknown as { navigated: boolean }).navigated = true));
  await page.locator(`article a[href="${guide}"]`).first().click();
  await expect(page).toHaveURL(guide);
  expect(await page.evaluate(() => (window as unknown as { navigated?: boolean }).navigated)).toBe(
    true,
  );
  const keyword = page.locator('article pre.language-python .token.keyword').first();
  await expect(keyword).toBeVisible();
  expect(await keyword.evaluate((el) => getComputedStyle(el).color)).toBe(
    await computed(page, resolve(darkCodeTheme, 'keyword').color!),
  );
});

test.describe('a long example fetched on demand', () => {
  test('opens into a code block whose copy button yields the file', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(guide);
    await hydrated(page);
    const example = page.locator('[data-example-file="voice_agent.py"]');
    await expect(example.getByRole('link', { name: '下载 voice_agent.py' })).toBeVisible();
    await example.getByRole('button', { name: '在页面中显示 voice_agent.py' }).click();
    const block = example.locator('.theme-code-block');
    await expect(block.locator('pre.language-python')).toBeVisible();
    await block.hover();
    await block.getByRole('button', { name: '复制代码到剪贴板' }).click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied.trim()).toBe(readFileSync('src/examples/contexts/voice_agent.py', 'utf8').trim());
  });

  test.describe('when the file fails', () => {
    test.use({ expectedConsoleErrors: [/Failed to load resource/] });
    test('says why it did not load, and loads on retry', async ({ page }) => {
      let refuse = true;
      await page.route('**/assets/examples/**', (route) =>
        refuse ? route.fulfill({ status: 503, body: '' }) : route.continue(),
      );
      await page.goto(guide);
      await hydrated(page);
      const example = page.locator('[data-example-file="voice_agent.py"]');
      await example.getByRole('button', { name: '在页面中显示 voice_agent.py' }).click();
      await expect(example.getByRole('alert')).toContainText(
        'voice_agent.py 没能加载：服务器返回 HTTP 503',
      );
      refuse = false;
      await example.getByRole('button', { name: '重试' }).click();
      await expect(example.locator('pre.language-python')).toBeVisible();
    });
  });
});
