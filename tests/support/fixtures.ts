import { test as base, expect } from '@playwright/test';

interface GuardOptions {
  /** Console errors whose text matches one of these are expected by the test. */
  expectedConsoleErrors: RegExp[];
}

/**
 * Every test runs under guards a reader would notice the absence of: no console error or
 * uncaught exception, no request to any origin but the site's own (the site calls no backend
 * and loads nothing from third parties), and nothing the Content-Security-Policy refused
 * (which would be a feature broken by the production headers).
 */
export const test = base.extend<GuardOptions & { guards: void; cspViolations: string[] }>({
  expectedConsoleErrors: [[], { option: true }],
  // The page's `securitypolicyviolation` events, as text; a test that provokes one on purpose
  // reads and empties it.
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  cspViolations: async ({}, use) => {
    await use([]);
  },
  guards: [
    async ({ page, baseURL, expectedConsoleErrors, cspViolations }, use) => {
      const origin = new URL(baseURL!).origin;
      const problems: string[] = [];
      await page.exposeFunction('__reportCspViolation', (text: string) => cspViolations.push(text));
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) => {
          const report = (window as unknown as { __reportCspViolation: (t: string) => void })
            .__reportCspViolation;
          report(
            `${e.effectiveDirective} refused ${e.blockedURI || 'inline'} at ` +
              `${e.sourceFile}:${e.lineNumber} ${e.sample}`,
          );
        });
      });
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = message.text();
        if (!expectedConsoleErrors.some((re) => re.test(text))) {
          problems.push(`console error: ${text}`);
        }
      });
      page.on('pageerror', (error) => {
        const text = String(error);
        if (!expectedConsoleErrors.some((re) => re.test(text))) {
          problems.push(`uncaught: ${text}`);
        }
      });
      page.on('request', (request) => {
        const url = request.url();
        if (/^(data|blob|about):/.test(url)) return;
        if (new URL(url).origin !== origin) problems.push(`off-origin request: ${url}`);
      });
      await use();
      problems.push(...cspViolations.map((v) => `CSP violation: ${v}`));
      expect(
        problems,
        'console errors, uncaught errors, off-origin requests, CSP violations',
      ).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
