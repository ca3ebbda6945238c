/**
 * The files for AI assistants, read from the production build (SITE_DIR, default `build`):
 * /llms.txt lists every doc page of the route table with its Markdown form and the API
 * documents, every Markdown form is the page's text in plain Markdown, and /llms-full.txt holds
 * all of it, every OpenAPI operation and every AsyncAPI message included.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { test, expect } from '@playwright/test';
import { load, type CheerioAPI } from 'cheerio';

import { deployment } from '../../src/data/deployment';
import { apiSpecs, websocketSpec } from '../../src/data/apiSpecs';
import { codeSampleLanguages } from '../../src/data/codeSamples';
import { llmsFullTxtPath, llmsTxtPath, markdownPathOf } from '../../src/data/llms';
import { docRoutes, operationRoutes } from '../support/routes';
import { operationPages } from '../support/operations';
import { asyncApiDocument } from '../support/specs';
import { root } from '../support/examples';

const siteDir = path.resolve(root, process.env.SITE_DIR ?? 'build');
const fileOf = (pathname: string) => path.join(siteDir, decodeURI(pathname));
const read = (pathname: string) => readFileSync(fileOf(pathname), 'utf8');
const html = (route: string): CheerioAPI =>
  load(read(route === '/' ? '/index.html' : `${route}.html`));
const siteUrl = (pathname: string) => new URL(pathname, deployment.siteUrl).href;

/** Markdown links `[text](url)` of a list item, with what follows them. */
const linkPattern = /^- \[((?:\\.|[^\]])+)\]\(([^)\s]+)\)(?::\s*(.*))?$/;

/** The Markdown outside fenced code blocks and inline code: where no markup may be left over. */
function prose(markdown: string): string {
  return markdown
    .replace(/^(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1\s*$/gm, '')
    .replace(/(`+)[\s\S]*?\1/g, '');
}

/** The Markdown without its fenced code blocks. */
const withoutFences = (markdown: string): string =>
  markdown.replace(/^(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1\s*$/gm, '');

/** Heading texts of a Markdown file, inline markup removed. */
function markdownHeadings(markdown: string): string[] {
  return [...prose(markdown.replace(/`/g, '')).matchAll(/^#{1,6} (.+)$/gm)].map((m) =>
    m[1]
      .replace(/\\(.)/g, '$1')
      .replace(/\*\*|__/g, '')
      .trim(),
  );
}

/** Heading texts of a built page's article (the method-and-path banner is code, not a heading). */
function pageHeadings($: CheerioAPI): string[] {
  return $('.theme-doc-markdown')
    .find('h1, h2, h3, h4, h5, h6')
    .filter((_, h) => $(h).closest('pre').length === 0)
    .map((_, h) => {
      // A reference heading's "required" badge (请求体 [必填]) reads as 请求体（必填） in Markdown.
      const heading = $(h).clone();
      heading.find('.openapi-schema__required').each((_, badge) => {
        $(badge).text(`（${$(badge).text()}）`);
      });
      return heading
        .text()
        .replace(/\u200b/g, '')
        .replace(/\s+/g, ' ')
        .trim();
    })
    .get();
}

/** Fenced code blocks of a Markdown file: their language and body. */
function fences(markdown: string): { lang: string; body: string }[] {
  return [...markdown.matchAll(/^(`{3,})(\S*)[^\n]*\n([\s\S]*?)^\1\s*$/gm)].map((m) => ({
    lang: m[2],
    body: m[3],
  }));
}

test.beforeAll(() => {
  expect(existsSync(fileOf(llmsTxtPath)), `build the site into ${siteDir} first`).toBe(true);
});

test.describe('llms.txt', () => {
  const index = () => read(llmsTxtPath);

  test('opens with the site title and a one-paragraph summary', () => {
    const lines = index().split('\n');
    expect(lines[0]).toBe(`# ${deployment.brandName}`);
    expect(lines[1]).toBe('');
    expect(lines[2]).toMatch(/^> \S.{40,}$/);
    expect(index()).toContain(`](${siteUrl(llmsFullTxtPath)})`);
  });

  test('lists every doc page of the route table once, grouped by sidebar', () => {
    // Link → the `##` section it is listed in.
    const sectionOf = new Map<string, string>();
    let section = '';
    for (const line of index().split('\n')) {
      if (line.startsWith('## ')) section = line.slice(3);
      const link = linkPattern.exec(line);
      if (link) {
        expect(sectionOf.has(link[2]), `listed twice: ${link[2]}`).toBe(false);
        sectionOf.set(link[2], section);
      }
    }
    const sectionsOf = (routes: string[]) =>
      new Set(routes.map((r) => sectionOf.get(siteUrl(markdownPathOf(r)))));
    const guides = docRoutes.filter((r) => r.sidebar === 'tutorialSidebar').map((r) => r.path);
    // The sidebar-less quick reference is listed with the reference.
    const reference = docRoutes.filter((r) => r.sidebar !== 'tutorialSidebar').map((r) => r.path);
    for (const route of [...guides, ...reference]) {
      expect(sectionOf.has(siteUrl(markdownPathOf(route))), `${route} is listed`).toBe(true);
    }
    const [guideSections, referenceSections] = [sectionsOf(guides), sectionsOf(reference)];
    expect(guideSections.size).toBe(1);
    expect(referenceSections.size).toBe(1);
    expect([...guideSections][0]).not.toBe([...referenceSections][0]);
  });

  test('each page link carries the page title and its description', () => {
    for (const { path: route } of docRoutes) {
      const $ = html(route);
      const url = siteUrl(markdownPathOf(route));
      const line = index()
        .split('\n')
        .find((l) => l.includes(`](${url})`));
      const [, title, , description] = linkPattern.exec(line ?? '') ?? [];
      expect(title?.replace(/\\(.)/g, '$1'), route).toBe($('article h1').first().text().trim());
      expect(description, route).toBe($('meta[name="description"]').attr('content'));
    }
  });

  test('links the OpenAPI and AsyncAPI documents, which the build serves', () => {
    for (const { downloadUrl } of [...apiSpecs, websocketSpec]) {
      expect(index()).toContain(`](${siteUrl(downloadUrl)})`);
      expect(statSync(fileOf(downloadUrl)).size).toBeGreaterThan(1000);
    }
  });

  test('every link points at a file of the build', () => {
    const links = [...index().matchAll(/\]\((https?:[^)\s]+)\)/g)].map((m) => m[1]);
    expect(links.length).toBeGreaterThan(docRoutes.length);
    for (const link of links) {
      const url = new URL(link);
      expect(url.origin).toBe(new URL(deployment.siteUrl).origin);
      expect(existsSync(fileOf(url.pathname)), link).toBe(true);
    }
  });
});

