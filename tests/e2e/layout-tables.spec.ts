/**
 * Tables and layouts that hold on a phone: no page scrolls sideways at 360 px, code in a table
 * never breaks over lines, a table too wide for the screen scrolls inside a named region the
 * keyboard can reach, the voice catalogue turns into cards, the websocket reference looks like
 * the HTTP one, and form controls are in the site's font. One visit per route and width, its
 * checks in one `page.evaluate`.
 */
import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { hydrated } from '../support/hydration';
import { allRoutes } from '../support/routes';

interface Layout {
  /** The page's width and the viewport's, and what widens the page past the right edge. */
  scrollWidth: number;
  clientWidth: number;
  sticksOut: string[];
  /** `code` in a table cell laid out on more than one line. */
  brokenCode: string[];
  /** Tables wider than their container that no named, focusable scrolling region holds. */
  unscrollable: string[];
  /** Names of the page's regions, duplicates included. */
  regionNames: string[];
  /** How many tables are wider than their container. */
  wideTables: number;
  /** Form controls not in the body's font. */
  otherFonts: string[];
}

/** Runs in the page, once it has settled: everything this spec asks of one page's layout. */
async function measureLayout(page: Page): Promise<Layout> {
  return page.evaluate(async () => {
    // The table regions measure themselves after hydration; let their updates land.
    for (let i = 0; i < 3; i += 1) await new Promise((r) => requestAnimationFrame(r));
    const describe = (el: Element): string =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${
        typeof el.className === 'string' && el.className
          ? `.${el.className.trim().split(/\s+/).join('.')}`
          : ''
      } "${(el.textContent ?? '').trim().slice(0, 40)}"`;
    const rendered = (el: Element): boolean => el.getClientRects().length > 0;
    const nameOf = (el: Element): string => {
      const labelledBy = el.getAttribute('aria-labelledby');
      if (labelledBy) {
        return labelledBy
          .split(/\s+/)
          .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
          .join(' ')
          .trim();
      }
      return el.getAttribute('aria-label')?.trim() ?? '';
    };

    const root = document.documentElement;
    const sticksOut = Array.from(document.body.querySelectorAll('*'))
      .filter((el) => {
        const rect = el.getBoundingClientRect();
        return rect.width > 0 && rect.right > root.clientWidth + 1;
      })
      // What a scrolling or clipping box holds, or what is fixed, does not widen the page.
      .filter((el) => {
        for (let a: Element | null = el; a && a !== document.body; a = a.parentElement) {
          const s = getComputedStyle(a);
          if (s.position === 'fixed' || (a !== el && s.overflowX !== 'visible')) return false;
        }
        return true;
      })
      // Only the outermost: its descendants stick out with it.
      .filter((el, _, all) => !all.some((other) => other !== el && other.contains(el)))
      .map(describe);

    // A `code` laid out on one line has one box; broken over lines, one per line.
    const brokenCode = Array.from(document.querySelectorAll('td code, th code'))
      .filter((code) => rendered(code) && code.getClientRects().length !== 1)
      .map((code) => `${code.textContent} (${code.getClientRects().length} lines)`);

    const wide = Array.from(document.querySelectorAll('table')).filter(
      (table) =>
        rendered(table) &&
        table.getBoundingClientRect().width > (table.parentElement?.clientWidth ?? 0) + 1,
    );
    const unscrollable = wide
      .filter((table) => {
        const region = table.parentElement?.closest('[role="region"]');
        if (!(region instanceof HTMLElement)) return true;
        const overflowX = getComputedStyle(region).overflowX;
        return !(
          region.tabIndex === 0 &&
          nameOf(region) !== '' &&
          (overflowX === 'auto' || overflowX === 'scroll') &&
          region.scrollWidth > region.clientWidth &&
          region.getBoundingClientRect().right <= root.clientWidth + 1
        );
      })
      .map((table) => describe(table.querySelector('tr') ?? table));

    const regionNames = Array.from(document.querySelectorAll('[role="region"]')).map(nameOf);

    const bodyFont = getComputedStyle(document.body).fontFamily;
    const otherFonts = Array.from(document.querySelectorAll('button, input, select, textarea'))
      .filter((el) => rendered(el) && getComputedStyle(el).fontFamily !== bodyFont)
      .map((el) => `${describe(el)}: ${getComputedStyle(el).fontFamily}`);

    return {
      scrollWidth: root.scrollWidth,
      clientWidth: root.clientWidth,
      sticksOut,
      brokenCode,
      unscrollable,
      regionNames,
      wideTables: wide.length,
      otherFonts,
    };
  });
}

const duplicates = (names: string[]): string[] =>
  names.filter((name, i) => names.indexOf(name) !== i);

/** The checks of one width; `keyboard` also scrolls the first wide table with the keyboard. */
async function checkLayout(page: Page, width: number, keyboard: boolean): Promise<void> {
  const layout = await measureLayout(page);
  const at = `at ${width} px`;
  expect(
    layout.scrollWidth,
    `${at} the page scrolls sideways; past the right edge: ${layout.sticksOut.join(', ')}`,
  ).toBeLessThanOrEqual(layout.clientWidth);
  expect(layout.brokenCode, `${at}, code in a table cell over more than one line`).toEqual([]);
  expect(
    layout.unscrollable,
    `${at}, tables wider than the column outside a named, focusable scrolling region`,
  ).toEqual([]);
  expect(
    layout.regionNames.filter((n) => n === ''),
    `${at}, regions without a name`,
  ).toEqual([]);
  expect(duplicates(layout.regionNames), `${at}, region names used twice`).toEqual([]);
  expect(layout.otherFonts, `${at}, form controls not in the site's font`).toEqual([]);
  // A table that fits is neither a keyboard stop nor a landmark.
  expect(
    await page
      .locator('[role="region"]:has(> table)')
      .evaluateAll((regions) => regions.filter((r) => r.scrollWidth <= r.clientWidth).length),
    `${at}, regions around tables that fit`,
  ).toBe(0);

  // The keyboard scrolls a wide table: focus its region, press →.
  if (keyboard && layout.wideTables > 0) {
    const region = page.locator('[role="region"]:has(> table)').first();
    await region.focus();
    await expect(region).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect
      .poll(() => region.evaluate((el) => el.scrollLeft), {
        message: `${at}, → scrolls the focused table`,
        timeout: 2_000,
      })
      .toBeGreaterThan(0);
  }
}

test.describe('every route, at 360 px then at 1280 px', () => {
  for (const route of allRoutes) {
    test(`${route}: no sideways scroll, code in cells on one line, wide tables in named regions`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: 360, height: 780 });
      await page.goto(route);
      await hydrated(page);
      await checkLayout(page, 360, true);
      // The same page, widened: the layout follows the window, no reload needed.
      await page.setViewportSize({ width: 1280, height: 900 });
      await checkLayout(page, 1280, false);
    });
  }
});

