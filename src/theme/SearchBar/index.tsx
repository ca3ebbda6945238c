import React, { useEffect, useRef, type ReactNode } from 'react';
import { translate } from '@docusaurus/Translate';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import { useHistory, useLocation } from '@docusaurus/router';
import SearchBar from '@theme-original/SearchBar';
import type SearchBarType from '@theme/SearchBar';
import type { WrapperProps } from '@docusaurus/types';
import { preloadIndex } from '@site/plugins/adaptations/search-local/searchByWorker';
import { apiSearchContext as apiContext } from '@site/src/search/contexts';
import styles from './styles.module.css';

type Props = WrapperProps<typeof SearchBarType>;

/** `navigator.connection` (not in TypeScript's DOM types): Chromium's network hints. */
type ConnectionHints = { saveData?: boolean; effectiveType?: string };

/** The reader asked to save data, or the network is too slow to fetch what they may not use. */
const sparingNetwork = () => {
  const connection = (navigator as Navigator & { connection?: ConnectionHints }).connection;
  return connection?.saveData === true || /2g$/.test(connection?.effectiveType ?? '');
};

/**
 * Wraps (does not eject) the local-search bar:
 * - its input carries a hard-coded English `aria-label="Search"`, which screen readers announce
 *   over the translated placeholder; the wrapper gives it the same zh-Hans label.
 * - on the API reference the plugin searches the API reference only, and says so only in the
 *   footer of the suggestions. The site's search client (plugins/adaptations/search-local)
 *   searches the whole site there, the reference's pages first while they score well; the
 *   wrapper shows the scope in the box (placeholder and a chip) and keeps the rest of the docs
 *   one keystroke away: Shift+Enter (or the chip) opens the results page for the same query
 *   across all the docs. Neither is an option of the plugin.
 * - the plugin loads its index when the reader reaches the box, so the first suggestion waits
 *   for the worker and the index. The wrapper loads the first part of the index (and the
 *   worker) once the page is idle; the page text waits for the reader to search.
 */
export default function SearchBarWrapper(props: Props): ReactNode {
  const container = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();
  const { baseUrl } = useDocusaurusContext().siteConfig;
  const history = useHistory();
  const scoped = pathname === `/${apiContext.path}` || pathname.startsWith(`/${apiContext.path}/`);
  const label = translate({ id: 'theme.SearchBar.label', message: 'Search' });
  const scopedLabel = translate(
    { id: 'theme.SearchBar.scopedPlaceholder', message: 'Search {context}' },
    { context: apiContext.label },
  );
  const everywhereHint = translate({
    id: 'theme.SearchBar.searchEverywhereHint',
    message: 'Shift+Enter: search all the docs',
  });

  const input = () =>
    container.current?.querySelector<HTMLInputElement>('input.navbar__search-input') ?? null;
  const searchEverywhere = () => {
    const query = input()?.value.trim() ?? '';
    history.push(query ? `/search?q=${encodeURIComponent(query)}` : '/search');
  };

  useEffect(() => {
    if (sparingNetwork()) return undefined;
    // A failed preload is not the reader's concern: the box loads the index again when used.
    const preload = () => void preloadIndex(baseUrl).catch(() => {});
    // Safari has no requestIdleCallback: a moment after the page has settled instead.
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = window.setTimeout(preload, 1000);
      return () => window.clearTimeout(timer);
    }
    const handle = window.requestIdleCallback(preload, { timeout: 5000 });
    return () => window.cancelIdleCallback(handle);
  }, [baseUrl]);

  useEffect(() => {
    const box = input();
    if (!box) return undefined;
    box.setAttribute('aria-label', scoped ? `${scopedLabel}（${everywhereHint}）` : label);
    box.setAttribute('placeholder', scoped ? scopedLabel : label);
    if (!scoped) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' || !event.shiftKey) return;
      // Before the suggestions' own Enter handler (which opens the selected suggestion).
      event.preventDefault();
      event.stopImmediatePropagation();
      box.blur();
      searchEverywhere();
    };
    box.addEventListener('keydown', onKeyDown, true);
    return () => box.removeEventListener('keydown', onKeyDown, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [scoped, label, scopedLabel, everywhereHint]);

  return (
    <div ref={container} className={styles.wrapper}>
      {/* Always rendered, hidden off the API reference: the not-found page's HTML is rendered
          for /404, and an element that only the browser's render has (at /api/nope) would fail
          its hydration. */}
      <button
        type="button"
        className={styles.scope}
        hidden={!scoped}
        title={everywhereHint}
        aria-label={`${apiContext.label}：${everywhereHint}`}
        onClick={searchEverywhere}
      >
        {apiContext.label}
      </button>
      <SearchBar {...props} />
    </div>
  );
}
