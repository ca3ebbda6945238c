/**
 * The production Content-Security-Policy (deploy/nginx/) as a page gets it: in force on the
 * response, and the app started under it. The fixtures fail a test on any violation report.
 */
import type { Page, Response } from '@playwright/test';
import { expect } from './fixtures';
import { parseCsp } from './http';

/** The policy is in force, so "no violation" means something. */
export function expectCsp(response: Response | null): void {
  const csp = parseCsp(response?.headers()['content-security-policy'] ?? undefined);
  expect(csp['script-src']).toContain("'self'");
  expect(csp['script-src']).not.toContain("'unsafe-eval'");
}

/** The client bundle ran and took over the page. */
export async function expectAppStarted(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => 'docusaurus' in window)).toBe(true);
  await expect(page.locator('html')).toHaveAttribute('data-theme', /^(light|dark)$/);
}
