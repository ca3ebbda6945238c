import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { hydrated } from '../support/hydration';

const searchInput = (page: Page) => page.locator('nav.navbar input.navbar__search-input');
const suggestions = (page: Page) => page.locator('nav.navbar [role="option"]');

async function typeQuery(page: Page, query: string): Promise<void> {
  // The search box answers once the page has hydrated.
  await hydrated(page);
  const input = searchInput(page);
  await input.click();
  await input.fill(query);
}

/** Types `query` on the home page and opens the first suggestion: it must be `route`. */
async function firstSuggestionOpens(page: Page, query: string, route: RegExp): Promise<void> {
  await page.goto('/');
  await typeQuery(page, query);
  await suggestions(page).first().click();
  await expect(page, query).toHaveURL(route);
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

const macUserAgent =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

test.describe('search shortcut', () => {
  const platforms = [
    { key: 'Control+k', platform: 'Linux' },
    { key: 'Meta+k', platform: 'macOS' },
  ];
  for (const { key, platform } of platforms) {
    test(`${key} focuses the search box on ${platform}`, async ({ browser, baseURL }) => {
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
      await expect(searchInput(page)).toBeFocused();
      await context.close();
    });
  }
});

test.describe('suggestions', () => {
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

  const counted = ['音色', '克隆', 'voice_id', 'websocket'];
  test(`${counted.map((q) => `"${q}"`).join(', ')} each give between 1 and 8 suggestions`, async ({
    page,
  }) => {
    // A fresh home page for each query, in one browser context (its cache warm after the first).
    for (const query of counted) {
      await page.goto('/');
      await typeQuery(page, query);
      await expect(suggestions(page).first(), query).toBeVisible();
      const count = await suggestions(page).count();
      expect(count, query).toBeGreaterThan(0);
      expect(count, query).toBeLessThanOrEqual(8);
      await expect(page.locator('nav.navbar'), query).toContainText('查看全部结果');
    }
  });

  test('a suggestion opens its page with the terms highlighted', async ({ page }) => {
    await firstSuggestionOpens(page, '克隆', /_highlight=/);
    await expect(page.locator('article mark').first()).toBeVisible();
  });

  // The relevance figures (scripts/lib/search-relevance.ts) are taken on the results page; they
  // stand for the suggestions because both show the same search in the same order.
  test('the first suggestions are the first results of the results page, in order', async ({
    page,
  }) => {
    test.setTimeout(3 * 60_000);
    for (const query of ['websocket 重连', '429']) {
      const suggested: string[] = [];
      await page.goto('/');
      // The first keystrokes are answered from titles and headings; once the page text is in
      // too, the suggestions are the results page's.
      await typeQuery(page, '');
      await expect(page.locator('html[data-search-index="complete"]')).toBeAttached();
      for (let i = 0; i < 3; i += 1) {
        if (i > 0) {
          // Back to the home page through the navbar, in the page: the whole index stays loaded.
          await page.locator('nav.navbar a.navbar__brand').click();
          await expect(page).toHaveURL(/^[^?#]*:\d+\/$/);
          await expect(searchInput(page)).toHaveValue('');
        }
        await searchInput(page).click();
        await searchInput(page).fill(query);
        await suggestions(page).nth(i).click();
        await page.waitForURL((url) => url.pathname !== '/' || url.search !== '');
        suggested.push(new URL(page.url()).pathname);
      }
      await page.goto(`/search?q=${encodeURIComponent(query)}`);
      const results = page.locator('.main-wrapper article h2 a');
      await expect(results.first()).toBeVisible();
      const shown = await results.evaluateAll((links) =>
        links.slice(0, 3).map((a) => new URL((a as HTMLAnchorElement).href).pathname),
      );
      expect(shown, query).toEqual(suggested);
    }
  });

  test('the first suggestion does not wait for the index of the page text', async ({ page }) => {
    const held = await holdPageText(page);
    await page.goto('/');
    await typeQuery(page, '');
    await searchInput(page).fill('音色');
    await expect(suggestions(page).first()).toBeVisible();
    // Asked for once the typing pauses, and held until now.
    await expect.poll(() => held.length, 'the page text was asked for').toBe(1);
    held.forEach((release) => release());
  });

  for (const [route, context] of [
    ['/guides/clone', ''],
    ['/api/errors', '-api'],
  ] as const) {
    test(`on ${route} the first part of the index loads while the page is idle, the page text with a search`, async ({
      page,
    }) => {
      const fetched = indexRequests(page);
      await page.goto(route);
      await hydrated(page);
      // The reader has not touched the box: what the first suggestion needs is in, no more.
      await expect.poll(() => fetched).toEqual([`search-index${context}.head.json`]);
      await page.waitForLoadState('networkidle');
      expect(fetched).toEqual([`search-index${context}.head.json`]);
      await searchInput(page).click();
      await searchInput(page).fill('音色');
      await expect(suggestions(page).first()).toBeVisible();
      await expect.poll(() => fetched).toContain(`search-index${context}.body.json`);
    });
  }

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

  test('a query that matches nothing says so', async ({ page }) => {
    await page.goto('/');
    await typeQuery(page, 'qzxjvw');
    await expect(page.locator('nav.navbar')).toContainText('没有找到任何文档');
    await expect(suggestions(page)).toHaveCount(0);
  });

  test('a status, an error code or its name in other words opens its row of the catalogue', async ({
    page,
  }) => {
    for (const [query, code] of [
      ['429', 'rate_limited'],
      ['voice_not_found', 'voice_not_found'],
      ['服务不可用', 'service_unavailable'],
    ]) {
      await firstSuggestionOpens(page, query, new RegExp(`/api/errors\\?.*#error-${code}$`));
      await expect(page.locator(`#error-${code}`)).toBeInViewport();
    }
  });

  test('a topic an error is named after does not open the error', async ({ page }) => {
    // 参考录音 is in 参考录音过大 (payload_too_large), but the reader asks how to upload one.
    await page.goto('/');
    await typeQuery(page, '上传 参考录音 multipart');
    await expect(suggestions(page).first()).toContainText('克隆');
    await expect(suggestions(page).first()).not.toContainText('payload_too_large');
    await page.goto('/');
    await typeQuery(page, '参考录音过大');
    await expect(suggestions(page).first()).toContainText('payload_too_large');
  });

  test('an error code finds its catalogue row before the page text has loaded', async ({
    page,
  }) => {
    // The first suggestions come from the titles and headings alone, which hold no rows.
    const held = await holdPageText(page);
    await page.goto('/');
    await typeQuery(page, 'voice_not_found');
    await expect(suggestions(page).first()).toContainText('voice_not_found');
    await expect.poll(() => held.length, 'the page text was asked for').toBe(1);
    await suggestions(page).first().click();
    await expect(page).toHaveURL(/\/api\/errors\?.*#error-voice_not_found$/);
    held.forEach((release) => release());
  });

  test('an error code the API does not have opens the catalogue', async ({ page }) => {
    // A reader guesses at a code (invalid_voice_id): its words alone find the voice pages.
    await firstSuggestionOpens(page, 'invalid_voice_id', /\/api\/errors\b/);
  });

  test('the product’s name alone finds the introduction first', async ({ page }) => {
    // Every page names the product; asked what it is, the introduction answers. The titles and
    // headings, which answer the first keystrokes, do not name it, so this is asked of the
    // results page, which waits for the page text and ranks as the suggestions do.
    for (const query of ['Voxloom 是什么', '声织是啥']) {
      await page.goto(`/search?q=${encodeURIComponent(query)}`);
      await expect(page.locator('.main-wrapper article h2 a').first(), query).toHaveAttribute(
        'href',
        /^\/(\?|#|$)/,
      );
    }
  });

  test('the quick reference yields to the pages it summarises unless asked for', async ({
    page,
  }) => {
    await firstSuggestionOpens(page, '合成语音', /\/api\/speech\/post\b/);
    await firstSuggestionOpens(page, '速查', /\/api\/speech-endpoint\b/);
  });

  test('a walk-through or a sample language leads to the guide or the samples', async ({
    page,
  }) => {
    for (const [query, route] of [
      // The create page's title is 克隆音色; the reader asks for the guide.
      ['克隆音色教程', /\/guides\/clone\b/],
      // The speech reference has samples in every language; the operation pages share them.
      ['go 代码示例', /\/api\/speech\/post\b/],
    ] as const) {
      await firstSuggestionOpens(page, query, route);
    }
  });

  test('cloning as a task opens the guide; a cloned voice or its upload, the reference', async ({
    page,
  }) => {
    // The guide walks the whole task; the create page is the request.
    await firstSuggestionOpens(page, '声音克隆', /\/guides\/clone\b/);
    await firstSuggestionOpens(page, '上传参考音频', /\/api\/voices\/create\b/);
    // A space typed inside the reader's word does not part it.
    await firstSuggestionOpens(page, '上传 参考音频', /\/api\/voices\/create\b/);
    // “The voice I cloned” names a voice, not the task.
    await firstSuggestionOpens(page, '克隆的音色能删除吗', /\/api\/voices\/delete\b/);
  });

  test('an operation on one’s own voices opens its reference page, not the guide', async ({
    page,
  }) => {
    // Voices are all the API lists, changes or deletes: the verb alone names the operation.
    await firstSuggestionOpens(page, '删掉不用的自定义音色', /\/api\/voices\/delete\b/);
    await firstSuggestionOpens(page, '给音色改个名', /\/api\/voices\/update\b/);
    await firstSuggestionOpens(page, '列出我克隆的音色', /\/api\/voices\/list\b/);
    // Voices ready to use are the preset ones.
    await firstSuggestionOpens(page, '有哪些现成的声音', /:\d+\/voices\b/);
  });

  test('an operation named as its spec names it opens its reference page', async ({ page }) => {
    // SDKs and other vendors' docs call operations getVoice, list_voices, delete voice.
    await firstSuggestionOpens(page, 'getVoice', /\/api\/voices\/get\b/);
    await firstSuggestionOpens(page, 'get voice 返回字段', /\/api\/voices\/get\b/);
    await firstSuggestionOpens(page, 'list_voices', /\/api\/voices\/list\b/);
    await firstSuggestionOpens(page, 'get-credit', /\/api\/user\/credit\b/);
  });

  test('a word of degree is not read as a term inside it', async ({ page }) => {
    // 大概要 holds 概要 (a reader's word for 概览, the API overview).
    await firstSuggestionOpens(page, '合成一句话大概要多少钱', /\/price\b/);
  });

  test('a misspelt Latin term still finds its page', async ({ page }) => {
    await page.goto('/');
    await typeQuery(page, 'websokcet');
    await expect(suggestions(page).first()).toContainText(/websocket/i);
    // Two letters swapped in a field name: two edits, more than the search forgives by itself.
    await firstSuggestionOpens(page, 'sampel_rate', /\/api\/speech\/post\b/);
  });

  test('a field name opens the reference page that defines it', async ({ page }) => {
    // Other pages mention these names in prose; the page of the operation defines them.
    for (const [name, route] of [
      ['total_balance', /\/api\/user\/credit\b/],
      ['next_cursor', /\/api\/voices\/list\b/],
    ] as const) {
      await firstSuggestionOpens(page, name, route);
    }
  });

  test('a Chinese word typed with a character of the same sound still finds its page', async ({
    page,
  }) => {
    // 价隔 is 价格 (jia ge) as an input method may give it: no page says 价隔.
    await firstSuggestionOpens(page, '价隔', /\/price\b/);
    await page.goto('/');
    await typeQuery(page, '可隆音色');
    await expect(suggestions(page).first()).toContainText('克隆');
    // Beside a word, a pair is mended only where the two, mended, are written so in the docs:
    // 语音克龙 is 语音克隆, but 说余额 is not 粤语额 (说余 sounds like 粤语).
    await page.goto('/');
    await typeQuery(page, '语音克龙');
    await expect(suggestions(page).first()).toContainText('克隆');
    await page.goto('/');
    await typeQuery(page, '说余额');
    await expect(suggestions(page).first()).toContainText('余额');
    expect((await suggestions(page).allTextContents()).join(' ')).not.toContain('粤语');
    // A pair the docs do say is left as typed: 事件 is not read as 时间 (of 时间戳).
    await page.goto('/');
    await typeQuery(page, '事件');
    await expect(suggestions(page).first()).toContainText('事件');
  });

  test('the first suggestions come from different pages', async ({ page }) => {
    await page.goto(`/search?q=${encodeURIComponent('音色')}`);
    const results = page.locator('.main-wrapper article h2 a');
    await expect(results.nth(2)).toBeVisible();
    const firstThree = await results.evaluateAll((links) =>
      links.slice(0, 3).map((a) => new URL((a as HTMLAnchorElement).href).pathname),
    );
    expect(new Set(firstThree).size, firstThree.join(', ')).toBe(3);
  });

  test('on the API reference the box shows its scope, and Shift+Enter searches all the docs', async ({
    page,
  }) => {
    await page.goto('/');
    await hydrated(page);
    await expect(searchInput(page)).toHaveAttribute('placeholder', '搜索');
    await expect(page.locator('nav.navbar').getByRole('button', { name: /API 参考/ })).toHaveCount(
      0,
    );
    await page.goto('/api/errors');
    await typeQuery(page, '克隆');
    await expect(searchInput(page)).toHaveAttribute('placeholder', '搜索 API 参考');
    await expect(
      page.locator('nav.navbar').getByRole('button', { name: /API 参考/ }),
    ).toBeVisible();
    // Within the API reference the guide on cloning is not offered.
    await expect(suggestions(page).first()).toBeVisible();
    await expect(page.locator('nav.navbar')).not.toContainText('克隆自定义音色');
    await searchInput(page).press('Shift+Enter');
    await expect(page).toHaveURL(/\/search\?q=%E5%85%8B%E9%9A%86$/);
    await expect(
      page.locator('.main-wrapper article h2 a[href^="/guides/clone"]').first(),
    ).toBeVisible();
  });

  test('on the API reference the footer offers results within and outside it', async ({ page }) => {
    await page.goto('/api/errors');
    await typeQuery(page, 'voice_id');
    await expect(suggestions(page).first()).toBeVisible();
    await expect(page.locator('nav.navbar')).toContainText('查看“API 参考”以内的全部结果');
    await typeQuery(page, 'qzxjvw');
    await expect(page.locator('nav.navbar')).toContainText('查看“API 参考”以外的全部结果');
  });
});

test('the /search page lists results for q', async ({ page }) => {
  await page.goto('/search?q=' + encodeURIComponent('音色'));
  const results = page.locator('.main-wrapper');
  await expect(results.locator('h1')).toHaveText('“音色”的搜索结果');
  await expect(results.locator('input[type="search"]')).toHaveAttribute('aria-label', '搜索');
  await expect(results.locator('article').first()).toBeVisible();
  await expect(results.locator('article h2 a').first()).toHaveAttribute('href', /_highlight=/);
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
    for (const query of ['(.*+?[\\', '！？。，、', 'a'.repeat(2000), '音色'.repeat(300)]) {
      const like = `${query.length} characters like ${query.slice(0, 8)}`;
      await page.goto(`/search?q=${encodeURIComponent(query)}`);
      await expect
        .soft(page.locator('.main-wrapper p').filter({ hasText: /共找到|没有找到/ }), like)
        .toBeVisible({ timeout: 30_000 });
      expect.soft(errors, like).toEqual([]);
      errors.length = 0;
    }
  });

  test('a raw, undecodable query string still renders the page', async ({ page }) => {
    await page.goto('/search?q=%E0%A4%A&_highlight=%');
    await expect(page.locator('.main-wrapper h1')).toBeVisible();
  });
});
