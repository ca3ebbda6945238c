import React, { useEffect, useRef, type ReactNode } from 'react';
import { translate } from '@docusaurus/Translate';
import SearchPage from '@theme-original/SearchPage';

/**
 * Wraps (does not eject) the local-search results page, for the same reason as the SearchBar
 * wrapper: its query input carries a hard-coded English `aria-label="Search"`.
 */
export default function SearchPageWrapper(): ReactNode {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    container.current
      ?.querySelector('input[type="search"]')
      ?.setAttribute('aria-label', translate({ id: 'theme.SearchBar.label', message: 'Search' }));
  }, []);
  return (
    <div ref={container} style={{ display: 'contents' }}>
      <SearchPage />
    </div>
  );
}