test.describe('the Markdown form of each page', () => {
  for (const { path: route } of docRoutes) {
    test(`${markdownPathOf(route)}`, () => {
      const markdown = read(markdownPathOf(route));
      const $ = html(route);
      const article = $('.theme-doc-markdown');
      expect(markdown.length).toBeGreaterThan(500);
      expect(markdown.split('\n')[0]).toBe(`# ${$('article h1').first().text().trim()}`);
      expect(markdown).toContain(`(${siteUrl(route)})`);

      // The page's headings, and on written pages each tab as a heading of its own.
      const headings = markdownHeadings(markdown);
      for (const heading of pageHeadings($)) expect(headings, route).toContain(heading);
      if (!operationRoutes.includes(route)) {
        article.find('.tabs-container [role="tab"]').each((_, tab) => {
          expect(headings, `tab ${$(tab).text()}`).toContain($(tab).text().trim());
        });
        // Code blocks keep their language, tables stay tables; an example fetched on demand is
        // a code block of its own in the Markdown.
        const blocks = article
          .find('.theme-code-block, [data-example-src]')
          .map(
            (_, b) =>
              $(b).attr('data-example-language') ??
              /language-(\S+)/.exec($(b).attr('class') ?? '')?.[1],
          )
          .get();
        expect(fences(markdown).map((f) => f.lang)).toEqual(blocks);
        // A reference field list (`data-fields`, the websocket page's) is a table in Markdown.
        const tables = markdown.match(/^\|(?: *:?-+:? *\|)+$/gm) ?? [];
        expect(tables.length).toBe(article.find('table, ul[data-fields]').length);
      }

      // Nothing of MDX or of the page's chrome is left outside code.
      const text = prose(markdown);
      expect(text).not.toMatch(/^\s*(import|export)\s/m);
      expect(text).not.toMatch(/<\/?[A-Za-z][\w.:-]*(\s[^>]*)?\/?>/);
      expect(text).not.toMatch(/[{}]/);
      expect(text).not.toMatch(/\u200b|复制页面|复制代码/);
      // Nor generator leftovers: emphasis inside emphasis, a field without a description, a
      // repeated example label, the security scheme's raw name.
      expect(text).not.toMatch(/\*\*__|__\*\*/);
      expect(markdown).not.toMatch(/^\|(?:[^|\n]*\|){3,} *\|$/m);
      expect(text).not.toMatch(/示例[（：]([^：）\n]+)[：，]\1/);
      expect(text).not.toMatch(/HTTP bearer/);
      // A table row is one line: a list in a cell does not spill out of the table.
      expect(markdown).not.toMatch(/^\|.*\n[*+-] /m);
    });
  }

  test('an operation’s Markdown words its fields’ constraints as its page does', () => {
    let compared = 0;
    for (const route of operationRoutes) {
      const $ = html(route);
      // The page's constraint lines (取值范围： 0.5 – 2.0), with the Markdown's code marks dropped.
      const markdown = read(markdownPathOf(route)).replace(/`/g, '');
      $('article p')
        .filter((_, p) =>
          /^(可选值|取值范围|长度|项数|格式)：$/.test($(p).children('strong').text()),
        )
        .each((_, p) => {
          const line = $(p).text().replace(/\s+/g, ' ').replace('： ', '：').trim();
          expect(markdown, route).toContain(line);
          compared += 1;
        });
    }
    expect(compared).toBeGreaterThan(0);
  });

  test('every doc page carries the copy control, linking its Markdown form', () => {
    for (const { path: route } of docRoutes) {
      const $ = html(route);
      const control = $('article [role="group"]').filter((_, g) => /复制页面/.test($(g).text()));
      expect(control.length, route).toBe(1);
      expect(control.find('button').text()).toBe('复制页面');
      expect(control.find(`a[href="${markdownPathOf(route)}"]`).text()).toBe('查看 Markdown');
      expect(control.find(`a[href="${llmsTxtPath}"]`).length).toBe(1);
    }
  });
});

/** The sections of a Markdown file: each heading line with the text up to the next heading. */
function sections(markdown: string): { heading: string; body: string }[] {
  const out: { heading: string; body: string }[] = [{ heading: '', body: '' }];
  let fence = '';
  for (const line of markdown.split('\n')) {
    const mark = /^(`{3,}|~{3,})/.exec(line)?.[1];
    if (mark && (fence === '' || mark === fence)) fence = fence === '' ? mark : '';
    if (fence === '' && /^#{1,6} /.test(line)) out.push({ heading: line, body: '' });
    else out.at(-1)!.body += `${line}\n`;
  }
  return out;
}

/** Heading text of a built page's heading element, without the hash link's zero-width space. */
const headingText = ($: CheerioAPI, h: Parameters<CheerioAPI>[0]): string =>
  $(h)
    .text()
    .replace(/\u200b/g, '')
    .replace(/\s+/g, ' ')
    .trim();

test.describe('no generator leftovers in the Markdown forms', () => {
  const twins = () =>
    docRoutes.map(({ path: route }) => ({ route, markdown: read(markdownPathOf(route)) }));

  test('a figure is a figure line, its caption no loose paragraph', () => {
    let figures = 0;
    for (const { route, markdown } of twins()) {
      const $ = html(route);
      const article = $('.theme-doc-markdown');
      const names = [
        ...article
          .find('figcaption')
          .map((_, c) => headingText($, c))
          .get(),
        ...article
          .find('img[alt]')
          .map((_, img) => $(img).attr('alt')!.trim())
          .get(),
      ].filter(Boolean);
      for (const name of names) {
        figures += 1;
        const lines = markdown.split('\n').filter((l) => l.includes(name));
        expect(lines.length, `${route}: ${name}`).toBeGreaterThan(0);
        for (const line of lines) {
          expect(line.startsWith('图：') || line.includes(`![${name}](`), `${route}: ${line}`).toBe(
            true,
          );
        }
      }
    }
    expect(figures).toBeGreaterThan(0);
  });

  test('an interactive tool is one sentence linking it on the page', () => {
    let tools = 0;
    for (const { route, markdown } of twins()) {
      if (operationRoutes.includes(route)) continue;
      const $ = html(route);
      // The controls of the article in document order, each under the last heading before it.
      let heading: { id?: string; text: string } | undefined;
      const found = new Map<string, { id?: string; text: string }>();
      $('.theme-doc-markdown')
        .find('h1, h2, h3, h4, h5, h6, button, input, select, textarea')
        .each((_, el) => {
          if (/^h[1-6]$/.test(el.tagName))
            heading = { id: $(el).attr('id'), text: headingText($, el) };
          // A long example's button only opens its code, which the Markdown has in full.
          else if ($(el).closest('.theme-code-block, [data-example-src]').length === 0 && heading) {
            found.set(heading.text, heading);
          }
        });
      // Nor does a control's label stay behind as a loose line.
      $('.theme-doc-markdown label').each((_, label) => {
        expect(markdown, route).not.toContain(headingText($, label));
      });
      for (const { id, text } of found.values()) {
        tools += 1;
        expect(id, `${route}: heading ${text} has an id`).toBeTruthy();
        const section = sections(markdown).find((s) => s.heading.replace(/^#+ /, '') === text);
        expect(section, `${route}: ${text}`).toBeDefined();
        const link = `](${siteUrl(route)}#${id})`;
        const sentence = section!.body.split('\n').find((l) => l.includes(link));
        expect(sentence, `${route}: the tool under ${text} is named and linked`).toMatch(/网页/);
      }
    }
    expect(tools).toBeGreaterThanOrEqual(3);
  });

  test('a section about the AsyncAPI document links no OpenAPI document', () => {
    const openApi = apiSpecs.map((s) => siteUrl(s.downloadUrl));
    let checked = 0;
    for (const { route, markdown } of twins()) {
      for (const { heading, body } of sections(markdown)) {
        const links = [...body.matchAll(/\]\((https?:[^)\s]+)\)/g)].map((m) => m[1]);
        const first = Math.min(
          ...links.filter((l) => /\/api-specs\//.test(l)).map((l) => body.indexOf(`](${l})`)),
        );
        if (!Number.isFinite(first)) continue;
        const before = prose(`${heading}\n${body.slice(0, body.lastIndexOf('\n', first) + 1)}`);
        if (!/AsyncAPI/.test(before) || /OpenAPI/.test(before)) continue;
        checked += 1;
        for (const link of links) expect(openApi, `${route}: ${heading}`).not.toContain(link);
        expect(links, `${route}: ${heading}`).toContain(siteUrl(websocketSpec.downloadUrl));
      }
    }
    expect(checked).toBeGreaterThanOrEqual(2);
  });

  test('a field required in the text is not marked 否 in its table', () => {
    let checked = 0;
    for (const { route, markdown } of twins()) {
      for (const { heading, body } of sections(markdown)) {
        // What the section's text says a message must carry (`必须带 \`voice_id\``), tables aside.
        const text = withoutFences(body).replace(/^\|.*$/gm, '');
        const named = [...text.matchAll(/必须带 `([^`]+)`/g)].map((m) => m[1]);
        for (const field of new Set(named)) {
          const row = new RegExp(
            `^\\| \`${field.replace(/[.[\]]/g, '\\$&')}\` \\| [^|]+ \\| ([^|]+) \\|`,
            'm',
          ).exec(body);
          if (!row) continue;
          checked += 1;
          expect(row[1].trim(), `${route}: ${heading} ${field}`).not.toBe('否');
        }
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  test('a repeated schema names the section it repeats', () => {
    let named = 0;
    for (const { route, markdown } of twins()) {
      expect(prose(markdown), route).not.toMatch(/结构同上/);
      const headings = markdownHeadings(markdown);
      const repeats = markdown.matchAll(/字段(?:见上文“([^”]+)”一节|与上文 (\d{3}) 响应相同)/g);
      for (const [, section, status] of repeats) {
        expect(headings, route).toContain(section ?? status);
        named += 1;
      }
    }
    expect(named).toBeGreaterThan(0);
  });

  test('nothing is described twice on a page (a header once, not under every status)', () => {
    for (const { route, markdown } of twins()) {
      const items = withoutFences(markdown)
        .split('\n')
        .filter((l) => /^\s*[-*] \S/.test(l) && l.length > 20);
      const repeated = items.filter((l, i) => items.indexOf(l) !== i);
      expect(repeated, route).toEqual([]);
    }
  });

  test('every link is absolute and resolves in the build', () => {
    const origin = new URL(deployment.siteUrl).origin;
    const files = [
      ...twins().map((t) => [t.route, t.markdown]),
      [llmsFullTxtPath, read(llmsFullTxtPath)],
    ];
    // The ids each page of the build carries, for the links' fragments.
    const ids = new Map<string, Set<string>>();
    const idsOf = (file: string): Set<string> => {
      if (!ids.has(file)) {
        const $ = load(read(file));
        ids.set(
          file,
          new Set(
            $('[id]')
              .map((_, e) => $(e).attr('id')!)
              .get(),
          ),
        );
      }
      return ids.get(file)!;
    };
    const broken: string[] = [];
    let checked = 0;
    for (const [route, markdown] of files) {
      const text = prose(markdown);
      const links = [
        ...[...text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => m[1]),
        ...[...text.matchAll(/<([a-z][\w+.-]*:[^>\s]+)>/g)].map((m) => m[1]),
      ];
      for (const link of links) {
        checked += 1;
        if (!/^(https?|mailto):/.test(link)) {
          broken.push(`${route}: ${link} is not absolute`);
          continue;
        }
        const url = new URL(link);
        if (url.origin !== origin) continue;
        const pathname = decodeURI(url.pathname);
        const candidates =
          pathname === '/'
            ? ['/index.html']
            : [pathname, `${pathname}.html`, `${pathname}/index.html`];
        const target = candidates.find(
          (p) => existsSync(fileOf(p)) && statSync(fileOf(p)).isFile(),
        );
        if (!target) broken.push(`${route}: ${link} is no file of the build`);
        else if (url.hash && target.endsWith('.html')) {
          const id = decodeURIComponent(url.hash.slice(1));
          if (!idsOf(target).has(id)) broken.push(`${route}: ${link} has no #${id}`);
        }
      }
    }
    expect([...new Set(broken)]).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  });

  test('the code-sample languages are named as the tabs name them, not by their ids', () => {
    const ids = codeSampleLanguages
      .filter((l) => l.language.toLowerCase() !== l.label.toLowerCase())
      .map((l) => l.language);
    expect(ids.length).toBeGreaterThan(0);
    const lowercaseList = codeSampleLanguages
      .map((l) => l.language)
      .slice(0, 3)
      .join('、');
    for (const { route, markdown } of twins()) {
      const text = prose(markdown);
      for (const id of ids) expect(text, `${route}: ${id}`).not.toMatch(new RegExp(`\\b${id}\\b`));
      expect(text, route).not.toContain(lowercaseList);
    }
  });
});

test.describe('llms-full.txt', () => {
  const full = () => read(llmsFullTxtPath);

  test('holds every page’s Markdown, in the order of llms.txt', () => {
    const order = [...read(llmsTxtPath).matchAll(/^- \[[^\n]*?\]\(([^)]+\.md)\)/gm)].map(
      (m) => new URL(m[1]).pathname,
    );
    expect(order.length).toBe(docRoutes.length);
    let from = 0;
    for (const pathname of order) {
      const at = full().indexOf(read(pathname).trim(), from);
      expect(at, pathname).toBeGreaterThanOrEqual(from);
      from = at;
    }
  });

  for (const op of operationPages()) {
    test(`renders ${op.method} ${op.path} readably`, () => {
      const start = full().indexOf(`\n\`${op.method} ${op.path}\`\n`);
      expect(start).toBeGreaterThan(0);
      const end = full().indexOf('\n---\n', start);
      const section = full().slice(start, end === -1 ? undefined : end);
      for (const name of [...op.parameters, ...op.bodyFields]) {
        expect(section, name).toMatch(new RegExp(`^\\| \`${name}\` \\|`, 'm'));
      }
      const [request, responses] = section.split('\n## 响应\n');
      expect(request).toContain('\n## 请求\n');
      for (const status of op.statuses) expect(responses).toContain(`\n### ${status}\n`);
      const samples = fences(section);
      const curl = samples.filter((f) => f.lang === 'bash' && /\bcurl -sS /.test(f.body));
      const python = samples.filter((f) => f.lang === 'python' && /import requests/.test(f.body));
      expect(curl.length).toBe(1);
      expect(python.length).toBe(1);
      for (const sample of [curl[0], python[0]]) expect(sample.body).toContain(op.examplePath);
      // The web page's other languages are named, so that two samples do not read as all.
      const samplesPart = section.slice(section.indexOf('\n## 示例代码\n'));
      for (const { label } of codeSampleLanguages) expect(samplesPart, label).toContain(label);
    });
  }

  test('describes every websocket message of the AsyncAPI document, field by field', () => {
    const channels = asyncApiDocument().channels as Record<
      string,
      { messages: Record<string, { name: string; payload: { properties: object } }> }
    >;
    const messages = Object.values(channels).flatMap((c) => Object.values(c.messages));
    expect(messages.length).toBeGreaterThan(0);
    for (const message of messages) {
      const heading = new RegExp(`^#{2,4} \`${message.name}\`.*$`, 'm').exec(full());
      expect(heading, message.name).not.toBeNull();
      const section = full()
        .slice(heading!.index + heading![0].length)
        .split(/^#{1,4} /m)[0];
      for (const field of Object.keys(message.payload.properties)) {
        expect(section, `${message.name}.${field}`).toMatch(
          new RegExp(`^\\| \`${field}\` \\|`, 'm'),
        );
      }
    }
  });
});
