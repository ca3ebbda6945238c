import React, { type ReactNode } from 'react';
import Link from '@docusaurus/Link';
import { useLocation } from '@docusaurus/router';
import useBaseUrl from '@docusaurus/useBaseUrl';
import useIsBrowser from '@docusaurus/useIsBrowser';
import { translate } from '@docusaurus/Translate';
import Content from '@theme-original/NotFound/Content';
import type ContentType from '@theme/NotFound/Content';
import type { WrapperProps } from '@docusaurus/types';
import { entryPoints } from '@site/src/data/entryPoints';

type Props = WrapperProps<typeof ContentType>;

/** The words of the missing path, as a first search: `/api/voice-clone` → `voice clone`. */
const wordsOf = (pathname: string): string => {
  const last = pathname.replace(/\/+$/, '').split('/').pop() ?? '';
  let decoded = last;
  try {
    decoded = decodeURIComponent(last);
  } catch {
    // A malformed escape: search the raw segment.
  }
  return decoded
    .replace(/\.(html?|md)$/i, '')
    .replace(/[-_.+]+/g, ' ')
    .trim()
    .slice(0, 64);
};

/**
 * Wraps (does not eject) the theme's not-found content, whose title and text stay as they are:
 * a reader who followed a broken link also gets a search box (filled with the missing path's
 * words) and the main entry points. A plain GET form, so it works before hydration too.
 */
export default function NotFoundContent(props: Props): ReactNode {
  const { pathname } = useLocation();
  const searchPage = useBaseUrl('/search');
  // The 404 page is one static file for every path: the words are filled in after hydration
  // (a new key, so the field takes them as its initial value).
  const words = useIsBrowser() ? wordsOf(pathname) : '';
  return (
    <>
      <Content {...props} />
      <nav
        aria-label={translate({ id: 'theme.NotFound.continue', message: 'Continue from here' })}
        className="container margin-bottom--xl"
      >
        <div className="row">
          <div className="col col--6 col--offset-3">
            <form action={searchPage} method="get" role="search" className="not-found-search">
              <label htmlFor="not-found-query">
                {translate({ id: 'theme.NotFound.searchLabel', message: 'Search the docs' })}
              </label>
              <input id="not-found-query" name="q" type="search" key={words} defaultValue={words} />
              <button type="submit" className="button button--primary">
                {translate({ id: 'theme.NotFound.searchButton', message: 'Search' })}
              </button>
            </form>
            <p>
              {translate({
                id: 'theme.NotFound.entryPoints',
                message: 'Or start from one of these pages:',
              })}
            </p>
            <ul>
              {entryPoints.map((entry) => (
                <li key={entry.to}>
                  <Link to={entry.to}>{entry.label}</Link>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </nav>
    </>
  );
}
