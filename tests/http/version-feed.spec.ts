/**
 * The version history's Atom feed served as a feed: its media type (RFC 4287), revalidated like
 * every file without a content hash, and the bytes of the build.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test, expect } from '@playwright/test';

import { server, siteDir } from '../../playwright.config';
import { changesFeed } from '../../src/data/apiVersions';
import { get } from '../support/http';
import { root } from '../support/examples';

test('the feed is served as application/atom+xml', async ({ baseURL }) => {
  const response = await get(baseURL!, changesFeed.path, {
    'Accept-Encoding': 'gzip, deflate, br',
  });
  expect(response.status).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/atom\+xml(?:; charset=utf-8)?$/);
  if (server === 'nginx') expect(response.headers['cache-control']).toBe('no-cache');
  const built = readFileSync(path.join(root, siteDir, ...changesFeed.path.split('/')), 'utf8');
  expect(response.text).toBe(built);
});
