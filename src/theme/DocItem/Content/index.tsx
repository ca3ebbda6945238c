import React, { type ReactNode } from 'react';
import Content from '@theme-original/DocItem/Content';
import type ContentType from '@theme/DocItem/Content';
import type { WrapperProps } from '@docusaurus/types';
import CopyPage from './CopyPage';

type Props = WrapperProps<typeof ContentType>;

/**
 * Wrapped, not ejected: puts the copy control above the article of every doc page. Both docs
 * instances render this component (the OpenAPI theme's ApiItem layout uses it too), and the
 * control stays outside `.theme-doc-markdown`, so it is not part of the page's Markdown.
 */
export default function ContentWrapper(props: Props): ReactNode {
  return (
    <>
      <CopyPage />
      <Content {...props} />
    </>
  );
}
