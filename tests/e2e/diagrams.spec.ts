/**
 * The diagrams (src/diagrams, rendered at build time): each is SVG in the server's HTML, before
 * any script runs, named by its caption and described by its steps; it passes axe and its text
 * contrasts with what is behind it in both colour modes; every label fits its box; at 360 px it
 * scrolls in its own box, never the page; no drawing code ships. The retry / reconnect diagram
 * lists exactly the error codes of src/data/errors.ts and the close codes of the AsyncAPI
 * document, each under its kind.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import * as cheerio from 'cheerio';
import { parse } from 'yaml';

import { apiErrors, errorActionKinds } from '../../src/data/errors';
import { reconnectKinds, type CloseCode } from '../../src/data/websocketProtocol';
import { test, expect } from '../support/fixtures';
import { axeOn, axeTags, colourModes, setColourMode } from '../support/axe';
import { hydrated } from '../support/hydration';

const diagrams = [
  { name: 'contexts', route: '/guides/contexts' },
  { name: 'deployment', route: '/guides/best-practices' },
  { name: 'decision', route: '/api/errors' },
] as const;

const svgOf = (page: Page, name: string) => page.locator(`svg[data-diagram="${name}"]`);

/** The close codes as the AsyncAPI document states them (not the model derived from it). */
function closeCodesOfSpec(): CloseCode[] {
  const doc = parse(
    readFileSync(path.join(__dirname, '../../api-specs/speech-websocket.yaml'), 'utf8'),
  ) as { channels: Record<string, { 'x-close-codes'?: CloseCode[] }> };
  return Object.values(doc.channels).flatMap((c) => c['x-close-codes'] ?? []);
}

for (const { name, route } of diagrams) {
  test.describe(`diagram ${name} on ${route}`, () => {
    test('is SVG in the server’s HTML, with its caption and steps', async ({ request }) => {
      const html = await (await request.get(route)).text();
      const $ = cheerio.load(html);
      const svg = $(`svg[data-diagram="${name}"]`);
      expect(svg).toHaveLength(1);
      expect(svg.attr('role')).toBe('img');
      const caption = $(`#${svg.attr('aria-labelledby')}`);
      expect(caption.prop('tagName')).toBe('FIGCAPTION');
      expect(caption.text().trim().length).toBeGreaterThan(10);
      const steps = $(`#${svg.attr('aria-describedby')}`).find('li');
      expect(steps.length).toBeGreaterThanOrEqual(3);
      // Drawn, not a placeholder: boxes with text in them.
      expect(svg.find('g.dg-node rect').length).toBeGreaterThanOrEqual(2);
      expect(svg.find('text').length).toBeGreaterThanOrEqual(steps.length);
    });

    test('is named and described in the browser, every label inside its box', async ({ page }) => {
      await page.goto(route);
      await hydrated(page);
      const svg = svgOf(page, name);
      const caption = (await page.locator(`#diagram-${name}-caption`).textContent())!;
      await expect(page.getByRole('img', { name: caption })).toBeVisible();
      await expect(svg).toHaveAccessibleDescription(/\S{10,}/);
      const outside = await svg.evaluate((el) =>
        Array.from(el.querySelectorAll('g.dg-node')).flatMap((g) => {
          const box = (g.querySelector('rect') as SVGRectElement).getBBox();
          return Array.from(g.querySelectorAll('text')).flatMap((t) => {
            const b = t.getBBox();
            const fits = b.x >= box.x && b.x + b.width <= box.x + box.width && b.y >= box.y - 1;
            return fits ? [] : [`${t.textContent} (${Math.round(b.width)} in ${box.width})`];
          });
        }),
      );
      expect(outside).toEqual([]);
      // A message's labels lie over its arrow, between the two lifelines.
      const astray = await svg.evaluate((el) =>
        Array.from(el.querySelectorAll('g.dg-msg')).flatMap((g) => {
          const span = (g.querySelector('path.dg-line') as SVGPathElement).getBBox();
          return Array.from(g.querySelectorAll('text')).flatMap((t) => {
            const b = t.getBBox();
            return b.x >= span.x && b.x + b.width <= span.x + span.width
              ? []
              : [`${t.textContent} (${Math.round(b.width)} over ${span.width})`];
          });
        }),
      );
      expect(astray).toEqual([]);
    });

    test('passes axe and its text contrasts with its background, light and dark', async ({
      page,
    }) => {
      await page.goto(route);
      await hydrated(page);
      for (const mode of colourModes) {
        await setColourMode(page, mode);
        const results = await axeOn(page)
          .include(`[data-diagram-figure="${name}"]`)
          .withTags(axeTags)
          .analyze();
        expect(results.violations.map((v) => `[${mode}] ${v.id}: ${v.help}`)).toEqual([]);
        // axe does not judge SVG text: each text against the box it sits in (its fill, at its
        // opacity, over the page) or else the page.
        const low = await svgOf(page, name).evaluate((el) => {
          const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
          const lum = ([r, g, b]: number[]) => {
            const f = (v: number) => {
              const s = v / 255;
              return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
            };
            return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
          };
          // The theme paints the page's background on the root element: transparent in light
          // mode, over the browser's white canvas.
          const root = rgb(getComputedStyle(document.documentElement).backgroundColor);
          const page = root.length === 4 && root[3] === 0 ? [255, 255, 255] : root.slice(0, 3);
          return Array.from(el.querySelectorAll('text')).flatMap((t) => {
            const rect = t.closest('g.dg-node')?.querySelector('rect');
            let back = page;
            if (rect) {
              const style = getComputedStyle(rect);
              if (style.fill !== 'none') {
                const a = Number(style.fillOpacity);
                const fill = rgb(style.fill);
                back = page.map((p, i) => fill[i] * a + p * (1 - a));
              }
            }
            const [l1, l2] = [lum(rgb(getComputedStyle(t).fill)), lum(back)].sort((a, b) => b - a);
            const ratio = (l1 + 0.05) / (l2 + 0.05);
            return ratio < 4.5 ? [`${t.textContent}: ${ratio.toFixed(2)}`] : [];
          });
        });
        expect(low, `${mode} mode`).toEqual([]);
      }
    });

    test('at 360 px it scrolls in its own box, never the page', async ({ page }) => {
      await page.setViewportSize({ width: 360, height: 740 });
      await page.goto(route);
      await hydrated(page);
      const svg = svgOf(page, name);
      await svg.scrollIntoViewIfNeeded();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        360,
      );
      const shown = await svg.evaluate((el) => {
        const { width } = el.getBoundingClientRect();
        return { width, natural: Number(el.getAttribute('width')) };
      });
      // Scaled down, but its 14 px text never below 10 px: then its box scrolls instead.
      expect(shown.width).toBeLessThanOrEqual(shown.natural);
      expect((14 * shown.width) / shown.natural).toBeGreaterThanOrEqual(9.95);
      // Wider than the column, its box is a keyboard stop that scrolls.
      const region = page.getByRole('region', { name: /^图：/ }).filter({ has: svg });
      if (shown.width > 330) {
        await expect(region).toHaveAttribute('tabindex', '0');
        expect(await region.evaluate((r) => r.scrollWidth > r.clientWidth)).toBe(true);
      }
    });
  });
}

