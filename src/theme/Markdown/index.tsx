import React, { type ComponentProps, type ReactNode } from 'react';
import MarkdownToJsx from 'markdown-to-jsx';
import CodeBlock from '@theme/CodeBlock';

/**
 * Replaces, rather than wraps, the OpenAPI theme's Markdown: its react-markdown + rehype-raw
 * pipeline weighs about 100 KB gzip on every reference page, to render descriptions of a line
 * or two. markdown-to-jsx (about 7 KB; its 7.x line, since 9.x ships a whole toolchain) renders
 * what the specs and the theme's own strings use: paragraphs, emphasis, code, links, lists, GFM
 * tables (enum descriptions) and inline HTML (their `<br/>`). The theme's `:::` admonitions are
 * not carried over; tests/contract/specs.spec.ts keeps them out of the specs.
 */

/** Fenced code with a language goes to the site's code block, as the theme's version did. */
function Code({ className, children }: ComponentProps<'code'>): ReactNode {
  const language = /lang(?:uage)?-(\w+)/.exec(className ?? '')?.[1];
  if (!language) return <code className={className}>{children}</code>;
  return <CodeBlock language={language}>{String(children).replace(/\n$/, '')}</CodeBlock>;
}

/** The code block brings its own `<pre>`. */
function Pre({ children }: ComponentProps<'pre'>): ReactNode {
  return <div>{children}</div>;
}

const options = {
  // Every string becomes block content (`<p>` for a sentence), as react-markdown renders it.
  forceBlock: true,
  wrapper: React.Fragment,
  overrides: { code: Code, pre: Pre },
} as const;

export default function Markdown({ children }: { children?: ReactNode }): ReactNode {
  if (typeof children !== 'string') return children ?? null;
  return <MarkdownToJsx options={options}>{children}</MarkdownToJsx>;
}
