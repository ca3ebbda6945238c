import { axeOn, axeTags, colourModes, setColourMode } from '../support/axe';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { hydrated } from '../support/hydration';
import { allRoutes } from '../support/routes';

const viewports = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'mobile', width: 390, height: 844 },
] as const;

/**
 * The phone width is checked on one page of each layout, not on all 29: what the width changes
 * is the theme's chrome (navbar menu, collapsed table of contents), the same on every page, and
 * the layouts that reflow (voice cards, the estimator, the reference's columns, tables). The
 * colours themselves are the same at both widths and are checked on every page at desktop.
 */
const phoneRoutes = new Set([
  '/',
  '/guides/contexts',
  '/voices',
  '/price',
  '/api/speech/post',
  '/api/speech/websocket',
  '/api/errors',
  '/search',
  '/tags',
]);

/**
 * The rules whose outcome depends on the colours, the only thing the colour mode changes; the
 * viewport changes which elements show. The full set runs once per page (desktop, light): the
 * markup it judges is the same HTML in the other three, where these rules run again.
 */
const colourRules = ['color-contrast', 'link-in-text-block'];

/**
 * The pages whose colours are checked, in both modes: one of each layout (the phone-width pages)
 * and the pages of the tools with colours of their own (the audio checker, the connection
 * simulator). The colours are the site's stylesheet, the same on every page: checking contrast
 * on all 30 pages spent two thirds of the project's time on the same pairs. The other pages get
 * every other rule; a test below shows every styled class of the built site is on a colour page.
 */
const colourRoutes = new Set([
  ...phoneRoutes,
  '/guides/clone',
  '/api/websocket',
  '/api/speech-endpoint',
  // The PATCH and DELETE method badges, and the 法规要求 kind of the version history.
  '/api/introduction',
  '/api/voices/delete',
]);

/**
 * What the phone width shows that the desktop does not: the navbar's menu button and the
 * collapsed table of contents. The content's colours are the desktop's, checked there on every
 * page in both modes; checking them again at phone width doubled the project's time.
 */
const phoneChrome = ['nav.navbar', '.theme-doc-toc-mobile'];

