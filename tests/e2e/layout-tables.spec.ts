/**
 * Tables and layouts that hold on a phone: no page scrolls sideways at 360 px, code in a table
 * never breaks over lines, a table too wide for the screen scrolls inside a named region the
 * keyboard can reach, the voice catalogue turns into cards, the websocket reference looks like
 * the HTTP one, form controls are in the site's font, a row a link names lands below the navbar,
 * and paper shows every column. The checks of every route at 360 and 1280 px
 * (tests/support/layout.ts: cues, prose columns, broken code, buttons) run in
 * tests/e2e/every-route.spec.ts, on its one visit.
 */
import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { hydrated } from '../support/hydration';

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

test('a link to a row of the error catalogue lands below the navbar', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/api/errors#error-rate_limited');
  await hydrated(page);
  const row = page.locator('#error-rate_limited');
  await expect(row).toBeInViewport();
  const [navbarBottom, rowTop] = await row.evaluate((el) => [
    document.querySelector('.navbar')!.getBoundingClientRect().bottom,
    el.getBoundingClientRect().top,
  ]);
  expect(rowTop).toBeGreaterThanOrEqual(navbarBottom);
});

test('printed, the widest tables show every column', async ({ page }) => {
  // An A4 page's width at 96 dpi.
  await page.setViewportSize({ width: 794, height: 1123 });
  for (const route of ['/guides/best-practices', '/api/errors', '/api/speech-endpoint']) {
    await page.goto(route);
    await hydrated(page);
    await page.emulateMedia({ media: 'print' });
    const cut = await page.evaluate(() =>
      Array.from(document.querySelectorAll('table')).flatMap((table) => {
        const box = table.parentElement!;
        const hidden = Array.from(table.querySelectorAll('th, td')).filter(
          (cell) => cell.getClientRects().length === 0 && !cell.closest('thead'),
        );
        const right = box.getBoundingClientRect().right;
        const beyond = Array.from(table.querySelectorAll('th, td')).filter(
          (cell) => cell.getBoundingClientRect().right > right + 1,
        );
        return hidden.length + beyond.length > 0 || box.scrollWidth > box.clientWidth + 1
          ? [`${table.dataset.table ?? box.getAttribute('aria-label')}: ${beyond.length} cells cut`]
          : [];
      }),
    );
    expect(cut, `${route} printed`).toEqual([]);
    await page.emulateMedia({ media: 'screen' });
  }
});
