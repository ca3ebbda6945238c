/**
 * Turns a built page's article into Markdown. The HTML, not the MDX source, is the input: the
 * pages render their tables, limits and code examples from data modules and imported files,
 * which only the built page contains. Theme markup is first rewritten into plain HTML (tabs into
 * headed sections, code blocks with their language and title, admonitions into quotes, UI chrome
 * dropped), then rehype-remark and remark-gfm do the conversion.
 */
import type { Element, ElementContent, Root, RootContent } from 'hast';
import type { Code } from 'mdast';
import rehypeParse from 'rehype-parse';
import rehypeRemark from 'rehype-remark';
import remarkGfm from 'remark-gfm';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';
import { select } from 'hast-util-select';

export interface ParsedPage {
  readonly tree: Root;
  /** `<meta name="description">` of the page. */
  readonly description: string;
}

export const parseHtml = (html: string): Root => unified().use(rehypeParse).parse(html);

export function parsePage(html: string): ParsedPage {
  const tree = parseHtml(html);
  const meta = select('meta[name="description"]', tree);
  return { tree, description: String(meta?.properties.content ?? '') };
}

const classes = (node: Element): string[] => {
  const value = node.properties.className;
  return Array.isArray(value) ? value.map(String) : [];
};
const hasClass = (node: Element, name: string): boolean => classes(node).includes(name);
/** CSS-module classes carry a hash suffix (`codeBlockTitle_OeMC`): match their stem. */
const hasClassStem = (node: Element, stem: string): boolean =>
  classes(node).some((c) => c === stem || c.startsWith(`${stem}_`));

const isElement = (node: RootContent | ElementContent): node is Element => node.type === 'element';
const el = (tagName: string, children: ElementContent[], properties = {}): Element => ({
  type: 'element',
  tagName,
  properties,
  children,
});
const text = (value: string): ElementContent => ({ type: 'text', value });

/** Text of a node, with `<br>` as a line break (Prism puts one after every code line). */
function textOf(node: RootContent | ElementContent): string {
  if (node.type === 'text') return node.value;
  if (!isElement(node)) return '';
  if (node.tagName === 'br') return '\n';
  return node.children.map(textOf).join('');
}

/** Page chrome and interactive controls: nothing a reader of the Markdown can use. */
function isChrome(node: Element): boolean {
  return (
    ['button', 'svg', 'noscript', 'script', 'style', 'template', 'input', 'select', 'nav'].includes(
      node.tagName,
    ) ||
    node.properties.hidden !== undefined ||
    ['hash-link', 'theme-doc-breadcrumbs', 'theme-doc-footer', 'openapi-skeleton'].some((c) =>
      hasClass(node, c),
    )
  );
}

interface Context {
  /** Level of the last heading seen, so that tab sections nest under it. */
  level: number;
  /** Id of the last heading seen: where on the page a figure or a tool is. */
  anchor?: string;
  /** Absolute URL of the page, to resolve links against. */
  readonly pageUrl: string;
  /** The text of a file of the built site (`/assets/examples/…`), for examples fetched on demand. */
  readonly siteFile?: (src: string) => string;
}

/** A theme code block: its language, optional title and lines, as one `<pre>`. */
function codeBlock(node: Element): Element {
  const language = classes(node)
    .find((c) => c.startsWith('language-'))
    ?.slice('language-'.length);
  let title: string | undefined;
  let code = '';
  const walk = (n: ElementContent): void => {
    if (!isElement(n)) return;
    if (hasClassStem(n, 'codeBlockTitle')) title = textOf(n).trim();
    else if (n.tagName === 'pre') code = textOf(n);
    else n.children.forEach(walk);
  };
  node.children.forEach(walk);
  return el('pre', [text(code.replace(/\n+$/, ''))], { dataLanguage: language, dataTitle: title });
}

/** Tabs become one headed section per panel; all panels are in the server-rendered HTML. */
function tabs(node: Element, ctx: Context): ElementContent[] {
  const children = node.children.filter(isElement);
  const labels = children
    .filter((c) => c.properties.role === 'tablist')
    .flatMap((list) => list.children.filter(isElement))
    .filter((c) => c.properties.role === 'tab')
    .map((tab) => textOf(tab).trim());
  const panels = children
    .flatMap((c) => (c.properties.role === 'tablist' ? [] : c.children.filter(isElement)))
    .filter((c) => c.properties.role === 'tabpanel');
  const outer = ctx.level;
  const level = Math.min(outer + 1, 6);
  const out = panels.flatMap((panel, i) => {
    ctx.level = level;
    const body = convert(panel.children, ctx);
    return [el(`h${level}`, [text(labels[i] ?? '')]), ...body];
  });
  ctx.level = outer;
  return out;
}

