/**
 * The production server (nginx with deploy/nginx/) over raw HTTP: what it answers for a page, a
 * hashed asset, the search index, an unknown path and the build's file names, the headers it
 * sends with them, and how it meets requests no browser would make.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test, expect } from '@playwright/test';
import { load } from 'cheerio';

import { baseURL as configuredURL, server, siteDir } from '../../playwright.config';
import { get, parseCsp, rawRequest, type RawResponse } from '../support/http';
import { htmlNormalisations } from '../support/routes';
import { root } from '../support/examples';

test.skip(server !== 'nginx', 'the production headers are nginx’s (TEST_SERVER=docusaurus)');

const buildDir = path.resolve(root, siteDir);
const built = (file: string) => readFileSync(path.join(buildDir, file));
const browser = { 'Accept-Encoding': 'gzip, deflate, br' };
const notFoundTitle = '找不到页面';

/** The JS and CSS files index.html loads: webpack names them by content hash. */
function hashedAssets(): string[] {
  const $ = load(built('index.html').toString('utf8'));
  return [
    // The app's scripts are preloaded, and started after the first paint (src/ssr/template.ts).
    ...$('link[rel="preload"][as="script"][href^="/assets/"]')
      .map((_, el) => $(el).attr('href'))
      .get(),
    ...$('link[rel="stylesheet"][href^="/assets/"]')
      .map((_, el) => $(el).attr('href'))
      .get(),
  ];
}

/** The search index URLs as the search client requests them ("…json?_=<hash>"). */
function searchIndexUrls(): string[] {
  const jsDir = path.join(buildDir, 'assets/js');
  for (const file of readdirSync(jsDir).filter((f) => f.endsWith('.js'))) {
    const match = /search-index\{dir\}\.json\?_=(\w+)/.exec(
      readFileSync(path.join(jsDir, file), 'utf8'),
    );
    if (match) {
      // Each context's index in two parts (plugins/adaptations/search-local/index.ts).
      return ['', '-api'].flatMap((dir) =>
        ['head', 'body'].map((part) => `/search-index${dir}.${part}.json?_=${match[1]}`),
      );
    }
  }
  throw new Error('no search index URL in the build');
}

function expectSecurityHeaders(response: RawResponse): void {
  const csp = parseCsp(response.headers['content-security-policy']);
  expect(csp['default-src']).toEqual(["'self'"]);
  expect(csp['script-src'][0]).toBe("'self'");
  for (const unsafe of ["'unsafe-eval'", "'unsafe-inline'", 'data:', '*']) {
    expect(csp['script-src']).not.toContain(unsafe);
  }
  expect(csp['object-src']).toEqual(["'none'"]);
  expect(csp['base-uri']).toEqual(["'self'"]);
  expect(csp['frame-ancestors']).toEqual(["'none'"]);
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(response.headers['permissions-policy']).toMatch(/(^|, )camera=\(\)/);
  expect(response.headers['permissions-policy']).toMatch(/(^|, )microphone=\(\)/);
  // No version for scanners to match; HSTS is the TLS front's, never plain HTTP's.
  expect(response.headers.server).toBe('nginx');
  expect(response.headers['strict-transport-security']).toBeUndefined();
}

const revalidated = 'no-cache';
const immutable = 'public, max-age=31536000, immutable';

