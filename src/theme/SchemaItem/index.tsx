import React, { type ComponentProps, type ReactNode } from 'react';
import SchemaItem from '@theme-original/SchemaItem';

/**
 * Wrapped, not ejected: the OpenAPI theme puts each schema property, a <div>, straight into its
 * <ul> (beside the <li>s of array brackets), so assistive technology and axe's `list` rule see a
 * broken list. The <li> gives the list its items; the property's own markup is the theme's.
 */
export default function SchemaItemWrapper(props: ComponentProps<typeof SchemaItem>): ReactNode {
  return (
    <li className="openapi-list-item">
      <SchemaItem {...props} />
    </li>
  );
}
