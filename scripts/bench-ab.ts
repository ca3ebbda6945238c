/**
 * Two builds compared on Lighthouse (`npm run bench:ab -- --a <dir> --b <dir>`): each page of
 * each build is measured in turn, A then B, `--runs` times, so both see the same moments of a
 * shared machine; prints per build and page the median and range of the performance score and
 * of the metrics behind it. A change is real when the medians differ by more than the ranges
 * overlap. Use it to measure what one change gains (build the tree with and without it, e.g. in
 * a `git worktree`), as `contributing/performance.md` describes.
 *
 *   npm run bench:ab -- --a ../old/build --b build --runs 7 --pages home,reference
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { lighthouseOnce, type LighthouseScores } from './lib/lighthouse';
import { benchPages } from './lib/page-weight';
import { startProductionServer } from './lib/production-server';

const { values: args } = parseArgs({
  options: {
    a: { type: 'string' },
    b: { type: 'string', default: 'build' },
    runs: { type: 'string', default: '7' },
    pages: { type: 'string', default: 'home,guide,reference' },
  },
});

const pageTypes = args.pages.split(',') as (keyof typeof benchPages)[];
const unknown = pageTypes.filter((t) => !(t in benchPages));
if (!args.a || unknown.length > 0) {
  console.error(
    `usage: npm run bench:ab -- --a <build dir> [--b <build dir>] [--runs 7] [--pages ${Object.keys(benchPages).join(',')}]`,
  );
  process.exit(2);
}
const runs = Number(args.runs);

const median = (xs: number[]) => {
  const s = [...xs].sort((x, y) => x - y);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const spread = (xs: number[], digits = 0) =>
  `${median(xs).toFixed(digits)} (${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)})`;

async function main(): Promise<void> {
  const builds = { A: path.resolve(args.a!), B: path.resolve(args.b) };
  const servers = {
    A: await startProductionServer(builds.A, 4420),
    B: await startProductionServer(builds.B, 4421),
  };
  const results: Record<string, LighthouseScores[]> = {};
  try {
    for (let i = 0; i < runs; i += 1) {
      for (const type of pageTypes) {
        for (const which of ['A', 'B'] as const) {
          const key = `${which} ${type}`;
          const scores = await lighthouseOnce(`${servers[which].origin}${benchPages[type]}`);
          (results[key] ??= []).push(scores);
          console.log(`run ${i + 1}/${runs} ${key}: ${scores.performance}`);
        }
      }
    }
  } finally {
    servers.A.stop();
    servers.B.stop();
  }
  console.log(`\nA = ${builds.A}\nB = ${builds.B}\nmedian (min–max) of ${runs} runs each`);
  console.table(
    Object.entries(results).map(([key, rs]) => ({
      'build page': key,
      perf: spread(rs.map((r) => r.performance)),
      'FCP ms': spread(rs.map((r) => r.metrics.fcp)),
      'LCP ms': spread(rs.map((r) => r.metrics.lcp)),
      'TBT ms': spread(rs.map((r) => r.metrics.tbt)),
    })),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
