import React, {
  Children,
  cloneElement,
  isValidElement,
  type ComponentProps,
  type ReactNode,
} from 'react';
import CodeTabs from '@theme-original/ApiExplorer/CodeTabs';
import { labelOfLanguage } from '@site/src/components/RequestEditor/samples';

// Wrapped: the theme labels the editor's language tabs with its keys (`nodejs`, `csharp`); they
// read as on the prebuilt samples (Node.js, C#). The tabs read their labels from their children.
export default function CodeTabsWrapper(props: ComponentProps<typeof CodeTabs>): ReactNode {
  const children = Children.map(props.children, (child) => {
    if (!isValidElement<{ value?: unknown }>(child)) return child;
    const label = labelOfLanguage(child.props.value);
    return label ? cloneElement(child, { label } as object) : child;
  });
  return <CodeTabs {...props}>{children}</CodeTabs>;
}
