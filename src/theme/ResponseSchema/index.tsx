import React, { type ComponentProps, type ReactNode } from 'react';
import ResponseSchema from '@theme-original/ResponseSchema';
import { bodyAsShown } from '@site/src/components/referenceBodies';

type Props = ComponentProps<typeof ResponseSchema>;

// Wrapped, not ejected: the theme's response body, its fields without 必填 and without an example
// generated beside the spec's own (see bodyAsShown).
export default function ResponseSchemaWrapper(props: Props): ReactNode {
  return <ResponseSchema {...props} body={bodyAsShown(props.body, 'response')} />;
}
