import React, { type ComponentProps, type ReactNode } from 'react';
import Markdown from '@theme-original/Markdown';
import { translate } from '@docusaurus/Translate';

/**
 * Wrapped, not ejected: the OpenAPI theme writes a range's two bounds as "`a` and `b`", with the
 * English "and" outside its translations (markdown/schema.js). The qualifier line is the one
 * that starts with the translated "Possible values:"; only there is "and" replaced.
 */
export default function MarkdownWrapper({
  children,
  ...props
}: ComponentProps<typeof Markdown>): ReactNode {
  const lead = `**${translate({ id: 'theme.openapi.schemaItem.possibleValues', message: 'Possible values:' })}**`;
  const text =
    typeof children === 'string' && children.startsWith(lead)
      ? children.replace(/` and `/g, '` 且 `')
      : children;
  return <Markdown {...props}>{text}</Markdown>;
}
