/**
 * The performance benchmark (`npm run bench`): prints, for this machine, cold and warm build
 * time, first-load JS and CSS per page type (raw and gzip), HTML size, search index size, the
 * search figures of scripts/bench-search.ts (relevance, 1× and 10× the pages), and Lighthouse
 * scores (mobile, default simulated throttling, median of three runs) for the home page, a guide
 * and a reference page, and how fast the dev server shows an edit (scripts/bench-dev.ts). The bare
 * classic template is built and measured in the same run (weights, build time, Lighthouse), and
 * ratios are printed. Figures are written to
 * `.tmp/bench/figures.json`, which `npm run bench:check` holds to the budgets.
 *
 *   npm run bench                 # everything (about 5 minutes on 2 cores)
 *   npm run bench -- --skip-build # reuse build/ (no build times, no bare template)
 *   npm run bench -- --skip-dev   # without the dev-server figures
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../playwright.config';
import { startProductionServer } from './lib/production-server';
import { benchDev, type DevFigures } from './bench-dev';
import { lighthouseScores, type LighthouseScores } from './lib/lighthouse';
import { benchPages, searchIndexWeight, weighPage, type PageWeight } from './lib/page-weight';
import { benchSearch, printSearchFigures } from './bench-search';

const root = path.resolve(__dirname, '..');
const benchDir = path.join(root, '.tmp/bench');

const { values: args } = parseArgs({
  options: {
    'skip-build': { type: 'boolean', default: false },
    'skip-dev': { type: 'boolean', default: false },
  },
});

export interface Figures {
  buildColdSeconds?: number;
  buildWarmSeconds?: number;
  bareBuildColdSeconds?: number;
  pages: Record<string, PageWeight>;
  barePage?: PageWeight;
  searchIndex: { files: number; raw: number; gzip: number };
  lighthouse: Record<string, LighthouseScores>;
  /** The bare classic template's home page, for comparison (not held to the budgets). */
  bareLighthouse?: LighthouseScores;
  /** Edits reaching the browser under the dev server (scripts/bench-dev.ts). */
  dev?: DevFigures;
}

