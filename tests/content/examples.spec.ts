/**
 * The guides' code: every example file and every fenced block of the MDX pages parses in its
 * language, each example is shown by a page, its default origins are the deployment module's,
 * and the websocket clients, run against a mock that enforces the AsyncAPI document, send only
 * valid messages and finish cleanly.
 */
import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test, expect } from '@playwright/test';

import { deployment } from '../../src/data/deployment';
import { apiErrors, errorByCode } from '../../src/data/errors';
import { pollingPolicy, retryPolicy } from '../../src/data/retryPolicy';
import { reconnectKinds, reconnectLabel, type Reconnect } from '../../src/data/websocketProtocol';
import { exampleFiles, examplesDir, mdxFiles, python, read, root } from '../support/examples';
import { revokedKey, startWebsocketMock, type WebsocketMock } from '../mock/websocket-mock';
import { asyncApiDocument } from '../support/specs';
import { WebSocket, WebSocketServer } from 'ws';
import { bundledSpecPath } from '../../src/data/apiSpecs';
import { accepted, startHttpMock, type HttpMock } from '../samples/http-mock';
import { checkLog } from '../../src/protocol/logCheck';

const checkers: Record<string, (file: string) => string[]> = {
  // compile() rather than py_compile, which writes __pycache__ next to the example.
  '.py': (f) => [
    python,
    '-c',
    "import sys; compile(open(sys.argv[1], encoding='utf-8').read(), sys.argv[1], 'exec')",
    f,
  ],
  '.mjs': (f) => ['node', '--check', f],
  '.js': (f) => ['node', '--check', f],
  '.sh': (f) => ['bash', '-n', f],
};

function check(file: string): void {
  const checker = checkers[path.extname(file)];
  expect(checker, `no checker for ${file}`).toBeDefined();
  const [command, ...args] = checker(file);
  const result = spawnSync(command, args, {
    encoding: 'utf8',
    env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1' },
  });
  expect(result.status, `${path.relative(root, file)}: ${result.stderr}`).toBe(0);
}

test.describe('example files', () => {
  const files = exampleFiles();

  test('there are examples in Python, Node.js and curl', () => {
    for (const ext of ['.py', '.mjs', '.sh']) {
      expect(files.filter((f) => f.endsWith(ext)).length, ext).toBeGreaterThan(0);
    }
  });

  for (const file of files) {
    const name = path.relative(examplesDir, file);
    test(`${name} parses`, () => check(file));

    test(`${name} is shown by a page`, () => {
      // `?raw`: the text in the page; `?url`: a file the page fetches on demand (ExampleFile).
      const users = mdxFiles().filter((mdx) =>
        /\?(raw|url)'/.test(read(mdx).split(`src/examples/${name}`)[1] ?? ''),
      );
      expect(users.length).toBeGreaterThan(0);
    });

    test(`${name} defaults to the deployment's API origins and reads the key from the environment`, () => {
      const source = read(file);
      for (const origin of source.match(/\b(?:https|wss):\/\/[a-z0-9.-]+/g) ?? []) {
        expect([deployment.httpApiOrigin, deployment.wsApiOrigin]).toContain(origin);
      }
      expect(source).toContain('VOXLOOM_API_KEY');
      expect(source).not.toMatch(/Bearer [A-Za-z0-9]{16,}/);
    });
  }
});

test.describe('code blocks written in the pages', () => {
  const extensions: Record<string, string> = {
    bash: '.sh',
    sh: '.sh',
    shell: '.sh',
    python: '.py',
    py: '.py',
    js: '.mjs',
    javascript: '.mjs',
  };
  for (const mdx of mdxFiles()) {
    const blocks = [...read(mdx).matchAll(/^```(\w+)[^\n]*\n([\s\S]*?)^```/gm)];
    if (blocks.length === 0) continue;
    test(`${path.relative(root, mdx)}: every fenced block parses`, () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'blocks-'));
      blocks.forEach(([, lang, code], i) => {
        if (lang === 'json') {
          expect(() => JSON.parse(code), `block ${i}`).not.toThrow();
          return;
        }
        const ext = extensions[lang];
        if (!ext) return; // text, diagrams and other non-code blocks
        const file = path.join(dir, `block-${i}${ext}`);
        writeFileSync(file, code);
        check(file);
      });
    });
  }
});