test.describe('a page', () => {
  test('/faqs is faqs.html, brotli-compressed, revalidated on each use', async ({ baseURL }) => {
    const response = await get(baseURL!, '/faqs', browser);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toBe('Accept-Encoding');
    expect(response.headers['cache-control']).toBe(revalidated);
    expect(response.headers.etag).toBeTruthy();
    expect(response.text).toBe(built('faqs.html').toString('utf8'));
    expectSecurityHeaders(response);
  });

  test('gzip for clients without brotli, identity for clients without either', async ({
    baseURL,
  }) => {
    const gzip = await get(baseURL!, '/faqs', { 'Accept-Encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.text).toBe(built('faqs.html').toString('utf8'));
    const plain = await get(baseURL!, '/faqs');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(built('faqs.html'))).toBe(true);
  });

  test('a revalidation with the ETag is answered 304, with the same headers', async ({
    baseURL,
  }) => {
    const first = await get(baseURL!, '/api/errors', browser);
    const again = await get(baseURL!, '/api/errors', {
      ...browser,
      'If-None-Match': first.headers.etag,
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers['cache-control']).toBe(revalidated);
    expectSecurityHeaders(again);
  });

  test('the CSP allows exactly the inline scripts and styles the pages carry, by hash', async ({
    baseURL,
  }) => {
    const sha256 = (text: string) =>
      `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    const scripts = new Set<string>();
    const styles = new Set<string>();
    const policies: Record<string, string[]>[] = [];
    for (const route of ['/', '/faqs', '/api/speech/post', '/search']) {
      const response = await get(baseURL!, route, browser);
      // As a browser without JavaScript parses it, so that <noscript> content counts.
      const $ = load(response.text, { scriptingEnabled: false });
      $('script:not([src]):not([type])').each((_, el) => void scripts.add(sha256($(el).text())));
      $('style').each((_, el) => void styles.add(sha256($(el).text())));
      policies.push(parseCsp(response.headers['content-security-policy']));
    }
    // One policy for the whole site: the hashes of every page, and nothing else.
    for (const csp of policies) {
      expect(csp['script-src'].slice(1).sort()).toEqual([...scripts].sort());
      expect(csp['style-src'].slice(1).sort()).toEqual([...styles].sort());
    }
    // Not vacuous: the theme's colour-mode script is on every page, and so is a <noscript> style
    // that unfolds the tabs.
    expect(scripts.size).toBeGreaterThan(0);
    expect(styles.size).toBeGreaterThan(0);
  });
});

test.describe('a hashed asset', () => {
  test('is cached for a year as immutable, brotli-compressed', async ({ baseURL }) => {
    const assets = hashedAssets();
    expect(assets.some((a) => a.endsWith('.js'))).toBe(true);
    expect(assets.some((a) => a.endsWith('.css'))).toBe(true);
    for (const asset of assets) {
      const response = await get(baseURL!, asset, browser);
      expect(response.status, asset).toBe(200);
      expect(response.headers['cache-control'], asset).toBe(immutable);
      expect(response.headers['content-encoding'], asset).toBe('br');
      expect(response.headers['content-type'], asset).toMatch(
        asset.endsWith('.js')
          ? /^application\/javascript; charset=utf-8$/
          : /^text\/css; charset=utf-8$/,
      );
      expect(response.text, asset).toBe(built(asset).toString('utf8'));
      expectSecurityHeaders(response);
    }
  });

  test('an unknown hashed name is the 404 page, which is not cached as immutable', async ({
    baseURL,
  }) => {
    const response = await get(baseURL!, '/assets/js/main.0123abcd.js', browser);
    expect(response.status).toBe(404);
    expect(response.headers['cache-control']).toBe(revalidated);
    expect(response.text).toContain(notFoundTitle);
  });

  test('files without a content hash are revalidated', async ({ baseURL }) => {
    for (const file of ['/img/logo.svg', '/sitemap.xml', '/api-specs/speech.yaml']) {
      const response = await get(baseURL!, file, browser);
      expect(response.status, file).toBe(200);
      expect(response.headers['cache-control'], file).toBe(revalidated);
    }
    const spec = await get(baseURL!, '/api-specs/speech.yaml');
    expect(spec.headers['content-type']).toBe('application/yaml; charset=utf-8');
  });
});

test.describe('the search index', () => {
  test('is served compressed at the URL the client builds, and revalidated', async ({
    baseURL,
  }) => {
    // Its "?_=" hash covers the Markdown sources only, not the text the data modules render,
    // so it cannot be trusted as a content hash (deploy/nginx/site.conf.template).
    for (const url of searchIndexUrls()) {
      const response = await get(baseURL!, url, browser);
      expect(response.status, url).toBe(200);
      expect(response.headers['content-type'], url).toBe('application/json; charset=utf-8');
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers['cache-control'], url).toBe(revalidated);
      expect(() => JSON.parse(response.text) as unknown, url).not.toThrow();
      const again = await get(baseURL!, url, {
        ...browser,
        'If-None-Match': response.headers.etag,
      });
      expect(again.status, url).toBe(304);
    }
  });
});

test.describe('an unknown path', () => {
  for (const target of ['/nope', '/api/nope', '/guides/clone/extra', '/404', '/404.html']) {
    test(`${target} is the site's 404 page with status 404`, async ({ baseURL }) => {
      const response = await get(baseURL!, target, browser);
      expect(response.status).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe(revalidated);
      expect(response.text).toBe(built('404.html').toString('utf8'));
      expect(response.text).toContain(notFoundTitle);
      expectSecurityHeaders(response);
    });
  }
});

test.describe('one address per page: the other forms are a 301 to it', () => {
  const cases: (readonly [string, string])[] = [
    ...htmlNormalisations,
    ['/faqs/index', '/faqs'],
    ['/index', '/'],
    ['/faqs/', '/faqs'],
    ['/api/voices/list/', '/api/voices/list'],
    ['/tags/voice//', '/tags/voice'],
    ['/faqs.html?q=%E9%9F%B3&x=1', '/faqs?q=%E9%9F%B3&x=1'],
    ['/guides/clone/?_highlight=a', '/guides/clone?_highlight=a'],
  ];
  for (const [from, to] of cases) {
    test(`${from} -> ${to}`, async ({ baseURL }) => {
      const response = await get(baseURL!, from, browser);
      expect(response.status).toBe(301);
      // A path, never an origin built from the request's Host header.
      expect(response.headers.location).toBe(to);
      expect(response.headers['cache-control']).toBe(revalidated);
      expectSecurityHeaders(response);
      const target = await get(baseURL!, to, browser);
      expect(target.status).toBe(200);
    });
  }
});

test.describe('what is never served', () => {
  // Files no build should hold, placed in it for the length of these tests (one worker runs
  // them in order, so no other test sees them come and go).
  test.describe.configure({ mode: 'default' });
  const secret = `canary ${Date.now()}`;
  const canaries = ['.env', '.git/config', 'assets/.secret', 'assets/js/main.0123abcd.js.map'];
  test.beforeAll(() => {
    for (const file of canaries) {
      mkdirSync(path.dirname(path.join(buildDir, file)), { recursive: true });
      writeFileSync(path.join(buildDir, file), secret);
    }
    writeFileSync(path.join(buildDir, 'assets/unhashed-canary.txt'), secret);
  });
  test.afterAll(() => {
    for (const file of [...canaries, 'assets/unhashed-canary.txt']) {
      rmSync(path.join(buildDir, file), { force: true });
    }
    rmSync(path.join(buildDir, '.git'), { recursive: true, force: true });
  });

  test('dotfiles and source maps are refused', async ({ baseURL }) => {
    for (const file of canaries) {
      const response = await get(baseURL!, `/${file}`, browser);
      expect(response.status, file).toBe(404);
      expect(response.text, file).not.toContain(secret);
    }
  });

  test('a file under /assets without a content hash is not cached as immutable', async ({
    baseURL,
  }) => {
    const response = await get(baseURL!, '/assets/unhashed-canary.txt', browser);
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe(revalidated);
  });

  test('folders are never listed', async ({ baseURL }) => {
    for (const folder of ['/assets', '/assets/js', '/api', '/img', '/api-specs']) {
      const response = await get(baseURL!, folder, browser);
      expect(response.status, folder).toBe(404);
      expect(response.text, folder).toBe(built('404.html').toString('utf8'));
      expect(response.text, folder).not.toContain('Index of');
    }
  });

  test('precompressed copies have no address of their own', async ({ baseURL }) => {
    for (const file of ['/faqs.html.br', '/faqs.html.gz', '/search-index.head.json.br']) {
      const response = await get(baseURL!, file, browser);
      expect(response.status, file).toBe(404);
    }
  });
});

/** Answered cleanly: a client error, never a server error, never a file outside the build. */
function expectRefused(response: RawResponse, label: string): void {
  expect(response.status, label).toBeGreaterThanOrEqual(400);
  expect(response.status, label).toBeLessThan(500);
  expect(response.text, label).not.toMatch(/root:x:0:0|"name": "voxloom-docs"|daemon off;/);
}

test.describe('bad input is answered cleanly', () => {
  // From the build folder up to the repository (package.json, .tmp/nginx-*/nginx.conf) and to /.
  const up = path.relative(buildDir, root).split(path.sep).length;
  const dots = (n: number, dot: string) => Array.from({ length: n }, () => `/${dot}`).join('');
  const escapes = [
    `${dots(up, '..')}/package.json`,
    `${dots(up, '%2e%2e')}/package.json`,
    `${dots(up, '%2E%2E')}/.tmp/nginx-${new URL(configuredURL).port}/nginx.conf`,
    `/assets${dots(up + 1, '..')}/package.json`,
    `/assets/..%2f..%2f${'..%2f'.repeat(up)}package.json`,
    `${dots(12, '..')}/etc/passwd`,
    `${dots(12, '%2e%2e')}/etc/passwd`,
    `/faqs/${dots(12, '.%2e')}/etc/passwd`,
    '/%c0%ae%c0%ae/%c0%ae%c0%ae/etc/passwd',
  ];
  for (const target of escapes) {
    test(`path traversal ${target.slice(0, 60)}`, async ({ baseURL }) => {
      expectRefused(await rawRequest(baseURL!, target), target);
    });
  }

  // Refused requests, by what they carry, with the status each gets.
  const refusals: { what: string; status: number; targets: (string | Buffer)[] }[] = [
    {
      what: 'a NUL byte',
      status: 400,
      targets: ['/%00', '/faqs%00.html', '/faqs%00', '/assets/js/%00.js'],
    },
    {
      what: 'invalid UTF-8, escaped and raw,',
      status: 404,
      targets: [
        '/%C3%28',
        '/faqs%FF',
        '/%ED%A0%80',
        Buffer.from([0x2f, 0xc3, 0x28]),
        Buffer.from([0x2f, 0x66, 0x61, 0x71, 0x73, 0xff, 0xfe]),
      ],
    },
    {
      what: 'a 10 KB URL',
      status: 414,
      targets: [`/${'a'.repeat(10 * 1024)}`, `/faqs?q=${'%E9%9F%B3'.repeat(1300)}`],
    },
  ];
  for (const { what, status, targets } of refusals) {
    test(`${what} is refused with ${status}`, async ({ baseURL }) => {
      for (const target of targets) {
        const response = await rawRequest(baseURL!, target);
        expectRefused(response, String(target).slice(0, 60));
        expect(response.status).toBe(status);
      }
    });
  }

  test('redirects never leave the site and never carry CR or LF', async ({ baseURL }) => {
    const targets = [
      '/%5Cevil.example/',
      '/%5C%5Cevil.example/',
      '/%2F%2Fevil.example/',
      '//evil.example/',
      '/%2F%5Cevil.example.html',
      '/%09/evil.example/',
      '/faqs%0d%0aSet-Cookie:%20a=1/',
      '/faqs%0d%0aSet-Cookie:%20a=1.html',
      '/faqs.html?%0d%0aSet-Cookie:%20a=1',
    ];
    for (const target of targets) {
      const response = await rawRequest(baseURL!, target);
      expect(response.status, target).toBeLessThan(500);
      expect(response.headers['set-cookie'], target).toBeUndefined();
      if (response.status >= 300 && response.status < 400) {
        // "//host" and "/\host" would take the browser to another origin.
        expect(response.headers.location, target).toMatch(/^\/(?![/\\])/);
      }
    }
  });

  for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'PROPFIND', 'FOO']) {
    test(`${method} is 405 with Allow: GET, HEAD`, async ({ baseURL }) => {
      const response = await rawRequest(baseURL!, '/faqs', {
        method,
        headers: { 'Content-Type': 'application/json' },
        body: '{}',
      });
      expect(response.status).toBe(405);
      expect(response.headers.allow).toBe('GET, HEAD');
      expect(response.text).not.toContain(notFoundTitle);
    });
  }

  test('TRACE and CONNECT are refused, and TRACE reflects nothing', async ({ baseURL }) => {
    for (const [method, target] of [
      ['TRACE', '/faqs'],
      ['CONNECT', '127.0.0.1:22'],
    ]) {
      const response = await rawRequest(baseURL!, target, {
        method,
        headers: { 'X-Probe': 'reflected-header' },
      });
      expectRefused(response, method);
      expect(response.text, method).not.toContain('reflected-header');
    }
  });

  test('HEAD is a GET without a body', async ({ baseURL }) => {
    const response = await rawRequest(baseURL!, '/faqs', { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.body.length).toBe(0);
    expect(Number(response.headers['content-length'])).toBe(built('faqs.html').length);
  });

  test('a hostile Host header never reaches the site', async ({ baseURL }) => {
    // Another site's name is 421 Misdirected Request; no Host, or a malformed one, is nginx's 400.
    const attempts: [string, Parameters<typeof rawRequest>[2], number][] = [
      ['/faqs', { host: 'evil.example' }, 421],
      ['/faqs.html', { host: 'evil.example' }, 421],
      ['/faqs', { host: 'evil.example:80' }, 421],
      ['http://evil.example/faqs.html', {}, 421],
      ['/faqs', { host: null }, 400],
      ['/faqs', { host: '127.0.0.1/../../etc' }, 400],
      ['/faqs', { host: 'evil.example\tx' }, 400],
    ];
    for (const [target, options, status] of attempts) {
      const label = `${target} Host: ${String(options?.host)}`;
      const response = await rawRequest(baseURL!, target, options);
      expectRefused(response, label);
      expect(response.status, label).toBe(status);
      expect(response.headers.location, label).toBeUndefined();
      expect(response.text, label).not.toContain('声织');
    }
    // Nor does a forwarded host reach the redirects.
    const forwarded = await get(baseURL!, '/faqs.html', { 'X-Forwarded-Host': 'evil.example' });
    expect(forwarded.headers.location).toBe('/faqs');
  });
});
