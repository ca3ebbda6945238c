import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { hydrated } from '../support/hydration';
import { resultLinks } from '../../scripts/lib/search-relevance';

const searchInput = (page: Page) => page.locator('nav.navbar input.navbar__search-input');
const suggestions = (page: Page) => page.locator('nav.navbar [role="option"]');
const results = (page: Page) => page.locator('.main-wrapper article h2 a');
/** The results page's count line ("共找到 N 篇文档" or "没有找到任何文档"). */
const countLine = (page: Page) =>
  page
    .locator('.main-wrapper p')
    .filter({ hasText: /共找到|没有找到/ })
    .first();

async function typeQuery(page: Page, query: string): Promise<void> {
  // The search box answers once the page has hydrated.
  await hydrated(page);
  const input = searchInput(page);
  await input.click();
  await input.fill(query);
}

/**
 * Types `query` into the navbar's box of the page already open, after emptying it: the
 * suggestions of the query before are gone, so the next ones to show are this query's.
 */
async function suggest(page: Page, query: string): Promise<void> {
  const input = searchInput(page);
  await input.click();
  await input.fill('');
  await expect(suggestions(page)).toHaveCount(0);
  await input.fill(query);
  await expect(suggestions(page).first(), query).toBeVisible();
}

/** Opens the home page and waits until the whole index (page text included) is loaded. */
async function homeWithWholeIndex(page: Page): Promise<void> {
  await page.goto('/');
  await typeQuery(page, '');
  await expect(page.locator('html[data-search-index="complete"]')).toBeAttached();
}