/** An admonition becomes a quote that starts with its title in bold. */
function admonition(node: Element, ctx: Context): Element {
  const parts = node.children.filter(isElement);
  const heading = parts.find((p) => hasClassStem(p, 'admonitionHeading'));
  const content = parts.find((p) => hasClassStem(p, 'admonitionContent'));
  const title = heading ? convert(heading.children, ctx) : [];
  return el('blockquote', [
    el('p', [el('strong', title)]),
    ...(content ? convert(content.children, ctx) : []),
  ]);
}

/** Full-width punctuation ends a Chinese sentence: the next one follows without a space. */
const endsSentence = (nodes: ElementContent[]): boolean =>
  /[\u3000-\u303f\uff00-\uffef]$/.test(nodes.map(textOf).join(''));

/** A field's 必填 cell: 是, 否, or the condition of a field required on some messages only. */
const required = (item: Element): string => {
  const when = item.properties.dataRequiredWhen;
  if (item.properties.dataRequired === 'true') return '是';
  return typeof when === 'string' && when !== '' ? when : '否';
};

/**
 * A field list in the reference pages' style (src/components/WebsocketProtocol.tsx marks it
 * `data-fields`) becomes the field table the operations' Markdown has: 字段, 类型, 必填, 说明,
 * the description followed by the constraints, worded `长度：1 – 5,000 字符` and joined by `；`.
 */
function fieldTable(list: Element, ctx: Context): Element {
  const rows = list.children.filter(isElement).map((item) => {
    const parts: Element[] = [];
    const walk = (n: ElementContent): void => {
      if (!isElement(n)) return;
      if (n.properties.dataPart !== undefined) parts.push(n);
      else n.children.forEach(walk);
    };
    item.children.forEach(walk);
    const description = parts
      .filter((p) => p.properties.dataPart === 'description')
      .flatMap((p) => convert(p.children, ctx));
    const constraints = parts
      .filter((p) => p.properties.dataPart === 'constraint')
      .map((p) => {
        const [label, ...rest] = p.children;
        const value = convert(rest, ctx);
        if (value[0]?.type === 'text') value[0] = text(value[0].value.trimStart());
        return [text(textOf(label).trim()), ...value];
      });
    const about: ElementContent[] = [...description];
    constraints.forEach((c, i) => {
      if (i > 0) about.push(text('；'));
      else if (about.length > 0 && !endsSentence(about)) about.push(text(' '));
      about.push(...c);
    });
    return el('tr', [
      el('td', [el('code', [text(String(item.properties.dataField))])]),
      el('td', [el('code', [text(String(item.properties.dataType))])]),
      el('td', [text(required(item))]),
      el('td', about),
    ]);
  });
  const head = ['字段', '类型', '必填', '说明'].map((h) => el('th', [text(h)]));
  return el('table', [el('thead', [el('tr', head)]), el('tbody', rows)]);
}

function resolveUrl(href: string, ctx: Context): string {
  try {
    return new URL(href, ctx.pageUrl).href;
  } catch {
    return href;
  }
}

/** The page's URL at the last heading seen. */
const onPage = (ctx: Context): string =>
  ctx.anchor ? `${ctx.pageUrl.replace(/#.*$/, '')}#${ctx.anchor}` : ctx.pageUrl;

/**
 * A figure opens with its caption as a figure line (`图：…`), not as a loose paragraph; a
 * drawing inlined as SVG, which Markdown cannot hold, is linked on the page. The rest (an image
 * as `![alt](src)`, the text alternative behind a disclosure) follows.
 */
function figure(node: Element, ctx: Context): ElementContent[] {
  const caption = node.children.find((c) => isElement(c) && c.tagName === 'figcaption');
  const drawn = select('svg', node) !== null;
  const rest = convert(
    node.children.filter((c) => c !== caption),
    ctx,
  );
  if (!caption || !isElement(caption)) return rest;
  const line = [
    text('图：'),
    ...convert(caption.children, ctx),
    ...(drawn
      ? [text('（图形见'), el('a', [text('网页版')], { href: onPage(ctx) }), text('）')]
      : []),
  ];
  return [el('p', line), ...rest];
}

