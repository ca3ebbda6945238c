/**
 * The version history's Atom feed (D18), read from the production build: well-formed XML (a
 * browser's strict XML parser), valid Atom 1.0 (RFC 4287's required elements, RFC 3339 dates,
 * unique absolute ids), one entry per change of `apiChanges` linking its row of the history, and
 * linked from the head of every route. The history itself obeys the versioning policy.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test, expect } from '@playwright/test';
import { load } from 'cheerio';

import {
  apiChangeKindLabel,
  apiChanges,
  changeAnchor,
  changesFeed,
  versionHistoryPath,
  versioningPolicy,
} from '../../src/data/apiVersions';
import { deployment } from '../../src/data/deployment';
import { atomFeed } from '../../plugins/features/version-feed/feed';
import { allRoutes } from '../support/routes';
import { root } from '../support/examples';

const buildDir = path.resolve(root, process.env.SITE_DIR ?? 'build');
const builtFile = (pathname: string): string => path.join(buildDir, ...pathname.split('/'));
const feedFile = builtFile(changesFeed.path);
const htmlFile = (route: string): string =>
  builtFile(route === '/' ? '/index.html' : `${route}.html`);
const absolute = (pathname: string): string => new URL(pathname, deployment.siteUrl).href;

/** RFC 3339 date-time, with seconds and an explicit offset. */
const rfc3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/;

interface FeedLink {
  rel: string;
  type: string | null;
  href: string | null;
}
interface FeedEntry {
  ids: string[];
  titles: string[];
  updated: string[];
  published: string[];
  links: FeedLink[];
  authors: number;
  content: { type: string | null; text: string } | null;
  categories: string[];
}
interface ParsedFeed {
  error: string | null;
  root: string;
  namespace: string | null;
  ids: string[];
  titles: string[];
  updated: string[];
  authorNames: string[];
  links: FeedLink[];
  entries: FeedEntry[];
}

test.beforeAll(() => {
  expect(existsSync(feedFile), `build first: ${feedFile}`).toBe(true);
});

