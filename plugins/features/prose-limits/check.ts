import type { Element, ElementContent, Root } from 'hast';
import { select, selectAll } from 'hast-util-select';
import rehypeParse from 'rehype-parse';
import { unified } from 'unified';

import {
  paragraphMaxCharacters,
  pointerLead,
  pointerMaxPerPage,
} from '../../../src/data/typography';

/** One paragraph over the limit: its first words and its length as read. */
export interface LongParagraph {
  readonly start: string;
  readonly length: number;
}

/** What a page breaks: its long paragraphs, and its pointers when they are too many. */
export interface ProseFindings {
  readonly long: readonly LongParagraph[];
  /** The text of every pointer's link, in page order (all of them, to count). */
  readonly pointers: readonly string[];
}

/** The elements a reader reads as one paragraph. */
const paragraphs = 'p, li, td, dd';
/**
 * What a paragraph's text leaves out, read on its own: the blocks nested in it (a list item's
 * sublist, a table cell's paragraphs or list). A break between paragraphs or items is a pause
 * for the reader; a run of text without one is what the limit bounds. A closed 细节 (`details`)
 * is read when opened, its paragraphs each on their own.
 */
const readApart: ReadonlySet<string> = new Set([
  'p',
  'li',
  'td',
  'dd',
  'ul',
  'ol',
  'dl',
  'table',
  'pre',
  'details',
]);
/** Never read as text. */
const unread = new Set(['script', 'style', 'template', 'svg']);

const textOf = (node: ElementContent | Root, apart: ReadonlySet<string> = new Set()): string => {
  if (node.type === 'text') return node.value;
  if (node.type !== 'element' && node.type !== 'root') return '';
  if (node.type === 'element' && (unread.has(node.tagName) || apart.has(node.tagName))) return ' ';
  return node.children.map((child) => textOf(child as ElementContent, apart)).join('');
};

/** A paragraph's own text, as its kind is read. */
const paragraphText = (element: Element): string =>
  element.children.map((child) => textOf(child, readApart)).join('');

/** The text as a reader sees it: whitespace runs read as one space. */
const asRead = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** Characters as read: one per code point, so an emoji or a CJK extension counts once. */
export const readLength = (text: string): number => [...asRead(text)].length;

function pointersIn(node: Element, found: string[]): void {
  node.children.forEach((child, i) => {
    if (child.type !== 'element') return;
    const before = node.children[i - 1];
    if (child.tagName === 'a' && before?.type === 'text' && pointerLead.test(before.value)) {
      found.push(asRead(textOf(child)));
    }
    pointersIn(child, found);
  });
}

/** The findings of one built page's article; undefined when the page has none. */
export function proseFindings(html: string): ProseFindings | undefined {
  const tree = unified().use(rehypeParse).parse(html);
  const article = select('article', tree);
  if (!article) return undefined;
  const long = selectAll(paragraphs, article)
    .map((element) => asRead(paragraphText(element)))
    .filter((text) => [...text].length > paragraphMaxCharacters)
    .map((text) => ({ start: [...text].slice(0, 24).join(''), length: [...text].length }));
  const pointers: string[] = [];
  pointersIn(article, pointers);
  return { long, pointers };
}

/** The lines that fail a page, empty when it keeps both limits. */
export function proseViolations(route: string, findings: ProseFindings): string[] {
  const lines = findings.long.map(
    ({ start, length }) =>
      `${route}: a paragraph of ${length} characters (at most ${paragraphMaxCharacters}): “${start}…”`,
  );
  if (findings.pointers.length > pointerMaxPerPage) {
    lines.push(
      `${route}: ${findings.pointers.length} “见…” pointers (at most ${pointerMaxPerPage}): ${findings.pointers.map((p) => `见${p}`).join('、')}`,
    );
  }
  return lines;
}