/** Runs an example file in a fresh folder with the mocks' origins; its exit status and output. */
function runExample(
  command: string[],
  name: string,
  env: Record<string, string>,
  files: Record<string, string | Buffer> = {},
): Promise<{ status: number | null; output: string; cwd: string }> {
  const cwd = mkdtempSync(path.join(tmpdir(), 'example-'));
  for (const [file, content] of Object.entries(files)) writeFileSync(path.join(cwd, file), content);
  return new Promise((resolve) => {
    const child = spawn(command[0], [...command.slice(1), path.join(examplesDir, name)], {
      cwd,
      env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1', VOXLOOM_API_KEY: 'sk-test', ...env },
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('close', (status: number | null) => {
      clearTimeout(timer);
      resolve({ status, output, cwd });
    });
  });
}

/** The env var with which a websocket client logs each connection (/api/websocket#log-checker). */
const logDirVariable = 'VOXLOOM_WS_LOG_DIR';

/**
 * The connection logs a client wrote with logging on (in its working folder): each is what the
 * page's log checker reads, and its code (src/protocol/logCheck.ts) finds nothing in it.
 */
function expectCleanLogs(cwd: string, connections: number): void {
  const logs = readdirSync(cwd)
    .filter((f) => /^connection-\d+\.jsonl$/.test(f))
    .sort();
  expect(logs).toEqual(Array.from({ length: connections }, (_, i) => `connection-${i + 1}.jsonl`));
  for (const name of logs) {
    const text = readFileSync(path.join(cwd, name), 'utf8');
    const report = checkLog(text);
    expect(report, `${name}:\n${text}`).toMatchObject({ ok: true, violations: [], more: 0 });
    // Both ways, and the close as its last line.
    expect(report.ok && report.sent > 0 && report.received > 0).toBe(true);
    expect(JSON.parse(text.trim().split('\n').at(-1)!)).toMatchObject({ dir: 'close' });
  }
}

test.describe('websocket clients against the AsyncAPI mock', () => {
  const clients: [string, string[]][] = [
    ['contexts/client.py', [python]],
    ['contexts/client.mjs', ['node']],
  ];
  for (const [name, command] of clients) {
    test(`${name} sends only valid messages and exits 0, and its log passes the log checker`, async () => {
      const mock = await startWebsocketMock();
      try {
        const result = await runExample(command, name, {
          VOXLOOM_WS_BASE: mock.url,
          [logDirVariable]: '.',
        });
        expect(result.status, result.output).toBe(0);
        expectCleanLogs(result.cwd, 1);
        expect(mock.log.rejected, result.output).toEqual([]);
        expect(mock.log.unauthorized).toBe(0);
        // The connection ID is the 101's X-Request-Id, printed once the connection opens.
        expect(result.output).toMatch(/连接 ID：req_mock_\d+/);
        const types = mock.log.received.map((m) => m.type);
        expect(types).toContain('generate');
        expect(types).toContain('cancel');
        expect(new Set(mock.log.received.map((m) => m.context_id)).size).toBeGreaterThan(1);
      } finally {
        await mock.close();
      }
    });
  }
});

/**
 * A proxy in front of the websocket mock that relays both ways and, after relaying each message
 * of the mock, hands it to `onMessage` with the connection's number (from 1) and both sockets.
 */
async function startProxy(
  mock: WebsocketMock,
  onMessage: (
    message: Record<string, unknown>,
    sockets: { client: WebSocket; upstream: WebSocket; connection: number },
  ) => void,
): Promise<{ url: string; connections: () => number; close: () => void }> {
  const proxy = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  let connections = 0;
  proxy.on('connection', (client, req) => {
    const connection = ++connections;
    const upstream = new WebSocket(`${mock.url}/v1/speech/websocket`, {
      headers: { Authorization: String(req.headers.authorization) },
    });
    const early: string[] = [];
    upstream.on('open', () => early.splice(0).forEach((m) => upstream.send(m)));
    client.on('message', (data) => {
      if (upstream.readyState === WebSocket.OPEN) upstream.send(data.toString());
      else early.push(data.toString());
    });
    upstream.on('message', (data) => {
      if (client.readyState !== WebSocket.OPEN) return;
      client.send(data.toString());
      onMessage(JSON.parse(data.toString()) as Record<string, unknown>, {
        client,
        upstream,
        connection,
      });
    });
    client.on('close', () => upstream.close());
  });
  await new Promise((resolve) => proxy.once('listening', resolve));
  const { port } = proxy.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}`,
    connections: () => connections,
    close: () => proxy.close(),
  };
}

/**
 * The websocket clients when the server closes mid-reply (D6, D27): a proxy in front of the mock
 * closes the first connection with 1000 (a planned drain) after the first audio of `turn-2`. The
 * client reconnects at once and resends the unfinished text on a new connection under a new id.
 */
test.describe('websocket clients resend on a new connection after a close', () => {
  for (const [name, command] of [
    ['contexts/client.py', [python]],
    ['contexts/client.mjs', ['node']],
  ] as const) {
    test(`${name} reconnects after a server's 1000 and resends under a new context_id`, async () => {
      const mock = await startWebsocketMock();
      const proxy = await startProxy(mock, (message, { client, upstream, connection }) => {
        if (
          connection === 1 &&
          message.type === 'audio' &&
          String(message.context_id).startsWith('turn-2')
        ) {
          client.close(1000, 'drain');
          upstream.close();
        }
      });
      try {
        const run = await runExample([...command], name, { VOXLOOM_WS_BASE: proxy.url });
        expect(run.status, run.output).toBe(0);
        expect(mock.log.rejected, run.output).toEqual([]);
        expect(proxy.connections()).toBe(2);
        expect(run.output).toContain('需要时再连');
        // Every context starts under an id of its own: turn-1, turn-2 and turn-2's resend.
        const started = mock.log.received
          .filter((m) => m.type === 'generate' && m.voice_id !== undefined)
          .map((m) => String(m.context_id));
        expect(new Set(started).size, started.join(', ')).toBe(started.length);
        expect(started.filter((id) => id.startsWith('turn-2')).length).toBe(2);
        expect(mock.log.sent.filter((m) => m.type === 'done').map((m) => m.context_id)).toContain(
          started.at(-1),
        );
      } finally {
        proxy.close();
        await mock.close();
      }
    });
  }
});

/** After `internal_error` the clients resend the unheard text on a new context id (D8). */
test.describe('websocket clients resend after internal_error', () => {
  for (const [name, command] of [
    ['contexts/client.py', [python]],
    ['contexts/client.mjs', ['node']],
  ] as const) {
    test(`${name} resends on a new context_id and exits 0`, async () => {
      const mock = await startWebsocketMock({
        failSegment: (id, index) => id === 'turn-2' && index === 1,
      });
      try {
        const run = await runExample([...command], name, { VOXLOOM_WS_BASE: mock.url });
        expect(run.status, run.output).toBe(0);
        expect(mock.log.rejected, run.output).toEqual([]);
        expect(run.output).toContain('internal_error');
        const done = mock.log.sent.filter((m) => m.type === 'done').map((m) => m.context_id);
        expect(done, run.output).toContain('turn-2-resend-1');
      } finally {
        await mock.close();
      }
    });
  }
});

/**
 * /api/websocket#framing: a server message of a type the client does not know (one a later
 * version may add, here without `context_id`) is logged and skipped, never a reason to fail.
 */
test.describe('websocket clients skip a message type they do not know', () => {
  for (const [name, command] of [
    ['contexts/client.py', [python]],
    ['contexts/client.mjs', ['node']],
  ] as const) {
    test(`${name} logs {"type":"something_new"} mid-session, skips it and exits 0`, async () => {
      const mock = await startWebsocketMock();
      let injected = false;
      const proxy = await startProxy(mock, (message, { client }) => {
        if (injected || message.type !== 'audio') return;
        injected = true;
        client.send(JSON.stringify({ type: 'something_new' }));
      });
      try {
        const run = await runExample([...command], name, { VOXLOOM_WS_BASE: proxy.url });
        expect(run.status, run.output).toBe(0);
        expect(injected).toBe(true);
        expect(run.output.split('\n').filter((l) => l.includes('something_new'))).toHaveLength(1);
        // Skipped, not a failure: no reconnect, and both turns went on to their end.
        expect(proxy.connections()).toBe(1);
        expect(mock.log.rejected, run.output).toEqual([]);
        const done = mock.log.sent.filter((m) => m.type === 'done').map((m) => m.context_id);
        expect(done).toContain('turn-2');
      } finally {
        proxy.close();
        await mock.close();
      }
    });
  }
});

/**
 * /api/websocket#dead-connection (D129): a connection can drop with no close frame. A proxy in
 * front of the mock that answers pings itself (`autoPong: false`) lets the first connection go
 * silent without closing: it holds `turn-2`'s first audio, sends it with a tail past the word's
 * end (a real server's audio may run into the next word) and then that word's timestamps, and
 * from then on relays nothing and answers no ping. The second connection relays and answers.
 */
