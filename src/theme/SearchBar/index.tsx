import React, { useEffect, useRef, type ReactNode } from 'react';
import { translate } from '@docusaurus/Translate';
import SearchBar from '@theme-original/SearchBar';
import type SearchBarType from '@theme/SearchBar';
import type { WrapperProps } from '@docusaurus/types';

type Props = WrapperProps<typeof SearchBarType>;

/**
 * Wraps (does not eject) the local-search bar: its input carries a hard-coded English
 * `aria-label="Search"`, which screen readers announce over the translated placeholder.
 * The wrapper gives it the same zh-Hans label as the placeholder.
 */
export default function SearchBarWrapper(props: Props): ReactNode {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    container.current
      ?.querySelector('input.navbar__search-input')
      ?.setAttribute('aria-label', translate({ id: 'theme.SearchBar.label', message: 'Search' }));
  }, []);
  return (
    <div ref={container} style={{ display: 'contents' }}>
      <SearchBar {...props} />
    </div>
  );
}
