/**
 * Pronunciation control as a reader meets it: the guide's section (a section of
 * /guides/best-practices: the specification's route table has no room for a page of its own)
 * shows the tones and the validation errors rendered from the data module (the limits link the
 * limits page, which shows the limits module's), in the
 * table of contents; the HTTP and websocket references and the limits page link to it.
 */
import { test, expect } from '../support/fixtures';
import { hydrated } from '../support/hydration';
import { formatCount } from '../../src/data/format';
import { limit } from '../../src/data/limits';
import {
  pronunciationError,
  pronunciationErrorExamples,
  tones,
} from '../../src/data/pronunciation';

const guide = '/guides/best-practices';
const section = `${guide}#pronunciation`;

test.describe('the pronunciation guide', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto(guide);
  });

  test('is a section of the page, listed in its table of contents', async ({ page }) => {
    await expect(page.locator('main h2#pronunciation')).toHaveText(/发音控制/);
    const toc = page.locator('.table-of-contents');
    for (const id of [
      'pronunciation',
      'text-markup',
      'pinyin-hints',
      'pauses',
      'pronunciation-errors',
    ]) {
      await expect(toc.locator(`a[href="#${id}"]`)).toHaveCount(1);
    }
  });

  test('the tone table is the data module’s', async ({ page }) => {
    const rows = page.locator('table[data-table="tones"] tbody tr');
    await expect(rows).toHaveCount(tones.length);
    for (const [i, tone] of tones.entries()) {
      await expect(rows.nth(i).locator('td').first()).toHaveText(String(tone.digit));
      await expect(rows.nth(i)).toContainText(tone.name);
    }
  });

  test('the limits are linked, not copied: the limits page shows the limits module’s', async ({
    page,
  }) => {
    const link = page.locator('main a[href="/api/limits-and-timeouts#pronunciation"]');
    await expect(link.first()).toBeVisible();
    await page.goto('/api/limits-and-timeouts');
    const table = page.locator('table[data-table="limits"]');
    for (const key of [
      'pronunciationDictionaryEntries',
      'pronunciationWordLength',
      'pauseMinDuration',
      'pauseMaxDuration',
    ] as const) {
      const { value, unit } = limit(key);
      await expect(table).toContainText(`${formatCount(value)} ${unit}`);
    }
  });

  test('each error example shows the param and message the API answers with', async ({ page }) => {
    const rows = page.locator('table[data-table="pronunciation-errors"] tbody tr');
    await expect(rows).toHaveCount(pronunciationErrorExamples.length);
    for (const [i, { request }] of pronunciationErrorExamples.entries()) {
      const error = pronunciationError(request)!;
      const cells = rows.nth(i).locator('td');
      await expect(cells.nth(1)).toHaveText(error.param);
      await expect(cells.nth(2)).toHaveText(error.message);
    }
  });
});

test.describe('links to the guide', () => {
  for (const route of ['/api/speech/post', '/api/speech/websocket', '/api/limits-and-timeouts']) {
    test(`${route} links to the pronunciation section`, async ({ page }) => {
      await page.goto(route);
      // A click before hydration is a full page load, not the in-app route a reader takes.
      await hydrated(page);
      const link = page.locator(`main a[href="${section}"]`).first();
      await expect(link).toBeVisible();
      await link.click();
      await expect(page).toHaveURL(new RegExp(`${section}$`));
      await expect(page.locator('h2#pronunciation')).toBeInViewport();
    });
  }
});
