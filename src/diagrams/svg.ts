/**
 * The drawing primitives of the site's diagrams: text width estimates, boxes, arrows, and the
 * `<svg>` element around them. The diagrams are rendered to SVG text at build time
 * (scripts/render-diagrams.ts) and inlined in the pages, so no diagram code reaches the reader.
 *
 * Why our own renderer: Mermaid lays out with a browser (its CLI drives one); WASM Graphviz
 * (`@hpcc-js/wasm-graphviz`, `@viz-js/viz`) runs offline but estimates label widths from Latin
 * font metrics, so Chinese labels overflow their boxes (a known problem of the WASM builds), its
 * SVG hard-codes black, and it draws no sequence diagrams; `beautiful-mermaid`'s width buckets
 * are tuned to one Latin font. The three diagrams here are a sequence and two fixed layouts,
 * small enough to place by hand from the data, with widths estimated per character class
 * (CJK full width) and checked in a browser by tests/e2e/diagrams.spec.ts.
 *
 * Colours are classes (`dg-…`) that src/components/Diagram.module.css maps to Infima variables,
 * and text is `currentColor`, so both colour modes read well.
 */

export const fontSize = 14;
/** Space between a box's border and its text, and between lines. */
export const pad = 10;
export const lineHeight = 20;

/** A run of text in one font: prose, or a code name in the monospace font. */
export interface Span {
  readonly text: string;
  readonly code?: boolean;
}

export type Line = readonly Span[] | string;

