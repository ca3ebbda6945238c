/**
 * The protocol model (src/protocol/session.ts), which the test mock and the simulator run, keeps
 * the rules the AsyncAPI document states for errors and the idle timer: a JSON message that breaks
 * the schema (an unknown field too) gets `invalid_request` naming the field and the connection
 * stays open; an error names the message's `context_id` as sent, open or not, and null only when
 * there is no well-formed one; the context it names ends, its buffered text dropped; only accepted
 * messages restart the idle timer. It also keeps the document's `x-flow-control` and message
 * descriptions: audio faster than real time, a cancel that stops a context at once, no flush
 * of its own and no acknowledgement of one, no per-message rate cap, no maximum life of a
 * context. No browser: the model is driven on its logical clock.
 */
import { test, expect } from '@playwright/test';

import WebSocket from 'ws';

import { errorByCode } from '../../src/data/errors';
import { limit } from '../../src/data/limits';
import { billedCharacters } from '../../src/data/pricing';
import { presetVoices } from '../../src/data/voices';
import { Session, type SessionEvent } from '../../src/protocol/session';
import { closeCodes } from '../../src/protocol/schemas';
import { asyncApiDocument } from '../support/specs';
import { startWebsocketMock } from '../mock/websocket-mock';

type Json = Record<string, unknown>;

const voice = presetVoices[0].voiceId;
const idleMs = limit('websocketIdleTimeout').value * 1000;

/** A session, and a client that sends JSON at a time and collects everything the server sends. */
function client() {
  const session = new Session({ stepMs: 10 });
  const events: SessionEvent[] = [];
  return {
    events,
    send(message: unknown, at: number) {
      events.push(...session.advance(at));
      events.push(...session.receive({ text: JSON.stringify(message) }, at).events);
    },
    /** Everything due by `at`. */
    run(at: number) {
      events.push(...session.advance(at));
    },
    messages: () =>
      events.filter((e) => e.kind === 'message').map((e) => (e as { message: Json }).message),
    errors: () =>
      events
        .filter((e) => e.kind === 'message' && e.message.type === 'error')
        .map((e) => (e as { message: Json }).message),
    closes: () => events.filter((e) => e.kind === 'close'),
  };
}

test('an unknown field gets invalid_request naming it; the connection stays open', () => {
  const c = client();
  c.send(
    { type: 'generate', context_id: 'turn-1', text: '您好。', voice_id: voice, stream: true },
    0,
  );
  c.send({ type: 'generate', context_id: 'turn-2', text: '您好。', voice_id: voice }, 5);
  c.run(1000);
  const [error] = c.errors();
  expect(error).toMatchObject({
    context_id: 'turn-1',
    error: { code: 'invalid_request', param: 'stream' },
  });
  expect(c.closes()).toEqual([]);
  expect(c.messages().some((m) => m.type === 'done' && m.context_id === 'turn-2')).toBe(true);
});

test('errors name the context_id sent, open or not, and null only without a well-formed one', () => {
  const c = client();
  c.send({ type: 'flush', context_id: 'never-started' }, 0);
  c.send({ type: 'cancel', context_id: 'never-started' }, 1);
  c.send({ type: 'flush', context_id: 'not a valid id' }, 2);
  c.send({ type: 'flush' }, 3);
  c.send([1, 2], 4);
  expect(c.errors().map((e) => e.context_id)).toEqual([
    'never-started',
    'never-started',
    null,
    null,
    null,
  ]);
  expect(c.errors().map((e) => (e.error as Json).param)).toEqual([
    'context_id',
    'context_id',
    'context_id',
    'context_id',
    null,
  ]);
  for (const e of c.errors()) {
    expect(errorByCode(String((e.error as Json).code))?.onWebsocket).toBe(true);
  }
});