test('the feed is well-formed XML and valid Atom 1.0', async ({ page }) => {
  const xml = readFileSync(feedFile, 'utf8');
  // The browser's XML parser is strict: a well-formedness error yields a <parsererror> document.
  const feed: ParsedFeed = await page.evaluate((source) => {
    const atom = 'http://www.w3.org/2005/Atom';
    const doc = new DOMParser().parseFromString(source, 'application/xml');
    const error = doc.getElementsByTagName('parsererror')[0]?.textContent ?? null;
    const children = (el: Element, name: string) =>
      Array.from(el.children).filter((c) => c.namespaceURI === atom && c.localName === name);
    const texts = (el: Element, name: string) => children(el, name).map((c) => c.textContent ?? '');
    const links = (el: Element) =>
      children(el, 'link').map((l) => ({
        rel: l.getAttribute('rel') ?? 'alternate',
        type: l.getAttribute('type'),
        href: l.getAttribute('href'),
      }));
    const root = doc.documentElement;
    return {
      error,
      root: root.localName,
      namespace: root.namespaceURI,
      ids: texts(root, 'id'),
      titles: texts(root, 'title'),
      updated: texts(root, 'updated'),
      authorNames: children(root, 'author').flatMap((a) => texts(a, 'name')),
      links: links(root),
      entries: children(root, 'entry').map((e) => {
        const content = children(e, 'content')[0];
        return {
          ids: texts(e, 'id'),
          titles: texts(e, 'title'),
          updated: texts(e, 'updated'),
          published: texts(e, 'published'),
          links: links(e),
          authors: children(e, 'author').length,
          content: content
            ? { type: content.getAttribute('type'), text: content.textContent ?? '' }
            : null,
          categories: children(e, 'category').map((c) => c.getAttribute('term') ?? ''),
        };
      }),
    };
  }, xml);

  expect(feed.error).toBeNull();
  expect(feed.root).toBe('feed');
  expect(feed.namespace).toBe('http://www.w3.org/2005/Atom');
  // atom:feed: exactly one id, title and updated; an author, since the entries carry none.
  expect(feed.ids).toEqual([absolute(changesFeed.path)]);
  expect(feed.titles).toEqual([changesFeed.title]);
  expect(feed.updated).toHaveLength(1);
  expect(feed.updated[0]).toMatch(rfc3339);
  expect(feed.authorNames.filter((n) => n.trim() !== '').length).toBeGreaterThan(0);
  expect(feed.links).toContainEqual({
    rel: 'self',
    type: 'application/atom+xml',
    href: absolute(changesFeed.path),
  });

  expect(feed.entries).toHaveLength(apiChanges.length);
  const ids = feed.entries.flatMap((e) => e.ids);
  expect(new Set(ids).size, 'entry ids are unique').toBe(apiChanges.length);
  for (const entry of feed.entries) {
    expect(entry.ids).toHaveLength(1);
    expect(() => new URL(entry.ids[0]), 'an id is an absolute IRI').not.toThrow();
    expect(entry.titles).toHaveLength(1);
    expect(entry.updated).toHaveLength(1);
    expect(entry.updated[0]).toMatch(rfc3339);
    for (const published of entry.published) expect(published).toMatch(rfc3339);
    expect(entry.content?.type).toBe('html');
    // At most one alternate link (per type and language), and absolute.
    const alternates = entry.links.filter((l) => l.rel === 'alternate');
    expect(alternates).toHaveLength(1);
    expect(alternates[0].href).toMatch(/^https:\/\//);
  }
  // The feed is as new as its newest entry.
  expect(feed.updated[0]).toBe([...feed.entries.map((e) => e.updated[0])].sort().at(-1));

  // One entry per change, linking its row of the history, titled with its kind.
  const history = load(readFileSync(htmlFile(versionHistoryPath), 'utf8'));
  for (const change of apiChanges) {
    const url = absolute(`${versionHistoryPath}#${changeAnchor(change.date)}`);
    const entry = feed.entries.find((e) => e.ids[0] === url);
    expect(entry, change.date).toBeDefined();
    expect(entry!.links.find((l) => l.rel === 'alternate')?.href).toBe(url);
    expect(entry!.titles[0].startsWith(`${apiChangeKindLabel[change.kind]}：`)).toBe(true);
    expect(entry!.categories).toEqual([change.kind]);
    expect(entry!.updated[0].slice(0, 10)).toBe(change.date);
    expect(history(`#${changeAnchor(change.date)}`).length, `#${changeAnchor(change.date)}`).toBe(
      1,
    );
    // The content's links are absolute, on the site's origin or elsewhere.
    const hrefs = [...entry!.content!.text.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
    for (const href of hrefs) expect(href, change.date).toMatch(/^https?:\/\//);
    if (change.kind === 'legal') expect(entry!.content!.text).toContain('迁移说明');
  }
});

test('the built feed is the one the history’s data gives', () => {
  expect(readFileSync(feedFile, 'utf8')).toBe(atomFeed(apiChanges, `${deployment.siteUrl}/`));
});

test('every route links the feed from its head (D18)', () => {
  const missing = allRoutes.filter((route) => {
    const $ = load(readFileSync(htmlFile(route), 'utf8'));
    const link = $('head link[rel="alternate"][type="application/atom+xml"]');
    return link.attr('href') !== changesFeed.path || link.attr('title') !== changesFeed.title;
  });
  expect(missing).toEqual([]);
});

test('the history obeys the versioning policy (D18, D44)', () => {
  const dates = apiChanges.map((c) => c.date);
  expect(new Set(dates).size, 'one change per date: the date is its anchor').toBe(dates.length);
  expect([...dates].sort(), 'newest last').toEqual(dates);
  const day = 24 * 60 * 60 * 1000;
  for (const change of apiChanges) {
    expect(change.items.length, change.date).toBeGreaterThan(0);
    if (change.kind !== 'legal') continue;
    // A change the law requires is announced in time and tells existing clients what to change.
    const notice = (Date.parse(change.date) - Date.parse(change.announced)) / day;
    expect(notice, change.date).toBeGreaterThanOrEqual(versioningPolicy.legalNoticeDays);
    expect(change.migration.trim().length, change.date).toBeGreaterThan(0);
  }
});

test('behaviour the site had described wrongly is corrected in the history, as a correction (D45)', () => {
  // The corrections of the day they were made: reusing an ended context_id, a changed setting.
  const corrections = apiChanges.flatMap((c) =>
    c.items.filter((item) => item.startsWith('文档更正')).map((item) => ({ date: c.date, item })),
  );
  expect(corrections.some(({ item }) => item.includes('`context_id`'))).toBe(true);
  expect(corrections.some(({ item }) => item.includes('设置'))).toBe(true);
  // Marked as such: the server's behaviour did not change, so it is not a change of /v1.
  for (const { date, item } of corrections) expect(item, date).toContain('服务端行为不变');
  // And the feed tells it with its entry.
  const feed = readFileSync(feedFile, 'utf8');
  expect(feed.split('文档更正，服务端行为不变').length - 1).toBe(corrections.length);
});
