import React, { useMemo, type ComponentProps, type ReactNode } from 'react';
import Body from '@theme-original/ApiExplorer/Body';
import { requestBodyForTheme } from '@site/src/components/RequestEditor/formBody';

type RequestBody = Parameters<typeof requestBodyForTheme>[0];

// Wrapped: the theme's form reads OpenAPI 3.0 words only, so a form body's fields are given to it
// in those (a file input for a 3.1 `contentMediaType`, a list of true/false for a boolean).
export default function BodyWrapper(props: ComponentProps<typeof Body>): ReactNode {
  const { requestBodyMetadata } = props as { requestBodyMetadata?: RequestBody };
  const forTheme = useMemo(() => requestBodyForTheme(requestBodyMetadata), [requestBodyMetadata]);
  return <Body {...props} requestBodyMetadata={forTheme} />;
}