test('a rejected later generate ends its context: the buffered text is neither spoken nor billed', () => {
  const c = client();
  // Text with no natural pause stays in the buffer while `continue` is true.
  c.send(
    { type: 'generate', context_id: 'turn-1', text: '您好', voice_id: voice, continue: true },
    0,
  );
  c.send({ type: 'generate', context_id: 'turn-1', text: '这里是', continue: true, debug: 1 }, 5);
  c.run(1000);
  expect(c.errors()).toEqual([
    expect.objectContaining({
      context_id: 'turn-1',
      error: expect.objectContaining({ code: 'invalid_request', param: 'debug' }),
    }),
  ]);
  // No audio, no done for it: the context ended with the error.
  expect(c.messages().filter((m) => m.context_id === 'turn-1' && m.type !== 'error')).toEqual([]);
  // Its id is free again: it is not an open context any more.
  c.send({ type: 'flush', context_id: 'turn-1' }, 1001);
  expect(c.errors()[1]).toMatchObject({ context_id: 'turn-1', error: { param: 'context_id' } });
});

test('only accepted messages restart the idle timer', () => {
  const accepted = client();
  accepted.send({ type: 'generate', context_id: 'turn-1', text: '好。', voice_id: voice }, 0);
  accepted.send({ type: 'generate', context_id: 'turn-2', text: '好。', voice_id: voice }, 50_000);
  accepted.run(50_000 + idleMs + 1000);
  expect(accepted.closes()).toEqual([
    expect.objectContaining({ code: closeCodes.idle_timeout, at: 50_000 + idleMs }),
  ]);

  const rejected = client();
  rejected.send({ type: 'generate', context_id: 'turn-1', text: '好。', voice_id: voice }, 0);
  // A flush of a context that has ended gets an error: it does not keep the connection alive.
  rejected.send({ type: 'flush', context_id: 'turn-1' }, 50_000);
  rejected.run(50_000 + idleMs + 1000);
  expect(rejected.errors()).toHaveLength(1);
  expect(rejected.closes()).toEqual([
    expect.objectContaining({ code: closeCodes.idle_timeout, at: idleMs }),
  ]);
});

test('a flush of a waiting context is accepted: it restarts the idle timer and costs nothing', () => {
  const { holdFlushSeconds } = (
    asyncApiDocument().channels as Record<string, Record<string, unknown>>
  ).speech['x-keepalive'] as { holdFlushSeconds: number };
  // Well below the idle timeout: one flush may be late and the connection still stays open.
  expect(holdFlushSeconds * 2).toBeLessThanOrEqual(idleMs / 1000);
  const c = client();
  c.send(
    {
      type: 'generate',
      context_id: 'turn-1',
      text: '我帮您查一下。',
      voice_id: voice,
      continue: true,
    },
    0,
  );
  c.run(1000);
  const spoken = c.messages().length;
  // A tool call three idle timeouts long: an empty flush every holdFlushSeconds holds the connection.
  const waitMs = 3 * idleMs;
  for (let t = holdFlushSeconds * 1000; t <= waitMs; t += holdFlushSeconds * 1000) {
    c.send({ type: 'flush', context_id: 'turn-1' }, t);
  }
  c.send({ type: 'generate', context_id: 'turn-1', text: '查到了。', continue: false }, waitMs + 1);
  c.run(waitMs + 5000);
  expect(c.errors()).toEqual([]);
  expect(c.closes()).toEqual([]);
  // The empty flushes sent nothing and billed nothing: only the two texts' audio and done.
  const after = c.messages().slice(spoken);
  expect(after.map((m) => m.type)).toEqual(['audio', 'done']);
  expect(after[1]).toMatchObject({
    billed_characters: billedCharacters('我帮您查一下。查到了。'),
  });
  // Without the flushes, the waiting context does not keep the connection open.
  const idle = client();
  idle.send(
    {
      type: 'generate',
      context_id: 'turn-1',
      text: '我帮您查一下。',
      voice_id: voice,
      continue: true,
    },
    0,
  );
  idle.run(waitMs);
  expect(idle.closes()).toEqual([
    expect.objectContaining({ code: closeCodes.idle_timeout, at: idleMs }),
  ]);
});

