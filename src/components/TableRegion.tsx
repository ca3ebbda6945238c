import React, { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * The box every table of the site sits in. A table wider than the column (on a phone, say)
 * scrolls sideways inside it, never the page; the box is then a named region with a keyboard
 * stop, so keyboard users can scroll it too and screen readers announce what it holds. A table
 * that fits needs neither, and is not a stop on the way through the page.
 *
 * The server's HTML assumes the table scrolls (it does not know the reader's width); in the
 * browser the box measures itself, again whenever it or the table changes size.
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

  useEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === 'undefined') return undefined;
    const measure = () => setScrolls(el.scrollWidth > el.clientWidth);
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    Array.from(el.children).forEach((child) => observer.observe(child));
    return () => observer.disconnect();
  }, []);

  return (
    <div
      ref={box}
      className="table-region"
      {...(scrolls ? { role: 'region', 'aria-label': label, tabIndex: 0 } : {})}
    >
      {children}
    </div>
  );
}
