/**
 * Puts every table of an MDX page, written in Markdown or as `<table>` in JSX, in the site's
 * table box (`<TableRegion>`, src/components/TableRegion.tsx, resolved through
 * src/theme/MDXComponents), labelled after the table's caption or else the heading above it:
 * a table too wide for a phone then scrolls inside a region screen readers can name, not the
 * page. Two tables under one heading are told apart by their number (错误（表 2）).
 * Tables that React components render pass their own label to the same box.
 */
import type { Element, ElementContent, Root, RootContent } from 'hast';

/** The two MDX node types of a hast tree this plugin reads or writes (mdast-util-mdx-jsx). */
interface JsxAttribute {
  type: 'mdxJsxAttribute';
  name: string;
  value: string;
}
interface JsxFlowElement {
  type: 'mdxJsxFlowElement';
  name: string | null;
  attributes: unknown[];
  children: Node[];
}
type Node = Root | RootContent | ElementContent | JsxFlowElement;

const isElement = (node: Node): node is Element => node.type === 'element';
const isJsx = (node: Node): node is JsxFlowElement => node.type === 'mdxJsxFlowElement';
const isTable = (node: Node): boolean =>
  (isElement(node) && node.tagName === 'table') || (isJsx(node) && node.name === 'table');
const childrenOf = (node: Node): Node[] => ('children' in node ? (node.children as Node[]) : []);

/** The words of a heading or caption: its text and inline code, not its expressions. */
function textOf(node: Node): string {
  if (node.type === 'text') return node.value;
  if (isElement(node) || isJsx(node)) return childrenOf(node).map(textOf).join('');
  return '';
}

function captionOf(table: Node): string | undefined {
  const caption = childrenOf(table).find(
    (c) => (isElement(c) && c.tagName === 'caption') || (isJsx(c) && c.name === 'caption'),
  );
  const text = caption && textOf(caption).trim();
  return text || undefined;
}

const headingLevel = (node: Node): number | undefined => {
  const match = isElement(node) ? /^h([1-6])$/.exec(node.tagName) : null;
  return match ? Number(match[1]) : undefined;
};

export default function rehypeTableRegions() {
  return (tree: Root, file: { data: { frontMatter?: { title?: unknown } } }): void => {
    const title = file.data.frontMatter?.title;
    let heading = typeof title === 'string' ? title : '表格';
    const seen = new Map<string, number>();

    const label = (table: Node): string => {
      const base = captionOf(table) ?? heading;
      const count = (seen.get(base) ?? 0) + 1;
      seen.set(base, count);
      return count === 1 ? base : `${base}（表 ${count}）`;
    };

    // Document order: a heading names the tables after it, up to the next heading.
    const walk = (parent: Node): void => {
      const children = childrenOf(parent);
      children.forEach((child, i) => {
        if (headingLevel(child)) {
          heading = textOf(child).trim() || heading;
          return;
        }
        if (isTable(child)) {
          const attribute: JsxAttribute = {
            type: 'mdxJsxAttribute',
            name: 'label',
            value: label(child),
          };
          const region: JsxFlowElement = {
            type: 'mdxJsxFlowElement',
            name: 'TableRegion',
            attributes: [attribute],
            children: [child],
          };
          children[i] = region as unknown as RootContent;
          return;
        }
        walk(child);
      });
    };
    walk(tree);
  };
}