async function violations(
  page: Page,
  rules: 'all' | 'colours' | 'all but colours',
  within?: string[],
): Promise<string[]> {
  const axe = axeOn(page);
  if (rules === 'colours') axe.withRules(colourRules);
  else axe.withTags(axeTags);
  if (rules === 'all but colours') axe.disableRules(colourRules);
  for (const selector of within ?? []) axe.include(selector);
  // Code blocks' token colours are checked for contrast on every token the site shows, in both
  // themes, by tests/contract/code-colours.spec.ts; here they were half of axe's time.
  axe.exclude('.prism-code');
  const results = await axe.analyze();
  return results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes
        .slice(0, 5)
        .map((n) => n.target.join(' '))
        .join('\n    ')}`,
  );
}

test.describe('axe finds no violation', () => {
  test('the phone-width pages are pages of the site', () => {
    expect([...phoneRoutes].filter((r) => !allRoutes.includes(r))).toEqual([]);
  });

  test('every class of the built pages that may bring colours is on a page whose colours are checked', () => {
    const site = path.resolve(__dirname, '../..', process.env.SITE_DIR ?? 'build');
    const htmlOf = (route: string) =>
      readFileSync(
        path.join(site, route === '/' ? 'index.html' : `${route.slice(1)}.html`),
        'utf8',
      );
    // The classes that may bring colours: CSS-module classes (`status_Ab1c`), a component's own
    // styles, and the theme's colour variants (`badge--danger`, `alert--info`, admonitions).
    const colourClass =
      /^([A-Za-z]+_[A-Za-z0-9-]{4,6}|(badge|alert|button|pill)--[a-z]+|theme-admonition-[a-z]+)$/;
    const classesOf = (html: string) =>
      new Set(
        [...html.matchAll(/class="([^"]*)"/g)]
          .flatMap((m) => m[1].split(/\s+/))
          .filter((c) => colourClass.test(c)),
      );
    const checked = new Set([...colourRoutes].flatMap((r) => [...classesOf(htmlOf(r))]));
    expect(checked.size).toBeGreaterThan(20);
    const missing: string[] = [];
    for (const route of allRoutes.filter((r) => !colourRoutes.has(r))) {
      for (const c of classesOf(htmlOf(route))) if (!checked.has(c)) missing.push(`${route}: ${c}`);
    }
    expect(missing).toEqual([]);
  });

  for (const route of allRoutes) {
    const widths = phoneRoutes.has(route) ? viewports : viewports.slice(0, 1);
    const modes = colourRoutes.has(route) ? 'light and dark' : 'colours on other pages';
    test(`${route}, ${modes}, ${widths.map((v) => v.name).join(' and ')}`, async ({ page }) => {
      test.setTimeout(300_000);
      const found: string[] = [];
      await page.setViewportSize(viewports[0]);
      await page.goto(route);
      // Let lazily rendered parts (search bar, API explorer panel) settle.
      await page.waitForLoadState('networkidle');
      for (const viewport of widths) {
        // The phone width by narrowing the same page, as a rotated tablet or a resized window
        // does: the theme lays out by the window's width, and tests/e2e/every-route.spec.ts shows
        // the layout follows it without a reload. The navbar's menu button shows at phone width.
        let within: string[] | undefined;
        if (viewport.name === 'mobile') {
          await page.setViewportSize(viewport);
          await expect(page.locator('.navbar__toggle')).toBeVisible();
          within = [];
          for (const selector of phoneChrome) {
            if ((await page.locator(selector).count()) > 0) within.push(selector);
          }
        }
        if (!colourRoutes.has(route)) {
          for (const v of await violations(page, 'all but colours')) {
            found.push(`[${viewport.name} light] ${v}`);
          }
          continue;
        }
        for (const mode of colourModes) {
          await setColourMode(page, mode);
          const full = viewport.name === 'desktop' && mode === 'light';
          for (const v of await violations(page, full ? 'all' : 'colours', within)) {
            found.push(`[${viewport.name} ${mode}] ${v}`);
          }
        }
      }
      expect(found).toEqual([]);
    });
  }
});

test.describe('keyboard', () => {
  test('the skip link is the first stop and moves focus to the content', async ({ page }) => {
    await page.goto('/guides/contexts');
    // Hydration re-renders the skip link: a Tab pressed across it lost the focus start (a flake).
    await hydrated(page);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: '跳到主要内容' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    // The next stop is inside the main content, not back in the navbar.
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true);
  });

  test('every control reached by Tab is visibly focused', async ({ page }) => {
    await page.goto('/voices');
    const unseen: string[] = [];
    for (let i = 0; i < 40; i += 1) {
      await page.keyboard.press('Tab');
      const state = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return null;
        const style = getComputedStyle(el);
        const rect = el.getBoundingClientRect();
        const outlined = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
        const ringed = style.boxShadow !== 'none';
        return {
          name: `${el.tagName.toLowerCase()} ${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30) ?? ''}`,
          visible: rect.width > 0 && rect.height > 0,
          indicated: outlined || ringed,
        };
      });
      if (state && !(state.visible && state.indicated)) unseen.push(state.name);
    }
    expect(unseen).toEqual([]);
  });

  test('search works without a mouse', async ({ page }) => {
    await page.goto('/');
    const input = page.locator('nav.navbar input.navbar__search-input');
    // The shortcut is the page's once it has hydrated; until then the browser keeps Ctrl+K.
    await hydrated(page);
    await page.keyboard.press('Control+k');
    await expect(input).toBeFocused();
    await page.keyboard.type('克隆');
    await expect(page.locator('nav.navbar [role="option"]').first()).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/_highlight=/);
    await expect(page.locator('article h1')).toBeVisible();
  });
});
