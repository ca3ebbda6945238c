/**
 * The copy of every hand-written page, read from the production build: substantive text, no
 * placeholder words, the zh-Hans copy rules (zhlint), the glossary's terms, a description for
 * search engines, and links that leave no page orphaned.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test, expect } from '@playwright/test';
import { load, type CheerioAPI } from 'cheerio';
import { run } from 'zhlint';

import { glossary, rangeSeparator } from '../../src/data/glossary';
import { supportAnchor } from '../../src/data/support';
import { allRoutes, docRoutes, guideRoutes, operationRoutes } from '../support/routes';
import { root } from '../support/examples';

// The build under test: SITE_DIR as in playwright.config.ts.
const buildDir = path.resolve(root, process.env.SITE_DIR ?? 'build');
const htmlFile = (route: string) =>
  path.join(buildDir, route === '/' ? 'index.html' : `${route.slice(1)}.html`);

const written = docRoutes.map((r) => r.path).filter((p) => !operationRoutes.includes(p));

interface Page {
  readonly $: CheerioAPI;
  /** Article prose: the text outside code blocks. */
  readonly prose: string;
  /** Paragraph-level blocks of prose, for the copy linter. */
  readonly blocks: string[];
}

const cache = new Map<string, Page>();
function page(route: string): Page {
  const cached = cache.get(route);
  if (cached) return cached;
  const $ = load(readFileSync(htmlFile(route), 'utf8'));
  const article = $('article').first().clone();
  article.find('pre, script, style, noscript, .theme-doc-footer, nav').remove();
  // Keep inline code recognisable to the copy linter, which treats `code` spans as code; the
  // types of a reference field list (`object[]`) are code too.
  article.find('code, .openapi-schema__name').each((_, el) => {
    $(el).replaceWith(`\`${$(el).text()}\``);
  });
  const blocks = article
    .find('p, td, th, h2, h3, h4, li')
    .filter((_, el) => $(el).find('p, li, ul, ol, table').length === 0)
    .map((_, el) =>
      $(el)
        .text()
        .replace(/\s+/g, ' ')
        .replace(/\u200b/g, '')
        .trim(),
    )
    .get()
    .filter((t) => /[\u4e00-\u9fff]/.test(t));
  const result = { $, prose: article.text().replace(/\s+/g, ' '), blocks };
  cache.set(route, result);
  return result;
}

test.beforeAll(() => {
  expect(existsSync(htmlFile('/')), 'run the production build first').toBe(true);
});

// zhlint's default preset, except two choices of common zh-Hans technical writing: full-width
// brackets stay full-width, and full-width quotes “…” take no spaces around them.
const zhlintOptions = {
  rules: { preset: 'default', halfwidthPunctuation: '', adjustedFullwidthPunctuation: '' },
};

for (const route of written) {
  test.describe(route, () => {
    test('has substantive text and no placeholder words', () => {
      const { prose } = page(route);
      expect(prose.length, 'characters of prose').toBeGreaterThan(1500);
      expect(prose).not.toMatch(/lorem ipsum|\bTODO\b|\bTBD\b|待补充|敬请期待|\bxxx\b/i);
      expect(prose).not.toMatch(/\bundefined\b|\bNaN\b|\[object Object\]/);
    });

    test('follows the zh-Hans copy rules', () => {
      const problems = page(route).blocks.flatMap((block) =>
        run(block, zhlintOptions).validations.map((v) => `${v.message}: ${block.slice(0, 120)}`),
      );
      expect(problems).toEqual([]);
    });

    test('uses the glossary’s terms', () => {
      const { prose } = page(route);
      const found = glossary.flatMap((entry) =>
        entry.avoid.filter((word) => prose.includes(word)).map((w) => `${w} → ${entry.term}`),
      );
      expect(found).toEqual([]);
    });

    test('writes number ranges one way (1 – 5,000)', () => {
      const { prose } = page(route);
      // A dash or tilde between two numbers, other than the glossary's spaced en dash.
      const range = /\d(?:\s*[~～—]\s*|–|\s–(?!\s)|(?<!\s)–\s)\d/g;
      expect(rangeSeparator).toBe(' – ');
      expect([...prose.matchAll(range)].map((m) => m[0])).toEqual([]);
    });

    test('has a description for search engines and link previews', () => {
      const description = page(route).$('meta[name="description"]').attr('content') ?? '';
      expect(description.length).toBeGreaterThan(20);
    });
  });
}

test('descriptions and titles are unique', () => {
  const descriptions = written.map((r) => page(r).$('meta[name="description"]').attr('content'));
  const titles = written.map((r) => page(r).$('title').text());
  expect(new Set(descriptions).size).toBe(written.length);
  expect(new Set(titles).size).toBe(written.length);
});

