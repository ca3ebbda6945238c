/**
 * Proves every code sample the site shows against mocks that enforce the API's contract: each
 * sample is compiled or syntax-checked with its real toolchain, then run against the mock, and
 * passes only if it exits 0, sent at least one request, and the mock accepted every request
 * (for a reference sample: all of them to the operation of its page, and it printed the
 * response's request ID). A reference sample then runs again, the same build, once per error
 * the mock is made to answer (`errorStatuses`): it must exit non-zero, write no audio file and
 * print the error's code, message and request ID (and `Retry-After` for a 429).
 *
 * The only change made to a sample is its API origin: the deployment's `httpApiOrigin` (or
 * `wsApiOrigin`) becomes the mock's `http://127.0.0.1:<port>` (`ws://…`). Guide examples read
 * their origin from VOXLOOM_API_BASE / VOXLOOM_WS_BASE, which point at the mocks.
 */
import { existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import WebSocket from 'ws';

import { audioFileOf } from '../../src/codegen/sampleOperation';
import { messages } from '../../src/codegen/templates/common';
import { deployment } from '../../src/data/deployment';
import { errorByCode } from '../../src/data/errors';
import { referenceAudioLimits } from '../../src/data/referenceAudio';
import { presetVoices } from '../../src/data/voices';
import { startWebsocketMock, type WebsocketMock } from '../mock/websocket-mock';
import { operationPages } from '../support/operations';
import { guideCode, referenceSamples, type GuideCode, type GuideKind } from './collect';
import { exec, pool } from './exec';
import {
  accepted,
  failCodes,
  startHttpMock,
  type FailStatus,
  type HttpMock,
  type RecordedRequest,
} from './http-mock';
import { toolchains, type Built, type Program } from './toolchains';

export interface HarnessOptions {
  /** The built site: its reference pages' sample tabs and its other pages' code blocks. */
  readonly siteDir: string;
  /** Whether the guides' code runs too (the reference's samples always do). */
  readonly guides: boolean;
  /** Bundled OpenAPI specs (`<id>.yaml`). */
  readonly specsDir: string;
  readonly languages: readonly string[];
  /** Only these operations (all by default). */
  readonly operations?: readonly string[];
  /** Where programs are written and run (emptied first). */
  readonly workDir: string;
  /** Build caches kept between runs (Go, Cargo). */
  readonly cacheDir: string;
}

export interface RunResult {
  readonly ok: boolean;
  readonly status: number | null;
  readonly ms: number;
  readonly output: string;
  readonly requests: RecordedRequest[];
  /** Websocket messages the client sent. */
  readonly messages: number;
  /** Why the run failed, in words. */
  readonly problems: string[];
}

export interface Cell {
  readonly language: string;
  readonly operationId: string;
  readonly build: { ok: boolean; ms: number; log: string } | null;
  readonly run: RunResult | null;
  /** The runs against an error answer, in `errorStatuses` order (none when the build failed). */
  readonly errors: ErrorRun[];
}

export interface ErrorRun {
  readonly status: FailStatus;
  readonly ok: boolean;
  readonly exitStatus: number | null;
  readonly output: string;
  readonly problems: string[];
}

/** The errors every reference sample is run against, after its success. */
export const errorStatuses: readonly FailStatus[] = [400, 401, 429, 500];

export interface GuideResult {
  readonly id: string;
  readonly kind: GuideKind;
  readonly language: string;
  readonly pages: string[];
  readonly check: { ok: boolean; log: string } | null;
  readonly run: RunResult | null;
}

export interface Report {
  readonly ok: boolean;
  readonly durationMs: number;
  readonly operations: string[];
  readonly languages: string[];
  readonly cells: Cell[];
  readonly guides: GuideResult[];
  /** Build time per language (ms), the slowest program of each. */
  readonly buildMs: Record<string, number>;
}

const runTimeoutMs = 90_000;
/** What VOXLOOM_API_KEY holds for every program: each request must carry it. */
const apiKey = 'sk-test-samples';

/**
 * A valid 16 kHz, 16-bit mono WAV of silence, one second longer than the shortest recording the
 * API accepts (the mock checks the duration): the upload file the samples name.
 */
export function referenceWav(seconds = referenceAudioLimits.minDurationSeconds + 1): Buffer {
  const samples = Math.round(16000 * seconds);
  const data = samples * 2;
  const wav = Buffer.alloc(44 + data);
  wav.write('RIFF', 0);
  wav.writeUInt32LE(36 + data, 4);
  wav.write('WAVEfmt ', 8);
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(16000, 24);
  wav.writeUInt32LE(32000, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36);
  wav.writeUInt32LE(data, 40);
  return wav;
}

const snake = (id: string) => id.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

function judge(
  result: { status: number | null; output: string; ms: number; timedOut?: boolean },
  requests: RecordedRequest[],
  ws: WebsocketMock | null,
  expectedOperation: string | null,
  /** For a reference sample whose response is audio: the file it must have saved. */
  audioFile?: string,
  /** The spec's example key, which no clone may send. */
  idempotencyKeyExample?: string,
): RunResult {
  const problems: string[] = [];
  if (audioFile && !(existsSync(audioFile) && statSync(audioFile).size > 0)) {
    problems.push(`did not save the audio to ${path.basename(audioFile)}`);
  }
  if (result.timedOut) problems.push(`did not finish within ${runTimeoutMs / 1000} s`);
  else if (result.status !== 0) problems.push(`exited with ${String(result.status)}`);
  const messages = ws?.log.received.length ?? 0;
  if (requests.length === 0 && messages === 0) problems.push('sent no request to the mock');
  for (const r of requests) {
    if (!accepted(r)) {
      problems.push(
        `mock rejected ${r.method} ${r.url}: HTTP ${r.status}${r.violations.length ? ` (${r.violations.join('; ')})` : ''}`,
      );
    }
    if (expectedOperation && r.operationId !== expectedOperation) {
      problems.push(`${r.method} ${r.url} is not ${expectedOperation}`);
    }
    if (expectedOperation && r.authorization !== `Bearer ${apiKey}`) {
      problems.push(`${r.method} ${r.url} did not send the key of VOXLOOM_API_KEY`);
    }
    // Each clone sends a new UUID as its Idempotency-Key, never the spec's example (D14).
    if (
      r.operationId === 'createVoice' &&
      (!uuid.test(r.idempotencyKey ?? '') || r.idempotencyKey === idempotencyKeyExample)
    ) {
      problems.push(
        `${r.method} ${r.url} sent Idempotency-Key ${String(r.idempotencyKey)}, not a new UUID`,
      );
    }
  }
  if (ws) {
    for (const reason of ws.log.rejected) problems.push(`websocket mock rejected: ${reason}`);
    if (ws.log.unauthorized > 0) problems.push('websocket handshake without Authorization');
  }
  return {
    ok: problems.length === 0,
    status: result.status,
    ms: result.ms,
    output: result.output,
    requests,
    messages,
    problems,
  };
}

/**
 * A reference sample's run against an error answer: it sent the one request, which the mock
 * failed with `status`; it exits non-zero, leaves no audio file, and prints the error's code,
 * message and request ID (for a 429, `Retry-After` too), as the error object has them.
 */
function judgeError(
  status: FailStatus,
  result: { status: number | null; output: string; timedOut?: boolean },
  requests: RecordedRequest[],
  operationId: string,
  audioFile: string | undefined,
): ErrorRun {
  const problems: string[] = [];
  if (result.timedOut) problems.push(`did not finish within ${runTimeoutMs / 1000} s`);
  else if (result.status === 0) problems.push('exited with 0 after an error');
  const [request, ...more] = requests;
  if (!request) problems.push('sent no request');
  else if (request.operationId !== operationId || request.status !== status) {
    problems.push(`${request.method} ${request.url} was answered ${request.status}, not ${status}`);
  }
  if (more.length > 0) problems.push(`sent ${requests.length} requests, not one`);
  if (audioFile && existsSync(audioFile)) {
    problems.push(`wrote ${path.basename(audioFile)} from an error`);
  }
  const code = failCodes[status];
  const expected = [
    `${messages.failed}（HTTP ${status}）`,
    code,
    errorByCode(code)!.example.message,
    request?.requestId ?? 'req_',
    ...(status === 429 ? ['Retry-After'] : []),
  ];
  for (const text of expected) {
    if (!result.output.includes(text)) problems.push(`did not print ${JSON.stringify(text)}`);
  }
  return {
    status,
    ok: problems.length === 0,
    exitStatus: result.status,
    output: result.output,
    problems,
  };
}

export async function runHarness(options: HarnessOptions): Promise<Report> {
  const started = Date.now();
  rmSync(options.workDir, { recursive: true, force: true });
  mkdirSync(options.workDir, { recursive: true });
  mkdirSync(options.cacheDir, { recursive: true });
  const wav = referenceWav();
  const http = await startHttpMock({ specsDir: options.specsDir, workDir: options.workDir });
  const runs = pool(4);
  try {
    const [cells, buildMs] = await referenceCells(options, http, wav, runs);
    const guides = options.guides ? await guideResults(options, http, wav, runs) : [];
    const operations = [...new Set(cells.map((c) => c.operationId))];
    return {
      ok:
        cells.every((c) => c.run?.ok && c.errors.every((e) => e.ok)) &&
        guides.every((g) => (g.check?.ok ?? true) && (g.run?.ok ?? true)),
      durationMs: Date.now() - started,
      operations,
      languages: [...options.languages],
      cells,
      guides,
      buildMs,
    };
  } finally {
    await http.close();
  }
}

async function referenceCells(
  options: HarnessOptions,
  http: HttpMock,
  wav: Buffer,
  runs: ReturnType<typeof pool>,
): Promise<[Cell[], Record<string, number>]> {
  const samples = referenceSamples(options.siteDir);
  const pages = new Map(operationPages().map((p) => [p.operationId, p]));
  // Every operation of the specs, in their order: one with no page shows up red.
  const operations = [
    ...new Set([...http.operations, ...samples.map((s) => s.operationId)]),
  ].filter((op) => !options.operations || options.operations.includes(op));
  const buildMs: Record<string, number> = {};
  const perLanguage = await Promise.all(
    options.languages.map(async (language): Promise<Cell[]> => {
      const toolchain = toolchains[language];
      const mine = operations.map((operationId) => ({
        operationId,
        sample: samples.find((s) => s.operationId === operationId && s.language === language),
      }));
      // Each program gets its own recording proxy, so its requests are told apart from the
      // others running at the same time; its origin is written into the program before building.
      const prepared = await Promise.all(
        mine.map(async ({ operationId, sample }) => {
          if (!sample || !toolchain) return { operationId, sample, recorder: null, program: null };
          const recorder = await http.record();
          const dir = path.join(options.workDir, language, operationId);
          mkdirSync(dir, { recursive: true });
          writeFileSync(path.join(dir, 'reference.wav'), wav);
          const program: Program = {
            name: snake(operationId),
            code: sample.code.replaceAll(deployment.httpApiOrigin, recorder.origin),
            dir,
          };
          return { operationId, sample, recorder, program };
        }),
      );
      const programs = prepared.flatMap((p) => (p.program ? [p.program] : []));
      const built = toolchain
        ? await toolchain.build(programs, options.cacheDir)
        : new Map<string, Built>();
      buildMs[language] = Math.max(0, ...[...built.values()].map((b) => b.ms));
      return Promise.all(
        prepared.map(async ({ operationId, sample, recorder, program }): Promise<Cell> => {
          if (!sample || !program || !recorder) {
            const why = !sample ? 'the page shows no sample in this language' : 'no toolchain';
            return {
              language,
              operationId,
              build: { ok: false, ms: 0, log: why },
              run: null,
              errors: [],
            };
          }
          const build = built.get(program.name)!;
          if (!sample.code.includes(deployment.httpApiOrigin)) {
            await recorder.close();
            const log = `the sample does not call ${deployment.httpApiOrigin}`;
            return {
              language,
              operationId,
              build: { ok: false, ms: build.ms, log },
              run: null,
              errors: [],
            };
          }
          if (!build.ok) {
            await recorder.close();
            return {
              language,
              operationId,
              build: { ok: false, ms: build.ms, log: build.log },
              run: null,
              errors: [],
            };
          }
          const env = { ...process.env, PYTHONDONTWRITEBYTECODE: '1', VOXLOOM_API_KEY: apiKey };
          const execute = () =>
            runs(() =>
              exec(build.command, build.args, {
                cwd: program.dir,
                env,
                timeoutMs: runTimeoutMs,
              }),
            );
          const audioName = audioFileOf(pages.get(operationId)?.successMediaType);
          const audioFile = audioName && path.join(program.dir, audioName);
          const result = await execute();
          const run = judge(
            result,
            recorder.requests,
            null,
            operationId,
            audioFile,
            http.idempotencyKeyExample,
          );
          // What a reader is told on success: the request ID, and the size of the audio saved.
          const last = recorder.requests.at(-1);
          if (run.ok && last?.requestId && !result.output.includes(last.requestId)) {
            run.problems.push(`did not print the request ID ${last.requestId}`);
          }
          if (run.ok && audioFile && !result.output.includes(`${statSync(audioFile).size}`)) {
            run.problems.push(`did not print the size of ${audioName}`);
          }
          // Each error runs the same build again; the mock fails the next request as told.
          const errors: ErrorRun[] = [];
          for (const status of errorStatuses) {
            if (audioFile) rmSync(audioFile, { force: true });
            const before = recorder.requests.length;
            recorder.fault(operationId, { fail: { status, when: 'before' } });
            const answer = await execute();
            errors.push(
              judgeError(status, answer, recorder.requests.slice(before), operationId, audioFile),
            );
          }
          await recorder.close();
          return {
            language,
            operationId,
            build: { ok: true, ms: build.ms, log: build.log },
            run: { ...run, ok: run.problems.length === 0 },
            errors,
          };
        }),
      );
    }),
  );
  return [perLanguage.flat(), buildMs];
}

interface Interpreter {
  readonly file: string;
  readonly check: string[];
  readonly run: string[];
}
const python: Interpreter = {
  file: 'code.py',
  // Compiles without writing __pycache__ next to the example (py_compile would).
  check: [
    '/usr/bin/python3',
    '-c',
    "import sys; compile(open(sys.argv[1], encoding='utf-8').read(), sys.argv[1], 'exec')",
  ],
  run: ['/usr/bin/python3'],
};
const node: Interpreter = {
  file: 'code.mjs',
  check: [process.execPath, '--check'],
  run: [process.execPath],
};
const bash: Interpreter = { file: 'code.sh', check: ['bash', '-n'], run: ['bash'] };
/** By file extension (examples) or by the code block's language (code written in a page). */
const interpreters: Record<string, Interpreter> = {
  py: python,
  python,
  mjs: node,
  javascript: node,
  js: node,
  sh: bash,
  bash,
  shell: bash,
};

async function guideResults(
  options: HarnessOptions,
  http: HttpMock,
  wav: Buffer,
  runs: ReturnType<typeof pool>,
): Promise<GuideResult[]> {
  const skip = new Set(operationPages().map((p) => p.route));
  const entries = guideCode(options.siteDir, skip);
  return Promise.all(
    entries.map((entry, i) =>
      runs(() => guideResult(entry, path.join(options.workDir, 'guides', String(i)), http, wav)),
    ),
  );
}

async function guideResult(
  entry: GuideCode,
  dir: string,
  http: HttpMock,
  wav: Buffer,
): Promise<GuideResult> {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'reference.wav'), wav);
  const base = { id: entry.id, kind: entry.kind, language: entry.language, pages: entry.pages };

  if (entry.kind === 'http-body' || entry.kind === 'ws-message' || entry.language === 'json') {
    let body: unknown;
    try {
      body = JSON.parse(entry.code);
    } catch (error) {
      return { ...base, check: { ok: false, log: String(error) }, run: null };
    }
    const check = { ok: true, log: '' };
    if (entry.kind === 'http-body')
      return { ...base, check, run: await sendBody(entry, body, http) };
    if (entry.kind === 'ws-message')
      return { ...base, check, run: await sendMessage(body as Record<string, unknown>) };
    return { ...base, check, run: null };
  }

  const tool = interpreters[entry.language];
  if (!tool) return { ...base, check: null, run: null }; // text, PowerShell: nothing to run here
  const file = entry.file ?? path.join(dir, tool.file);
  const ws = entry.kind === 'no-request' ? null : await startWebsocketMock();
  const recorder = entry.kind === 'no-request' ? null : await http.record();
  try {
    if (!entry.file) {
      let code = entry.code;
      if (recorder && ws) {
        code = code
          .replaceAll(deployment.httpApiOrigin, recorder.origin)
          .replaceAll(deployment.wsApiOrigin, ws.url);
      }
      writeFileSync(file, code);
    }
    const checked = await exec(tool.check[0], [...tool.check.slice(1), file], {
      cwd: dir,
      timeoutMs: 60_000,
    });
    const check = { ok: checked.status === 0, log: checked.output };
    if (!check.ok || !recorder || !ws) return { ...base, check, run: null };
    const result = await exec(tool.run[0], [...tool.run.slice(1), file], {
      cwd: dir,
      env: {
        ...process.env,
        PYTHONDONTWRITEBYTECODE: '1',
        VOXLOOM_API_KEY: apiKey,
        VOXLOOM_API_BASE: recorder.origin,
        VOXLOOM_WS_BASE: ws.url,
      },
      timeoutMs: runTimeoutMs,
    });
    return {
      ...base,
      check,
      run: judge(result, recorder.requests, ws, null, undefined, http.idempotencyKeyExample),
    };
  } finally {
    await recorder?.close();
    await ws?.close();
  }
}

