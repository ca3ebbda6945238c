/**
 * What each performance patch of another package's internals gains (`npm run bench:patches`):
 * for each, a build without it (BENCH_WITHOUT=<name>, read by docusaurus.config.ts) in
 * .tmp/bench/without-<name>, compared with `build/` on the pages it claims to speed up, the two
 * measured in turn `--runs` times on Lighthouse (as `npm run bench:ab`), plus the first-load
 * bytes. A gain counts when the medians differ by more than the two ranges overlap. Figures go to
 * .tmp/bench/patches.json; the table in contributing/architecture.md quotes them.
 *
 *   npm run build && npm run bench:patches                       # every patch, 7 runs each
 *   npm run bench:patches -- --only lazy-prism --runs 9
 *   npm run bench:patches -- --with .tmp/bench/with-all   # a copy of build/, left alone meanwhile
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../playwright.config';
import { lighthouseOnce, type LighthouseScores } from './lib/lighthouse';
import { benchPages, weighPage, type PageType } from './lib/page-weight';
import { startProductionServer } from './lib/production-server';

/** Each patch that claims speed, and the pages where it claims it. */
const patches: Record<string, PageType[]> = {
  'lazy-prism': ['guide'],
  'browser-context': ['reference'],
  'route-prefetch': ['guide'],
  'openapi-sha1': ['reference'],
};

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '7' },
    only: { type: 'string' },
    'skip-build': { type: 'boolean', default: false },
    // The build with every patch; another folder than build/ lets the site be rebuilt meanwhile.
    with: { type: 'string', default: 'build' },
  },
});
const runs = Number(args.runs);
const names = args.only ? args.only.split(',') : Object.keys(patches);
const unknown = names.filter((n) => !(n in patches));
if (unknown.length > 0) {
  console.error(`unknown patch: ${unknown.join(', ')}; known: ${Object.keys(patches).join(', ')}`);
  process.exit(2);
}

const root = path.resolve(__dirname, '..');
const benchDir = path.join(root, '.tmp/bench');

const median = (xs: number[]) => {
  const s = [...xs].sort((x, y) => x - y);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const range = (xs: number[]) => [Math.min(...xs), Math.max(...xs)] as const;
const spread = (xs: number[]) =>
  `${median(xs).toFixed(0)} (${range(xs)[0].toFixed(0)}–${range(xs)[1].toFixed(0)})`;

/** The gain of B (with the patch) over A (without), and whether it is beyond the overlap. */
function verdict(without: number[], withPatch: number[], higherIsBetter: boolean): string {
  const gain = (median(withPatch) - median(without)) * (higherIsBetter ? 1 : -1);
  const [aLow, aHigh] = range(without);
  const [bLow, bHigh] = range(withPatch);
  const overlap = Math.max(0, Math.min(aHigh, bHigh) - Math.max(aLow, bLow));
  const real = Math.abs(gain) > overlap;
  return `${gain >= 0 ? '+' : ''}${gain.toFixed(0)} (${real ? 'beyond' : 'within'} the overlap ${overlap.toFixed(0)})`;
}

async function firstLoadJsGzip(buildDir: string, route: string): Promise<number> {
  const server = await startProductionServer(buildDir, 4431);
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const page = await browser.newPage();
    return (await weighPage(page, `${server.origin}${route}`)).jsGzip;
  } finally {
    await browser.close();
    server.stop();
  }
}

async function main(): Promise<void> {
  mkdirSync(benchDir, { recursive: true });
  const withAll = path.resolve(root, args.with);
  const report: Record<string, unknown> = {};
  const rows: Record<string, string>[] = [];
  for (const name of names) {
    const without = path.join(benchDir, `without-${name}`);
    if (!args['skip-build']) {
      console.log(`\n== build without ${name}`);
      const build = spawnSync('npx', ['docusaurus', 'build', '--out-dir', without], {
        cwd: root,
        stdio: 'inherit',
        env: { ...process.env, BENCH_WITHOUT: name },
      });
      if (build.status !== 0) throw new Error(`the build without ${name} failed`);
    }
    const servers = {
      A: await startProductionServer(without, 4432),
      B: await startProductionServer(withAll, 4433),
    };
    const scores: Record<string, LighthouseScores[]> = {};
    try {
      for (let i = 0; i < runs; i += 1) {
        for (const type of patches[name]) {
          for (const which of ['A', 'B'] as const) {
            const s = await lighthouseOnce(`${servers[which].origin}${benchPages[type]}`);
            (scores[`${which} ${type}`] ??= []).push(s);
            console.log(`${name} run ${i + 1}/${runs} ${which} ${type}: ${s.performance}`);
          }
        }
      }
    } finally {
      servers.A.stop();
      servers.B.stop();
    }
    for (const type of patches[name]) {
      const a = scores[`A ${type}`];
      const b = scores[`B ${type}`];
      const jsA = await firstLoadJsGzip(without, benchPages[type]);
      const jsB = await firstLoadJsGzip(withAll, benchPages[type]);
      const row = {
        patch: name,
        page: type,
        'perf without → with': `${spread(a.map((s) => s.performance))} → ${spread(b.map((s) => s.performance))}`,
        'perf gain': verdict(
          a.map((s) => s.performance),
          b.map((s) => s.performance),
          true,
        ),
        'TBT ms without → with': `${spread(a.map((s) => s.metrics.tbt))} → ${spread(b.map((s) => s.metrics.tbt))}`,
        'TBT gain ms': verdict(
          a.map((s) => s.metrics.tbt),
          b.map((s) => s.metrics.tbt),
          false,
        ),
        'first-load JS gzip KB': `${(jsA / 1024).toFixed(1)} → ${(jsB / 1024).toFixed(1)}`,
      };
      rows.push(row);
      report[`${name} ${type}`] = { ...row, runs, scores };
    }
  }
  console.log(`\nmedian (min–max) of ${runs} runs each, without the patch → with it`);
  console.table(rows);
  writeFileSync(path.join(benchDir, 'patches.json'), JSON.stringify(report, null, 2));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
