/**
 * The clone samples as programs, run against the HTTP mock: the reference page's samples as the
 * built site shows them (python and curl, which need no build) and the clone guide's example.
 * They make a new key per clone and print it, take a rerun's key from VOXLOOM_IDEMPOTENCY_KEY,
 * and poll a clone as the polling rule says. The full matrix of languages runs in the harness.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test, expect } from '@playwright/test';
import { useHttpMock } from './mock-fixture';

import { deployment } from '../../src/data/deployment';
import { limit } from '../../src/data/limits';
import { pollingPolicy } from '../../src/data/retryPolicy';
import { examplesDir } from '../support/examples';
import { operationPages } from '../support/operations';
import { htmlFileOf, samplesOfPage } from './collect';
import { exec } from './exec';
import { referenceWav } from './harness';
import { accepted, root, type AccountOptions, type Recorder } from './http-mock';

const apiKey = 'sk-test-samples';
/** A version 4 UUID, as the samples make them. */
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

const { record, mock } = useHttpMock('http-samples');

async function recorder(options: AccountOptions = {}): Promise<Recorder> {
  return record(options);
}

/** Runs a program in a new directory beside `reference.wav`, against the recorder. */
async function run(
  r: Recorder,
  command: string[],
  file: string,
  code: string,
  env: Record<string, string> = {},
) {
  const dir = mkdtempSync(path.join(tmpdir(), 'http-sample-'));
  writeFileSync(path.join(dir, 'reference.wav'), referenceWav());
  writeFileSync(path.join(dir, file), code.replaceAll(deployment.httpApiOrigin, r.origin));
  return exec(command[0], [...command.slice(1), file], {
    cwd: dir,
    env: {
      ...process.env,
      PYTHONDONTWRITEBYTECODE: '1',
      VOXLOOM_API_KEY: apiKey,
      VOXLOOM_API_BASE: r.origin,
      ...env,
    },
    timeoutMs: 30_000,
  });
}

/** The clone page's sample in a language, as the built site shows it. */
function cloneSample(language: string): string {
  const page = operationPages().find((p) => p.operationId === 'createVoice')!;
  const site = path.join(root, process.env.SITE_DIR ?? 'build');
  const html = readFileSync(htmlFileOf(site, page.route), 'utf8');
  return samplesOfPage(site, html).find((s) => s.language === language)!.code;
}

const samples: [string, string[], string][] = [
  ['python', ['/usr/bin/python3'], 'sample.py'],
  ['curl', ['bash'], 'sample.sh'],
];

for (const [language, command, file] of samples) {
  test(`the ${language} clone sample sends a new UUID as its key each run and prints it; a rerun takes VOXLOOM_IDEMPOTENCY_KEY (D14, D40)`, async () => {
    const code = cloneSample(language);
    const r = await recorder();
    const runs = [await run(r, command, file, code), await run(r, command, file, code)];
    for (const result of runs) expect(result.status, result.output).toBe(0);
    const keys = r.requests.map((q) => q.idempotencyKey);
    expect(r.requests.map((q) => [q.operationId, accepted(q)])).toEqual([
      ['createVoice', true],
      ['createVoice', true],
    ]);
    // A fresh UUID each run, never a literal, never the spec's example; printed for a rerun.
    for (const [i, key] of keys.entries()) {
      expect(key).toMatch(uuid);
      expect(key).not.toBe(mock().idempotencyKeyExample);
      expect(runs[i].output).toContain(key!);
    }
    expect(keys[0]).not.toBe(keys[1]);
    // The rerun the sample prints: the same key, so the same voice comes back.
    const first = JSON.parse(/\{.*\}/s.exec(runs[0].output)![0]) as { voice_id: string };
    const rerun = await run(r, command, file, code, { VOXLOOM_IDEMPOTENCY_KEY: keys[0]! });
    expect(rerun.status, rerun.output).toBe(0);
    expect(r.requests.at(-1)!.idempotencyKey).toBe(keys[0]);
    expect(rerun.output).toContain(first.voice_id);
  });
}

/** The clone guide's python example, its polling numbers shrunk for a test (the same loop). */
function cloneExample(intervalSeconds: number, maxPolls: number): string {
  const source = readFileSync(path.join(examplesDir, 'clone/clone.py'), 'utf8');
  const scaled = source
    .replace(/^POLL_INTERVAL = [\d.]+/m, `POLL_INTERVAL = ${intervalSeconds}`)
    .replace(/^MAX_POLLS = \d+/m, `MAX_POLLS = ${maxPolls}`);
  expect(scaled).not.toBe(source);
  return scaled;
}

