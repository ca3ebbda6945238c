/**
 * Every piece of code the site shows, as it shows it, from the built HTML:
 * - the reference's samples, from each operation page's sample tabs: the text of the code lines
 *   of the one the HTML shows, and the file the page fetches for each other tab, which is what the
 *   copy button yields (tests/e2e/code-samples.spec.ts shows they agree, and agree with the
 *   generator's output, byte for byte);
 * - the guides' code, from every other page (so code computed in MDX, such as a curl command
 *   built from the deployment module, is taken as rendered), matched to the example files of
 *   src/examples/ they import.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { load } from 'cheerio';

import { codeSampleLanguages } from '../../src/data/codeSamples';
import { sampleFilesPath } from '../../src/codegen/sampleFrontMatter';
import { deployment } from '../../src/data/deployment';
import { exampleFiles, examplesDir } from '../support/examples';
import { operationPages } from '../support/operations';

export interface ReferenceSample {
  readonly operationId: string;
  readonly method: string;
  readonly path: string;
  readonly language: string;
  readonly code: string;
  /** The built page it was read from. */
  readonly page: string;
  /** The built sample file it was read from, which the page fetches, if not from the page. */
  readonly file?: string;
}

/** The built HTML file of a route. */
export const htmlFileOf = (siteDir: string, route: string): string =>
  path.join(siteDir, route === '/' ? 'index.html' : `${route}.html`);

/**
 * One sample tab of an operation page: the code its HTML shows (the first language's), or the
 * site path of the plain-text file the page fetches when the tab is chosen (the others').
 */
export type SampleTab =
  | { readonly language: string; readonly code: string }
  | { readonly language: string; readonly src: string };

/** The sample tabs of one operation page: language (from the tab's label), code or file. */
export function sampleTabsOfPage(html: string): SampleTab[] {
  const $ = load(html);
  const section = $('section[aria-label="示例代码"]').first();
  const labels = section
    .find('[role="tab"]')
    .toArray()
    .map((tab) => $(tab).text().trim());
  const panels = section.find('[role="tabpanel"]').toArray();
  if (labels.length !== panels.length) {
    throw new Error(`${labels.length} sample tabs but ${panels.length} panels`);
  }
  return panels.map((panel, i) => {
    const language = codeSampleLanguages.find((l) => l.label === labels[i])?.language;
    if (!language) throw new Error(`sample tab ${labels[i]}: not a language of the reference`);
    const src = $(panel).find('[data-sample-src]').attr('data-sample-src');
    if (src !== undefined) {
      if (!src.startsWith(`${sampleFilesPath}/`) || src.includes('..')) {
        throw new Error(`sample tab ${labels[i]}: ${src} is not a sample file`);
      }
      // Until it is fetched, the panel links to the file it fetches.
      const link = $(panel).find(`a[href="${src}"]`);
      if (link.length !== 1) throw new Error(`sample tab ${labels[i]}: no link to ${src}`);
      return { language, src };
    }
    return { language, code: codeBlocksOf($.html(panel))[0]?.code ?? '' };
  });
}

/**
 * The samples of one operation page as a reader gets them: the code lines of the one its HTML
 * shows, and the text of each other's file in the built site, which is what the page fetches
 * and shows (tests/e2e/code-samples.spec.ts).
 */
export function samplesOfPage(
  siteDir: string,
  html: string,
): { language: string; code: string; file?: string }[] {
  return sampleTabsOfPage(html).map((tab) => {
    if ('code' in tab) return tab;
    const file = path.join(siteDir, tab.src);
    return { language: tab.language, code: readFileSync(file, 'utf8'), file };
  });
}

export function referenceSamples(siteDir: string): ReferenceSample[] {
  return operationPages().flatMap((op) => {
    const page = htmlFileOf(siteDir, op.route);
    return samplesOfPage(siteDir, readFileSync(page, 'utf8')).map((s) => ({
      operationId: op.operationId,
      method: op.method,
      path: op.path,
      language: s.language,
      code: s.code,
      page,
      file: s.file,
    }));
  });
}

export type GuideKind =
  /** A file of src/examples/, run as a reader runs it. */
  | 'example'
  /** A command or program written in a page that calls the API. */
  | 'command'
  /** A JSON request body titled with its operation, e.g. `POST /v1/speech 请求体`. */
  | 'http-body'
  /** A JSON websocket message from the client. */
  | 'ws-message'
  /** Code that sends nothing to the API (install commands, ffmpeg, response bodies): parsed only. */
  | 'no-request';

