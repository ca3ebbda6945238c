import React, { type ComponentProps, type ReactNode } from 'react';
import RequestSchema from '@theme-original/RequestSchema';
import { translate } from '@docusaurus/Translate';
import { bodyAsShown } from '@site/src/components/referenceBodies';

type Props = ComponentProps<typeof RequestSchema>;

// Wrapped, not ejected: the theme's request body. Its schema tab is labelled with the page's
// title, which the generator sets to the English 'Body': it reads 结构, as on the responses.
export default function RequestSchemaWrapper(props: Props): ReactNode {
  return (
    <RequestSchema
      {...props}
      title={translate({ id: 'theme.openapi.statusCodes.schemaTitle', message: 'Schema' })}
      body={bodyAsShown(props.body, 'request')}
    />
  );
}