const statusLines = (output: string) => output.match(/^status=\w+$/gm) ?? [];
const polls = (r: Recorder) => r.requests.filter((q) => q.operationId === 'getVoice');

test('the clone example polls at its interval until `ready`, printing each status change once (D24)', async () => {
  // Long enough for several rounds even on a loaded machine (at 450 ms one run saw a single one).
  const r = await recorder({ cloneMs: 1500 });
  const result = await run(r, ['/usr/bin/python3'], 'clone.py', cloneExample(0.1, 20));
  expect(result.status, result.output).toBe(0);
  // Several rounds saw `processing`; only the change to `ready` is printed.
  expect(polls(r).length).toBeGreaterThan(2);
  expect(statusLines(result.output)).toEqual(['status=ready']);
  for (const [i, poll] of polls(r).entries()) {
    if (i > 0) expect(poll.at - polls(r)[i - 1].at).toBeGreaterThanOrEqual(100);
  }
  // Then it speaks with the new voice.
  expect(r.requests.at(-1)).toMatchObject({ operationId: 'createSpeech', status: 200 });
});

test('the clone example prints a failed clone’s reason and exits non-zero; Retry-After delays its next round (D24, D38)', async () => {
  const reason = '参考录音中有多个说话人。';
  const r = await recorder({ cloneMs: 250, cloneFailure: reason });
  // The first round meets a 503: the next one waits its Retry-After, not the interval.
  r.fault('getVoice', { fail: { status: 503, when: 'before' } });
  const result = await run(r, ['/usr/bin/python3'], 'clone.py', cloneExample(0.1, 20));
  expect(result.status, result.output).not.toBe(0);
  expect(result.output).toContain(reason);
  expect(statusLines(result.output)).toEqual(['status=failed']);
  const [refused, next] = polls(r);
  expect(refused.status).toBe(503);
  expect(next.at - refused.at).toBeGreaterThanOrEqual(1000);
});

test('the clone example stops after its rounds, says the voice is not ready and exits non-zero (D24)', async () => {
  const r = await recorder({ cloneMs: 10 * 60_000 });
  const result = await run(r, ['/usr/bin/python3'], 'clone.py', cloneExample(0.05, 3));
  expect(result.status, result.output).not.toBe(0);
  expect(result.output).toContain('查询 3 次后仍未就绪');
  expect(polls(r)).toHaveLength(3);
  expect(statusLines(result.output)).toEqual([]);
  // The real numbers: one round past the processing-time limit.
  expect(pollingPolicy.maxRounds * pollingPolicy.intervalMs).toBeGreaterThan(
    limit('cloneProcessingTime').value * 60_000,
  );
});

test('a clone is answered as soon as its body has arrived, however long cloning takes; the example waits for that (D94)', async () => {
  const r = await recorder({ cloneMs: 10 * 60_000 });
  const answerMs = limit('cloneResponseTime').value * 1000;
  // A slow upload: the body's parts arrive over half a second.
  const form = new FormData();
  for (const [k, v] of Object.entries({ name: '客服小林', language: 'zh', consent: 'true' })) {
    form.append(k, v);
  }
  form.append('audio', new Blob([new Uint8Array(referenceWav())]), 'a.wav');
  const encoded = new Response(form);
  const type = encoded.headers.get('content-type')!;
  const body = Buffer.from(await encoded.arrayBuffer());
  let sentAt = 0;
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      for (let i = 0; i < body.length; i += 64 * 1024) {
        controller.enqueue(new Uint8Array(body.subarray(i, i + 64 * 1024)));
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      sentAt = Date.now();
      controller.close();
    },
  });
  const response = await fetch(`${r.origin}/v1/voices`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': type },
    body: stream,
    duplex: 'half',
  } as RequestInit);
  const answeredAt = Date.now();
  expect(response.status).toBe(201);
  // Cloning runs in the background: the answer says `processing`, well within the limit.
  expect(((await response.json()) as { status: string }).status).toBe('processing');
  expect(answeredAt - sentAt).toBeLessThan(answerMs);
  // The example's read timeout covers the server's answer time.
  const source = readFileSync(path.join(examplesDir, 'clone/clone.py'), 'utf8');
  const post = source.slice(source.indexOf('f"{API_BASE}/v1/voices"'));
  const [, , read] = /timeout=\((\d+), (\d+)\)/.exec(post)!;
  expect(Number(read) * 1000).toBeGreaterThanOrEqual(answerMs);
});
