/**
 * The guides say exactly what their examples print (src/data/sampleOutputs.ts, rendered by
 * <SampleOutput />): each example, taken as the built page shows it, runs against the HTTP mock
 * once answered 200 and once answered 400, and what it prints on stdout and stderr, line by line,
 * is what the built page's output blocks say. A `<…>` of a block matches any value.
 */
import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { load } from 'cheerio';
import { test, expect } from '@playwright/test';

import {
  placeholders,
  repeatLine,
  sampleOutputs,
  type OutputCase,
  type OutputStream,
  type SampleOutput,
} from '../../src/data/sampleOutputs';
import { examplesDir, python } from '../support/examples';
import { codeBlocksOf } from './collect';
import { referenceWav } from './harness';
import { root } from './http-mock';
import { useHttpMock } from './mock-fixture';
import { revokedKey, startWebsocketMock } from '../mock/websocket-mock';

const site = path.resolve(root, process.env.SITE_DIR ?? 'build');
const { record } = useHttpMock('guide-output');

/** Every built page's HTML, by route (the reference's assets left out). */
function builtPages(): Map<string, string> {
  const pages = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'assets') walk(full);
      } else if (entry.name.endsWith('.html')) {
        const route = `/${path.relative(site, full).replace(/(index)?\.html$/, '')}`;
        pages.set(route.replace(/(.)\/$/, '$1'), readFileSync(full, 'utf8'));
      }
    }
  };
  walk(site);
  return pages;
}

/** The output blocks a built page shows for one example group: case → stream → lines. */
function shownOutput(html: string, name: string) {
  const $ = load(html);
  const shown: Partial<Record<OutputCase, Partial<Record<OutputStream, string[]>>>> = {};
  $(`[data-sample-output="${name}"] [data-case][data-stream]`).each((_, el) => {
    const c = $(el).attr('data-case') as OutputCase;
    const s = $(el).attr('data-stream') as OutputStream;
    const [block] = codeBlocksOf($.html(el));
    (shown[c] ??= {})[s] = block.code.split('\n');
  });
  return shown;
}

const normalise = (code: string) => code.replace(/\s+$/gm, '').trim();
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const placeholderPattern = new RegExp(
  Object.values(placeholders)
    .map((p) => escape(p))
    .join('|'),
  'g',
);

/** A printed line against a shown one: equal, each `<…>` standing for one value of its own. */
const linePattern = (shown: string) => shown.split(placeholderPattern).map(escape).join('(.+?)');

export function lineMatches(shown: string, printed: string): boolean {
  return new RegExp(`^${linePattern(shown)}$`).test(printed);
}

/**
 * All the printed lines against a block's, in order; a `…` line says the line above may come
 * any number of times, none included.
 */
export function linesMatch(shown: readonly string[], printed: readonly string[]): boolean {
  const parts = shown.map((line, i) =>
    shown[i + 1] === repeatLine ? `(?:${linePattern(line)}\\n)*` : `${linePattern(line)}\\n`,
  );
  const pattern = parts.filter((_, i) => shown[i] !== repeatLine).join('');
  return new RegExp(`^${pattern}$`).test(printed.map((l) => `${l}\n`).join(''));
}

const runners: Record<string, { command: string[]; file: string }> = {
  '.py': { command: [python], file: 'sample.py' },
  '.mjs': { command: [process.execPath], file: 'sample.mjs' },
  '.sh': { command: ['bash'], file: 'sample.sh' },
};

/**
 * The clone examples poll every 5 s; the run shrinks the interval (the same loop; the mock's
 * clone is ready at the first round). bash's arithmetic is whole seconds: 0 there.
 */
const fasterPolling = (code: string): string =>
  code
    .replace(/^POLL_INTERVAL = [\d.]+/m, 'POLL_INTERVAL = 0.05')
    .replace(/^const POLL_INTERVAL_MS = [\d_]+;/m, 'const POLL_INTERVAL_MS = 50;')
    .replace(/^POLL_INTERVAL=\d+/m, 'POLL_INTERVAL=0');

