import React, { memo, type ReactNode } from 'react';
import ApiItem from '@theme-original/ApiItem';
import type { Props } from '@theme/DocItem';

type Content = Props['content'];

const memoized = new WeakMap<Content, Content>();

/** The page's MDX content as a memoized component, with the same statics (metadata, front matter). */
function stableContent(content: Content): Content {
  let stable = memoized.get(content);
  if (!stable) {
    stable = Object.assign(memo(content), content) as unknown as Content;
    memoized.set(content, stable);
  }
  return stable;
}

/**
 * Wraps the OpenAPI theme's page. Once hydrated, it renders again in the browser (it reads
 * `useIsBrowser()`, to make the request editor's store) and re-creates the element of the page's
 * MDX content, which re-rendered the whole operation (parameters, schemas, responses) and
 * committed that tree again: some 30 ms at full speed. The content it gets here takes no props and
 * is memoized, so React keeps it, bar the parts that read the new store.
 */
export default function ApiItemWrapper(props: Props): ReactNode {
  return <ApiItem {...props} content={stableContent(props.content)} />;
}
