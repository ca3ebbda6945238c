import React, { type ReactNode } from 'react';
import Link from '@docusaurus/Link';
import { proseParts } from '@site/src/data/prose';

/**
 * Prose from a spec or data module, where `backtick` spans name fields and values: they
 * become inline code; `[text](/path)` becomes a link (checked by the build like any other); the
 * rest stays text.
 */
export default function Prose({ text }: { text: string }): ReactNode {
  return proseParts(text).map((part, i) => {
    if (part.kind === 'code') return <code key={i}>{part.text}</code>;
    if (part.kind === 'link') {
      return (
        <Link key={i} to={part.href}>
          <Prose text={part.text} />
        </Link>
      );
    }
    return part.text;
  });
}