test('no page names or hints at a control in English before it hydrates', () => {
  const english: string[] = [];
  for (const route of allRoutes) {
    const $ = load(readFileSync(htmlFile(route), 'utf8'));
    $('[aria-label], [title], [alt], [placeholder]').each((_, el) => {
      for (const name of ['aria-label', 'title', 'alt', 'placeholder']) {
        const value = $(el).attr(name);
        // A Latin word and no Chinese: a screen reader announces it in English.
        if (value && /[A-Za-z]{2,}/.test(value) && !/[\u4e00-\u9fff]/.test(value)) {
          english.push(`${route}: <${el.tagName} ${name}="${value}">`);
        }
      }
    });
  }
  expect([...new Set(english)]).toEqual([]);
});

test('every guide carries at least one tag', () => {
  for (const route of guideRoutes) {
    expect(page(route).$('article a[href^="/tags/"]').length, route).toBeGreaterThan(0);
  }
});

test('no page is an orphan: each is linked from another page’s text', () => {
  const linked = new Set<string>();
  for (const route of docRoutes.map((r) => r.path)) {
    const { $ } = page(route);
    $('article a[href^="/"]').each((_, a) => {
      const target = ($(a).attr('href') ?? '').split(/[?#]/)[0];
      if (target !== route) linked.add(target);
    });
  }
  const orphans = docRoutes.map((r) => r.path).filter((p) => p !== '/' && !linked.has(p));
  expect(orphans).toEqual([]);
});

test('each word a reader may type leads to one glossary term', () => {
  // The search rewrites a reader's word (`avoid` and `synonyms`, any case) into its term; a word
  // two entries list would be rewritten by whichever comes first, and a term another entry lists
  // would no longer find its own home.
  const seen = new Map<string, string[]>();
  for (const entry of glossary) {
    for (const word of [entry.term, ...entry.avoid, ...(entry.synonyms ?? [])]) {
      const key = word.toLowerCase();
      seen.set(key, [...new Set([...(seen.get(key) ?? []), entry.term])]);
    }
  }
  const twice = [...seen].filter(([, terms]) => terms.length > 1).map(([w, t]) => `${w}: ${t}`);
  expect(twice).toEqual([]);
});

test('a glossary term that names a request field is the field’s own word on the speech reference', () => {
  // The search sends such a term (语速, 采样率) and its readers' words to that field.
  const { $ } = page('/api/speech/post');
  const named = glossary.filter((e) => e.field);
  expect(named.length).toBeGreaterThan(0);
  const wrong = named
    .filter((e) => {
      const item = $('li.openapi-list-item').filter(
        (_, el) =>
          $(el).find('.openapi-schema__property').first().text().trim() ===
          e.field!.split('.').pop(),
      );
      return !item.first().find('p').first().text().startsWith(e.term);
    })
    .map((e) => `${e.term} → ${e.field}`);
  expect(wrong).toEqual([]);
});

test('each glossary home is a heading of the built site, on a page that uses the term', () => {
  // The search puts a term's home page first for a query made of the term (searchRanked.ts).
  const homes = glossary.filter((e) => e.home);
  expect(homes.length).toBeGreaterThan(0);
  const wrong = homes.flatMap((e) => {
    const [route, anchor] = e.home!.split('#');
    if (!existsSync(htmlFile(route))) return [`${e.term}: no page ${route}`];
    const { $, prose } = page(route);
    if (anchor && $(`h2#${anchor}, h3#${anchor}`).length === 0) {
      return [`${e.term}: no heading #${anchor} on ${route}`];
    }
    const words = [e.term, ...e.avoid, ...(e.synonyms ?? [])].map((w) => w.toLowerCase());
    const text = `${$('title').text()} ${prose}`.toLowerCase();
    return words.some((w) => text.includes(w)) ? [] : [`${e.term}: not on ${route}`];
  });
  expect(wrong).toEqual([]);
});

test('every “contact support” of every page links to the support section', () => {
  const mention = /联系(?:技术)?支持/;
  const unlinked: string[] = [];
  let linked = 0;
  for (const route of docRoutes.map((r) => r.path)) {
    const { $ } = page(route);
    const article = $('article').first();
    article.find('*').each((_, el) => {
      if ($(el).closest('pre, script, style').length > 0) return;
      for (const node of $(el).contents().toArray()) {
        if (node.type !== 'text' || !mention.test(node.data)) continue;
        const link = $(el).closest('a');
        if (link.attr('href') === supportAnchor) linked += 1;
        else unlinked.push(`${route}: ${node.data.trim().slice(0, 60)}`);
      }
    });
  }
  expect(unlinked).toEqual([]);
  expect(linked).toBeGreaterThan(10);
});
