import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests run against the production build served locally. Chromium is Debian's
 * (`scripts/ensure-test-deps.sh` installs it); Playwright's own browser download is not used.
 */
const port = Number(process.env.TEST_PORT ?? 4173);
export const baseURL = process.env.BASE_URL ?? `http://127.0.0.1:${port}`;
/**
 * The tests drive Debian's Chromium headless shell (package chromium-headless-shell, installed by
 * scripts/ensure-test-deps.sh): the same Blink as the full browser without its browser UI, and
 * Playwright's own default for headless runs; on 2 cores the browser tests took 15.0 min with it
 * against 23.8 with the full browser (CI runs of 2026-11-26). The benchmarks' Lighthouse runs drive the full `chromium` (`--bench` installs it).
 * CHROMIUM_PATH sets another browser for both.
 */
export const testBrowserPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * Root in CI needs --no-sandbox; the rest keep Chromium from calling out to the network, which
 * this machine refuses.
 */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** The production build to serve (another folder lets parallel builds be tested apart). */
export const siteDir = process.env.SITE_DIR ?? 'build';
/**
 * The server under test: nginx with the production configuration (deploy/nginx/), or the
 * build's own `docusaurus serve` with TEST_SERVER=docusaurus. tests/http/ shows the two agree
 * on every route's status and redirect target.
 */
export const server: 'nginx' | 'docusaurus' =
  process.env.TEST_SERVER === 'docusaurus' ? 'docusaurus' : 'nginx';

export default defineConfig({
  testDir: 'tests',
  outputDir: '.tmp/test-results',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  // A test that fails is not retried into a pass: a browser test that fails runs once more only
  // to record a trace of it (below), and the run fails all the same (failOnFlakyTests).
  retries: 0,
  failOnFlakyTests: true,
  workers: 2,
  reporter: [['list']],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    locale: 'zh-CN',
    // Recording a trace of every test, to keep the failures' (retain-on-failure), took a third
    // of the browser tests' time (search, reference and route specs: 338 s with, 210 s without,
    // back to back on 2 cores): the trace is recorded on the retry of a failed test instead.
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: testBrowserPath,
      args: chromiumArgs,
    },
  },
  projects: [
    // The API contract: documents, examples and data modules, checked without a browser.
    { name: 'contract', testDir: 'tests/contract' },
    // The guides' code and copy: examples parse and run against mocks, pages pass the copy rules.
    { name: 'content', testDir: 'tests/content' },
    { name: 'chromium', testDir: 'tests/e2e', retries: 1, use: { ...devices['Desktop Chrome'] } },
    // axe on every route (light and dark, desktop and mobile) and keyboard use.
    { name: 'a11y', testDir: 'tests/a11y', retries: 1, use: { ...devices['Desktop Chrome'] } },
    // Production serving over raw HTTP: statuses, redirects, headers, hostile requests.
    { name: 'http', testDir: 'tests/http' },
    // The code-sample harness: its mocks enforce the contract, a broken sample fails it.
    { name: 'samples', testDir: 'tests/samples' },
  ],
  webServer: process.env.BASE_URL
    ? undefined
    : {
        command:
          server === 'nginx'
            ? `npx tsx scripts/serve-prod.ts --dir ${siteDir} --port ${port}`
            : `npx docusaurus serve --no-open --host 127.0.0.1 --port ${port} --dir ${siteDir}`,
        url: baseURL,
        reuseExistingServer: !process.env.CI,
        // The first start on a fresh build writes its brotli copies at maximum quality.
        timeout: 180_000,
        gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
      },
});