function convertNode(node: ElementContent, ctx: Context): ElementContent[] {
  if (node.type === 'comment') return [];
  if (node.type === 'text') return [{ ...node, value: node.value.replace(/\u200b/g, '') }];
  if (!isElement(node) || isChrome(node)) return [];
  if (hasClass(node, 'theme-code-block')) return [codeBlock(node)];
  // A long example the page fetches on demand (src/components/ExampleFile): its code, in full.
  if (typeof node.properties.dataExampleSrc === 'string' && ctx.siteFile) {
    const code = ctx.siteFile(node.properties.dataExampleSrc);
    return [
      el('pre', [text(code.replace(/\n+$/, ''))], {
        dataLanguage: node.properties.dataExampleLanguage,
        dataTitle: node.properties.dataExampleFile,
      }),
    ];
  }
  if (hasClass(node, 'tabs-container')) return tabs(node, ctx);
  if (hasClass(node, 'theme-admonition')) return [admonition(node, ctx)];
  // The reference pages' method-and-path banner, written as the operations' Markdown has it.
  if (hasClass(node, 'openapi__method-endpoint')) {
    return [el('p', [el('code', [text(textOf(node).replace(/\s+/g, ' ').trim())])])];
  }
  if (node.tagName === 'ul' && node.properties.dataFields !== undefined) {
    return [fieldTable(node, ctx)];
  }
  const heading = /^h([1-6])$/.exec(node.tagName);
  if (heading) {
    ctx.level = Number(heading[1]);
    if (typeof node.properties.id === 'string') ctx.anchor = node.properties.id;
  }
  // An interactive tool (marked `data-interactive` with its name) has no Markdown form: one
  // sentence says so and links it, so that the text introducing it does not dangle.
  if (typeof node.properties.dataInteractive === 'string') {
    const url = onPage(ctx);
    return [
      el('p', [
        el('a', [text(node.properties.dataInteractive)], { href: url }),
        text('是交互工具，只能在网页上使用。'),
      ]),
    ];
  }
  if (node.tagName === 'figure') return figure(node, ctx);
  if (node.tagName === 'a' && typeof node.properties.href === 'string') {
    node.properties = { href: resolveUrl(node.properties.href, ctx) };
  }
  if (node.tagName === 'img' && typeof node.properties.src === 'string') {
    node.properties = { ...node.properties, src: resolveUrl(node.properties.src, ctx) };
  }
  // A GFM cell holds one line: a line break inside it becomes a space, and a list its items in a
  // row ("**标题**：一。二。"), as a list inside a cell would end the table.
  if (node.tagName === 'td' || node.tagName === 'th') {
    node.children = convert(node.children, ctx).flatMap((c, i): ElementContent[] => {
      if (isElement(c) && c.tagName === 'br') return [text(' ')];
      if (!isElement(c) || (c.tagName !== 'ul' && c.tagName !== 'ol')) return [c];
      const items = c.children.filter(isElement).map((li) => li.children);
      return [
        ...(i > 0 ? [text('：')] : []),
        ...items.flatMap((item, k) => {
          const ended = k === 0 || /[。！？；]$/.test(items[k - 1].map(textOf).join('').trim());
          return ended ? item : [text('；'), ...item];
        }),
      ];
    });
    return [node];
  }
  // GFM tables have no caption: it becomes the paragraph before the table.
  if (node.tagName === 'table') {
    const caption = node.children.filter(isElement).find((c) => c.tagName === 'caption');
    node.children = convert(
      node.children.filter((c) => c !== caption),
      ctx,
    );
    return caption ? [el('p', convert(caption.children, ctx)), node] : [node];
  }
  if (node.tagName === 'summary') {
    // A summary that is already bold stays bold once, not `**__…__**`.
    const inner = convert(node.children, ctx);
    const only = inner.filter((c) => !(c.type === 'text' && c.value.trim() === ''));
    const bold =
      only.length === 1 && isElement(only[0]) && ['strong', 'b'].includes(only[0].tagName);
    return [el('p', bold ? only : [el('strong', inner)])];
  }
  node.children = convert(node.children, ctx);
  return [node];
}

function convert(nodes: ElementContent[], ctx: Context): ElementContent[] {
  return nodes.flatMap((n) => convertNode(n, ctx));
}

const toMarkdown = unified()
  .use(rehypeRemark, {
    handlers: {
      // The rewritten code blocks carry their language and title as data attributes.
      pre(state, node: Element): Code {
        const lang = node.properties.dataLanguage;
        const title = node.properties.dataTitle;
        const result: Code = {
          type: 'code',
          lang: typeof lang === 'string' ? lang : null,
          meta: typeof title === 'string' ? `title="${title}"` : null,
          value: textOf(node).replace(/\n+$/, ''),
        };
        state.patch(node, result);
        return result;
      },
    },
  })
  .use(remarkGfm, { tablePipeAlign: false })
  .use(remarkStringify, { bullet: '-', fence: '`', fences: true, rule: '-', emphasis: '_' });

/**
 * The Markdown of a page's article (`.theme-doc-markdown`), or undefined when the page has none.
 * Links are made absolute against `pageUrl`, so the text stands on its own when pasted.
 */
export async function articleMarkdown(
  tree: Root,
  pageUrl: string,
  siteFile?: (src: string) => string,
): Promise<string | undefined> {
  const article = select('.theme-doc-markdown', tree);
  if (!article) return undefined;
  const ctx: Context = { level: 1, pageUrl, siteFile };
  const root: Root = { type: 'root', children: convert(structuredClone(article).children, ctx) };
  const mdast = await toMarkdown.run(root);
  return toMarkdown.stringify(mdast).trim();
}