function run(example: string, code: string, env: Record<string, string>) {
  const runner = runners[path.extname(example)];
  const cwd = mkdtempSync(path.join(tmpdir(), 'guide-output-'));
  writeFileSync(path.join(cwd, 'reference.wav'), referenceWav());
  writeFileSync(path.join(cwd, runner.file), code);
  // What `npm install ws` gives a reader: the site's own copy of the package.
  if (example.endsWith('.mjs'))
    symlinkSync(path.join(root, 'node_modules'), path.join(cwd, 'node_modules'));
  return new Promise<{ status: number | null; stdout: string; stderr: string; cwd: string }>(
    (resolve) => {
      const child = spawn(runner.command[0], [...runner.command.slice(1), runner.file], {
        cwd,
        env: {
          ...process.env,
          PYTHONDONTWRITEBYTECODE: '1',
          VOXLOOM_API_KEY: 'sk-test-guide-output',
          ...env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      child.on('close', (status) => {
        clearTimeout(timer);
        resolve({ status, stdout, stderr, cwd });
      });
    },
  );
}

const linesOf = (text: string) => (text.trimEnd() === '' ? [] : text.trimEnd().split('\n'));

test('a printed line matches a shown one only as written, each <…> one value', () => {
  expect(lineMatches('请求 ID：<请求 ID>', '请求 ID：req_mock_1')).toBe(true);
  expect(lineMatches('已保存 hello.mp3（<字节数> 字节）', '已保存 hello.mp3（12 字节）')).toBe(
    true,
  );
  expect(lineMatches('已保存 hello.mp3（<字节数> 字节）', '已保存 hello.wav（12 字节）')).toBe(
    false,
  );
  expect(lineMatches('请求 ID：<请求 ID>', '请求 ID：')).toBe(false);
  expect(lineMatches('status=ready', 'status=ready ')).toBe(false);
  const turn = ['[a] <序号>', '…', '[a] 完成'];
  expect(linesMatch(turn, ['[a] 1', '[a] 2', '[a] 3', '[a] 完成'])).toBe(true);
  expect(linesMatch(turn, ['[a] 1', '[a] 完成'])).toBe(true);
  expect(linesMatch(turn, ['[a] 完成'])).toBe(true);
  expect(linesMatch(turn, ['[a] 1', '[b] 2', '[a] 完成'])).toBe(false);
  expect(linesMatch(turn, ['[a] 1', '[a] 完成', '[b]'])).toBe(false);
});

const pages = builtPages();
for (const [name, output] of Object.entries(sampleOutputs) as [string, SampleOutput][]) {
  test.describe(`${name}: what the guide says its examples print`, () => {
    // The built HTML is minified: the attribute's value may go without quotes.
    const shows = new RegExp(`data-sample-output="?${name}[\\s">]`);
    const [route, html] = [...pages].find(([, h]) => shows.test(h)) ?? [];

    test('a built page shows the lines of the data module, and the examples as they are', () => {
      expect(route, `no built page shows the output of ${name}`).toBeDefined();
      const shown = shownOutput(html!, name);
      expect(shown).toEqual(output.cases);
      const blocks = codeBlocksOf(html!, site).map((b) => normalise(b.code));
      for (const example of output.examples) {
        const source = normalise(readFileSync(path.join(examplesDir, example), 'utf8'));
        expect(blocks, `${route} shows ${example}`).toContain(source);
      }
    });

    for (const example of output.examples) {
      for (const outcome of ['success', 'error'] as const) {
        test(`${example}, as the page shows it, prints what the page says on ${outcome}`, async () => {
          expect(route).toBeDefined();
          const source = normalise(readFileSync(path.join(examplesDir, example), 'utf8'));
          // The page's text of the example (its code lines), not the file.
          const code = codeBlocksOf(html!, site).find((b) => normalise(b.code) === source)!.code;
          const websocket = output.operation === 'websocket';
          const r = websocket ? undefined : await record();
          const ws = websocket ? await startWebsocketMock() : undefined;
          if (outcome === 'error') {
            r?.fault(output.operation, { fail: { status: 400, when: 'before' } });
          }
          const env: Record<string, string> = r
            ? { VOXLOOM_API_BASE: r.origin }
            : { VOXLOOM_WS_BASE: ws!.url };
          // A websocket client meets an error at its handshake: a revoked key, refused with 401.
          if (ws && outcome === 'error') env.VOXLOOM_API_KEY = revokedKey;
          const result = await run(example, `${fasterPolling(code)}\n`, env).finally(() =>
            ws?.close(),
          );
          const log = `${example} (${outcome}):\n${result.stdout}\n${result.stderr}`;
          if (outcome === 'success') expect(result.status, log).toBe(0);
          else expect(result.status, log).not.toBe(0);
          const shown = shownOutput(html!, name)[outcome] ?? {};
          for (const stream of ['stdout', 'stderr'] as const) {
            const printed = linesOf(stream === 'stdout' ? result.stdout : result.stderr);
            const expected = shown[stream] ?? [];
            expect(linesMatch(expected, printed), `${stream}\n${log}`).toBe(true);
          }
          if (output.file) {
            expect(existsSync(path.join(result.cwd, output.file))).toBe(outcome === 'success');
          }
          // The error case met the mock's 400 and nothing else was sent after it.
          if (r && outcome === 'error') {
            expect(r.requests.map((q) => [q.operationId, q.status])).toEqual([
              [output.operation, 400],
            ]);
          }
        });
      }
    }
  });
}
