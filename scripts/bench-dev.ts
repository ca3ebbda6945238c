/**
 * How fast an edit reaches the browser under the dev server (`docusaurus start`): a paragraph
 * added to an MDX page, and an operation's description changed in its OpenAPI spec (which the
 * api-docs plugin regenerates the reference from). Each is timed from the file write to the new
 * text on the page already open in Chromium; both files are restored afterwards.
 *
 *   npm run bench:dev
 *
 * `npm run bench` runs it too and records the figures for `npm run bench:check`.
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';

import { chromiumArgs, chromiumPath } from '../playwright.config';

const root = path.resolve(__dirname, '..');
const port = 4430;
const origin = `http://127.0.0.1:${port}`;

export interface DevFigures {
  /** File write → text on the page, seconds. */
  mdxEditSeconds: number;
  specEditSeconds: number;
  /** From `docusaurus start` to the first page served, seconds. */
  startSeconds: number;
}

async function answering(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`nothing answers at ${url}`);
}

/** Writes `edited` to `file`, waits for `marker` on `page`, restores the file. */
async function timeEdit(page: Page, file: string, edit: (text: string) => string, marker: string) {
  const full = path.join(root, file);
  const original = readFileSync(full, 'utf8');
  const edited = edit(original);
  if (edited === original) throw new Error(`the edit of ${file} changed nothing`);
  try {
    const started = performance.now();
    writeFileSync(full, edited);
    await page.getByText(marker).first().waitFor({ timeout: 120_000 });
    return (performance.now() - started) / 1000;
  } finally {
    writeFileSync(full, original);
  }
}

export async function benchDev(): Promise<DevFigures> {
  const started = performance.now();
  const server = spawn(
    process.execPath,
    [
      require.resolve('@docusaurus/core/bin/docusaurus.mjs'),
      'start',
      '--no-open',
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
    ],
    { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], detached: true },
  );
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    await answering(`${origin}/faqs`, 300_000);
    const startSeconds = (performance.now() - started) / 1000;
    const page = await browser.newPage();
    const marker = `开发服务器测量 ${Date.now().toString(36)}`;

    await page.goto(`${origin}/faqs`);
    await page.locator('article h1').waitFor();
    const mdxEditSeconds = await timeEdit(
      page,
      'docs/tutorial/faqs.mdx',
      (text) => `${text}\n${marker}（MDX）。\n`,
      `${marker}（MDX）`,
    );

    await page.goto(`${origin}/api/user/credit`);
    await page.locator('article h1').waitFor();
    const specEditSeconds = await timeEdit(
      page,
      'api-specs/user.yaml',
      // The operation's summary, its page's heading: the one line of the spec sure to show.
      (text) => text.replace(/^(\s+summary: .+)$/m, `$1（${marker}，规范）`),
      `${marker}，规范`,
    );
    return { startSeconds, mdxEditSeconds, specEditSeconds };
  } finally {
    await browser.close();
    if (server.pid) process.kill(-server.pid, 'SIGTERM');
  }
}

if (require.main === module) {
  benchDev()
    .then((f) =>
      console.log(
        `dev server: start ${f.startSeconds.toFixed(1)} s; MDX edit shown in ${f.mdxEditSeconds.toFixed(1)} s; spec edit shown in ${f.specEditSeconds.toFixed(1)} s`,
      ),
    )
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
