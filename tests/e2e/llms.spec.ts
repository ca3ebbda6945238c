/**
 * The "复制页面" control: it fetches nothing until clicked, then puts the page's Markdown form on
 * the clipboard and says so; its links open the Markdown form and llms.txt.
 */
import { test, expect } from '../support/fixtures';
import { llmsTxtPath, markdownPathOf } from '../../src/data/llms';

// A guide with tabs and tables, and an operation page of the generated reference.
for (const route of ['/guides/contexts', '/api/voices/get']) {
  test(`复制页面 copies the Markdown of ${route}`, async ({ page, context, request, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    const fetched: string[] = [];
    page.on('request', (r) => {
      if (/\.md$|llms/.test(new URL(r.url()).pathname)) fetched.push(r.url());
    });
    await page.goto(route);
    await page.waitForLoadState('networkidle');

    const control = page.getByRole('group', { name: '本页的 Markdown 版本' });
    const button = control.getByRole('button', { name: '复制页面' });
    await expect(button).toBeVisible();
    await expect(control.getByRole('link', { name: '查看 Markdown' })).toHaveAttribute(
      'href',
      markdownPathOf(route),
    );
    await expect(control.getByRole('link', { name: 'llms.txt' })).toHaveAttribute(
      'href',
      llmsTxtPath,
    );
    expect(fetched, 'nothing is fetched before the click').toEqual([]);

    // Empty the clipboard, so that only the click can fill it.
    await page.evaluate(() => navigator.clipboard.writeText(''));
    await button.click();
    await expect(control.getByRole('status')).toHaveText('已复制到剪贴板');
    const copied = await page.evaluate(() => navigator.clipboard.readText());

    const response = await request.get(markdownPathOf(route));
    expect(response.status()).toBe(200);
    const markdown = await response.text();
    expect(markdown).toMatch(/^# \S/);
    expect(copied).toBe(markdown);
    const title = (await page.locator('article h1').first().textContent())?.trim();
    expect(copied.split('\n')[0]).toBe(`# ${title}`);
  });
}

test('the files are served as UTF-8 text', async ({ request }) => {
  for (const [pathname, type] of [
    ['/faqs.md', 'text/(markdown|plain)'],
    ['/index.md', 'text/(markdown|plain)'],
    [llmsTxtPath, 'text/plain'],
    ['/llms-full.txt', 'text/plain'],
  ]) {
    const response = await request.get(pathname);
    expect(response.status(), pathname).toBe(200);
    expect(response.headers()['content-type'], pathname).toMatch(
      new RegExp(`^${type}; ?charset=utf-8$`, 'i'),
    );
  }
});

test('the Markdown link opens the page’s Markdown form', async ({ page, baseURL }) => {
  await page.goto('/faqs');
  const link = page.getByRole('link', { name: '查看 Markdown' });
  const [opened] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
  await opened.waitForLoadState();
  expect(opened.url()).toBe(`${baseURL}/faqs.md`);
  await expect(opened.locator('body')).toContainText('# 常见问题');
});

test('browsers without ClipboardItem get the Markdown through writeText', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await page.addInitScript(() => {
    delete (window as { ClipboardItem?: unknown }).ClipboardItem;
  });
  await page.goto('/faqs');
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => navigator.clipboard.writeText(''));
  const control = page.getByRole('group', { name: '本页的 Markdown 版本' });
  await control.getByRole('button', { name: '复制页面' }).click();
  await expect(control.getByRole('status')).toHaveText('已复制到剪贴板');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(await (await request.get('/faqs.md')).text());
});

test.describe('when the Markdown cannot be fetched', () => {
  // The browser logs the failed request; the control's own message is what is under test.
  test.use({ expectedConsoleErrors: [/status of 404/] });

  test('a failed copy says so', async ({ page, context, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await page.route('**/*.md', (route) => route.fulfill({ status: 404, body: 'not found' }));
    await page.goto('/faqs');
    await page.waitForLoadState('networkidle');
    const control = page.getByRole('group', { name: '本页的 Markdown 版本' });
    await control.getByRole('button', { name: '复制页面' }).click();
    await expect(control.getByRole('status')).toHaveText('复制失败，请打开 Markdown 手动复制');
  });
});
