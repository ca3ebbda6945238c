import MDXComponents from '@theme-original/MDXComponents';
import TableRegion from '@site/src/components/TableRegion';

/**
 * Wrapped, not ejected: the theme's MDX components, plus the box plugins/features/rehype-table-regions
 * puts every table of a page in (a name MDX resolves through this map).
 */
export default {
  ...MDXComponents,
  TableRegion,
};