test('a message to a context that no longer takes it is refused naming context_id and ends nothing', () => {
  const c = client();
  const text = '第一句话。第二句话。';
  c.send({ type: 'generate', context_id: 'turn-1', text, voice_id: voice }, 0);
  // After the last generate: a generate or flush is refused, the context still ends with done.
  c.send({ type: 'generate', context_id: 'turn-1', text: '多余的。', continue: true }, 1);
  c.send({ type: 'flush', context_id: 'turn-1' }, 2);
  // After a cancel: the LLM's trailing text (no voice_id) and a flush are refused the same way.
  c.send(
    { type: 'generate', context_id: 'turn-2', text: '好的，', voice_id: voice, continue: true },
    3,
  );
  c.send({ type: 'cancel', context_id: 'turn-2' }, 4);
  c.send({ type: 'generate', context_id: 'turn-2', text: '我们', continue: true }, 5);
  c.send({ type: 'flush', context_id: 'turn-2' }, 6);
  // A cancel crossing its context's done.
  c.run(10_000);
  c.send({ type: 'cancel', context_id: 'turn-1' }, 10_000);
  c.run(20_000);
  expect(c.errors()).toHaveLength(5);
  for (const e of c.errors()) {
    expect(e.error).toMatchObject({ code: 'invalid_request', param: 'context_id' });
  }
  const turn1 = ofContext(c.events, 'turn-1').filter((m) => m.message.type !== 'error');
  expect(turn1.map((m) => m.message.type)).toEqual(['audio', 'audio', 'done']);
  // Nothing of the refused text is billed.
  expect(turn1.at(-1)?.message).toMatchObject({ billed_characters: billedCharacters(text) });
  const turn2 = ofContext(c.events, 'turn-2').filter((m) => m.message.type !== 'error');
  expect(turn2.map((m) => m.message.type)).toEqual(['done']);
  // An ended id starts a new context with a first generate (voice_id), as the document says.
  c.send({ type: 'generate', context_id: 'turn-2', text: '新的一轮。', voice_id: voice }, 20_001);
  c.run(30_000);
  expect(c.errors()).toHaveLength(5);
  expect(ofContext(c.events, 'turn-2').at(-1)?.message.type).toBe('done');
});

/** The messages of one context, in order, with when they were sent. */
const ofContext = (events: SessionEvent[], id: string) =>
  events.flatMap((e) =>
    e.kind === 'message' && e.message.context_id === id
      ? [{ at: e.at, message: e.message, durationMs: e.durationMs }]
      : [],
  );

test('audio comes faster than real time: the whole released text, as soon as it is synthesised', () => {
  const c = client();
  const text = '第一句话说得长一点。第二句话也不短。第三句话在这里结束。';
  c.send({ type: 'generate', context_id: 'turn-1', text, voice_id: voice }, 0);
  c.run(10_000);
  const audio = ofContext(c.events, 'turn-1').filter((m) => m.message.type === 'audio');
  expect(audio.length).toBeGreaterThan(1);
  const spoken = audio.reduce((sum, m) => sum + (m.durationMs ?? 0), 0);
  const sentWithin = audio[audio.length - 1].at - audio[0].at;
  // Seconds of speech arrive within milliseconds: the server does not pace to playback.
  expect(spoken).toBeGreaterThan(10 * Math.max(sentWithin, 1));
});

