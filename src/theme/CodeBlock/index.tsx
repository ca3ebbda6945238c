import React, { isValidElement, type ReactNode } from 'react';
import ElementContent from '@theme/CodeBlock/Content/Element';
import StringContent from '@theme/CodeBlock/Content/String';
import type { Props } from '@theme/CodeBlock';

/**
 * Replaces the classic theme's CodeBlock, which picks string or element content and also remounts
 * every code block once the page has hydrated, so as to swap the server's light-mode colours for
 * dark ones. Here the code theme's colours are CSS custom properties (src/css/prismThemes.ts):
 * the markup is the same in both modes, and the remount, one long task that highlights every
 * block of the page a second time, is not needed. A wrapper cannot drop it: it is a `key` set
 * inside the original component.
 */
export default function CodeBlock({ children, ...props }: Props): ReactNode {
  const parts = React.Children.toArray(children);
  // Elements (MDX `<pre>` with markup) cannot become a copyable string: they render as they are.
  if (parts.some((part) => isValidElement(part))) {
    return <ElementContent {...props}>{children as React.ReactElement}</ElementContent>;
  }
  return <StringContent {...props}>{parts.join('')}</StringContent>;
}
