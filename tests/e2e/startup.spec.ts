import { test, expect } from '../support/fixtures';
import { hydrated } from '../support/hydration';

// The app's scripts are preloaded in the head and started by an inline script once the page is
// first painted (src/ssr/template.ts), so that its HTML shows before the app's start-up work.

/** Records, from the start of the navigation, when the main bundle's <script> is added. */
function recordScriptStart(): void {
  const w = window as { __scriptAddedAt?: number };
  new MutationObserver(() => {
    if (w.__scriptAddedAt === undefined && document.querySelector('script[src*="/main."]')) {
      w.__scriptAddedAt = performance.now();
    }
  }).observe(document, { childList: true, subtree: true });
}

test('the app starts after the first contentful paint, then hydrates', async ({ page }) => {
  await page.addInitScript(recordScriptStart);
  await page.goto('/guides/contexts');
  await hydrated(page);
  const { paintedAt, scriptAddedAt } = await page.evaluate(() => ({
    paintedAt: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    scriptAddedAt: (window as { __scriptAddedAt?: number }).__scriptAddedAt,
  }));
  expect(paintedAt).toBeGreaterThan(0);
  expect(scriptAddedAt).toBeGreaterThanOrEqual(paintedAt!);
  // The scripts run in their order: the runtime first, then the app's entry.
  const order = await page
    .locator('body > script[src]')
    .evaluateAll((scripts) => scripts.map((s) => new URL((s as HTMLScriptElement).src).pathname));
  expect(order.map((p) => p.replace(/^\/assets\/js\/|\.[0-9a-f]+\.js$/g, ''))).toEqual([
    'runtime~main',
    'main',
  ]);
});

test('a browser that does not report paints still starts the app', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'PerformanceObserver', { value: undefined });
  });
  await page.goto('/guides/contexts');
  await hydrated(page);
  await page.getByRole('tab', { name: 'Python' }).first().click();
  await expect(page.getByRole('tab', { name: 'Python' }).first()).toHaveAttribute(
    'aria-selected',
    'true',
  );
});

test('the app scripts download at low priority, the stylesheet at the highest', async ({
  page,
}) => {
  // Nothing runs the scripts before the first paint, which waits for the stylesheet.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const priorities = new Map<string, string>();
  cdp.on('Network.requestWillBeSent', ({ request }) => {
    const path = new URL(request.url).pathname;
    if (!priorities.has(path)) priorities.set(path, request.initialPriority);
  });
  await page.goto('/guides/contexts');
  await hydrated(page);
  const scripts = await page
    .locator('link[rel="preload"][as="script"]')
    .evaluateAll((links) => links.map((l) => new URL((l as HTMLLinkElement).href).pathname));
  const stylesheets = await page
    .locator('link[rel="stylesheet"]')
    .evaluateAll((links) => links.map((l) => new URL((l as HTMLLinkElement).href).pathname));
  expect(scripts.length).toBeGreaterThan(1);
  expect(stylesheets.length).toBeGreaterThan(0);
  for (const script of scripts) expect(priorities.get(script), script).toBe('Low');
  for (const sheet of stylesheets) expect(priorities.get(sheet), sheet).toBe('VeryHigh');
});

test('the routes of the links in view are prefetched, each file once', async ({ page }) => {
  await page.goto('/guides/contexts');
  await hydrated(page);
  // Loads the code highlighter now (plugins/adaptations/lazy-prism), so the click below fetches only the route.
  await page.mouse.move(10, 10);
  await page.waitForLoadState('networkidle');
  const prefetched = await page
    .locator('link[rel="prefetch"]')
    .evaluateAll((links) => links.map((l) => new URL((l as HTMLLinkElement).href).pathname));
  expect(prefetched.length).toBeGreaterThan(5);
  expect(prefetched).toEqual([...new Set(prefetched)]);
  // Another guide in the sidebar: everything its page needs was prefetched.
  const fetched: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') fetched.push(new URL(request.url()).pathname);
  });
  await page.locator('.theme-doc-sidebar-menu a[href="/guides/clone"]').click();
  await expect(page).toHaveURL(/\/guides\/clone$/);
  await expect(page.locator('article h1')).toBeVisible();
  expect(fetched.length).toBeGreaterThan(0);
  expect(fetched.filter((file) => !prefetched.includes(file))).toEqual([]);
});
