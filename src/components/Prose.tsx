import React, { type ReactNode } from 'react';
import Link from '@docusaurus/Link';

/** `code` spans and `[text](/path#anchor)` links of data prose, in the order they appear. */
const token = /(`[^`]+`|\[[^\]]+\]\([^)\s]+\))/;

/**
 * Prose from a spec or data module, where `backtick` spans name fields and values: they
 * become inline code; `[text](/path)` becomes a link (checked by the build like any other); the
 * rest stays text.
 */
export default function Prose({ text }: { text: string }): ReactNode {
  return text.split(token).map((part, i) => {
    if (part.startsWith('`') && part.endsWith('`')) return <code key={i}>{part.slice(1, -1)}</code>;
    const link = /^\[([^\]]+)\]\(([^)\s]+)\)$/.exec(part);
    if (link) {
      return (
        <Link key={i} to={link[2]}>
          <Prose text={link[1]} />
        </Link>
      );
    }
    return part;
  });
}
