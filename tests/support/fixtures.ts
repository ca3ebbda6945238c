import { test as base, expect } from '@playwright/test';

interface GuardOptions {
  /** Console errors whose text matches one of these are expected by the test. */
  expectedConsoleErrors: RegExp[];
}

/**
 * Every test runs under two guards a reader would notice the absence of: no console error or
 * uncaught exception, and no request to any origin but the site's own (the site calls no
 * backend and loads nothing from third parties).
 */
export const test = base.extend<GuardOptions & { guards: void }>({
  expectedConsoleErrors: [[], { option: true }],
  guards: [
    async ({ page, baseURL, expectedConsoleErrors }, use) => {
      const origin = new URL(baseURL!).origin;
      const problems: string[] = [];
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
      expect(problems, 'console errors, uncaught errors or off-origin requests').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
