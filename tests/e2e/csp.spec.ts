/**
 * The site under its production Content-Security-Policy (deploy/nginx/): the not-found page and
 * the code that loads on demand run with no violation (the fixtures fail any test on one), and
 * what the policy refuses is refused. Every route: tests/e2e/every-route.spec.ts.
 */
import { test, expect } from '../support/fixtures';
import { expectAppStarted, expectCsp } from '../support/csp';
import { server } from '../../playwright.config';
import { hydrated } from '../support/hydration';

test.skip(server !== 'nginx', 'docusaurus serve sends no Content-Security-Policy');

test.describe('the not-found page', () => {
  test.use({ expectedConsoleErrors: [/status of 404/] });
  test('/nope runs under the CSP', async ({ page }) => {
    expectCsp(await page.goto('/nope'));
    await expectAppStarted(page);
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
    `"text": "改写后的文本"`,
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
