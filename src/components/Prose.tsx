import React, { type ReactNode } from 'react';

/**
 * Prose from a spec or data module, where `backtick` spans name fields and values: they
 * become inline code, the rest stays text.
 */
export default function Prose({ text }: { text: string }): ReactNode {
  return text
    .split(/(`[^`]+`)/)
    .map((part, i) =>
      part.startsWith('`') && part.endsWith('`') ? <code key={i}>{part.slice(1, -1)}</code> : part,
    );
}
