import React, {
  cloneElement,
  isValidElement,
  useEffect,
  useRef,
  useState,
  type ReactElement,
  type ReactNode,
} from 'react';

/**
 * The box every table of the site sits in. A table wider than the column scrolls sideways
 * inside it, never the page; the box is then a named region with a keyboard stop, so keyboard
 * users can scroll it too and screen readers announce what it holds, and readers see that it
 * scrolls: a shadow at the edge that hides columns (CSS, before any script) and a line under
 * the table. A table that fits needs none of these, and is not a stop on the way through the page.
 *
 * The server's HTML assumes the table scrolls (it does not know the reader's width); in the
 * browser the box measures itself, again whenever it or the table changes size.
 *
 * Narrower than 600 px, a table of three or more columns is a list of cards, one per row, each
 * field after its column's name (src/css/custom.css). The names come from the table's header:
 * every body cell the box can see (a `<td>` written in the table, not one a row component
 * renders, which labels its own) gets its column's name as `data-label`, on the server already.
 * A column whose cells hold prose is marked on its header (`data-prose`), which keeps it wide
 * enough to read.
 *
 * Markdown tables and the tables written in MDX get theirs from plugins/features/rehype-table-regions,
 * labelled after their caption or the heading above them; a component passes its own label.
 */
export default function TableRegion({
  label,
  children,
}: {
  /** What the table holds, unique on the page, e.g. 错误码一览. */
  label: string;
  children: ReactNode;
}): ReactNode {
  const box = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(true);
  const [hint, setHint] = useState<number | null>(null);

  useEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === 'undefined') return undefined;
    const measure = () => {
      const wide = el.scrollWidth > el.clientWidth;
      setScrolls(wide);
      setHint(wide ? (el.querySelector('tr')?.children.length ?? 0) : null);
    };
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    Array.from(el.children).forEach((child) => observer.observe(child));
    return () => observer.disconnect();
  }, []);

  return (
    <>
      <div
        ref={box}
        className="table-region"
        {...(scrolls ? { role: 'region', 'aria-label': label, tabIndex: 0 } : {})}
      >
        {labelled(children)}
      </div>
      {hint !== null && (
        <p className="table-region-hint" data-table-hint="">
          {hint > 1 ? `表格较宽：左右滚动可看全部 ${hint} 列` : '表格较宽：可左右滚动'}
        </p>
      )}
    </>
  );
}

type Props = { children?: ReactNode; text?: unknown; className?: string; colSpan?: number };
type Element = ReactElement<Props>;

const isElement = (node: ReactNode): node is Element => isValidElement(node);
const isTag = (node: ReactNode, tag: string): node is Element =>
  isElement(node) && node.type === tag;
/** Elements the walk can look into: HTML elements and fragments, not components. */
const isOpen = (node: Element): boolean =>
  typeof node.type === 'string' || node.type === React.Fragment;

const each = (node: ReactNode): ReactNode[] => (Array.isArray(node) ? node.flat(Infinity) : [node]);

/**
 * What a cell says, as far as the tree shows it; `code` false leaves inline code out. A component
 * with a `text` prop (Prose) says that text, its `code` spans between backticks.
 */
function textOf(node: ReactNode, code = true): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map((n: ReactNode) => textOf(n, code)).join('');
  if (!isElement(node)) return '';
  if (node.type === 'code') return code ? textOf(node.props.children) : '';
  if (typeof node.props.text === 'string') {
    return code ? node.props.text.replace(/`/g, '') : node.props.text.replace(/`[^`]*`/g, '');
  }
  return textOf(node.props.children, code);
}

/** A column holds prose when one of its cells says this much besides code. */
const proseLength = 8;

/** The `<tr>`s under a node (only the body's with `bodyOnly`), through elements the walk can see. */
function rowsOf(node: ReactNode, bodyOnly = false, inBody = false): Element[] {
  return each(node).flatMap((n) => {
    if (!isElement(n) || !isOpen(n)) return [];
    if (n.type === 'tr') return !bodyOnly || inBody ? [n] : [];
    return rowsOf(n.props.children, bodyOnly, inBody || n.type === 'tbody');
  });
}

/** The `<td>` and `<th>` of a row, with the column each starts in. */
function cellsOf(row: Element): { cell: Element; column: number }[] {
  let column = 0;
  return each(row.props.children)
    .filter((c): c is Element => isTag(c, 'td') || isTag(c, 'th'))
    .map((cell) => {
      const at = column;
      column += cell.props.colSpan ?? 1;
      return { cell, column: at };
    });
}

/** The table in `children`, with its body cells labelled and its prose columns marked. */
function labelled(children: ReactNode): ReactNode {
  const header = rowsOf(children).find((row) =>
    cellsOf(row).every(({ cell }) => isTag(cell, 'th')),
  );
  if (!header) return children;
  const names = cellsOf(header).map(({ cell }) => textOf(cell.props.children).trim());
  const body = rowsOf(children, true);
  const prose = names.map((_, i) =>
    body.some((row) =>
      cellsOf(row).some(
        ({ cell, column }) =>
          column === i && textOf(cell.props.children, false).trim().length >= proseLength,
      ),
    ),
  );

  const walk = (node: ReactNode, inBody: boolean): ReactNode => {
    if (Array.isArray(node)) return node.map((n: ReactNode) => walk(n, inBody));
    if (!isElement(node) || !isOpen(node)) return node;
    if (node === header) {
      const cells = cellsOf(node);
      return withChildren(node, (c) => {
        const found = cells.find(({ cell }) => cell === c);
        return found && prose[found.column]
          ? cloneElement(found.cell, { 'data-prose': '' } as Props)
          : c;
      });
    }
    if (node.type === 'tr' && inBody) {
      const cells = cellsOf(node);
      return withChildren(node, (c) => {
        const found = cells.find(({ cell }) => cell === c);
        if (!found || !names[found.column]) return c;
        return cloneElement(found.cell, { 'data-label': names[found.column] } as Props);
      });
    }
    return withChildren(node, (c) => walk(c, inBody || node.type === 'tbody'));
  };
  return walk(children, false);
}

/**
 * A copy of `node` with each child replaced (inside the arrays of a `.map` too, whose keys
 * stay); the children go in as arguments, as JSX passes them, so none needs a key it lacked.
 */
function withChildren(node: Element, f: (child: ReactNode) => ReactNode): Element {
  const deep = (c: ReactNode): ReactNode =>
    Array.isArray(c) ? c.map((x: ReactNode) => deep(x)) : f(c);
  const kids = node.props.children;
  return Array.isArray(kids)
    ? cloneElement(node, undefined, ...kids.map(deep))
    : cloneElement(node, undefined, deep(kids));
}
