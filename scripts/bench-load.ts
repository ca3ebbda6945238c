/**
 * Load benchmark of production serving: starts nginx (scripts/serve-prod.ts) on loopback for a
 * build, then runs autocannon against a page and a hashed asset for a bounded time each, as a
 * browser asks for them (brotli accepted), and prints requests per second, p99 latency and
 * errors. A figure to read, never a pass/fail test.
 *
 *   npm run bench:load                                  # build/, 10 s per target
 *   npm run bench:load -- --dir .tmp/x-build --seconds 5 --connections 20 --workers 1
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startProductionServer } from './lib/production-server';

const root = path.resolve(__dirname, '..');
const { values: args } = parseArgs({
  options: {
    dir: { type: 'string', default: 'build' },
    port: { type: 'string', default: '4180' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    // autocannon, not nginx, runs out of CPU first on a small machine: one thread per core.
    workers: { type: 'string', default: String(availableParallelism()) },
  },
});
const seconds = Math.min(Math.max(Number(args.seconds), 1), 60);

/** The part of autocannon's --json report printed here. */
interface Report {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; max: number };
  throughput: { average: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}

function autocannon(url: string): Promise<Report> {
  return new Promise((resolve, reject) => {
    const run = spawn(
      path.join(root, 'node_modules/.bin/autocannon'),
      [
        '--json',
        ...['-c', args.connections, '-w', args.workers, '-d', String(seconds)],
        ...['-H', 'Accept-Encoding=br, gzip'],
        url,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    run.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    run.on('error', reject);
    run.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out) as Report) : reject(new Error(`autocannon: ${code}`)),
    );
  });
}

async function main(): Promise<void> {
  const html = readFileSync(path.join(root, args.dir, 'index.html'), 'utf8');
  const asset = /href="(\/assets\/js\/main\.[0-9a-f]+\.js)"/.exec(html)?.[1];
  if (!asset) throw new Error('no main bundle in index.html');
  const targets = [
    { name: 'page /faqs', path: '/faqs' },
    { name: `asset ${asset}`, path: asset },
  ];

  const server = await startProductionServer(args.dir, Number(args.port));
  try {
    console.log(
      `nginx on ${server.origin}; autocannon: ${args.connections} connections, ${args.workers} workers, ` +
        `${seconds} s per target, ` +
        'Accept-Encoding: br, gzip',
    );
    const rows = [];
    for (const target of targets) {
      const report = await autocannon(server.origin + target.path);
      rows.push({
        target: target.name,
        'req/s': Math.round(report.requests.average),
        'p50 ms': report.latency.p50,
        'p99 ms': report.latency.p99,
        'MB/s': +(report.throughput.average / 1e6).toFixed(1),
        requests: report.requests.total,
        errors: report.errors + report.timeouts,
        'non-2xx': report.non2xx,
      });
    }
    console.table(rows);
  } finally {
    server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