test.describe('the voice catalogue', () => {
  const columns = ['voice_id', '名称', '语言', '性别', '风格', '适用场景', '说明'];

  /** Each voice's box, and the label shown before each of its fields. */
  const cards = (page: Page) =>
    page.locator('tr[data-voice]').evaluateAll((rows) =>
      rows.map((row) => {
        const rect = row.getBoundingClientRect();
        return {
          display: getComputedStyle(row).display,
          top: rect.top,
          bottom: rect.bottom,
          right: rect.right,
          labels: Array.from(row.querySelectorAll('td')).map((td) =>
            getComputedStyle(td, '::before').content.replace(/^"(.*?)".*$/, '$1'),
          ),
        };
      }),
    );

  test('is a list of cards with labelled fields at 360 px', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto('/voices');
    await hydrated(page);
    const list = await cards(page);
    expect(list.length).toBeGreaterThan(1);
    const width = await page.evaluate(() => document.documentElement.clientWidth);
    for (const [i, card] of list.entries()) {
      expect(card.display, `voice ${i} is a card, not a table row`).toBe('block');
      expect(card.labels, `voice ${i}'s fields are labelled`).toEqual(columns);
      expect(card.right).toBeLessThanOrEqual(width);
      if (i > 0) expect(card.top, 'cards stack').toBeGreaterThanOrEqual(list[i - 1].bottom);
    }
    // The column headers stay for screen readers, out of sight.
    const header = await page.locator('[data-table="voices"] thead').boundingBox();
    expect(header!.height).toBeLessThanOrEqual(1);
    // Filtering still works on the cards.
    await page.getByRole('combobox', { name: '性别' }).selectOption({ label: '男声' });
    const filtered = await cards(page);
    expect(filtered.length).toBeGreaterThan(0);
    expect(filtered.length).toBeLessThan(list.length);
  });

  test('is a table with its column headers at 1280 px', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/voices');
    await hydrated(page);
    const list = await cards(page);
    expect(list.every((card) => card.display === 'table-row')).toBe(true);
    expect(list.every((card) => card.labels.every((label) => label === 'none'))).toBe(true);
    await expect(page.locator('[data-table="voices"] thead th')).toHaveText(columns);
    await expect(page.locator('[data-table="voices"] thead')).toBeVisible();
  });
});