async function startSilencingProxy(mock: WebsocketMock) {
  const proxy = new WebSocketServer({ port: 0, host: '127.0.0.1', autoPong: false });
  const state = {
    opened: [] as number[],
    pings: [] as { connection: number; at: number }[],
    /** Client messages, with the connection they came on. */
    received: [] as { connection: number; message: Record<string, unknown> }[],
    silencedAt: 0,
    /** The word whose timestamps went last, and the audio sent before it on the first connection. */
    word: { text: '', end_ms: 0 },
    audio: Buffer.alloc(0),
    rate: 0,
  };
  proxy.on('connection', (client, req) => {
    const connection = state.opened.push(Date.now());
    let silent = false;
    let held: Record<string, unknown> | undefined;
    client.on('ping', (data) => {
      state.pings.push({ connection, at: Date.now() });
      if (!silent) client.pong(data);
    });
    const upstream = new WebSocket(`${mock.url}/v1/speech/websocket`, {
      headers: { Authorization: String(req.headers.authorization) },
    });
    const early: string[] = [];
    upstream.on('open', () => early.splice(0).forEach((m) => upstream.send(m)));
    client.on('message', (data) => {
      const message = JSON.parse(data.toString()) as Record<string, unknown>;
      state.received.push({ connection, message });
      const format = message.output_format as { sample_rate?: number } | undefined;
      if (format?.sample_rate) state.rate = format.sample_rate;
      if (upstream.readyState === WebSocket.OPEN) upstream.send(data.toString());
      else early.push(data.toString());
    });
    upstream.on('message', (data) => {
      if (silent || client.readyState !== WebSocket.OPEN) return;
      const message = JSON.parse(data.toString()) as Record<string, unknown>;
      const ofTurn2 = String(message.context_id).startsWith('turn-2');
      if (connection === 1 && ofTurn2 && message.type === 'audio' && !held) {
        held = message;
        return;
      }
      if (connection === 1 && held && message.type === 'timestamps') {
        const words = message.words as { text: string; end_ms: number }[];
        state.word = words.at(-1)!;
        // The word's audio and 300 ms of the next, at the rate the client asked for.
        state.audio = Buffer.alloc(
          Math.floor(((state.word.end_ms + 300) * state.rate) / 1000) * 2,
          7,
        );
        client.send(JSON.stringify({ ...held, data: state.audio.toString('base64') }));
        client.send(data.toString());
        silent = true; // no close, no pong: a drop the client sees no frame of
        state.silencedAt = Date.now();
        return;
      }
      client.send(data.toString());
    });
    client.on('close', () => upstream.close());
  });
  await new Promise((resolve) => proxy.once('listening', resolve));
  const { port } = proxy.address() as AddressInfo;
  return { url: `ws://127.0.0.1:${port}`, state, close: () => proxy.close() };
}

test.describe('websocket clients find a connection gone silent mid-turn', () => {
  for (const [name, command] of [
    ['contexts/client.py', [python]],
    ['contexts/client.mjs', ['node']],
  ] as const) {
    test(`${name} pings once, drops the connection, resends after the last word on a new one (D129) and cuts the old audio at its end_ms (D58)`, async () => {
      const { probeAfterSeconds, pongTimeoutSeconds } = keepalive();
      const mock = await startWebsocketMock();
      const proxy = await startSilencingProxy(mock);
      const { state } = proxy;
      try {
        const run = await runExample([...command], name, { VOXLOOM_WS_BASE: proxy.url });
        expect(run.status, run.output).toBe(0);
        expect(mock.log.rejected, run.output).toEqual([]);
        expect(state.silencedAt, 'the first connection went silent').toBeGreaterThan(0);
        expect(run.output).toContain('发出 ping 后');

        // One ping on the silent connection, after the probe's silence; dropped after the pong's
        // wait, not before, and found long before two ping intervals.
        const probes = state.pings.filter((p) => p.connection === 1);
        expect(probes).toHaveLength(1);
        expect(probes[0].at - state.silencedAt).toBeGreaterThanOrEqual(
          probeAfterSeconds * 1000 - 100,
        );
        expect(state.opened).toHaveLength(2);
        expect(state.opened[1] - probes[0].at).toBeGreaterThanOrEqual(
          pongTimeoutSeconds * 1000 - 100,
        );
        expect(state.opened[1] - state.silencedAt).toBeLessThan(
          (probeAfterSeconds + pongTimeoutSeconds) * 1000 + retryPolicy.maxDelayMs + 2000,
        );

        // On the second connection a new context, with a new id, says what followed the word:
        // turn-2's text (the example's TURNS) after it, as written.
        const turn2 = '好的，我先帮您查一下账户余额。';
        expect(turn2).toContain(state.word.text);
        const resends = state.received
          .filter((r) => r.connection === 2 && r.message.voice_id !== undefined)
          .map((r) => String(r.message.context_id));
        expect(resends).toHaveLength(1);
        expect(resends[0]).toMatch(/^turn-2./);
        const resent = state.received
          .filter((r) => r.connection === 2 && r.message.context_id === resends[0])
          .map((r) => String(r.message.text ?? ''))
          .join('');
        expect(resent).toBe(turn2.slice(turn2.indexOf(state.word.text) + state.word.text.length));
        expect(mock.log.sent.filter((m) => m.type === 'done').map((m) => m.context_id)).toContain(
          resends[0],
        );

        // D58: turn-2.pcm keeps the audio up to the word's end_ms only, whole 16-bit samples; the
        // resend's file follows it.
        const kept = Math.floor((state.word.end_ms * state.rate) / 1000) * 2;
        expect(kept).toBeGreaterThan(0);
        expect(kept).toBeLessThan(state.audio.length);
        const old = readFileSync(path.join(run.cwd, 'turn-2.pcm'));
        expect(old.length).toBe(kept);
        expect(old.equals(state.audio.subarray(0, kept))).toBe(true);
        expect(statSync(path.join(run.cwd, `${resends[0]}.pcm`)).size).toBeGreaterThan(0);
      } finally {
        proxy.close();
        await mock.close();
      }
    });
  }

  // The pronunciation client does not reconnect (it stops on a close too): it finds the drop,
  // closes the connection and stops with the reason.
  test('pronunciation/ws_client.py pings once, then gives the silent connection up (D129)', async () => {
    const { probeAfterSeconds, pongTimeoutSeconds } = keepalive();
    const pings: number[] = [];
    let connections = 0;
    let lastFrame = 0;
    let closed = 0;
    const server = new WebSocketServer({ port: 0, host: '127.0.0.1', autoPong: false });
    server.on('connection', (ws) => {
      connections += 1;
      ws.on('ping', () => pings.push(Date.now()));
      ws.on('close', () => (closed = Date.now()));
      ws.once('message', (raw) => {
        const m = JSON.parse(raw.toString()) as { context_id: string };
        const audio = Buffer.alloc(480).toString('base64');
        ws.send(
          JSON.stringify({ type: 'audio', context_id: m.context_id, sequence: 0, data: audio }),
        );
        lastFrame = Date.now(); // then silence, the connection left open
      });
    });
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const run = await runExample([python], 'pronunciation/ws_client.py', {
        VOXLOOM_WS_BASE: `ws://127.0.0.1:${port}`,
      });
      expect(run.status, run.output).not.toBe(0);
      expect(run.output).toContain('发出 ping 后');
      expect(connections).toBe(1);
      expect(pings).toHaveLength(1);
      expect(pings[0] - lastFrame).toBeGreaterThanOrEqual(probeAfterSeconds * 1000 - 100);
      expect(closed - pings[0]).toBeGreaterThanOrEqual(pongTimeoutSeconds * 1000 - 100);
      expect(closed - lastFrame).toBeLessThan(
        (probeAfterSeconds + pongTimeoutSeconds) * 1000 + 2000,
      );
    } finally {
      server.close();
    }
  });
});