const fullWidth =
  /[\u1100-\u115f\u2e80-\u303f\u3040-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua960-\ua97f\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u;

/**
 * Width of one character in em, an upper estimate over the sans-serif fonts readers have
 * (DejaVu Sans, the widest common fallback, included): CJK and full-width forms take a whole
 * em; a monospace Latin character 0.61 em.
 */
function charEm(ch: string, code: boolean): number {
  if (fullWidth.test(ch)) return 1;
  if (code) return 0.61;
  if (ch === ' ') return 0.32;
  if (/[iljI.,:;'|!]/.test(ch)) return 0.3;
  if (/[ftr()[\]{}"`-]/.test(ch)) return 0.42;
  if (/[mwMW@%]/.test(ch)) return 1;
  if (/[A-Z]/.test(ch)) return 0.76;
  if (/[0-9]/.test(ch)) return 0.64;
  if (/[a-z]/.test(ch)) return 0.62;
  if (ch === '_') return 0.5;
  return 0.7;
}

export const spans = (line: Line): readonly Span[] =>
  typeof line === 'string' ? [{ text: line }] : line;

/** Estimated width in px of a line at `fontSize`. */
export function lineWidth(line: Line, size = fontSize): number {
  let em = 0;
  for (const span of spans(line)) {
    for (const ch of span.text) em += charEm(ch, span.code ?? false);
  }
  return Math.ceil(em * size);
}

export const linesWidth = (lines: readonly Line[]): number =>
  Math.max(0, ...lines.map((l) => lineWidth(l)));

const escapeXml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const r = (n: number): string => String(Math.round(n));

/** One line of text; `x` is its centre for `anchor: 'middle'`, else its start. */
export function text(
  line: Line,
  x: number,
  y: number,
  { anchor = 'middle', cls }: { anchor?: 'middle' | 'start'; cls?: string } = {},
): string {
  const inner = spans(line)
    .map((s) =>
      s.code ? `<tspan class="dg-code">${escapeXml(s.text)}</tspan>` : escapeXml(s.text),
    )
    .join('');
  const attrs = [
    `x="${r(x)}"`,
    `y="${r(y)}"`,
    anchor === 'middle' ? 'text-anchor="middle"' : '',
    cls ? `class="${cls}"` : '',
  ]
    .filter(Boolean)
    .join(' ');
  return `<text ${attrs}>${inner}</text>`;
}

/** Height of a box holding `n` lines. */
export const boxHeight = (n: number): number => n * lineHeight + 2 * pad - 4;

/** Width of a box holding `lines`, at least `min`. */
export const boxWidth = (lines: readonly Line[], min = 0): number =>
  Math.max(min, linesWidth(lines) + 2 * pad + 4);

/**
 * A box with its lines centred (or left-aligned), as a group the tests can find: the `<rect>`
 * bounds every `<text>` of its group.
 */
export function box(
  x: number,
  y: number,
  w: number,
  lines: readonly Line[],
  {
    cls = 'dg-box',
    align = 'middle',
    h = boxHeight(lines.length),
    data,
  }: {
    cls?: string;
    align?: 'middle' | 'start';
    h?: number;
    /** `data-*` attributes of the group, for tests that compare a diagram with its data. */
    data?: Readonly<Record<string, string>>;
  } = {},
): string {
  const top = y + (h - boxHeight(lines.length)) / 2;
  const texts = lines.map((line, i) =>
    text(line, align === 'middle' ? x + w / 2 : x + pad + 2, top + pad + 14 + i * lineHeight, {
      anchor: align,
      cls: i > 0 && align === 'middle' ? 'dg-muted' : undefined,
    }),
  );
  const attrs = Object.entries(data ?? {})
    .map(([k, v]) => ` data-${k}="${escapeXml(v)}"`)
    .join('');
  return `<g class="dg-node"${attrs}><rect class="${cls}" x="${r(x)}" y="${r(y)}" width="${r(w)}" height="${r(h)}" rx="6"/>${texts.join('')}</g>`;
}

/** A straight line with an arrowhead at its end. */
export function arrow(
  points: readonly (readonly [number, number])[],
  { dashed = false }: { dashed?: boolean } = {},
): string {
  const [x1, y1] = points[points.length - 2];
  const [x2, y2] = points[points.length - 1];
  const angle = Math.atan2(y2 - y1, x2 - x1);
  const head = (a: number) => `${r(x2 - 9 * Math.cos(a))},${r(y2 - 9 * Math.sin(a))}`;
  const d = points.map(([x, y], i) => `${i ? 'L' : 'M'}${r(x)},${r(y)}`).join('');
  return (
    `<path class="dg-line${dashed ? ' dg-dash' : ''}" d="${d}"/>` +
    `<path class="dg-head" d="M${r(x2)},${r(y2)}L${head(angle - 0.45)}L${head(angle + 0.45)}Z"/>`
  );
}

/** A line without arrowhead. */
export const line = (x1: number, y1: number, x2: number, y2: number, cls = 'dg-line'): string =>
  `<path class="${cls}" d="M${r(x1)},${r(y1)}L${r(x2)},${r(y2)}"/>`;

/** A diagram as pages inline it. */
export interface RenderedDiagram {
  /** Unique on the site; ids in the page derive from it. */
  readonly name: string;
  /** The visible caption, also the image's accessible name. */
  readonly caption: string;
  /** The diagram in words, one list item each (`code` in backticks): its text alternative. */
  readonly steps: readonly string[];
  readonly svg: string;
}

export const captionId = (name: string): string => `diagram-${name}-caption`;
export const stepsId = (name: string): string => `diagram-${name}-steps`;

/** The smallest size text is shown at: below it, the diagram's box scrolls instead. */
export const minFontSize = 10;

/**
 * The `<svg>` element: scales down with the column until its text is `minFontSize` (a scroll box
 * takes over below that), named by the figure's caption and described by its steps.
 */
export function svgDocument(name: string, width: number, height: number, body: string): string {
  const minWidth = Math.ceil((width * minFontSize) / fontSize);
  const w = r(width);
  const h = r(height);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}"` +
    ` style="min-width:${minWidth}px;max-width:${w}px" role="img" aria-labelledby="${captionId(name)}"` +
    ` aria-describedby="${stepsId(name)}" data-diagram="${name}">${body}</svg>`
  );
}