test.describe('the websocket reference', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  /** Computed styles of the parts both reference pages share. */
  const design = async (page: Page, route: string) => {
    await page.goto(route);
    await hydrated(page);
    return page.evaluate(() => {
      const style = (selector: string) => {
        const el = document.querySelector(selector);
        if (!el) return `${selector}: missing`;
        const s = getComputedStyle(el);
        return [
          s.fontFamily,
          s.fontSize,
          s.fontWeight,
          s.lineHeight,
          s.marginTop,
          s.marginBottom,
          s.paddingLeft,
          s.borderTopWidth,
          s.position,
        ].join(' | ');
      };
      const width = (selector: string) =>
        Math.round(document.querySelector(selector)?.getBoundingClientRect().width ?? 0);
      const left = '.theme-doc-markdown .openapi-left-panel__container';
      return {
        heading: style(`${left} h1`),
        banner: style(`${left} .openapi__method-endpoint`),
        badge: style(`${left} .openapi__method-endpoint .badge`),
        path: style(`${left} .openapi__method-endpoint-path`),
        section: style(`${left} h2:not(.openapi__method-endpoint-path)`),
        fieldList: style(`${left} .openapi-markdown__details`),
        fieldName: style(`${left} .openapi-schema__property`),
        fieldType: style(`${left} .openapi-schema__name`),
        required: style(`${left} .openapi-schema__container .openapi-schema__required`),
        leftColumn: width(left),
        rightColumn: width('.theme-doc-markdown .openapi-right-panel__container'),
        rightPanel: style('.theme-doc-markdown .openapi-right-panel__container'),
        toc: document.querySelectorAll('.theme-doc-toc-desktop').length,
      };
    });
  };

  test('shares the HTTP reference’s design: heading, badge, sections, field list, columns', async ({
    page,
  }) => {
    const http = await design(page, '/api/speech/post');
    const websocket = await design(page, '/api/speech/websocket');
    expect(Object.values(http).join('\n')).not.toContain('missing');
    expect(websocket).toEqual(http);
  });
});

test('the copy-page control is in the site’s font', async ({ page }) => {
  await page.goto('/api/speech/websocket');
  await hydrated(page);
  const control = page.getByRole('group', { name: '本页的 Markdown 版本' });
  const button = control.getByRole('button', { name: '复制页面' });
  await expect(button).toBeVisible();
  const [buttonFont, bodyFont] = await button.evaluate((b) => [
    getComputedStyle(b).fontFamily,
    getComputedStyle(document.body).fontFamily,
  ]);
  expect(buttonFont).toBe(bodyFont);
});