test.describe('a refused websocket handshake', () => {
  test('the mock refuses a revoked key with HTTP 401 and the error envelope, opening no websocket', async () => {
    const mock = await startWebsocketMock();
    try {
      const answer = await new Promise<{ status?: number; type?: string; body: string }>(
        (resolve, reject) => {
          const req = httpRequest(`${mock.url.replace('ws:', 'http:')}/v1/speech/websocket`, {
            headers: {
              Connection: 'Upgrade',
              Upgrade: 'websocket',
              'Sec-WebSocket-Version': '13',
              'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
              Authorization: `Bearer ${revokedKey}`,
            },
          });
          req.on('upgrade', () => reject(new Error('the handshake was accepted')));
          req.on('response', (res) => {
            let body = '';
            res.on('data', (d: Buffer) => (body += d.toString()));
            res.on('end', () =>
              resolve({ status: res.statusCode, type: res.headers['content-type'], body }),
            );
          });
          req.on('error', reject);
          req.end();
        },
      );
      expect(answer.status).toBe(401);
      expect(answer.type).toMatch(/^application\/json/);
      const envelope = JSON.parse(answer.body) as { error: Record<string, unknown> };
      expect(envelope.error).toMatchObject({
        code: 'unauthorized',
        message: errorByCode('unauthorized')!.example.message,
        param: null,
      });
      expect(envelope.error.request_id).toEqual(expect.any(String));
      expect(mock.log.unauthorized).toBe(1);
    } finally {
      await mock.close();
    }
  });

  test('the mock answers a request that is no upgrade with HTTP 400 and invalid_request', async () => {
    const mock = await startWebsocketMock();
    try {
      const res = await fetch(`${mock.url.replace('ws:', 'http:')}/v1/speech/websocket`, {
        headers: { Authorization: 'Bearer sk-test' },
      });
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      const envelope = (await res.json()) as { error: Record<string, unknown> };
      expect(envelope.error).toMatchObject({ code: 'invalid_request', param: null });
      expect(envelope.error.request_id).toBe(res.headers.get('x-request-id'));
      expect(errorByCode('invalid_request')!.status).toBe(400);
      expect(mock.log.notUpgrade).toBe(1);
    } finally {
      await mock.close();
    }
  });

  const clients: [string, string[], boolean][] = [
    // websocket-client gives the response body from 1.x versions newer than Debian's: the
    // Python client prints the status and the request id, with the body when it has one.
    ['contexts/client.py', [python], false],
    ['contexts/client.mjs', ['node'], true],
  ];
  for (const [name, command, readsBody] of clients) {
    test(`${name} reports the refusal once, with its status, and exits non-zero`, async () => {
      const mock = await startWebsocketMock();
      try {
        const result = await runExample(command, name, {
          VOXLOOM_API_KEY: revokedKey,
          VOXLOOM_WS_BASE: mock.url,
        });
        expect(result.status, result.output).not.toBe(0);
        expect(result.output).toContain('HTTP 401');
        // What to do depends on the status (/api/websocket#handshake-refusals), not 不要重试 always.
        expect(result.output).toContain('见握手被拒绝时的处理');
        expect(result.output).not.toContain('不要重试');
        if (readsBody) {
          expect(result.output).toContain('unauthorized');
          expect(result.output).toContain(errorByCode('unauthorized')!.example.message);
        }
        expect(result.output).toMatch(/request_id=req_mock_\d+/);
        // No retry: one handshake, no message.
        expect(mock.log.unauthorized).toBe(1);
        expect(mock.log.received).toEqual([]);
      } finally {
        await mock.close();
      }
    });
  }
});

test.describe('the pronunciation examples against the mocks', () => {
  // Prism validates the body against the OpenAPI document, the proxy the markup and dictionary.
  let http: HttpMock;
  test.beforeAll(async () => {
    http = await startHttpMock({
      specsDir: path.join(root, path.dirname(bundledSpecPath('speech'))),
      workDir: mkdtempSync(path.join(tmpdir(), 'http-mock-')),
    });
  });
  test.afterAll(async () => http?.close());

  for (const [name, command] of [
    ['pronunciation/speech.sh', ['bash']],
    ['pronunciation/speech.py', [python]],
  ] as const) {
    test(`${name}: the mock accepts its text and dictionary, the audio is saved`, async () => {
      const recorder = await http.record();
      try {
        const run = await runExample([...command], name, { VOXLOOM_API_BASE: recorder.origin });
        expect(run.status, run.output).toBe(0);
        expect(recorder.requests.map((r) => [r.operationId, accepted(r)])).toEqual([
          ['createSpeech', true],
        ]);
        const audio = path.join(run.cwd, 'pronunciation.mp3');
        expect(existsSync(audio) && statSync(audio).size > 0).toBe(true);
      } finally {
        await recorder.close();
      }
    });
  }

  test('pronunciation/ws_client.py: dictionary in the first generate, markup in each; its log passes the log checker', async () => {
    const mock = await startWebsocketMock();
    try {
      const run = await runExample([python], 'pronunciation/ws_client.py', {
        VOXLOOM_WS_BASE: mock.url,
        [logDirVariable]: '.',
      });
      expect(run.status, run.output).toBe(0);
      expectCleanLogs(run.cwd, 1);
      expect(mock.log.rejected, run.output).toEqual([]);
      const generates = mock.log.received.filter((m) => m.type === 'generate');
      expect(generates.length).toBeGreaterThan(1);
      expect(generates[0].pronunciation_dictionary).toBeDefined();
      // The text carries markup: the first generate turns it on (D1), the later ones inherit it.
      expect(generates[0].text_markup).toBe('pronunciation');
      expect(generates.slice(1).every((m) => m.pronunciation_dictionary === undefined)).toBe(true);
      expect(generates.every((m) => /\[[^[\]]+\]/.test(String(m.text)))).toBe(true);
      expect(mock.log.sent.some((m) => m.type === 'done')).toBe(true);
    } finally {
      await mock.close();
    }
  });
});

/** The numbers inside the first `{…}` or `[…]` after `NAME =` in an example's source. */
function numbersOf(file: string, name: string): number[] {
  const found = new RegExp(`${name} = [^{[]*[{[]([^}\\]]*)[}\\]]`).exec(read(file));
  expect(found, `${name} in ${path.relative(root, file)}`).not.toBeNull();
  return [...(found?.[1] ?? '').matchAll(/\d+/g)].map((m) => Number(m[0])).sort((a, b) => a - b);
}

/** The number a constant `NAME = 1_000` (or `20.0`) of an example's source is set to. */
function constantOf(file: string, name: string): number {
  const found = new RegExp(`\\b${name} = ([\\d_.]+)`).exec(read(file));
  expect(found, `${name} in ${path.relative(root, file)}`).not.toBeNull();
  return Number((found?.[1] ?? '').replaceAll('_', ''));
}

const closeCodes = () =>
  (asyncApiDocument().channels as Record<string, Record<string, unknown>>).speech[
    'x-close-codes'
  ] as { code: number; reconnect: Reconnect }[];
const codesOf = (kind: Reconnect) =>
  closeCodes()
    .filter((c) => c.reconnect === kind)
    .map((c) => c.code)
    .sort((a, b) => a - b);

/** The client's probe of a silent connection (D129), from the AsyncAPI document's `x-keepalive`. */
const keepalive = () =>
  (asyncApiDocument().channels as Record<string, Record<string, unknown>>).speech[
    'x-keepalive'
  ] as { probeAfterSeconds: number; pongTimeoutSeconds: number };

