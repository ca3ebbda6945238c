/**
 * The contexts guide's voice-agent example (src/examples/contexts/voice_agent.py), the whole loop
 * of a real-time voice chat in one program, run against the AsyncAPI mock through a relay that can
 * reshape the server's side: it forwards the model's chunks to one context as they come, cancels
 * on the barge-in turn and cuts its audio at the last word's end_ms, starts the next turn under a
 * new id on the same connection, resends after a silent drop within the turn's budget (D129, D82,
 * D58), gives up to text when the next wait would pass the budget (D83), and prints only the lines
 * its opening comment, shown on the page, says it prints.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test, expect } from '@playwright/test';
import { WebSocket, WebSocketServer } from 'ws';

import { retryPolicy } from '../../src/data/retryPolicy';
import { startWebsocketMock, type WebsocketMock } from '../mock/websocket-mock';
import { codeBlocksOf, htmlFileOf } from '../samples/collect';
import { examplesDir, python, read, root } from '../support/examples';
import { asyncApiDocument } from '../support/specs';
import { checkLog } from '../../src/protocol/logCheck';

type Json = Record<string, unknown>;

const name = 'contexts/voice_agent.py';
const file = path.join(examplesDir, name);
const guideRoute = '/guides/contexts';
const siteDir = path.resolve(root, process.env.SITE_DIR ?? 'build');

const speech = () =>
  (asyncApiDocument().channels as Record<string, Record<string, unknown>>).speech;

/** The model's replies the example simulates, chunk by chunk (its `REPLIES`, pauses left out). */
function replies(): string[][] {
  const result = spawnSync(
    python,
    [
      '-c',
      'import json, runpy, sys\n' +
        'm = runpy.run_path(sys.argv[1])\n' +
        "print(json.dumps([[p for p in r if p is not None] for r in m['REPLIES']]))",
      file,
    ],
    { encoding: 'utf8', env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1' } },
  );
  expect(result.status, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as string[][];
}

/** The number a constant `NAME = 1_000` (or `20.0`) of the example is set to. */
function constant(constantName: string): number {
  const found = new RegExp(`^${constantName} = ([\\d_.]+)`, 'm').exec(read(file));
  expect(found, constantName).not.toBeNull();
  return Number((found?.[1] ?? '').replaceAll('_', ''));
}

/** The numbers of a set constant `NAME = {…}` of the example, sorted. */
function numbers(constantName: string): number[] {
  const found = new RegExp(`^${constantName} = \\{([^}]*)\\}`, 'm').exec(read(file));
  expect(found, constantName).not.toBeNull();
  return [...(found?.[1] ?? '').matchAll(/\d+/g)].map((m) => Number(m[0])).sort((a, b) => a - b);
}

/**
 * What the example says it prints, from the opening comment of the code the built page shows:
 * one pattern per line of the list, `<…>` standing for any text.
 */
function documentedLines(): { shown: string[]; exitRule: string } {
  const html = readFileSync(htmlFileOf(siteDir, guideRoute), 'utf8');
  const block = codeBlocksOf(html, siteDir).find((b) => b.title === 'voice_agent.py');
  expect(block, `${guideRoute} shows voice_agent.py`).toBeDefined();
  const code = block?.code ?? '';
  // The page shows the file as it is now (a stale build would test an old comment).
  const normalise = (text: string) => text.replace(/\s+$/gm, '').trim();
  expect(normalise(code)).toBe(normalise(read(file)));
  const list = /打印的行[^\n]*\n((?: {4}\S[^\n]*\n)+)([^\n]*)/.exec(code);
  expect(list, 'the list of printed lines in the opening comment').not.toBeNull();
  return {
    shown: (list?.[1] ?? '')
      .split('\n')
      .filter(Boolean)
      .map((l) => l.trim()),
    exitRule: list?.[2] ?? '',
  };
}
const patternOf = (line: string) =>
  new RegExp(
    `^${line
      .split(/<[^>]+>/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.+')}$`,
  );

/** Every line the run printed matches a line the comment lists; returns the lines. */
function expectDocumented(output: string): string[] {
  const patterns = documentedLines().shown.map(patternOf);
  const lines = output.split('\n').filter((l) => l.trim() !== '');
  for (const line of lines) {
    expect(
      patterns.some((p) => p.test(line)),
      `not a documented line: ${line}`,
    ).toBe(true);
  }
  return lines;
}

/** Runs the example in a fresh folder; its exit status, output and folder. */
function run(
  env: Record<string, string>,
): Promise<{ status: number | null; output: string; cwd: string }> {
  const cwd = mkdtempSync(path.join(tmpdir(), 'voice-agent-'));
  return new Promise((resolve) => {
    const child = spawn(python, [file], {
      cwd,
      env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1', VOXLOOM_API_KEY: 'sk-test', ...env },
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 40_000);
    child.on('close', (status: number | null) => {
      clearTimeout(timer);
      resolve({ status, output, cwd });
    });
  });
}

interface Frame {
  readonly connection: number;
  readonly from: 'client' | 'server';
  readonly message: Json;
  readonly at: number;
}

interface RelayControl {
  readonly connection: number;
  /** Sends a message to the client as the server. */
  send(message: Json): void;
  /** From now on this connection relays nothing and answers no ping: a drop with no close frame. */
  silence(): void;
  /** Closes the client's side with `code` and the mock's side. */
  close(code: number): void;
}

/**
 * A relay in front of the mock, one upstream connection per client connection. `refuse(n)` may
 * refuse the n-th handshake (1-based) with HTTP 503 and `Retry-After`; `onServer` sees each server
 * message before it is relayed and returns true when it handled it itself.
 */
async function startRelay(
  mock: WebsocketMock,
  hooks: {
    refuse?: (handshake: number) => { retryAfter: number } | undefined;
    onServer?: (message: Json, control: RelayControl) => boolean;
  } = {},
) {
  const state = {
    frames: [] as Frame[],
    opened: [] as number[],
    pings: [] as { connection: number; at: number }[],
    refused: [] as number[],
    silencedAt: 0,
    closedAt: 0,
  };
  let handshakes = 0;
  const server = createServer((_req, res) => res.writeHead(404).end());
  const wss = new WebSocketServer({ noServer: true, autoPong: false });
  server.on('upgrade', (req, socket, head) => {
    handshakes += 1;
    const refusal = hooks.refuse?.(handshakes);
    if (refusal) {
      state.refused.push(Date.now());
      socket.on('error', () => undefined);
      const body = JSON.stringify({
        error: { code: 'service_unavailable', message: 'x', param: null, request_id: 'req_relay' },
      });
      socket.end(
        [
          'HTTP/1.1 503 Service Unavailable',
          'Content-Type: application/json',
          `Content-Length: ${Buffer.byteLength(body)}`,
          `Retry-After: ${refusal.retryAfter}`,
          'X-Request-Id: req_relay',
          'Connection: close',
          '',
          body,
        ].join('\r\n'),
      );
      return;
    }
    wss.handleUpgrade(req, socket, head, (client) => {
      const connection = state.opened.push(Date.now());
      let silent = false;
      const upstream = new WebSocket(`${mock.url}/v1/speech/websocket`, {
        headers: { Authorization: String(req.headers.authorization) },
      });
      const early: string[] = [];
      upstream.on('open', () => early.splice(0).forEach((m) => upstream.send(m)));
      client.on('ping', (data) => {
        state.pings.push({ connection, at: Date.now() });
        if (!silent) client.pong(data);
      });
      client.on('message', (data) => {
        const message = JSON.parse(data.toString()) as Json;
        state.frames.push({ connection, from: 'client', message, at: Date.now() });
        if (upstream.readyState === WebSocket.OPEN) upstream.send(data.toString());
        else early.push(data.toString());
      });
      const control: RelayControl = {
        connection,
        send: (message) => {
          state.frames.push({ connection, from: 'server', message, at: Date.now() });
          client.send(JSON.stringify(message));
        },
        silence: () => {
          silent = true;
          state.silencedAt = Date.now();
        },
        close: (code) => {
          state.closedAt = Date.now();
          client.close(code);
          upstream.close();
        },
      };
      upstream.on('message', (data) => {
        if (silent || client.readyState !== WebSocket.OPEN) return;
        const message = JSON.parse(data.toString()) as Json;
        if (hooks.onServer?.(message, control)) return;
        control.send(message);
      });
      client.on('close', () => upstream.close());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}`,
    state,
    close: () => {
      for (const client of wss.clients) client.terminate();
      server.close();
    },
  };
}

/**
 * A relay hook that holds the first audio of `contextId` and, when that context's first
 * timestamps arrive, sends in its place audio that runs 300 ms past the last word's end (a real
 * server's chunk may hold the start of the next word), every byte 7, then the timestamps.
 * `cut.kept` is then what the client keeps: the audio up to end_ms, whole 16-bit samples.
 */
function inflateFirstAudio(contextId: string, rate: () => number) {
  const cut = { endMs: 0, audio: Buffer.alloc(0), kept: 0, word: '' };
  let held: Json | undefined;
  let done = false;
  const hook = (message: Json, control: RelayControl) => {
    if (done || message.context_id !== contextId) return false;
    if (message.type === 'audio' && !held) {
      held = message;
      return true;
    }
    if (message.type === 'timestamps' && held) {
      const word = (message.words as { text: string; end_ms: number }[]).at(-1)!;
      cut.endMs = word.end_ms;
      cut.word = word.text;
      cut.audio = Buffer.alloc(Math.floor(((word.end_ms + 300) * rate()) / 1000) * 2, 7);
      cut.kept = Math.floor((word.end_ms * rate()) / 1000) * 2;
      control.send({ ...held, data: cut.audio.toString('base64') });
      control.send(message);
      done = true;
      return true;
    }
    return false;
  };
  return { cut, hook };
}

const clientFrames = (frames: Frame[], contextId: string) =>
  frames.filter((f) => f.from === 'client' && f.message.context_id === contextId);
const rateOf = (frames: Frame[]) => {
  const first = frames.find((f) => f.from === 'client' && f.message.output_format !== undefined);
  return (first?.message.output_format as { sample_rate: number } | undefined)?.sample_rate ?? 0;
};

test.describe('contexts/voice_agent.py, the whole voice-agent loop', () => {
  test('uses the retry policy’s numbers, the close codes and the probe of the AsyncAPI document', () => {
    expect(constant('MAX_ATTEMPTS')).toBe(retryPolicy.maxAttempts);
    expect(constant('BASE_DELAY') * 1000).toBe(retryPolicy.baseDelayMs);
    expect(constant('MAX_DELAY') * 1000).toBe(retryPolicy.maxDelayMs);
    expect(constant('REALTIME_BUDGET') * 1000).toBe(retryPolicy.realtimeBudgetMs);
    expect(constant('HANDSHAKE_TIMEOUT') * 1000).toBe(retryPolicy.handshakeTimeoutMs);
    expect(read(file)).toMatch(/timeout=[^)]*HANDSHAKE_TIMEOUT/);
    const closeCodes = speech()['x-close-codes'] as { code: number; reconnect: string }[];
    const codesOf = (kind: string) =>
      closeCodes
        .filter((c) => c.reconnect === kind)
        .map((c) => c.code)
        .sort((a, b) => a - b);
    expect(numbers('RECONNECT_NEVER')).toEqual(codesOf('never'));
    expect(numbers('NOT_FAILURE')).toEqual(codesOf('when-needed'));
    expect(numbers('RETRY_HANDSHAKE')).toEqual([429, 500, 502, 503, 504]);
    const keepalive = speech()['x-keepalive'] as {
      probeAfterSeconds: number;
      holdFlushSeconds: number;
      pongTimeoutSeconds: number;
    };
    expect(constant('PROBE_AFTER')).toBe(keepalive.probeAfterSeconds);
    expect(constant('PONG_TIMEOUT')).toBe(keepalive.pongTimeoutSeconds);
    // A pause that goes on is held by a flush every holdFlushSeconds (x-keepalive.hold).
    expect(constant('HOLD_FLUSH_EVERY')).toBe(keepalive.holdFlushSeconds);
    expect(read(file)).toContain('/api/websocket#dead-connection');
  });

  test('its model output needs no markup: a citation, a Markdown link and a decimal split across chunks', () => {
    const all = replies().flat();
    expect(all.some((c) => c.includes('[1]'))).toBe(true);
    expect(all.some((c) => /\[[^\]]+\]\([^)]+\)/.test(c))).toBe(true);
    // `3.` ends one chunk and `14` starts the next: the server's segmenter joins them (D2).
    expect(all.some((c, i) => /\d\.$/.test(c) && /^\d/.test(all[i + 1] ?? ''))).toBe(true);
    expect(read(file)).not.toMatch(/"text_markup":/);
  });

  test('without VOXLOOM_API_KEY: the documented hint, exit 1, no connection', async () => {
    const result = await run({ VOXLOOM_API_KEY: '', VOXLOOM_WS_BASE: 'ws://127.0.0.1:9' });
    expect(result.status, result.output).toBe(1);
    expect(expectDocumented(result.output)).toHaveLength(1);
  });

  test('against the mock: forwards each chunk unchanged, cancels turn 2, cuts it at end_ms and starts turn 3 on the same connection', async () => {
    const mock = await startWebsocketMock();
    let frames: Frame[] = [];
    const inflate = inflateFirstAudio('turn-2', () => rateOf(frames));
    const relay = await startRelay(mock, { onServer: inflate.hook });
    frames = relay.state.frames;
    try {
      const result = await run({ VOXLOOM_WS_BASE: relay.url });
      expect(result.status, result.output).toBe(0);
      expect(mock.log.rejected, result.output).toEqual([]);
      expect(mock.log.unauthorized).toBe(0);
      // One pooled connection for the three turns.
      expect(relay.state.opened).toHaveLength(1);
      const [first, second, third] = replies();

      // Turns 1 and 3: one generate per chunk, as the model wrote it, then an empty last one.
      for (const [contextId, chunks] of [
        ['turn-1', first],
        ['turn-3', third],
      ] as const) {
        const generates = clientFrames(frames, contextId)
          .map((f) => f.message)
          .filter((m) => m.type === 'generate');
        expect(generates.map((m) => m.text)).toEqual([...chunks, '']);
        expect(generates.map((m) => m.continue)).toEqual([...chunks.map(() => true), false]);
        expect(generates[0].voice_id).toBeDefined();
        expect(generates.slice(1).every((m) => m.voice_id === undefined)).toBe(true);
        expect(generates.every((m) => m.text_markup === undefined)).toBe(true);
      }
      // The model's pause (a tool call) is flushed once.
      expect(clientFrames(frames, 'turn-1').filter((f) => f.message.type === 'flush')).toHaveLength(
        1,
      );
      // Read as text, without markup: the decimal whole, the link's brackets kept.
      const words = mock.log.sent
        .filter((m) => m.type === 'timestamps' && m.context_id === 'turn-1')
        .flatMap((m) => (m.words as { text: string }[]).map((w) => w.text));
      expect(words.some((w) => w.includes('3.14'))).toBe(true);
      expect(words.some((w) => w.includes('](/'))).toBe(true);

      // Turn 2: chunks forwarded until the barge-in after its first timestamps, then cancel, nothing more.
      const turn2 = clientFrames(frames, 'turn-2').map((f) => f.message);
      const cancelAt = turn2.findIndex((m) => m.type === 'cancel');
      expect(cancelAt, 'turn-2 is cancelled').toBeGreaterThan(0);
      expect(turn2.slice(cancelAt + 1)).toEqual([]);
      const sent = turn2.slice(0, cancelAt).map((m) => m.text);
      expect(sent).toEqual(second.slice(0, sent.length));
      // Turn 3 starts under a new id once turn 2 has ended (its cancel's done).
      const ended = frames.findIndex(
        (f) =>
          f.from === 'server' && f.message.context_id === 'turn-2' && f.message.type === 'done',
      );
      const turn3 = frames.findIndex(
        (f) => f.from === 'client' && f.message.context_id === 'turn-3',
      );
      expect(ended).toBeGreaterThan(0);
      expect(turn3).toBeGreaterThan(ended);
      expect(
        frames
          .filter((f) => f.from === 'server' && f.message.type === 'done')
          .map((f) => f.message.context_id),
      ).toEqual(['turn-1', 'turn-2', 'turn-3']);

      // turn-2.pcm keeps the audio up to the heard word's end_ms, whole samples, none after it.
      expect(inflate.cut.kept).toBeGreaterThan(0);
      expect(inflate.cut.kept).toBeLessThan(inflate.cut.audio.length);
      const kept = readFileSync(path.join(result.cwd, 'turn-2.pcm'));
      expect(kept.equals(inflate.cut.audio.subarray(0, inflate.cut.kept))).toBe(true);

      // What it printed: lines the opening comment lists, the barge-in naming what was heard.
      const lines = expectDocumented(result.output);
      expect(lines).toContain(
        `[turn-2] 用户打断，已经听到：${second.join('').slice(0, second.join('').indexOf(inflate.cut.word) + inflate.cut.word.length)}`,
      );
      expect(lines.filter((l) => l.startsWith('已连接'))).toHaveLength(1);
      expect(lines.some((l) => l.startsWith('[turn-1] 完成，计费 '))).toBe(true);
      expect(lines.some((l) => l.startsWith('[turn-2] 取消后以 done 结束，计费 '))).toBe(true);
      expect(lines.some((l) => l.startsWith('[turn-3] 完成，计费 '))).toBe(true);
      expect(lines.at(-1)).toMatch(/^合计计费 \d+ 字符$/);
    } finally {
      relay.close();
      await mock.close();
    }
  });

  test('a connection gone silent mid-turn: one ping, then the rest resent on a new one within the budget, the old audio cut at end_ms (D129, D82, D58)', async () => {
    const mock = await startWebsocketMock();
    let frames: Frame[] = [];
    const inflate = inflateFirstAudio('turn-1', () => rateOf(frames));
    const relay = await startRelay(mock, {
      onServer: (message, control) => {
        if (control.connection !== 1 || message.context_id !== 'turn-1') return false;
        const handled = inflate.hook(message, control);
        if (handled && message.type === 'timestamps') control.silence();
        return handled;
      },
    });
    frames = relay.state.frames;
    const { state } = relay;
    try {
      const result = await run({ VOXLOOM_WS_BASE: relay.url });
      expect(result.status, result.output).toBe(0);
      expect(mock.log.rejected, result.output).toEqual([]);
      expect(state.silencedAt).toBeGreaterThan(0);
      const probes = state.pings.filter((p) => p.connection === 1);
      expect(probes).toHaveLength(1);
      expect(state.opened).toHaveLength(2);
      expect(state.opened[1] - probes[0].at).toBeGreaterThanOrEqual(2000 - 100);
      // The budget starts at the ping (D129): the new connection's first audio comes within it.
      const resendAudio = frames.find(
        (f) => f.connection === 2 && f.from === 'server' && f.message.type === 'audio',
      );
      expect(resendAudio).toBeDefined();
      expect(resendAudio!.at - probes[0].at).toBeLessThan(retryPolicy.realtimeBudgetMs);

      // The resend: a new id, everything after the heard word as the model wrote it.
      const reply = replies()[0].join('');
      const resent = frames.filter(
        (f) => f.connection === 2 && f.from === 'client' && f.message.voice_id !== undefined,
      )[0].message;
      expect(resent.context_id).toBe('turn-1-resend-1');
      expect(resent.text).toBe(
        reply.slice(reply.indexOf(inflate.cut.word) + inflate.cut.word.length),
      );
      // turn-1.pcm: the first audio up to end_ms, then the resend's audio.
      const resendBytes = frames
        .filter(
          (f) =>
            f.from === 'server' &&
            f.message.context_id === 'turn-1-resend-1' &&
            f.message.type === 'audio',
        )
        .map((f) => Buffer.from(String(f.message.data), 'base64'));
      const expected = Buffer.concat([
        inflate.cut.audio.subarray(0, inflate.cut.kept),
        ...resendBytes,
      ]);
      expect(readFileSync(path.join(result.cwd, 'turn-1.pcm')).equals(expected)).toBe(true);

      const lines = expectDocumented(result.output);
      expect(lines.some((l) => l.startsWith('发出 ping 后'))).toBe(true);
      expect(lines.some((l) => l.startsWith('[turn-1-resend-1] 从“'))).toBe(true);
      expect(lines.filter((l) => l.startsWith('已连接'))).toHaveLength(2);
    } finally {
      relay.close();
      await mock.close();
    }
  });

  test('an internal_error mid-turn: the rest resent on a new id on the same connection, logged as the log checker reads it', async () => {
    const mock = await startWebsocketMock({
      failSegment: (id, index) => id === 'turn-3' && index === 1,
    });
    try {
      // With VOXLOOM_WS_LOG_DIR the connection's log is written where the page's checker reads it.
      const result = await run({ VOXLOOM_WS_BASE: mock.url, VOXLOOM_WS_LOG_DIR: '.' });
      expect(result.status, result.output).toBe(0);
      const log = readFileSync(path.join(result.cwd, 'connection-1.jsonl'), 'utf8');
      expect(checkLog(log), log).toMatchObject({ ok: true, violations: [], more: 0 });
      expect(log).toMatch(/"code": ?"internal_error"/);
      expect(mock.log.rejected, result.output).toEqual([]);
      const done = mock.log.sent.filter((m) => m.type === 'done').map((m) => m.context_id);
      expect(done).toEqual(['turn-1', 'turn-2', 'turn-3-resend-1']);
      const lines = expectDocumented(result.output);
      expect(lines.some((l) => l.startsWith('[turn-3] 错误 internal_error：'))).toBe(true);
      expect(lines.filter((l) => l.startsWith('已连接'))).toHaveLength(1);
    } finally {
      await mock.close();
    }
  });

  test('a 1011 between turns, nothing to resend: the next turn connects once the code’s least wait is out, not before (D183, D159)', async () => {
    const leastWait = 1000 * Number(/^MIN_WAIT = \{1011: (\d+)/m.exec(read(file))?.[1]);
    expect(leastWait).toBeGreaterThan(0);
    const mock = await startWebsocketMock();
    const relay = await startRelay(mock, {
      onServer: (message, control) => {
        if (message.type !== 'done' || message.context_id !== 'turn-1') return false;
        control.send(message);
        control.close(1011);
        return true;
      },
    });
    try {
      const result = await run({ VOXLOOM_WS_BASE: relay.url });
      expect(result.status, result.output).toBe(0);
      expect(relay.state.opened, result.output).toHaveLength(2);
      // The turns are half a second apart: without the least wait it would connect sooner.
      expect(relay.state.opened[1] - relay.state.closedAt).toBeGreaterThanOrEqual(leastWait);
      // Nothing was resent: no turn's text went to a second context.
      const contexts = relay.state.frames
        .filter((f) => f.from === 'client' && f.message.type === 'generate')
        .map((f) => f.message.context_id);
      expect(contexts.filter((id) => String(id).includes('resend'))).toEqual([]);
    } finally {
      relay.close();
      await mock.close();
    }
  });

  test('a close mid-turn, then a handshake refused with a Retry-After past the budget: text instead, exit 1, at once (D83)', async () => {
    const mock = await startWebsocketMock();
    let word = '';
    const relay = await startRelay(mock, {
      refuse: (handshake) =>
        handshake > 1 ? { retryAfter: (retryPolicy.realtimeBudgetMs / 1000) * 2 } : undefined,
      onServer: (message, control) => {
        if (message.type !== 'timestamps' || message.context_id !== 'turn-1' || word) return false;
        word = (message.words as { text: string }[]).at(-1)!.text;
        control.send(message);
        control.close(1011);
        return true;
      },
    });
    try {
      const result = await run({ VOXLOOM_WS_BASE: relay.url });
      expect(result.status, result.output).toBe(1);
      expect(documentedLines().exitRule).toMatch(/^放弃时.*退出状态码为 1/);
      expect(relay.state.refused).toHaveLength(1);
      // It gives up when told to wait past the budget, not after waiting.
      expect(Date.now() - relay.state.closedAt).toBeLessThan(retryPolicy.realtimeBudgetMs);
      const reply = replies()[0].join('');
      const lines = expectDocumented(result.output);
      expect(lines).toContain('连接被关闭：1011');
      expect(lines.at(-1)).toMatch(/^放弃：.+。改为显示文字回复：/);
      // The text shown is what was not heard: after the last timestamped word, to the model's end.
      expect(lines.at(-1)!.split('改为显示文字回复：')[1]).toBe(
        reply.slice(reply.indexOf(word) + word.length),
      );
    } finally {
      relay.close();
      await mock.close();
    }
  });
});
