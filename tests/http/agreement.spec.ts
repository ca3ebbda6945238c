/**
 * nginx (the production configuration) and `docusaurus serve` (the build's own server) send a
 * reader to the same place: for every route of the table, its file-name and trailing-slash
 * forms, unknown paths and static files, the same status after the same redirects. So the
 * browser suite, run against nginx, speaks for both.
 *
 * Intended differences, left out: nginx answers /404 and /404.html with status 404 (docusaurus
 * serve, 200), keeps the query string when it drops a trailing slash, and reaches /x from
 * /x/index.html in one redirect instead of two.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { test, expect } from '@playwright/test';

import { server, siteDir } from '../../playwright.config';
import { rawRequest } from '../support/http';
import { root } from '../support/examples';
import { allRoutes } from '../support/routes';

test.skip(server !== 'nginx', 'compares nginx with docusaurus serve');
// One worker, one docusaurus serve.
test.describe.configure({ mode: 'default' });

const forms = (route: string): string[] =>
  route === '/'
    ? ['/', '/index.html']
    : [route, `${route}.html`, `${route}/index.html`, `${route}/`];
const paths = [
  ...allRoutes.flatMap(forms),
  ...['/nope', '/nope/', '/nope.html', '/api/nope', '/guides/clone/extra', '/tags/nope'],
  ...['/api', '/api/', '/guides', '/assets'],
  ...['/img/logo.svg', '/sitemap.xml', '/api-specs/speech.yaml', '/search-index.head.json'],
];

interface Outcome {
  readonly first: number;
  readonly status: number;
  readonly path: string;
}

/** Where a reader ends up: the first status, then the last status and path after redirects. */
async function outcome(origin: string, target: string): Promise<Outcome> {
  let url = new URL(target, origin);
  let response = await rawRequest(origin, url.pathname + url.search);
  const first = response.status;
  for (let hop = 0; hop < 5 && response.status >= 300 && response.status < 400; hop += 1) {
    url = new URL(response.headers.location, url);
    expect(url.origin, `${target} redirects off-site`).toBe(origin);
    response = await rawRequest(origin, url.pathname + url.search);
  }
  return { first, status: response.status, path: url.pathname + url.search };
}

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });

let docusaurus: ChildProcess | undefined;
let docusaurusOrigin = '';

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const port = await freePort();
  docusaurusOrigin = `http://127.0.0.1:${port}`;
  docusaurus = spawn(
    path.join(root, 'node_modules/.bin/docusaurus'),
    ['serve', '--no-open', '--host', '127.0.0.1', '--port', String(port), '--dir', siteDir],
    { cwd: root, detached: true, stdio: 'ignore' },
  );
  // It loads the whole site configuration first: allow it time.
  await expect
    .poll(
      () =>
        rawRequest(docusaurusOrigin, '/').then(
          (r) => r.status,
          () => 0,
        ),
      {
        timeout: 170_000,
        intervals: [1_000],
      },
    )
    .toBe(200);
});

test.afterAll(() => {
  if (docusaurus?.pid) process.kill(-docusaurus.pid, 'SIGTERM');
});

test('nginx and docusaurus serve agree on every route, form and unknown path', async ({
  baseURL,
}) => {
  const table = async (origin: string) =>
    Object.fromEntries(await Promise.all(paths.map(async (p) => [p, await outcome(origin, p)])));
  const [nginx, reference] = [await table(baseURL!), await table(docusaurusOrigin)];
  expect(nginx).toEqual(reference);
  // The table is not trivially equal: it holds pages, redirects and 404s.
  const outcomes = Object.values(nginx) as Outcome[];
  for (const status of [200, 301, 404]) {
    expect(outcomes.some((o) => o.first === status)).toBe(true);
  }
});