test('the websocket clients give a handshake the policy’s time, then count it a failure (D138)', () => {
  for (const [file, name, unit] of [
    ['contexts/client.py', 'HANDSHAKE_TIMEOUT', 1000],
    ['contexts/client.mjs', 'HANDSHAKE_TIMEOUT_MS', 1],
    ['best-practices/realtime_retry.py', 'HANDSHAKE_TIMEOUT', 1000],
    ['best-practices/realtime_retry.mjs', 'HANDSHAKE_TIMEOUT_MS', 1],
    ['pronunciation/ws_client.py', 'HANDSHAKE_TIMEOUT', 1000],
  ] as const) {
    const source = path.join(examplesDir, file);
    expect(constantOf(source, name) * unit, file).toBe(retryPolicy.handshakeTimeoutMs);
    // The constant is the one the connect call uses.
    expect(read(source), file).toMatch(
      file.endsWith('.py') ? new RegExp(`timeout=[^)]*${name}`) : /handshakeTimeout: /,
    );
  }
});

test.describe('the examples retry and reconnect exactly as the rules say', () => {
  // The retry rule (/api/errors#retries): 429 is the one retryable 4xx, and every 5xx is
  // retried, a gateway's 502 or 504 with no error object too. The examples test the status that
  // way (`RETRYABLE_4XX`, then `>= 500`); this holds the catalogue to the same two sets.
  const retryable4xx = [
    ...new Set(apiErrors.filter((e) => e.retryable && e.status < 500).map((e) => e.status)),
  ].sort((a, b) => a - b);

  test('retryable is exactly the error codes whose action is to retry', () => {
    for (const e of apiErrors) expect(e.retryable, e.code).toBe(e.kind === 'retry');
    expect(apiErrors.filter((e) => e.retryable).length).toBeGreaterThan(0);
  });

  test('every 5xx code of the catalogue is retryable, as the status rule retries them', () => {
    const serverErrors = apiErrors.filter((e) => e.status >= 500);
    expect(serverErrors.length).toBeGreaterThan(0);
    for (const e of serverErrors) expect(e.retryable, e.code).toBe(true);
  });

  for (const [file, test5xx] of [
    ['best-practices/retry.py', 'resp.status_code < 500'],
    ['best-practices/retry.mjs', 'resp.status < 500'],
    ['clone/clone.py', 'resp.status_code >= 500'],
    ['clone/clone.mjs', 'resp.status >= 500'],
  ] as const) {
    test(`${file} retries the catalogue's retryable 4xx and every 5xx`, () => {
      expect(numbersOf(path.join(examplesDir, file), 'RETRYABLE_4XX')).toEqual(retryable4xx);
      expect(read(path.join(examplesDir, file))).toContain(test5xx);
    });
  }

  // A retryable code that names a field (`service_unavailable` with `param: text`) is the
  // request's fault (src/data/errors.ts): the retry examples stop on it.
  for (const file of ['best-practices/retry.py', 'best-practices/retry.mjs']) {
    test(`${file} does not retry an error whose param names a field`, () => {
      const source = read(path.join(examplesDir, file));
      expect(source).toMatch(
        file.endsWith('.py') ? /if error\.get\("param"\):\s*\n\s*sys\.exit/ : /\|\| error\.param\)/,
      );
    });
  }

  // A gateway's 502 has no error object: the examples must retry it, as the rule says, and
  // stop on a 400 without retrying. A plain server answers each attempt in turn.
  for (const [name, command] of [
    ['best-practices/retry.py', [python]],
    ['best-practices/retry.mjs', ['node']],
  ] as const) {
    test(`${name} retries a gateway's 502 without an error object, and stops on a 400 or a proxy's 404`, async () => {
      const answers: [number, string, string][] = [
        [502, 'text/html', '<html><body>502 Bad Gateway</body></html>'],
        [200, 'audio/mpeg', 'ID3-audio'],
      ];
      const seen: number[] = [];
      const server = createServer((req, res) => {
        const [status, type, body] = answers[seen.length] ?? [500, 'text/plain', 'unexpected'];
        seen.push(status);
        req.resume();
        res.writeHead(status, { 'content-type': type }).end(body);
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      try {
        const run = await runExample([...command], name, {
          VOXLOOM_API_BASE: `http://127.0.0.1:${port}`,
        });
        expect(run.status, run.output).toBe(0);
        expect(seen).toEqual([502, 200]);
        expect(existsSync(path.join(run.cwd, 'hello.mp3'))).toBe(true);

        seen.length = 0;
        answers.splice(0, 2, [
          400,
          'application/json',
          JSON.stringify({ error: { code: 'invalid_request', message: 'x', param: 'text' } }),
        ]);
        const refused = await runExample([...command], name, {
          VOXLOOM_API_BASE: `http://127.0.0.1:${port}`,
        });
        expect(refused.status, refused.output).not.toBe(0);
        expect(seen).toEqual([400]);

        // A proxy's 404 whose JSON has no error object is a 4xx all the same: not retried.
        seen.length = 0;
        answers.splice(0, 1, [404, 'application/json', JSON.stringify({ detail: 'not found' })]);
        const proxied = await runExample([...command], name, {
          VOXLOOM_API_BASE: `http://127.0.0.1:${port}`,
        });
        expect(proxied.status, proxied.output).not.toBe(0);
        expect(seen).toEqual([404]);
      } finally {
        server.close();
      }
    });
  }

  // D97: after a 5xx the clone examples keep the key and print the command that resubmits with
  // it; run that way, the example sends the same key and takes the replayed voice.
  for (const [name, command] of [
    ['clone/clone.py', [python]],
    ['clone/clone.mjs', ['node']],
  ] as const) {
    test(`${name} prints a resubmit with its key after a 5xx, and resubmits with it (D14, D97)`, async () => {
      const keys: string[] = [];
      let failNext = true;
      const voice = { voice_id: 'voice_custom_d97', status: 'ready', name: '客服小林' };
      const server = createServer((req, res) => {
        req.resume();
        const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
          res
            .writeHead(status, { 'content-type': 'application/json', ...headers })
            .end(JSON.stringify(body));
        if (req.method === 'POST' && req.url === '/v1/voices') {
          keys.push(String(req.headers['idempotency-key']));
          if (failNext) {
            failNext = false;
            return json(
              503,
              { error: { code: 'service_unavailable', message: 'x', param: null } },
              {
                'retry-after': '1',
              },
            );
          }
          return json(201, voice, { 'idempotent-replayed': 'true' });
        }
        if (req.method === 'POST' && req.url === '/v1/speech') {
          return res.writeHead(200, { 'content-type': 'audio/mpeg' }).end('ID3-audio');
        }
        json(404, { error: { code: 'voice_not_found', message: 'x', param: null } });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      const env = { VOXLOOM_API_BASE: `http://127.0.0.1:${port}` };
      const files = { 'reference.wav': Buffer.from('RIFF....WAVEfmt ') };
      try {
        const first = await runExample([...command], name, env, files);
        expect(first.status, first.output).not.toBe(0);
        const printed = /VOXLOOM_IDEMPOTENCY_KEY=([0-9a-f-]{36})/.exec(first.output);
        expect(printed, first.output).not.toBeNull();
        expect(keys).toEqual([printed![1]]);

        const again = await runExample(
          [...command],
          name,
          {
            ...env,
            VOXLOOM_IDEMPOTENCY_KEY: printed![1],
          },
          files,
        );
        expect(again.status, again.output).toBe(0);
        expect(keys).toEqual([printed![1], printed![1]]);
        expect(again.output).toContain('voice_id=voice_custom_d97');
      } finally {
        server.close();
      }
    });
  }

  test('clone/clone.sh polls again on the retryable 4xx and every 5xx', () => {
    const polled = /^\s*000 \| ([\d?| ]+)\) continue/m.exec(
      read(path.join(examplesDir, 'clone/clone.sh')),
    );
    expect(polled, 'the case line of the poll loop').not.toBeNull();
    const patterns = (polled?.[1] ?? '').split('|').map((s) => s.trim());
    expect(patterns).toEqual([...retryable4xx.map(String), '5??']);
  });

  test('best-practices/retry.py uses the retry policy’s numbers (seconds)', () => {
    const file = path.join(examplesDir, 'best-practices/retry.py');
    expect(constantOf(file, 'MAX_ATTEMPTS')).toBe(retryPolicy.maxAttempts);
    expect(constantOf(file, 'BASE_DELAY') * 1000).toBe(retryPolicy.baseDelayMs);
    expect(constantOf(file, 'MAX_DELAY') * 1000).toBe(retryPolicy.maxDelayMs);
  });

  test('best-practices/retry.mjs uses the retry policy’s numbers (ms)', () => {
    const file = path.join(examplesDir, 'best-practices/retry.mjs');
    expect(constantOf(file, 'MAX_ATTEMPTS')).toBe(retryPolicy.maxAttempts);
    expect(constantOf(file, 'BASE_DELAY_MS')).toBe(retryPolicy.baseDelayMs);
    expect(constantOf(file, 'MAX_DELAY_MS')).toBe(retryPolicy.maxDelayMs);
  });

  for (const [file, scale, suffix] of [
    ['best-practices/realtime_retry.py', 1000, ''],
    ['best-practices/realtime_retry.mjs', 1, '_MS'],
  ] as const) {
    test(`${file} uses the retry policy’s numbers and its close codes`, () => {
      const source = path.join(examplesDir, file);
      expect(constantOf(source, 'MAX_ATTEMPTS')).toBe(retryPolicy.maxAttempts);
      expect(constantOf(source, `BASE_DELAY${suffix}`) * scale).toBe(retryPolicy.baseDelayMs);
      expect(constantOf(source, `MAX_DELAY${suffix}`) * scale).toBe(retryPolicy.maxDelayMs);
      expect(constantOf(source, `REALTIME_BUDGET${suffix}`) * scale).toBe(
        retryPolicy.realtimeBudgetMs,
      );
      expect(numbersOf(source, 'RECONNECT_NEVER')).toEqual(codesOf('never'));
      // D54: a gateway's 502 and 504 are handled as 500.
      expect(numbersOf(source, 'RETRY_HANDSHAKE')).toEqual([429, 500, 502, 503, 504]);
    });
  }

  // Polling is not a retry: the clone examples poll at the polling row's interval and cap.
  for (const [file, interval, scale] of [
    ['clone/clone.py', 'POLL_INTERVAL', 1000],
    ['clone/clone.mjs', 'POLL_INTERVAL_MS', 1],
    ['clone/clone.sh', 'POLL_INTERVAL', 1000],
  ] as const) {
    test(`${file} polls at the polling rule's interval, within its cap`, () => {
      const source = read(path.join(examplesDir, file));
      const value = (name: string) => {
        const found = new RegExp(`\\b${name} ?= ?([\\d_.]+)`).exec(source);
        expect(found, `${name} in ${file}`).not.toBeNull();
        return Number((found?.[1] ?? '').replaceAll('_', ''));
      };
      expect(value(interval) * scale).toBe(pollingPolicy.intervalMs);
      expect(value('MAX_POLLS')).toBe(pollingPolicy.maxRounds);
    });
  }

  for (const file of ['contexts/client.py', 'contexts/client.mjs']) {
    test(`${file} reconnects on the AsyncAPI document's close codes, in its three sets`, () => {
      const source = path.join(examplesDir, file);
      expect(numbersOf(source, 'RECONNECT_WITH_BACKOFF')).toEqual(codesOf('backoff'));
      expect(numbersOf(source, 'RECONNECT_WHEN_NEEDED')).toEqual(codesOf('when-needed'));
      expect(numbersOf(source, 'RECONNECT_NEVER')).toEqual(codesOf('never'));
      for (const kind of reconnectKinds) expect(codesOf(kind).length).toBeGreaterThan(0);
    });

    test(`${file} prints the advice the close-code table gives`, () => {
      const source = read(path.join(examplesDir, file));
      for (const kind of reconnectKinds) {
        expect(source).toMatch(new RegExp(`["']${reconnectLabel[kind]}["']`));
      }
    });
  }
});

test.describe('the websocket clients probe a silent connection with the AsyncAPI numbers', () => {
  for (const [file, scale, suffix] of [
    ['contexts/client.py', 1000, ''],
    ['contexts/client.mjs', 1, '_MS'],
    ['best-practices/realtime_retry.py', 1000, ''],
    ['best-practices/realtime_retry.mjs', 1, '_MS'],
    ['pronunciation/ws_client.py', 1000, ''],
  ] as const) {
    test(`${file} pings after x-keepalive's probeAfterSeconds and waits pongTimeoutSeconds (D129)`, () => {
      const { probeAfterSeconds, pongTimeoutSeconds } = keepalive();
      expect(probeAfterSeconds).toBeGreaterThan(0);
      expect(pongTimeoutSeconds).toBeGreaterThan(0);
      const source = path.join(examplesDir, file);
      expect(constantOf(source, `PROBE_AFTER${suffix}`) * scale).toBe(probeAfterSeconds * 1000);
      expect(constantOf(source, `PONG_TIMEOUT${suffix}`) * scale).toBe(pongTimeoutSeconds * 1000);
      // The comment by the constants points readers to the rule.
      expect(read(source)).toContain('/api/websocket#dead-connection');
    });
  }
});

/**
 * The real-time example against a server that fails on cue (D8, D9, D12, D20): an
 * `internal_error` after the first words, then a 1011 close after the next ones. The example
 * resends from the first word whose audio did not arrive, each time on a new context id, and
 * finishes; a refused handshake whose `Retry-After` outlasts the budget ends the turn at once.
 */
test.describe('best-practices/realtime_retry resumes on a new context and respects the budget', () => {
  const reply = '您好，您的订单已经发货。快递预计明天下午送达，到时请留意电话。还有什么可以帮您？';
  const audio = (contextId: string, sequence: number) => ({
    type: 'audio',
    context_id: contextId,
    sequence,
    data: Buffer.from('pcm!').toString('base64'),
  });
  const words = (contextId: string, ...texts: string[]) => ({
    type: 'timestamps',
    context_id: contextId,
    words: texts.map((text, i) => ({ text, start_ms: i * 300, end_ms: i * 300 + 280 })),
  });

  for (const [name, command] of [
    ['best-practices/realtime_retry.py', [python]],
    ['best-practices/realtime_retry.mjs', ['node']],
  ] as const) {
    test(`${name}: against the AsyncAPI mock, one valid generate and done, logged as the log checker reads it`, async () => {
      const mock = await startWebsocketMock();
      try {
        const run = await runExample([...command], name, {
          VOXLOOM_WS_BASE: mock.url,
          [logDirVariable]: '.',
        });
        expect(run.status, run.output).toBe(0);
        expectCleanLogs(run.cwd, 1);
        expect(mock.log.rejected, run.output).toEqual([]);
        expect(mock.log.received.map((m) => m.type)).toEqual(['generate']);
        expect(mock.log.sent.at(-1)?.type).toBe('done');
      } finally {
        await mock.close();
      }
    });

    test(`${name}: a close after every word has its audio resends nothing (D135)`, async () => {
      const generates: string[] = [];
      const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
      server.on('connection', (ws) => {
        ws.on('message', (raw) => {
          const m = JSON.parse(raw.toString()) as { context_id: string; text: string };
          generates.push(m.text);
          const send = (message: object) => ws.send(JSON.stringify(message));
          send(audio(m.context_id, 0));
          // Every word up to the closing ？ has its audio; then the connection closes.
          send(
            words(
              m.context_id,
              ...['您好', '您的订单已经发货', '快递预计明天下午送达'],
              ...['到时请留意电话', '还有什么可以帮您'],
            ),
          );
          ws.close(1011, 'internal_error');
        });
      });
      await new Promise((resolve) => server.once('listening', resolve));
      const { port } = server.address() as AddressInfo;
      try {
        const run = await runExample([...command], name, {
          VOXLOOM_WS_BASE: `ws://127.0.0.1:${port}`,
        });
        expect(run.status, run.output).toBe(0);
        // Only “？” is left: nothing to speak, so no resend and no second connection.
        expect(generates).toEqual([reply]);
      } finally {
        server.close();
      }
    });

    test(`${name}: internal_error, then a 1011 close, then done`, async () => {
      const generates: { connection: number; context_id: string; text: string }[] = [];
      let connections = 0;
      const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
      server.on('connection', (ws) => {
        connections += 1;
        const connection = connections;
        ws.on('message', (raw) => {
          const m = JSON.parse(raw.toString()) as { context_id: string; text: string };
          generates.push({ connection, context_id: m.context_id, text: m.text });
          const send = (message: object) => ws.send(JSON.stringify(message));
          const id = m.context_id;
          if (generates.length === 1) {
            send(audio(id, 0));
            send(words(id, '您好'));
            send({
              type: 'error',
              context_id: id,
              error: { code: 'internal_error', message: 'x', param: null, request_id: 'req_1' },
              billed_characters: 0,
            });
          } else if (generates.length === 2) {
            send(audio(id, 0));
            send(words(id, '您的', '订单', '已经', '发货'));
            ws.close(1011, 'internal_error');
          } else {
            send(audio(id, 0));
            send({ type: 'done', context_id: id, billed_characters: 30 });
          }
        });
      });
      await new Promise((resolve) => server.once('listening', resolve));
      const { port } = server.address() as AddressInfo;
      try {
        const run = await runExample([...command], name, {
          VOXLOOM_WS_BASE: `ws://127.0.0.1:${port}`,
        });
        expect(run.status, run.output).toBe(0);
        // Resent from just after the last timestamped word, as sent: punctuation kept (D82).
        expect(generates.map((g) => [g.connection, g.text])).toEqual([
          [1, reply],
          [1, reply.slice(reply.indexOf('您好') + '您好'.length)],
          [2, reply.slice(reply.indexOf('发货') + '发货'.length)],
        ]);
        expect(new Set(generates.map((g) => g.context_id)).size).toBe(3);
      } finally {
        server.close();
      }
    });

    // /api/websocket#contexts-after-reconnect: the audio's tail may already hold the start of the
    // next word, which the resend speaks again. So a failed context's audio is kept only up to
    // its last timestamped word's end_ms, and none of a context with no word heard. The server
    // sends what a real one may: audio that runs past the last word it timestamps.
    test(`${name}: keeps a failed context's audio only up to its last word's end_ms`, async () => {
      const contexts: Buffer[] = []; // all audio the server sent, one buffer per context
      const formats: object[] = [];
      let rate = 0;
      let connections = 0;
      const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
      server.on('connection', (ws) => {
        connections += 1;
        ws.on('message', (raw) => {
          const m = JSON.parse(raw.toString()) as {
            context_id: string;
            output_format: { container: string; encoding: string; sample_rate: number };
          };
          formats.push(m.output_format);
          rate = m.output_format.sample_rate;
          const n = contexts.push(Buffer.alloc(0));
          const send = (message: object) => ws.send(JSON.stringify(message));
          let sequence = 0;
          /** `ms` of audio, every byte `n`, so that the file shows whose audio it holds. */
          const sendAudio = (ms: number) => {
            const data = Buffer.alloc(Math.floor((ms * rate) / 1000) * 2, n);
            contexts[n - 1] = Buffer.concat([contexts[n - 1], data]);
            send({
              type: 'audio',
              context_id: m.context_id,
              sequence: sequence++,
              data: data.toString('base64'),
            });
          };
          if (n === 1) {
            // 您好 ends at 420 ms; the audio runs on into the next word when the context fails.
            sendAudio(500);
            send({
              type: 'timestamps',
              context_id: m.context_id,
              words: [{ text: '您好', start_ms: 0, end_ms: 420 }],
            });
            sendAudio(200);
            send({
              type: 'error',
              context_id: m.context_id,
              error: { code: 'internal_error', message: 'x', param: null, request_id: 'req_1' },
              billed_characters: 0,
            });
          } else if (n === 2) {
            sendAudio(300); // no word heard: none of it is kept
            ws.close(1000, 'drain');
          } else {
            sendAudio(700);
            send({ type: 'done', context_id: m.context_id, billed_characters: 30 });
          }
        });
      });
      await new Promise((resolve) => server.once('listening', resolve));
      const { port } = server.address() as AddressInfo;
      try {
        const run = await runExample([...command], name, {
          VOXLOOM_WS_BASE: `ws://127.0.0.1:${port}`,
        });
        expect(run.status, run.output).toBe(0);
        expect(contexts).toHaveLength(3);
        expect(connections).toBe(2);
        // Raw 16-bit PCM, so that a byte offset is a time: the cut relies on it.
        for (const format of formats) {
          expect(format).toMatchObject({
            container: 'pcm',
            encoding: 'pcm_s16le',
            sample_rate: rate,
          });
        }
        // end_ms × sample_rate × 2 bytes / 1000, down to a whole 16-bit sample.
        const kept = Math.floor((420 * rate) / 1000) * 2;
        expect(kept).toBeLessThan(contexts[0].length);
        const expected = Buffer.concat([contexts[0].subarray(0, kept), contexts[2]]);
        const file = readFileSync(path.join(run.cwd, 'reply.pcm'));
        expect(file.length).toBe(expected.length);
        expect(file.equals(expected)).toBe(true);
      } finally {
        server.close();
      }
    });

    // /api/websocket#dead-connection: the first connection sends the first words' audio, then
    // nothing: no close, no pong. The client pings once after probeAfterSeconds of silence, gives
    // up pongTimeoutSeconds later and resends the rest on a second connection, which answers.
    test(`${name}: a connection gone silent mid-turn gets one ping, is dropped and the rest resent on a new one (D129)`, async () => {
      const { probeAfterSeconds, pongTimeoutSeconds } = keepalive();
      const generates: { connection: number; context_id: string; text: string }[] = [];
      const pings: { connection: number; at: number }[] = [];
      const opened: number[] = [];
      let lastFrame = 0; // when the first connection sent its last message
      const server = new WebSocketServer({ port: 0, host: '127.0.0.1', autoPong: false });
      server.on('connection', (ws) => {
        const connection = opened.push(Date.now());
        ws.on('ping', (data) => {
          pings.push({ connection, at: Date.now() });
          if (connection > 1) ws.pong(data); // the second connection is a healthy one
        });
        ws.on('message', (raw) => {
          const m = JSON.parse(raw.toString()) as { context_id: string; text: string };
          generates.push({ connection, context_id: m.context_id, text: m.text });
          const send = (message: object) => ws.send(JSON.stringify(message));
          send(audio(m.context_id, 0));
          if (connection === 1) {
            send(words(m.context_id, '您好', '您的'));
            lastFrame = Date.now(); // then silence, the connection left open
          } else {
            send({ type: 'done', context_id: m.context_id, billed_characters: 30 });
          }
        });
      });
      await new Promise((resolve) => server.once('listening', resolve));
      const { port } = server.address() as AddressInfo;
      try {
        const run = await runExample([...command], name, {
          VOXLOOM_WS_BASE: `ws://127.0.0.1:${port}`,
        });
        expect(run.status, run.output).toBe(0);
        expect(run.output).toContain('发出 ping 后');
        expect(generates.map((g) => [g.connection, g.text])).toEqual([
          [1, reply],
          [2, reply.slice(reply.indexOf('您的') + '您的'.length)],
        ]);
        expect(new Set(generates.map((g) => g.context_id)).size).toBe(2);
        // One ping on the silent connection, sent after the probe's silence, none before.
        const probes = pings.filter((p) => p.connection === 1);
        expect(probes).toHaveLength(1);
        expect(probes[0].at - lastFrame).toBeGreaterThanOrEqual(probeAfterSeconds * 1000 - 100);
        // Dropped after the pong's wait, not before; found long before two ping intervals.
        expect(opened).toHaveLength(2);
        expect(opened[1] - probes[0].at).toBeGreaterThanOrEqual(pongTimeoutSeconds * 1000 - 100);
        expect(opened[1] - lastFrame).toBeLessThan(
          (probeAfterSeconds + pongTimeoutSeconds) * 1000 + retryPolicy.maxDelayMs + 2000,
        );
      } finally {
        server.close();
      }
    });

    // A slow server that answers the probe's ping is alive: the client waits on, on one connection.
    test(`${name}: a silent connection that answers the ping is kept (D129)`, async () => {
      const { probeAfterSeconds, pongTimeoutSeconds } = keepalive();
      let connections = 0;
      let pings = 0;
      const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
      server.on('connection', (ws) => {
        connections += 1;
        ws.on('ping', () => (pings += 1)); // answered by ws itself
        ws.on('message', (raw) => {
          const m = JSON.parse(raw.toString()) as { context_id: string };
          const send = (message: object) => ws.send(JSON.stringify(message));
          send(audio(m.context_id, 0));
          send(words(m.context_id, '您好'));
          // Longer than the probe and its wait together: without the pong the client would drop it.
          setTimeout(
            () => send({ type: 'done', context_id: m.context_id, billed_characters: 30 }),
            (probeAfterSeconds + pongTimeoutSeconds) * 1000 + 1500,
          );
        });
      });
      await new Promise((resolve) => server.once('listening', resolve));
      const { port } = server.address() as AddressInfo;
      try {
        const run = await runExample([...command], name, {
          VOXLOOM_WS_BASE: `ws://127.0.0.1:${port}`,
        });
        expect(run.status, run.output).toBe(0);
        expect(pings).toBeGreaterThan(0);
        expect(connections).toBe(1);
        expect(run.output).not.toContain('发出 ping 后');
      } finally {
        server.close();
      }
    });

    test(`${name}: rate_limited waits for another context to end, then starts on a new id (D52)`, async () => {
      const generates: { context_id: string; text: string }[] = [];
      const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
      server.on('connection', (ws) => {
        ws.on('message', (raw) => {
          const m = JSON.parse(raw.toString()) as { context_id: string; text: string };
          generates.push(m);
          const send = (message: object) => ws.send(JSON.stringify(message));
          if (generates.length === 1) {
            send({
              type: 'error',
              context_id: m.context_id,
              error: { code: 'rate_limited', message: 'x', param: 'context_id', request_id: 'r' },
              billed_characters: 0,
            });
            // Another context of the connection ends a moment later: a slot is free.
            setTimeout(
              () => send({ type: 'done', context_id: 'other', billed_characters: 9 }),
              200,
            );
          } else {
            send(audio(m.context_id, 0));
            send({ type: 'done', context_id: m.context_id, billed_characters: 30 });
          }
        });
      });
      await new Promise((resolve) => server.once('listening', resolve));
      const { port } = server.address() as AddressInfo;
      try {
        const run = await runExample([...command], name, {
          VOXLOOM_WS_BASE: `ws://127.0.0.1:${port}`,
        });
        expect(run.status, run.output).toBe(0);
        expect(generates.map((g) => g.text)).toEqual([reply, reply]);
        expect(new Set(generates.map((g) => g.context_id)).size).toBe(2);
      } finally {
        server.close();
      }
    });

    test(`${name}: a handshake refused with a Retry-After past the budget ends the turn`, async () => {
      let handshakes = 0;
      const server = createServer((_req, res) => res.writeHead(404).end());
      server.on('upgrade', (_req, socket) => {
        handshakes += 1;
        // A client that stops reading after the status line resets the socket: not an error here.
        socket.on('error', () => undefined);
        const body = JSON.stringify({
          error: { code: 'service_unavailable', message: 'x', param: null, request_id: 'req_1' },
        });
        socket.end(
          [
            'HTTP/1.1 503 Service Unavailable',
            'Content-Type: application/json',
            `Content-Length: ${Buffer.byteLength(body)}`,
            `Retry-After: ${(retryPolicy.realtimeBudgetMs / 1000) * 2}`,
            'X-Request-Id: req_1',
            'Connection: close',
            '',
            body,
          ].join('\r\n'),
        );
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      try {
        const started = Date.now();
        const run = await runExample([...command], name, {
          VOXLOOM_WS_BASE: `ws://127.0.0.1:${port}`,
        });
        expect(run.status, run.output).not.toBe(0);
        expect(run.output).toContain('改为显示文字回复');
        expect(handshakes).toBe(1);
        expect(Date.now() - started).toBeLessThan(retryPolicy.realtimeBudgetMs);
      } finally {
        server.close();
      }
    });
  }
});
