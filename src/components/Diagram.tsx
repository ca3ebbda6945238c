import React, { type ReactNode } from 'react';
import TableRegion from '@site/src/components/TableRegion';
// Types only: the code that draws diagrams runs at build time (scripts/render-diagrams.ts).
import type { RenderedDiagram } from '@site/src/diagrams/svg';
import styles from './Diagram.module.css';

/** `code` in backticks as code elements. */
const withCode = (text: string): ReactNode[] =>
  text.split('`').map((part, i) => (i % 2 ? <code key={i}>{part}</code> : part));

/**
 * A diagram rendered at build time, inlined as SVG: its caption names it, and its steps, a list
 * behind a disclosure, say the same in words (the SVG points at both). Pages import the JSON
 * that scripts/render-diagrams.ts wrote, e.g. `@site/.generated/diagrams/contexts.json`.
 */
export default function Diagram({ diagram }: { diagram: RenderedDiagram }): ReactNode {
  return (
    <figure className={styles.figure} data-diagram-figure={diagram.name}>
      <TableRegion label={`图：${diagram.caption}`}>
        <div dangerouslySetInnerHTML={{ __html: diagram.svg }} />
      </TableRegion>
      <figcaption id={`diagram-${diagram.name}-caption`} className={styles.caption}>
        {diagram.caption}
      </figcaption>
      <details className={styles.steps}>
        <summary>图的文字说明</summary>
        <ol id={`diagram-${diagram.name}-steps`}>
          {diagram.steps.map((step) => (
            <li key={step}>{withCode(step)}</li>
          ))}
        </ol>
      </details>
    </figure>
  );
}