test('a cancel stops its context at once: done comes next, nothing after it, the released text billed', () => {
  const c = client();
  // Released at once: the text up to the last natural pause; the rest stays buffered.
  const released = '第一句话。第二句话。第三句话。';
  c.send(
    {
      type: 'generate',
      context_id: 'turn-1',
      text: `${released}还在缓冲`,
      voice_id: voice,
      continue: true,
    },
    0,
  );
  c.send({ type: 'generate', context_id: 'turn-2', text: '另一段话。', voice_id: voice }, 1);
  // The first chunk has been sent (one step after the generate), the others are still queued.
  c.run(15);
  c.send({ type: 'cancel', context_id: 'turn-1' }, 15);
  c.run(10_000);
  const turn1 = ofContext(c.events, 'turn-1');
  const done = turn1.findIndex((m) => m.message.type === 'done');
  expect(turn1.slice(0, done).map((m) => m.message.type)).toEqual(['audio']);
  expect(turn1[done]).toMatchObject({
    at: 15,
    message: { billed_characters: billedCharacters(released) },
  });
  expect(turn1.slice(done + 1)).toEqual([]);
  // The other context goes on.
  expect(ofContext(c.events, 'turn-2').some((m) => m.message.type === 'done')).toBe(true);
});

test('the server never flushes by itself, and a flush is not acknowledged', () => {
  const c = client();
  // No natural pause: the text waits in the buffer, however long.
  c.send(
    { type: 'generate', context_id: 'turn-1', text: '您好', voice_id: voice, continue: true },
    0,
  );
  c.run(idleMs - 1);
  expect(c.messages()).toEqual([]);
  // An empty buffer: a flush does nothing and answers nothing.
  const quiet = client();
  quiet.send(
    { type: 'generate', context_id: 'turn-1', text: '您好。', voice_id: voice, continue: true },
    0,
  );
  quiet.run(1000);
  const before = quiet.messages().length;
  quiet.send({ type: 'flush', context_id: 'turn-1' }, 1000);
  quiet.run(2000);
  expect(quiet.messages()).toHaveLength(before);
  // A flush of buffered text: its audio is the only answer.
  c.send({ type: 'flush', context_id: 'turn-1' }, idleMs - 1);
  c.run(idleMs + 1000);
  expect(c.messages().map((m) => m.type)).toEqual(['audio']);
});

test('client messages have no rate cap, and a context has no maximum life', () => {
  const c = client();
  c.send(
    { type: 'generate', context_id: 'turn-1', text: '好', voice_id: voice, continue: true },
    0,
  );
  // Many messages in the same millisecond are all accepted.
  for (let i = 0; i < 200; i += 1) {
    c.send({ type: 'generate', context_id: 'turn-1', text: '好', continue: true }, 1);
  }
  // The connection stays busy with other turns for ten minutes; turn-1 stays open all along.
  for (let t = 30_000, n = 2; t <= 600_000; t += 30_000, n += 1) {
    c.send({ type: 'generate', context_id: `turn-${n}`, text: '好。', voice_id: voice }, t);
  }
  c.send({ type: 'generate', context_id: 'turn-1', text: '', continue: false }, 600_001);
  c.run(601_000);
  expect(c.errors()).toEqual([]);
  expect(c.closes()).toEqual([]);
  expect(ofContext(c.events, 'turn-1').at(-1)?.message).toMatchObject({
    type: 'done',
    billed_characters: billedCharacters('好'.repeat(201)),
  });
});

test('the handshake response carries the connection’s X-Request-Id, as the document says', async () => {
  const channel = Object.values(asyncApiDocument().channels as Json)[0] as Json;
  const headers = channel['x-handshake-response-headers'] as { name: string }[];
  expect(headers.map((h) => h.name)).toEqual(['X-Request-Id']);
  const mock = await startWebsocketMock();
  try {
    const id = await new Promise<string | undefined>((resolve, reject) => {
      const ws = new WebSocket(`${mock.url}/v1/speech/websocket`, {
        headers: { Authorization: 'Bearer sk-test' },
      });
      ws.on('upgrade', (res) => resolve(res.headers['x-request-id'] as string | undefined));
      ws.on('open', () => ws.close());
      ws.on('error', reject);
    });
    expect(id).toMatch(/^req_mock_\d+$/);
  } finally {
    await mock.close();
  }
});
