import ParamsItem from '@theme-original/ParamsItem';
import asListItem from '@site/src/components/asListItem';

// Wrapped, not ejected: the theme's parameter, made a list item (see asListItem).
export default asListItem(ParamsItem);
