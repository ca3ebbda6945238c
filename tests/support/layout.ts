/**
 * The layout checks of one page at one width (tests/e2e/every-route.spec.ts runs them on every
 * route): no sideways scroll, no word of code in a table cell broken over lines, wide tables in
 * named regions the keyboard can scroll, with a visible cue, no column of prose narrower than 6
 * characters (a table's column, or a card's value beside its label), form controls in the site's
 * font, buttons at the body's size. Measured in one `page.evaluate`.
 */
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

interface Layout {
  /** The page's width and the viewport's, and what widens the page past the right edge. */
  scrollWidth: number;
  clientWidth: number;
  sticksOut: string[];
  /** `code` in a table cell broken over lines inside a word (not at a space, `-` or `/`). */
  brokenCode: string[];
  /** Tables wider than their box with no cue in sight: the hint under the box, the edge shadow. */
  clippedWithoutCue: string[];
  /** Columns of prose (a cell with 8 characters or more besides code) under 6 characters wide. */
  narrowProse: string[];
  /** Buttons with words in a font smaller than the body's. */
  smallButtons: string[];
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

    // A `code` on several lines may break at a space, after `-` or `/`, or beside a Chinese
    // character or punctuation; never between two letters, digits or underscores.
    const wordChar = /[\p{L}\p{N}_]/u;
    const cjk = /[\p{Script=Han}\p{P}]/u;
    const brokenCode = Array.from(document.querySelectorAll('td code, th code'))
      .filter((code) => rendered(code) && code.getClientRects().length > 1)
      .flatMap((code) => {
        const text = code.firstChild;
        if (code.childNodes.length !== 1 || !(text instanceof Text)) return [];
        const range = document.createRange();
        const tops = Array.from(text.data, (_, i) => {
          range.setStart(text, i);
          range.setEnd(text, i + 1);
          return range.getBoundingClientRect().top;
        });
        return tops.flatMap((top, i) => {
          const [before, after] = [text.data[i - 1], text.data[i]];
          const newLine = i > 0 && top > tops[i - 1] + 2 && after.trim() !== '';
          const inWord =
            wordChar.test(before ?? '') && wordChar.test(after) && !cjk.test(before + after);
          return newLine && inWord ? [`${text.data} (broken before “${after}”)`] : [];
        });
      });

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

    // A box that hides columns says so where readers look: the line under it, the edge shadow.
    const clippedWithoutCue = Array.from(document.querySelectorAll('.table-region'))
      .filter((box) => rendered(box) && box.scrollWidth > box.clientWidth + 1)
      .filter((box) => {
        const hint = box.nextElementSibling;
        const shown =
          hint?.matches('[data-table-hint]') &&
          rendered(hint) &&
          getComputedStyle(hint).visibility === 'visible' &&
          (hint.textContent ?? '').includes('滚动');
        return !shown || !getComputedStyle(box).backgroundImage.includes('gradient');
      })
      .map((box) => describe(box.querySelector('tr') ?? box));

    // Each column's room for text, in characters: a table cell's content box; a card's value
    // is the cell less the label's column (its left padding).
    const roomOf = (cell: HTMLElement): number => {
      const s = getComputedStyle(cell);
      const room = cell.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
      return room / parseFloat(s.fontSize);
    };
    const proseOf = (cell: Element): number => {
      const copy = cell.cloneNode(true) as Element;
      copy.querySelectorAll('code').forEach((code) => code.remove());
      return (copy.textContent ?? '').replace(/\s+/g, '').length;
    };
    const proseColumns = Array.from(document.querySelectorAll('table'))
      .filter(rendered)
      .flatMap((table) => {
        const columns = new Map<number, number>();
        table.querySelectorAll<HTMLTableCellElement>('tbody td').forEach((cell) => {
          if (cell.colSpan > 1 || proseOf(cell) < 8) return;
          const room = roomOf(cell);
          columns.set(cell.cellIndex, Math.min(columns.get(cell.cellIndex) ?? room, room));
        });
        const name = (i: number) => table.querySelectorAll('thead th')[i]?.textContent?.trim();
        return [...columns].map(([i, room]) => ({ what: `${describe(table)} “${name(i)}”`, room }));
      });
    const narrowProse = proseColumns
      .filter(({ room }) => room < 6)
      .map(({ what, room }) => `${what}: ${room.toFixed(1)} characters`);

    const bodyFont = getComputedStyle(document.body).fontFamily;
    const otherFonts = Array.from(document.querySelectorAll('button, input, select, textarea'))
      .filter((el) => rendered(el) && getComputedStyle(el).fontFamily !== bodyFont)
      .map((el) => `${describe(el)}: ${getComputedStyle(el).fontFamily}`);

    const bodySize = parseFloat(getComputedStyle(document.body).fontSize);
    // The Infima buttons the site uses for its own controls (the theme's icon buttons aside).
    const smallButtons = Array.from(document.querySelectorAll('.button'))
      .filter((el) => rendered(el) && (el.textContent ?? '').trim() !== '')
      .filter((el) => parseFloat(getComputedStyle(el).fontSize) < bodySize - 0.5)
      .map((el) => `${describe(el)}: ${getComputedStyle(el).fontSize}`);

    return {
      scrollWidth: root.scrollWidth,
      clientWidth: root.clientWidth,
      sticksOut,
      brokenCode,
      clippedWithoutCue,
      narrowProse,
      smallButtons,
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
export async function checkLayout(page: Page, width: number, keyboard: boolean): Promise<void> {
  const layout = await measureLayout(page);
  const at = `at ${width} px`;
  expect(
    layout.scrollWidth,
    `${at} the page scrolls sideways; past the right edge: ${layout.sticksOut.join(', ')}`,
  ).toBeLessThanOrEqual(layout.clientWidth);
  expect(layout.brokenCode, `${at}, code in a table cell broken inside a word`).toEqual([]);
  expect(layout.clippedWithoutCue, `${at}, tables cut off with no visible cue`).toEqual([]);
  expect(layout.narrowProse, `${at}, columns of prose under 6 characters wide`).toEqual([]);
  expect(layout.smallButtons, `${at}, buttons smaller than the body text`).toEqual([]);
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
