/**
 * The parameters, bodies and responses of the reference pages as a reader gets them: each
 * response status shows an example of its own (the spec's, valid against that status's schema,
 * an error example carrying the code its status stands for), and the lists read as plain
 * zh-Hans, legible, with audio shown as audio.
 */
import type { Locator, Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { operationPages } from '../support/operations';
import { deref, openApiDocuments, operationsOf } from '../support/specs';
import { ajvFor, rebase } from '../support/schemaValidation';
import { hydrated } from '../support/hydration';
import { apiErrors } from '../../src/data/errors';

type Json = Record<string, unknown>;

const documents = openApiDocuments();

/** The responses of an operation page, from the bundled spec its page is generated from. */
function responsesOf(route: string): { doc: Json; responses: [string, Json][] } {
  for (const { doc } of documents) {
    const operation = operationsOf(doc).find((o) => `/api${String(o.op['x-doc-slug'])}` === route);
    if (operation) {
      const responses = Object.entries(operation.op.responses as Json).map(
        ([status, r]): [string, Json] => [status, deref<Json>(doc, r)],
      );
      return { doc, responses };
    }
  }
  throw new Error(`no operation for ${route}`);
}

const isBinary = (schema: Json | undefined): boolean =>
  schema?.type === 'string' && typeof schema.contentMediaType === 'string';

/** The page's responses: the status tabs and the panel of the chosen one. */
const responsesSection = (page: Page) =>
  page.locator('.openapi-tabs__container').filter({ has: page.locator('#responses') });

/** The shown panel among a tab list's panels (the list's container is followed by them). */
const shownPanel = (container: Locator) =>
  container.locator(':scope > .margin-top--md > [role="tabpanel"]:not([hidden])');

async function chooseStatus(page: Page, status: string): Promise<Locator> {
  const section = responsesSection(page);
  await section.getByRole('tab', { name: status, exact: true }).click();
  return shownPanel(section);
}

/** The panel of one media type of a response, choosing its tab. */
async function chooseMediaType(panel: Locator, mediaType: string): Promise<Locator> {
  const tabs = panel.locator('.tabs-container').first();
  await tabs
    .locator('.openapi-tabs__mime-list-container')
    .getByRole('tab', { name: mediaType, exact: true })
    .click();
  return shownPanel(tabs);
}

/** The catalogue's codes of a status (400 has two: `invalid_request`, `content_rejected`). */
const documentedCodes = (status: string): string[] => {
  const codes = apiErrors.filter((e) => e.status === Number(status)).map((e) => e.code);
  expect(codes.length, `the catalogue's codes for ${status}`).toBeGreaterThan(0);
  return codes;
};

/**
 * The text of an element as it reads on screen, tabs' hidden panels and collapsed details
 * included: text nodes joined by spaces, cased as the CSS shows them; code samples and example
 * code left out (not the method-and-path banner, a <pre> too).
 */
function renderedText(root: Locator): Promise<string> {
  const skipped =
    'pre:not(.openapi__method-endpoint), script, style, section[aria-label="示例代码"]';
  return root.evaluate((element, skipped) => {
    const parts: string[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement!;
      if (parent.closest(skipped)) continue;
      const text = node.textContent ?? '';
      const transform = getComputedStyle(parent).textTransform;
      parts.push(
        transform === 'uppercase'
          ? text.toUpperCase()
          : transform === 'lowercase'
            ? text.toLowerCase()
            : text,
      );
    }
    return parts.join(' ').replace(/\s+/g, ' ');
  }, skipped);
}

/** Text in the lists (parameters, body, responses) set below 12 px, with its size. */
async function smallLabels(page: Page): Promise<Record<string, string>> {
  return await page.locator('article').evaluate((article) => {
    // The parameters, request body and responses: their details and tab groups.
    const roots = Array.from(
      article.querySelectorAll('details.openapi-markdown__details, .tabs-container'),
    ).filter((r) => !r.closest('section[aria-label="示例代码"]'));
    const found = new Map<string, string>();
    for (const root of roots) {
      for (const element of [root, ...Array.from(root.querySelectorAll('*'))]) {
        if (element.closest('pre')) continue;
        const ownText = Array.from(element.childNodes)
          .filter((n) => n.nodeType === Node.TEXT_NODE)
          .map((n) => n.textContent!.trim())
          .join('');
        if (!ownText) continue;
        const size = parseFloat(getComputedStyle(element).fontSize);
        if (size < 12)
          found.set(`${element.className || element.tagName}: ${ownText}`, `${size}px`);
      }
    }
    return Object.fromEntries(found);
  });
}

for (const op of operationPages()) {
  const { doc, responses } = responsesOf(op.route);
  const ajv = ajvFor(doc, '2020');

  // One load of the page for both: the reading first, on the page as it loads; the examples
  // then choose each status, media type and example themselves.
  test(`${op.route} (${op.method} ${op.path}): parameters and responses read as plain zh-Hans, every label legible; each response status shows its own example, valid against its schema`, async ({
    page,
  }) => {
    await page.goto(op.route);
    await hydrated(page);
    const viewport = page.viewportSize()!;
    await test.step('parameters and responses read as plain zh-Hans, every label legible', async () => {
      const article = page.locator('article');
      const text = await renderedText(article);
      for (const leak of [
        'maxLength',
        'minLength',
        'minimum',
        'maximum',
        '可为 NULL',
        'string string',
        ':voice_id',
      ]) {
        expect(text, leak).not.toContain(leak);
      }
      expect(text).not.toMatch(/\bBody\b/);
      // Requiredness is a request's: no response field is marked 必填.
      expect(await renderedText(responsesSection(page))).not.toContain('必填');

      // Binary bodies read as what they are, with their media type.
      for (const [status, response] of responses) {
        const binary = Object.entries((response.content as Json) ?? {}).filter(([, m]) =>
          isBinary((m as Json).schema as Json),
        );
        if (binary.length === 0) continue;
        const panel = await chooseStatus(page, status);
        for (const [mediaType] of binary) {
          const item = (await chooseMediaType(panel, mediaType)).locator(
            '.openapi-schema__container',
          );
          await expect(item.locator('.openapi-schema__property')).toHaveText(
            mediaType.startsWith('audio/') ? '音频' : '文件',
          );
          await expect(item.locator('.openapi-schema__name')).toHaveText(mediaType);
        }
      }

      // Every label legible at desktop and phone widths.
      for (const width of [1280, 360]) {
        await page.setViewportSize({ width, height: 800 });
        expect(await smallLabels(page), `labels under 12 px at ${width} px`).toEqual({});
      }
    });
    await page.setViewportSize(viewport);

    await test.step('each response status shows its own example, valid against its schema', async () => {
      let checked = 0;
      for (const [status, response] of responses) {
        const panel = await chooseStatus(page, status);
        for (const [mediaType, media] of Object.entries((response.content as Json) ?? {})) {
          const { schema, example, examples } = media as Json;
          const mediaPanel = await chooseMediaType(panel, mediaType);
          const schemaTabs = mediaPanel.locator(
            '.openapi-tabs__schema-list-container [role="tab"]',
          );
          const labels = (await schemaTabs.allTextContents()).map((l) => l.trim());
          const exampleLabels = labels.filter((l) => l !== '结构');
          const where = `${status} ${mediaType}`;
          if (isBinary(schema as Json)) {
            // Audio has no text example: none is made up from its type.
            expect(exampleLabels, where).toEqual([]);
            continue;
          }
          expect(exampleLabels.length, `${where}: an example`).toBeGreaterThan(0);
          const validate = ajv.compile(rebase(schema as Json));
          for (const label of exampleLabels) {
            await schemaTabs.filter({ hasText: label }).first().click();
            const code = shownPanel(mediaPanel.locator('.openapi-tabs__schema-container')).locator(
              'pre',
            );
            const text = await code.innerText();
            let value: unknown;
            expect(() => (value = JSON.parse(text)), `${where} ${label}: JSON`).not.toThrow();
            expect(
              validate(value),
              `${where} ${label}: ${ajv.errorsText(validate.errors)}\n${text}`,
            ).toBe(true);
            if (Number(status) >= 400) {
              expect(
                documentedCodes(status),
                `${where} ${label}: the error code of ${status}`,
              ).toContain(((value as Json).error as Json).code);
            }
            checked += 1;
          }
          if (example !== undefined || examples !== undefined) {
            expect(exampleLabels, `${where}: the spec's example, none generated`).not.toContain(
              '示例（自动生成）',
            );
          }
        }
      }
      expect(checked).toBeGreaterThan(0);
    });
  });
}
