/**
 * The site under its production Content-Security-Policy (deploy/nginx/): every route runs with
 * no violation (the fixtures fail any test on one), including the code that loads on demand.
 */
import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { allRoutes } from '../support/routes';
import { parseCsp } from '../support/http';
import { server } from '../../playwright.config';
import { hydrated } from '../support/hydration';

test.skip(server !== 'nginx', 'docusaurus serve sends no Content-Security-Policy');

async function runsUnderCsp(page: Page, route: string): Promise<void> {
  const response = await page.goto(route);
  const csp = parseCsp((await response?.headerValue('content-security-policy')) ?? undefined);
  // The policy is in force, so "no violation" means something.
  expect(csp['script-src']).toContain("'self'");
  expect(csp['script-src']).not.toContain("'unsafe-eval'");
  // The client bundle ran and took over the page.
  await expect.poll(() => page.evaluate(() => 'docusaurus' in window)).toBe(true);
  await expect(page.locator('html')).toHaveAttribute('data-theme', /^(light|dark)$/);
}

test.describe('every route runs under the CSP without a violation', () => {
  for (const route of allRoutes) {
    test(route, async ({ page }) => {
      await runsUnderCsp(page, route);
    });
  }

  test.describe('the not-found page', () => {
    test.use({ expectedConsoleErrors: [/status of 404/] });
    test('/nope', async ({ page }) => {
      await runsUnderCsp(page, '/nope');
    });
  });
});

test('the live request editor edits the body and regenerates the samples without eval', async ({
  page,
}) => {
  await page.goto('/api/speech/post');
  await hydrated(page);
  await page.getByRole('button', { name: '修改请求参数并重新生成代码' }).click();
  const editor = page.locator('.openapi-explorer__playground-editor').first();
  await expect(editor).toContainText('"voice_id"');
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('{"text": "改写后的文本"}');
  await expect(page.locator('pre code').filter({ hasText: 'curl' }).first()).toContainText(
    `-d '{"text": "改写后的文本"}'`,
  );
});

test.describe('what the CSP refuses', () => {
  test.use({ expectedConsoleErrors: [/Content Security Policy/] });

  test('an injected inline script, and eval in the site’s own script, do not run, and are reported', async ({
    page,
    cspViolations,
  }) => {
    // A same-origin script that tries eval (the site's own scripts are allowed; eval is not).
    await page.route('**/csp-probe.js', (route) =>
      route.fulfill({
        contentType: 'application/javascript',
        body: 'try { window.__evaluated = eval("true"); } catch (e) { window.__evaluated = false; }',
      }),
    );
    await page.goto('/faqs');
    await expect.poll(() => page.evaluate(() => 'docusaurus' in window)).toBe(true);
    expect(cspViolations).toEqual([]);
    await page.evaluate(() => {
      const inline = document.createElement('script');
      inline.textContent = 'window.__injected = true';
      document.body.append(inline);
      const probe = document.createElement('script');
      probe.src = '/csp-probe.js';
      document.body.append(probe);
    });
    await expect
      .poll(() => page.evaluate(() => (window as { __evaluated?: boolean }).__evaluated))
      .toBe(false);
    expect(await page.evaluate(() => '__injected' in window)).toBe(false);
    await expect.poll(() => cspViolations.length).toBe(2);
    expect(cspViolations[0]).toMatch(/^script-src-elem refused inline/);
    expect(cspViolations[1]).toMatch(/^script-src refused eval at .*\/csp-probe\.js/);
    // Seen and expected: not a failure of this test.
    cspViolations.length = 0;
  });
});
