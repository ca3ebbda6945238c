import SchemaItem from '@theme-original/SchemaItem';
import asListItem from '@site/src/components/asListItem';

// Wrapped, not ejected: the theme's schema property, made a list item (see asListItem).
export default asListItem(SchemaItem);