test('no drawing code ships: the pages load the drawings, not the renderer', async ({ page }) => {
  const code: string[] = [];
  let pending: Promise<string>[] = [];
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script') pending.push(r.text());
  });
  for (const { route } of diagrams) {
    await page.goto(route);
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    // A body is readable only until the page navigates away: read this page's before the next.
    code.push(...(await Promise.all(pending)));
    pending = [];
  }
  // Messages of the renderer (src/diagrams) that any bundle of it would carry.
  for (const text of ['no participant', 'a message to itself', 'in the AsyncAPI document']) {
    expect(code.filter((c) => c.includes(text))).toEqual([]);
  }
  // The drawings themselves do ship, with the page's content (for in-site navigation).
  expect(code.some((c) => c.includes('diagram-contexts-steps'))).toBe(true);
});

test('the contexts sequence shows each message of the protocol it explains', async ({
  request,
}) => {
  const $ = cheerio.load(await (await request.get('/guides/contexts')).text());
  const codeNames = new Set(
    $('svg[data-diagram="contexts"] tspan.dg-code')
      .toArray()
      .map((t) => $(t).text()),
  );
  for (const message of ['generate', 'flush', 'audio', 'timestamps', 'done', 'cancel']) {
    expect(codeNames, message).toContain(message);
  }
});

test('the retry / reconnect diagram lists exactly the codes of the data, each under its kind, with its least wait', async ({
  request,
}) => {
  const $ = cheerio.load(await (await request.get('/api/errors')).text());
  const shown = new Map<string, string[]>();
  const texts = new Map<string, string>();
  for (const g of $('svg[data-diagram="decision"] g[data-outcomes]').toArray()) {
    const codes = $(g).attr('data-outcomes')!.split(' ');
    const text = $(g).text();
    texts.set($(g).attr('data-kind')!, text);
    // What the attribute says is what the reader sees.
    for (const code of codes) expect(text).toContain(code);
    shown.set($(g).attr('data-kind')!, codes);
  }
  const expected = new Map<string, string[]>();
  for (const kind of errorActionKinds) {
    const codes = apiErrors.filter((e) => e.kind === kind).map((e) => e.code);
    if (codes.length) expected.set(kind, codes);
  }
  const closeCodes = closeCodesOfSpec();
  expect(closeCodes.length).toBeGreaterThan(0);
  for (const kind of reconnectKinds) {
    const codes = closeCodes.filter((c) => c.reconnect === kind).map((c) => String(c.code));
    if (codes.length) expected.set(kind, codes);
  }
  expect(Object.fromEntries(shown)).toEqual(Object.fromEntries(expected));
  // The error rows are the HTTP actions; a websocket `error` message is sent to its code's row
  // of the catalogue (rate_limited there waits for a context to end, not for a time).
  const head = $('svg[data-diagram="decision"] g[data-section="error-code"]').text();
  expect(head).toContain('收到 HTTP 错误：按 code');
  expect(head).toContain('WebSocket 的 error 消息：按错误码一览中各行的 WebSocket 做法');
  for (const c of closeCodes.filter((code) => code.minWaitSeconds)) {
    expect(texts.get(c.reconnect), `${c.code}'s least wait`).toContain(
      `${c.reason}，第一次重连前至少等 ${c.minWaitSeconds} 秒）`,
    );
  }
});
