import React, { useEffect, useRef, type ReactNode } from 'react';
import { translate } from '@docusaurus/Translate';
import SearchPage from '@theme-original/SearchPage';

/**
 * Wraps (does not eject) the local-search results page, for the same reason as the SearchBar
 * wrapper: its query input carries a hard-coded English `aria-label="Search"`; its context
 * selector has no name, and the page has no main landmark.
 */
export default function SearchPageWrapper(): ReactNode {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = container.current;
    root
      ?.querySelector('input[type="search"]')
      ?.setAttribute('aria-label', translate({ id: 'theme.SearchBar.label', message: 'Search' }));
    // The context selector has no label of its own.
    root
      ?.querySelector('#context-selector')
      ?.setAttribute(
        'aria-label',
        translate({ id: 'theme.SearchPage.contextSelector', message: 'Search scope' }),
      );
    // Unlike doc pages, the results page has no <main>: mark its content as the main landmark.
    const content = root?.querySelector('.main-wrapper');
    content?.setAttribute('role', 'main');
    return () => content?.removeAttribute('role');
  }, []);
  return (
    <div ref={container} style={{ display: 'contents' }}>
      <SearchPage />
    </div>
  );
}
