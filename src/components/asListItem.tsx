import React, { type ComponentType, type ReactNode } from 'react';

/**
 * The OpenAPI theme puts each schema property and each parameter, a <div>, straight into its
 * <ul> (beside the <li>s of array brackets), so assistive technology and axe's `list` rule see a
 * broken list. Wrapping the theme's component in an <li> gives the list its items; the item's
 * own markup stays the theme's. Used by src/theme/SchemaItem and src/theme/ParamsItem.
 */
export default function asListItem<P extends object>(Item: ComponentType<P>): ComponentType<P> {
  return function ListItem(props: P): ReactNode {
    return (
      <li className="openapi-list-item">
        <Item {...props} />
      </li>
    );
  };
}
