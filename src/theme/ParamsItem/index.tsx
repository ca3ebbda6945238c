import React, { type ComponentProps, type ReactNode } from 'react';
import ParamsItem from '@theme-original/ParamsItem';

/**
 * Wrapped, not ejected, for the reason given in ../SchemaItem: each parameter is a <div> placed
 * straight into the theme's <ul>; the <li> makes it a list item.
 */
export default function ParamsItemWrapper(props: ComponentProps<typeof ParamsItem>): ReactNode {
  return (
    <li className="openapi-list-item">
      <ParamsItem {...props} />
    </li>
  );
}
