import { test, expect } from '../support/fixtures';
import { onContentChunk, onContentChunks, pageMarker } from '../support/chunks';
import { hydrated } from '../support/hydration';
import type { Route } from '@playwright/test';

// The guide page the tests navigate to, from a page whose sidebar links to it.
const from = '/api-overview';
const target = '/faqs';

test.describe('a page that crashes while rendering', () => {
  // One pattern: Playwright reads a two-element array as [value, fixture options].
  test.use({ expectedConsoleErrors: [/crash test|The above error occurred/] });

  test('shows the crash page, and "try again" renders it once the fault is gone', async ({
    page,
    request,
  }) => {
    const marker = await pageMarker(request, target);
    await onContentChunk(page, marker, async (route, body) => {
      // The content component throws for as long as the page-level flag says so.
      const tampered = body.replace(
        /default:\(\)=>([\w$]+)/,
        (_m, name: string) =>
          `default:()=>(p)=>{if(window.__crash)throw new Error("crash test");return ${name}(p)}`,
      );
      await route.fulfill({ body: tampered, contentType: 'application/javascript' });
    });
    await page.goto(from);
    // Links are the router's once the page has hydrated; before, they load a new document.
    await hydrated(page);
    await page.evaluate(() => ((window as { __crash?: boolean }).__crash = true));
    await page.locator(`aside a[href="${target}"]`).click();
    await expect(page.getByText('页面已崩溃。')).toBeVisible();
    const retry = page.getByRole('button', { name: '重试' });
    await expect(retry).toBeVisible();

    await page.evaluate(() => ((window as { __crash?: boolean }).__crash = false));
    await retry.click();
    await expect(page.getByText('页面已崩溃。')).toHaveCount(0);
    await expect(page.locator('article h1')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${target}$`));
  });
});

test.describe('a page chunk that fails to load', () => {
  test.use({ expectedConsoleErrors: [/ERR_FAILED|Loading chunk|ChunkLoadError/] });

  test('makes the page reload, which then shows the page', async ({ page, request }) => {
    const marker = await pageMarker(request, target);
    let failing = true;
    page.on('request', (r) => {
      if (r.isNavigationRequest() && r.url().endsWith(target)) failing = false;
    });
    await onContentChunk(page, marker, async (route, body) => {
      if (failing) await route.abort('failed');
      else await route.fulfill({ body, contentType: 'application/javascript' });
    });
    await page.goto(from);
    // Links are the router's once the page has hydrated; before, they load a new document.
    await hydrated(page);
    await page.evaluate(() => ((window as { __sameDocument?: boolean }).__sameDocument = true));
    await page.locator(`aside a[href="${target}"]`).click();
    await expect(page).toHaveURL(new RegExp(`${target}$`));
    await expect(page.locator('article h1')).toBeVisible();
    // A full reload replaced the document, and the page is now interactive.
    await expect
      .poll(() =>
        page
          .evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)
          // While the reload is under way there is no document to ask yet.
          .catch(() => 'reloading'),
      )
      .toBeUndefined();
    expect(failing).toBe(false);
  });
});

test.describe('the page loader', () => {
  test.use({ expectedConsoleErrors: [/ERR_FAILED|Loading chunk|ChunkLoadError/] });

  // The one path on which Docusaurus renders a route before its chunks are in: a reader follows
  // a link and, while that page is still loading, another one. When the first page's chunks
  // arrive the router renders the current location, the second page, whose chunk is still on
  // its way: the theme's loader shows, and if that chunk fails, its error with 'Retry'.
  test('shows a loader, then "Retry" when the chunk fails; retry loads the page', async ({
    page,
    request,
  }) => {
    const slow = '/price';
    let releaseSlow!: () => void;
    const slowReleased = new Promise<void>((resolve) => (releaseSlow = resolve));
    let failing = true;
    const held: Route[] = [];
    await onContentChunks(page, [
      {
        marker: await pageMarker(request, slow),
        handler: async (route, body) => {
          await slowReleased;
          await route.fulfill({ body, contentType: 'application/javascript' });
        },
      },
      {
        marker: await pageMarker(request, target),
        handler: async (route, body) => {
          if (failing) held.push(route);
          else await route.fulfill({ body, contentType: 'application/javascript' });
        },
      },
    ]);
    await page.goto(from);
    // Links are the router's once the page has hydrated; before, they load a new document.
    await hydrated(page);
    await page.evaluate(() => ((window as { __sameDocument?: boolean }).__sameDocument = true));
    await page.locator(`aside a[href="${slow}"]`).click();
    await page.locator(`aside a[href="${target}"]`).click();
    await expect.poll(() => held.length).toBeGreaterThan(0);

    releaseSlow();
    await expect(page.locator('svg#loader')).toBeVisible();

    // The failed chunk also makes the router reload the page. Here the network is down for
    // that reload too (it is cancelled), so the reader is left with the loader's 'Retry'.
    let reloads = 0;
    await page.route(
      (url) => url.pathname === target,
      async (route) => {
        reloads += 1;
        await route.abort('aborted');
      },
    );
    failing = false;
    await Promise.all(held.map((route) => route.abort('failed')));
    const retry = page.getByRole('button', { name: /^(Retry|重试)$/ });
    await expect(retry).toBeVisible();
    await expect(page.getByText(/ChunkLoadError|Loading chunk/)).toBeVisible();

    await retry.click();
    await expect(page.locator('article h1')).toBeVisible();
    await expect(retry).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`${target}$`));
    expect(
      await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument),
      'retry rendered the page in the same document, without the reload',
    ).toBe(true);
    expect(reloads, 'the failed chunk made the router try a reload').toBe(1);
  });
});

test('the route-change progress bar appears after 200 ms on a slow navigation', async ({
  page,
  request,
}) => {
  const marker = await pageMarker(request, target);
  await onContentChunk(page, marker, async (route, body) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.fulfill({ body, contentType: 'application/javascript' });
  });
  await page.goto(from);
  // Links are the router's once the page has hydrated; before, they load a new document.
  await hydrated(page);
  await page.evaluate(() => {
    const w = window as { __barAt?: number; __clickAt?: number };
    new MutationObserver(() => {
      if (w.__barAt === undefined && document.getElementById('nprogress')) {
        w.__barAt = performance.now();
      }
    }).observe(document.documentElement, { childList: true, subtree: true });
    document.addEventListener('click', () => (w.__clickAt = performance.now()), { capture: true });
  });
  await page.locator(`aside a[href="${target}"]`).click();
  await expect(page.locator('#nprogress')).toBeAttached();
  await expect(page.locator('article h1')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${target}$`));
  await expect(page.locator('#nprogress')).not.toBeAttached();
  const delay = await page.evaluate(() => {
    const w = window as { __barAt?: number; __clickAt?: number };
    return w.__barAt! - w.__clickAt!;
  });
  expect(delay).toBeGreaterThanOrEqual(195);
});

test.describe('prefetching', () => {
  test('prefetches linked pages on a normal connection', async ({ page }) => {
    await page.goto(target);
    await expect.poll(() => page.locator('link[rel="prefetch"]').count()).toBeGreaterThan(0);
    expect(
      await page.evaluate(() =>
        Boolean((window as unknown as DocusaurusWindow).docusaurus.prefetch('/api/voices/delete')),
      ),
    ).toBe(true);
  });

  for (const connection of [
    { saveData: true, effectiveType: '4g' },
    { saveData: false, effectiveType: '2g' },
  ]) {
    test(`skips prefetching with ${JSON.stringify(connection)}`, async ({ page }) => {
      await page.addInitScript((c) => {
        Object.defineProperty(navigator, 'connection', { value: c, configurable: true });
      }, connection);
      await page.goto(target);
      await page.mouse.move(10, 10);
      await page.locator('aside a[href="/price"]').hover();
      expect(
        await page.evaluate(() =>
          (window as unknown as DocusaurusWindow).docusaurus.prefetch('/price'),
        ),
      ).toBe(false);
      await expect(page.locator('link[rel="prefetch"]')).toHaveCount(0);
    });
  }
});

interface DocusaurusWindow {
  docusaurus: { prefetch: (path: string) => unknown };
}