/** Back to the home page through the navbar, in the page: the index stays loaded. */
async function backHome(page: Page): Promise<void> {
  await page.locator('nav.navbar a.navbar__brand').click();
  await expect(page).toHaveURL(/^[^?#]*:\d+\/$/);
  // Opening a suggestion writes its terms into the box, and the home page empties it, unless the
  // bar, changing search context (from the API reference), set it up again meanwhile: the reader
  // empties it then.
  await expect(async () => {
    await searchInput(page).fill('');
    await expect(searchInput(page)).toHaveValue('', { timeout: 500 });
  }).toPass();
}

/** Holds back the part of the search index with the page text; the promises release it. */
async function holdPageText(page: Page): Promise<(() => void)[]> {
  const held: (() => void)[] = [];
  await page.route(/\/search-index[^/]*\.body\.json/, async (route) => {
    await new Promise<void>((resolve) => held.push(resolve));
    await route.continue();
  });
  return held;
}

/** The search index files the page (and its search worker) asks for, as they are asked for. */
function indexRequests(page: Page): string[] {
  const fetched: string[] = [];
  page.on('request', (request) => {
    const file = /search-index[^/?]*\.json/.exec(request.url());
    if (file) fetched.push(file[0]);
  });
  return fetched;
}

/**
 * Types `query` into the results page's box (the page already open) and waits for its results:
 * emptying the box first clears them, so the next count line to appear is this query's.
 */
async function searchOnResultsPage(page: Page, query: string): Promise<void> {
  const input = page.locator('.main-wrapper input[type="search"]');
  await input.fill('');
  await expect(countLine(page)).toHaveCount(0);
  await input.fill(query);
  await expect(countLine(page), query).toBeVisible({ timeout: 30_000 });
}

const pathnames = (page: Page, n: number) =>
  results(page).evaluateAll(
    (links, count) =>
      links.slice(0, count).map((a) => new URL((a as HTMLAnchorElement).href).pathname),
    n,
  );

/** Raw Markdown a snippet must not show: code spans, strong, links, table pipes. */
const markdown = /`|\*\*|\]\(|(^|\s)\|(\s|$)/;

const macUserAgent =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

test('Control+K on Linux and Meta+K on macOS focus the search box', async ({
  browser,
  baseURL,
}) => {
  for (const { key, platform } of [
    { key: 'Control+k', platform: 'Linux' },
    { key: 'Meta+k', platform: 'macOS' },
  ]) {
    const context = await browser.newContext({
      baseURL,
      userAgent: platform === 'macOS' ? macUserAgent : undefined,
    });
    // Chromium reports its real platform through client hints; present the one under test.
    await context.addInitScript((p) => {
      Object.defineProperty(navigator, 'userAgentData', {
        value: { platform: p, brands: [], mobile: false },
        configurable: true,
      });
    }, platform);
    const page = await context.newPage();
    await page.goto('/faqs');
    await hydrated(page);
    await page.locator('main').click({ position: { x: 5, y: 5 } });
    await expect(searchInput(page)).not.toBeFocused();
    await page.keyboard.press(key);
    await expect(searchInput(page), key).toBeFocused();
    await context.close();
  }
});

test.describe('loading the index', () => {
  test('searching from the shortcut does not load the code highlighter meanwhile', async ({
    page,
  }) => {
    // Registering the highlighter's grammars (plugins/adaptations/lazy-prism) is one long task: it must not
    // land between the keystrokes and the suggestions. Any other first interaction loads it.
    const highlighter: string[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      // A body still arriving when the test ends cannot be read; the checks are over by then.
      const text = await response.text().catch(() => '');
      if (text.includes('languages.markup')) highlighter.push(response.url());
    });
    await page.goto('/guides/contexts');
    await hydrated(page);
    await page.keyboard.press('Control+k');
    await expect(searchInput(page)).toBeFocused();
    await page.keyboard.type('上下文');
    await expect(suggestions(page).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(highlighter).toEqual([]);
    // Once the reader turns to the page, it loads.
    await page.locator('article h1').click();
    await expect.poll(() => highlighter.length).toBeGreaterThan(0);
  });

  test('the first suggestions, an error code’s row included, do not wait for the page text', async ({
    page,
  }) => {
    // The first suggestions come from the titles and headings alone, which hold no rows of the
    // error catalogue: the catalogue's page is found by its title.
    const held = await holdPageText(page);
    await page.goto('/');
    await typeQuery(page, '');
    await searchInput(page).fill('音色');
    await expect(suggestions(page).first()).toBeVisible();
    // Asked for once the typing pauses, and held until now.
    await expect.poll(() => held.length, 'the page text was asked for').toBe(1);
    await suggest(page, 'voice_not_found');
    await expect(suggestions(page).first()).toContainText('voice_not_found');
    await suggestions(page).first().click();
    await expect(page).toHaveURL(/\/api\/errors\?.*#error-voice_not_found$/);
    held.forEach((release) => release());
  });

  test('a reader saving data loads no index until they search', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL });
    await context.addInitScript(() => {
      Object.defineProperty(navigator, 'connection', {
        value: { saveData: true, effectiveType: '4g' },
        configurable: true,
      });
    });
    const page = await context.newPage();
    const fetched = indexRequests(page);
    await page.goto('/guides/clone');
    await hydrated(page);
    // Idle callbacks run in the order asked for: the search bar's, asked for at hydration, first.
    await page.evaluate(
      () => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 5000 })),
    );
    await page.waitForLoadState('networkidle');
    expect(fetched).toEqual([]);
    await searchInput(page).click();
    await searchInput(page).fill('音色');
    await expect(suggestions(page).first()).toBeVisible();
    expect(fetched).toContain('search-index.head.json');
    await context.close();
  });

  test.describe('when the index fails to load while the page is idle', () => {
    test.use({ expectedConsoleErrors: [/status of 503/] });
    test('the box loads it again when the reader searches', async ({ page }) => {
      let refused = 0;
      await page.route(/\/search-index\.head\.json/, async (route) => {
        if (refused > 0) return route.continue();
        refused += 1;
        return route.fulfill({ status: 503, body: 'busy' });
      });
      await page.goto('/guides/clone');
      await hydrated(page);
      await expect.poll(() => refused).toBe(1);
      await searchInput(page).click();
      await searchInput(page).fill('音色');
      await expect(suggestions(page).first()).toBeVisible();
    });
  });
});

test.describe('suggestions', () => {
  test('what the suggestions say: their number, a query’s own words, no match', async ({
    page,
  }) => {
    await homeWithWholeIndex(page);
    for (const query of ['音色', '克隆', 'voice_id', 'websocket']) {
      await suggest(page, query);
      const count = await suggestions(page).count();
      expect.soft(count, query).toBeLessThanOrEqual(8);
      await expect.soft(page.locator('nav.navbar'), query).toContainText('查看全部结果');
    }
    for (const [query, first, not] of [
      // 参考录音 is in 参考录音过大 (payload_too_large), but the reader asks how to upload one.
      ['上传 参考录音 multipart', '克隆', 'payload_too_large'],
      ['参考录音过大', 'payload_too_large'],
      ['websokcet', /websocket/i],
      // 可隆 is 克隆 (ke long) as an input method may give it: no page says 可隆.
      ['可隆音色', '克隆'],
      // Beside a word, a pair is mended only where the two, mended, are written so in the docs:
      // 语音克龙 is 语音克隆, but 说余额 is not 粤语额 (说余 sounds like 粤语).
      ['语音克龙', '克隆'],
      ['说余额', '余额', '粤语'],
      // A pair the docs do say is left as typed: 事件 is not read as 时间 (of 时间戳).
      ['事件', '事件'],
    ] as const) {
      await suggest(page, query);
      await expect.soft(suggestions(page).first(), query).toContainText(first);
      if (not) {
        expect
          .soft((await suggestions(page).allTextContents()).join(' '), query)
          .not.toContain(not);
      }
    }
    await searchInput(page).fill('qzxjvw');
    await expect(page.locator('nav.navbar')).toContainText('没有找到任何文档');
    await expect(suggestions(page)).toHaveCount(0);
  });

  // The suggestions and the results page show the same search in the same order (the test
  // below): the first answer of many queries is checked on the results page, one document with
  // the whole index, each query typed into its box.
  test('a status, an error code, an operation, a field or a task finds the page that answers it first', async ({
    page,
  }) => {
    test.setTimeout(2 * 60_000);
    await page.goto('/search');
    await hydrated(page);
    for (const [query, href] of [
      // A status, an error code or its name in other words: its row of the catalogue.
      ['429', /^\/api\/errors\?.*#error-rate_limited$/],
      ['voice_not_found', /^\/api\/errors\?.*#error-voice_not_found$/],
      ['服务不可用', /^\/api\/errors\?.*#error-service_unavailable$/],
      // A reader guesses at a code: its words alone find the voice pages.
      ['invalid_voice_id', /^\/api\/errors\b/],
      // SDKs and other vendors' docs call operations getVoice, list_voices, delete voice.
      ['getVoice', /^\/api\/voices\/get\b/],
      ['get voice 返回字段', /^\/api\/voices\/get\b/],
      ['list_voices', /^\/api\/voices\/list\b/],
      ['get-credit', /^\/api\/user\/credit\b/],
      // Other pages mention these names in prose; the page of the operation defines them.
      ['total_balance', /^\/api\/user\/credit\b/],
      ['next_cursor', /^\/api\/voices\/list\b/],
      // Two letters swapped in a field name: two edits, more than the search forgives by itself.
      ['sampel_rate', /^\/api\/speech\/post\b/],
      // The speech reference has samples in every language; the operation pages share them.
      ['go 代码示例', /^\/api\/speech\/post\b/],
      // The quick reference yields to the pages it summarises unless asked for.
      ['合成语音', /^\/api\/speech\/post\b/],
      ['速查', /^\/api\/speech-endpoint\b/],
      // The create page's title is 克隆音色; the reader asks for the guide.
      ['克隆音色教程', /^\/guides\/clone\b/],
      // The guide walks the whole task; the create page is the request.
      ['声音克隆', /^\/guides\/clone\b/],
      ['上传参考音频', /^\/api\/voices\/create\b/],
      // A space typed inside the reader's word does not part it.
      ['上传 参考音频', /^\/api\/voices\/create\b/],
      // “The voice I cloned” names a voice, not the task.
      ['克隆的音色能删除吗', /^\/api\/voices\/delete\b/],
      // Voices are all the API lists, changes or deletes: the verb alone names the operation.
      ['删掉不用的自定义音色', /^\/api\/voices\/delete\b/],
      ['给音色改个名', /^\/api\/voices\/update\b/],
      ['列出我克隆的音色', /^\/api\/voices\/list\b/],
      // Voices ready to use are the preset ones.
      ['有哪些现成的声音', /^\/voices\b/],
      // 大概要 holds 概要 (a reader's word for 概览, the API overview): a word of degree.
      ['合成一句话大概要多少钱', /^\/price\b/],
      // 价隔 is 价格 (jia ge) as an input method may give it: no page says 价隔.
      ['价隔', /^\/price\b/],
      // The product's name alone finds the introduction: every page names the product.
      ['Voxloom 是什么', /^\/(\?|#|$)/],
      ['声织是啥', /^\/(\?|#|$)/],
    ] as const) {
      const [first] = await resultLinks(page, query);
      expect.soft(first, query).toMatch(href);
    }
  });

  // The relevance figures (scripts/lib/search-relevance.ts) are taken on the results page; they
  // stand for the suggestions because both show the same search in the same order.
  test('the first suggestions are the first results of the results page, in order', async ({
    page,
  }) => {
    test.setTimeout(2 * 60_000);
    await homeWithWholeIndex(page);
    for (const query of ['websocket 重连', '429']) {
      const suggested: string[] = [];
      for (let i = 0; i < 3; i += 1) {
        await suggest(page, query);
        await suggestions(page).nth(i).click();
        await page.waitForURL((url) => url.pathname !== '/' || url.search !== '');
        suggested.push(new URL(page.url()).pathname);
        // A suggestion opens its page with the terms highlighted; an error's row, scrolled to.
        if (i === 0 && query === '429') {
          await expect(page).toHaveURL(/\/api\/errors\?.*#error-rate_limited$/);
          await expect(page.locator('#error-rate_limited')).toBeInViewport();
        } else if (i === 0) {
          await expect(page).toHaveURL(/_highlight=/);
          await expect(page.locator('article mark').first()).toBeVisible();
        }
        await backHome(page);
      }
      // The suggestions' footer opens the results page in the page: the index stays loaded.
      await suggest(page, query);
      await page.locator('nav.navbar').getByRole('link', { name: '查看全部结果' }).click();
      await expect(page).toHaveURL(/\/search\/?\?q=/);
      await expect(results(page).first()).toBeVisible();
      expect(await pathnames(page, 3), query).toEqual(suggested);
      await backHome(page);
    }
  });

  test('on the API reference the box searches the reference first, then the rest of the docs', async ({
    page,
  }) => {
    const fetched = indexRequests(page);
    await page.goto('/api/errors');
    await hydrated(page);
    // While the page is idle the first part of the whole index loads, no more: the box searches
    // it from every page.
    await expect.poll(() => fetched).toEqual(['search-index.head.json']);
    await page.waitForLoadState('networkidle');
    expect(fetched).toEqual(['search-index.head.json']);
    await expect(searchInput(page)).toHaveAttribute('placeholder', '搜索 API 参考');
    const chip = page.locator('nav.navbar').getByRole('button', { name: /API 参考/ });
    await expect(chip).toBeVisible();
    // The page text follows once the reader searches.
    await suggest(page, '克隆');
    await expect.poll(() => fetched).toContain('search-index.body.json');
    await expect(page.locator('html[data-search-index="complete"]')).toBeAttached();
    // The reference answers 克隆 (its create page) first; the guide comes after.
    await suggest(page, '克隆');
    const texts = await suggestions(page).allTextContents();
    expect(texts[0]).toContain('克隆音色');
    expect(texts.join(' ')).toContain('克隆自定义音色');
    // The footer offers the reference's own results.
    await expect(page.locator('nav.navbar')).toContainText('查看“API 参考”以内的全部结果');
    // The reference has no good answer for 计费: the pricing page is among the first three.
    const firstThree: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      await suggest(page, '计费');
      await suggestions(page).nth(i).click();
      await page.waitForURL((url) => url.search !== '');
      firstThree.push(new URL(page.url()).pathname);
      await page.goBack();
      await expect(page).toHaveURL(/\/api\/errors$/);
      // Going back may leave the query in the box, or put it back after a moment (the plugin's
      // own race, as in backHome): a reader types over it; emptied here, until it stays empty.
      await expect(async () => {
        await searchInput(page).fill('');
        await expect(searchInput(page)).toHaveValue('', { timeout: 500 });
      }).toPass();
    }
    expect(firstThree).toContain('/price');
    // Shift+Enter searches all the docs.
    await suggest(page, '克隆');
    await searchInput(page).press('Shift+Enter');
    await expect(page).toHaveURL(/\/search\?q=%E5%85%8B%E9%9A%86$/);
    await expect(
      page.locator('.main-wrapper article h2 a[href^="/guides/clone"]').first(),
    ).toBeVisible();
    // Off the API reference, the box says it searches everything, with no scope chip.
    await page.locator('nav.navbar a.navbar__brand').click();
    await expect(searchInput(page)).toHaveAttribute('placeholder', '搜索');
    await expect(chip).toBeHidden();
  });

  test('a query found nowhere on the API reference offers the results outside it', async ({
    page,
  }) => {
    await page.goto('/api/errors');
    await typeQuery(page, 'qzxjvw');
    await expect(page.locator('nav.navbar')).toContainText('查看“API 参考”以外的全部结果');
  });
});

test.describe('the results page', () => {
  test('lists and counts the results for q, first from different pages, in plain text', async ({
    page,
  }) => {
    await page.goto('/search?q=' + encodeURIComponent('音色'));
    const main = page.locator('.main-wrapper');
    await expect(main.locator('h1')).toHaveText('“音色”的搜索结果');
    await expect(main.locator('input[type="search"]')).toHaveAttribute('aria-label', '搜索');
    await expect(results(page).nth(2)).toBeVisible();
    await expect(results(page).first()).toHaveAttribute('href', /_highlight=/);
    const firstThree = await pathnames(page, 3);
    expect(new Set(firstThree).size, firstThree.join(', ')).toBe(3);
    // It says how many it found, in the theme's words.
    const count = await main.locator('article').count();
    await expect(countLine(page)).toHaveText(`共找到 ${count} 篇文档`);
    // Snippets are plain text: the reference's descriptions come from the specs' Markdown.
    for (const query of ['轮询', 'multipart', '克隆']) {
      await searchOnResultsPage(page, query);
      const snippets = await main.locator('article').allInnerTexts();
      expect.soft(snippets.length, query).toBeGreaterThan(0);
      for (const text of snippets) expect.soft(text, query).not.toMatch(markdown);
    }
  });

  test('tab labels are not indexed: a status or a language finds no tab strip', async ({
    page,
  }) => {
    // The labels of the strips as the reader sees them, from the pages themselves.
    const strips: string[] = [];
    for (const route of ['/api/voices/get', '/guides/clone']) {
      await page.goto(route);
      const lists = page.locator('article [role="tablist"]');
      await expect(lists.first()).toBeAttached();
      for (const list of await lists.all()) {
        const labels = await list.locator('[role="tab"]').allTextContents();
        if (labels.length > 1) strips.push(labels.map((l) => l.trim()).join(' '));
      }
    }
    expect(strips.some((s) => /\b429\b/.test(s))).toBe(true);
    expect(strips.some((s) => /Python/.test(s))).toBe(true);
    await page.goto('/search');
    await hydrated(page);
    for (const query of ['429 怎么办', 'Python Node.js']) {
      await searchOnResultsPage(page, query);
      const texts = (await page.locator('.main-wrapper article').allInnerTexts()).join('\n');
      for (const strip of strips) expect.soft(texts, `${query}: ${strip}`).not.toContain(strip);
    }
    // The suggestions show the same.
    await typeQuery(page, '429 怎么办');
    await expect(suggestions(page).first()).toBeVisible();
    const suggested = (await suggestions(page).allTextContents()).join('\n');
    for (const strip of strips) expect.soft(suggested, strip).not.toContain(strip);
  });
});

test.describe('hostile input renders as text and runs nothing', () => {
  const payloads = [
    '<img src=x onerror="window.__pwned=1">',
    '"><script>window.__pwned=1</script>',
    'javascript:window.__pwned=1',
    '%E0%A4%A',
    '{{constructor.constructor("window.__pwned=1")()}}',
  ];
  // Each payload on a page of its own (a fresh document), one browser context for them all; a
  // payload that gets through is reported and the others are still tried.
  test('as q on the results page', async ({ page }) => {
    page.on('dialog', (dialog) => {
      throw new Error(`dialog opened: ${dialog.message()}`);
    });
    for (const payload of payloads) {
      await page.goto(`/search?q=${encodeURIComponent(payload)}`);
      await expect.soft(page.locator('.main-wrapper h1'), payload).toContainText(payload);
      await expect.soft(page.locator('img[src="x"]'), payload).toHaveCount(0);
      expect
        .soft(await page.evaluate(() => (window as { __pwned?: number }).__pwned), payload)
        .toBeUndefined();
    }
    // A raw, undecodable query string still renders the page.
    await page.goto('/search?q=%E0%A4%A&_highlight=%');
    await expect(page.locator('.main-wrapper h1')).toBeVisible();
  });

  test('as _highlight on a page', async ({ page }) => {
    for (const payload of payloads) {
      await page.goto(`/faqs?_highlight=${encodeURIComponent(payload)}`);
      await expect.soft(page.locator('main h1').first(), payload).toBeVisible();
      await expect.soft(page.locator('main img[src="x"]'), payload).toHaveCount(0);
      expect
        .soft(await page.evaluate(() => (window as { __pwned?: number }).__pwned), payload)
        .toBeUndefined();
    }
  });

  test('a q of any length or characters gets an answer', async ({ page }) => {
    test.setTimeout(2 * 60_000);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // The first in the URL, the others typed into the same page's box.
    const [first, ...others] = ['(.*+?[\\', '！？。，、', 'a'.repeat(2000), '音色'.repeat(300)];
    await page.goto(`/search?q=${encodeURIComponent(first)}`);
    await expect(countLine(page)).toBeVisible({ timeout: 30_000 });
    for (const query of others) {
      await searchOnResultsPage(page, query);
      expect.soft(errors, `${query.length} characters like ${query.slice(0, 8)}`).toEqual([]);
      errors.length = 0;
    }
  });
});