/** A request body shown in a page, sent to the operation its title names. */
async function sendBody(entry: GuideCode, body: unknown, http: HttpMock): Promise<RunResult> {
  const [method, route] = entry.title.split(' ');
  const recorder = await http.record();
  const started = Date.now();
  try {
    const response = await fetch(`${recorder.origin}${route}`, {
      method,
      headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    await response.arrayBuffer();
    return judge(
      { status: 0, output: `HTTP ${response.status}`, ms: Date.now() - started },
      recorder.requests,
      null,
      null,
    );
  } finally {
    await recorder.close();
  }
}

/**
 * A client message shown in a page, sent on a fresh connection to the websocket mock. A message
 * that continues a context (no `voice_id`: a later generate, a flush, a cancel) is preceded by
 * the harness's own opening generate for the same `context_id`, as it would be in a session.
 */
async function sendMessage(message: Record<string, unknown>): Promise<RunResult> {
  const ws = await startWebsocketMock();
  const started = Date.now();
  try {
    const client = new WebSocket(`${ws.url}/v1/speech/websocket`, {
      headers: { Authorization: `Bearer ${apiKey}` },
    });
    await new Promise((resolve, reject) => client.once('open', resolve).once('error', reject));
    const ends =
      message.type === 'cancel' || (message.type === 'generate' && message.continue !== true);
    const answered = new Promise<void>((resolve) => {
      client.on('message', (raw) => {
        const answer = JSON.parse(String(raw)) as { type: string; context_id: unknown };
        if (answer.type === 'error' || (ends && answer.type === 'done')) resolve();
      });
      setTimeout(resolve, ends ? 5_000 : 300);
    });
    if (message.type !== 'generate' || message.voice_id === undefined) {
      client.send(
        JSON.stringify({
          type: 'generate',
          context_id: message.context_id,
          text: '您好，',
          voice_id: presetVoices[0].voiceId,
          continue: true,
        }),
      );
    }
    client.send(JSON.stringify(message));
    await answered;
    client.close();
    const output = ws.log.sent.map((m) => JSON.stringify(m)).join('\n');
    const result = judge({ status: 0, output, ms: Date.now() - started }, [], ws, null);
    if (ends && !ws.log.sent.some((m) => m.type === 'done')) {
      return { ...result, ok: false, problems: [...result.problems, 'no done for the context'] };
    }
    return result;
  } finally {
    await ws.close();
  }
}