export interface GuideCode {
  /** Example path under src/examples/, or `<route> #<n>` for code written in a page. */
  readonly id: string;
  readonly kind: GuideKind;
  readonly language: string;
  readonly code: string;
  readonly title: string;
  /** Absolute path of the example file. */
  readonly file?: string;
  /** Routes of the pages that show it. */
  readonly pages: string[];
}

const shells = new Set(['bash', 'sh', 'shell']);
const callsApi = (code: string) =>
  code.includes(deployment.httpApiOrigin) || code.includes(deployment.wsApiOrigin);
const clientMessages = new Set(['generate', 'flush', 'cancel']);

function classify(language: string, code: string, title: string): GuideKind {
  if (language === 'json') {
    if (/^(GET|POST|PUT|PATCH|DELETE) \/\S+ /.test(title)) return 'http-body';
    try {
      const value = JSON.parse(code) as { type?: unknown };
      if (clientMessages.has(String(value.type))) return 'ws-message';
    } catch {
      // not JSON: the parse check reports it
    }
    return 'no-request';
  }
  if (
    (shells.has(language) || ['python', 'javascript', 'js'].includes(language)) &&
    callsApi(code)
  ) {
    return 'command';
  }
  return 'no-request';
}

/** The code blocks of one built page: language, title and the text of each line. */
export function codeBlocksOf(
  html: string,
  siteDir?: string,
): { language: string; title: string; code: string }[] {
  const $ = load(html);
  const blocks = $('.theme-code-block')
    .toArray()
    .map((block) => {
      const language = /\blanguage-(\S+)/.exec($(block).attr('class') ?? '')?.[1] ?? 'text';
      const title = $(block).find('[class*="codeBlockTitle"]').first().text().trim();
      const lines = $(block)
        .find('.token-line')
        .toArray()
        .map((line) => $(line).text());
      return { language, title, code: lines.join('\n') };
    });
  // A long example the page fetches on demand (src/components/ExampleFile): the file it fetches,
  // which the code block it opens shows as is.
  const fetched = $('[data-example-src]')
    .toArray()
    .map((element) => {
      const src = $(element).attr('data-example-src')!;
      if (!siteDir) throw new Error(`the page fetches ${src}: pass the site's folder`);
      return {
        language: $(element).attr('data-example-language') ?? 'text',
        title: $(element).attr('data-example-file') ?? path.basename(src),
        code: readFileSync(path.join(siteDir, src), 'utf8').replace(/\n$/, ''),
      };
    });
  return [...blocks, ...fetched];
}

/**
 * The guides' code: every example file, and every code block of the built pages other than the
 * generated reference pages (`skipRoutes`), which the reference matrix covers.
 */
export function guideCode(siteDir: string | null, skipRoutes: ReadonlySet<string>): GuideCode[] {
  const normalise = (code: string) => code.replace(/\s+$/gm, '').trim();
  const examples = new Map(
    exampleFiles()
      .filter((file) => /\.(py|mjs|sh)$/.test(file))
      .map((file) => {
        const entry: GuideCode = {
          id: path.relative(examplesDir, file),
          kind: 'example',
          language: path.extname(file).slice(1),
          code: readFileSync(file, 'utf8'),
          title: path.basename(file),
          file,
          pages: [],
        };
        return [normalise(entry.code), entry] as const;
      }),
  );
  const written = new Map<string, GuideCode>();
  if (siteDir) {
    const walk = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) return entry.name === 'assets' ? [] : walk(full);
        return entry.name.endsWith('.html') ? [full] : [];
      });
    for (const file of walk(siteDir).sort()) {
      const route = `/${path.relative(siteDir, file).replace(/(index)?\.html$/, '')}`.replace(
        /\/$/,
        '',
      );
      if (skipRoutes.has(route) || ['/404', '/search'].includes(route)) continue;
      const shownRoute = route || '/';
      codeBlocksOf(readFileSync(file, 'utf8'), siteDir).forEach((block, n) => {
        const example = examples.get(normalise(block.code));
        if (example) {
          example.pages.push(shownRoute);
          return;
        }
        const key = `${block.language}\n${block.code}`;
        const known = written.get(key);
        if (known) {
          known.pages.push(shownRoute);
          return;
        }
        written.set(key, {
          id: `${shownRoute} #${n + 1}`,
          kind: classify(block.language, block.code, block.title),
          language: block.language,
          code: block.code,
          title: block.title,
          pages: [shownRoute],
        });
      });
    }
  }
  return [...examples.values(), ...written.values()];
}