function timed(command: string, argv: string[], cwd = root, env: NodeJS.ProcessEnv = {}): number {
  const started = performance.now();
  const run = spawnSync(command, argv, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
  if (run.status !== 0) throw new Error(`${command} ${argv.join(' ')} failed`);
  return (performance.now() - started) / 1000;
}

/** A bare site from the classic template, sharing this project's node_modules. */
function scaffoldBare(): string {
  const bare = path.join(benchDir, 'bare');
  rmSync(bare, { recursive: true, force: true });
  mkdirSync(path.join(bare, 'docs'), { recursive: true });
  mkdirSync(path.join(bare, 'static'), { recursive: true });
  symlinkSync(path.join(root, 'node_modules'), path.join(bare, 'node_modules'));
  writeFileSync(path.join(bare, 'static/.nojekyll'), '');
  writeFileSync(path.join(bare, 'package.json'), '{ "name": "bare", "private": true }\n');
  writeFileSync(
    path.join(bare, 'docusaurus.config.js'),
    `module.exports = {
  title: 'Bare', url: 'https://bare.example', baseUrl: '/', trailingSlash: false,
  i18n: { defaultLocale: 'en', locales: ['en'] },
  presets: [['classic', { docs: { routeBasePath: '/', sidebarPath: undefined }, blog: false }]],
};
`,
  );
  writeFileSync(
    path.join(bare, 'docs/intro.md'),
    `---\nslug: /\n---\n\n# Intro\n\nA page of the bare classic template.\n\n## Section\n\nText.\n`,
  );
  return bare;
}

async function weigh(browser: Browser, url: string): Promise<PageWeight> {
  const context = await browser.newContext();
  try {
    return await weighPage(await context.newPage(), url);
  } finally {
    await context.close();
  }
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

async function main(): Promise<void> {
  mkdirSync(benchDir, { recursive: true });
  const figures: Figures = {
    pages: {},
    searchIndex: { files: 0, raw: 0, gzip: 0 },
    lighthouse: {},
  };
  let bare: string | undefined;
  if (!args['skip-build']) {
    timed('npm', ['run', '--silent', 'gen-api']);
    timed('npx', ['docusaurus', 'clear']);
    figures.buildColdSeconds = timed('npx', ['docusaurus', 'build']);
    figures.buildWarmSeconds = timed('npx', ['docusaurus', 'build']);
    bare = scaffoldBare();
    figures.bareBuildColdSeconds = timed('npx', ['docusaurus', 'build'], bare);
  }

  const build = path.join(root, 'build');
  figures.searchIndex = searchIndexWeight(build);

  const ours = await startProductionServer('build', 4410);
  const bareServer =
    bare && existsSync(path.join(bare, 'build'))
      ? await startProductionServer(path.join(bare, 'build'), 4411)
      : undefined;
  // The servers stop whatever happens: one left running holds its port, and the next run's
  // servers (the 10× site's too) then fail to bind and measure the old one.
  try {
    const browser = await chromium.launch({
      executablePath: chromiumPath,
      args: chromiumArgs,
    });
    try {
      for (const [type, route] of Object.entries(benchPages)) {
        figures.pages[type] = await weigh(browser, `${ours.origin}${route}`);
      }
      if (bareServer) figures.barePage = await weigh(browser, `${bareServer.origin}/`);
    } finally {
      await browser.close();
    }
    for (const type of ['home', 'guide', 'reference'] as const) {
      figures.lighthouse[type] = await lighthouseScores(`${ours.origin}${benchPages[type]}`);
    }
    if (bareServer) figures.bareLighthouse = await lighthouseScores(`${bareServer.origin}/`);
  } finally {
    ours.stop();
    bareServer?.stop();
  }
  // Written now as well: a later step that fails does not lose the page figures.
  writeFileSync(path.join(benchDir, 'figures.json'), `${JSON.stringify(figures, null, 2)}\n`);
  // Relevance, index bytes and latency at 1× and 10× the pages (scripts/bench-search.ts).
  const search = await benchSearch(args['skip-build']);
  if (!args['skip-dev']) figures.dev = await benchDev();

  writeFileSync(path.join(benchDir, 'figures.json'), `${JSON.stringify(figures, null, 2)}\n`);

  const row = (page: string, w: PageWeight) => ({
    page,
    'JS raw': kb(w.jsRaw),
    'JS gzip': kb(w.jsGzip),
    'CSS raw': kb(w.cssRaw),
    'CSS gzip': kb(w.cssGzip),
    'HTML raw': kb(w.htmlRaw),
    'HTML gzip': kb(w.htmlGzip),
    scripts: w.scripts,
  });
  const rows = Object.entries(figures.pages).map(([type, w]) =>
    row(`${type} (${benchPages[type as keyof typeof benchPages]})`, w),
  );
  if (figures.barePage) rows.push(row('bare classic template (/)', figures.barePage));
  console.log('\nFirst load per page type');
  console.table(rows);
  const { guide, reference } = figures.pages;
  console.log(`reference / guide JS (gzip): ${(reference.jsGzip / guide.jsGzip).toFixed(2)}×`);
  if (figures.barePage) {
    console.log(`guide / bare JS (gzip): ${(guide.jsGzip / figures.barePage.jsGzip).toFixed(2)}×`);
    console.log(
      `guide / bare CSS (gzip): ${(guide.cssGzip / figures.barePage.cssGzip).toFixed(2)}×`,
    );
  }
  if (figures.buildColdSeconds !== undefined) {
    console.log(
      `build: cold ${figures.buildColdSeconds.toFixed(1)} s, warm ${figures.buildWarmSeconds!.toFixed(1)} s; ` +
        `bare template cold ${figures.bareBuildColdSeconds!.toFixed(1)} s ` +
        `(${(figures.buildColdSeconds / figures.bareBuildColdSeconds!).toFixed(2)}×)`,
    );
  }
  console.log(
    `search index: ${figures.searchIndex.files} file(s), ${kb(figures.searchIndex.raw)} raw, ${kb(figures.searchIndex.gzip)} gzip`,
  );
  printSearchFigures(search);
  if (figures.dev) {
    const { startSeconds, mdxEditSeconds, specEditSeconds } = figures.dev;
    console.log(
      `\ndev server: first page after ${startSeconds.toFixed(1)} s; an MDX edit shown in ${mdxEditSeconds.toFixed(1)} s, a spec edit in ${specEditSeconds.toFixed(1)} s`,
    );
  }
  const measured = figures.bareLighthouse
    ? { ...figures.lighthouse, 'bare template (/)': figures.bareLighthouse }
    : figures.lighthouse;
  console.log(
    '\nLighthouse (mobile, simulated throttling): scores, and the metrics behind performance',
  );
  const ms = (n: number) => `${Math.round(n)} ms`;
  console.table(
    Object.fromEntries(
      Object.entries(measured).map(([page, s]) => [
        page,
        {
          perf: s.performance,
          a11y: s.accessibility,
          BP: s.bestPractices,
          SEO: s.seo,
          FCP: ms(s.metrics.fcp),
          LCP: ms(s.metrics.lcp),
          TBT: ms(s.metrics.tbt),
          CLS: s.metrics.cls.toFixed(3),
          SI: ms(s.metrics.speedIndex),
        },
      ]),
    ),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
