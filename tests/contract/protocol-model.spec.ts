/**
 * The protocol model (src/protocol/session.ts), which the test mock and the simulator run, keeps
 * the AsyncAPI document's rules: where segments end (D2, a table of inputs); errors that end their
 * context carry its `billed_characters`, those that end nothing carry null (D4, D5, D28); a
 * context's id is single-use (D4); settings belong to the first generate (D5); billing starts
 * with a segment's synthesis, one segment at a time (D7, D30), failed segments never billed (D8);
 * markup only with `text_markup` (D1); only accepted messages restart the idle timer (D11). It
 * also keeps the document's `x-flow-control`: audio faster than real time, a cancel that stops a
 * context at once, no flush of its own, no per-message rate cap, no maximum life of a context.
 * No browser: the model is driven on its logical clock.
 */
import { test, expect } from '@playwright/test';

import WebSocket from 'ws';

import { outputFormatError, validOutputFormats } from '../../src/data/audioFormats';
import { errorByCode } from '../../src/data/errors';
import { limit } from '../../src/data/limits';
import { billedCharacters } from '../../src/data/pricing';
import { presetVoices } from '../../src/data/voices';
import { maxSegmentLength, segmentText, type TextMarkup } from '../../src/protocol/segment';
import { defaultTextMarkup, spokenText } from '../../src/data/pronunciation';
import { retryPolicy } from '../../src/data/retryPolicy';
import { resendText } from '../../src/protocol/resend';
import {
  Session,
  type SegmentFailure,
  type SessionEvent,
  type SessionOptions,
} from '../../src/protocol/session';
import {
  closeCodes,
  generateSettingDefaults,
  generateSettings,
  outputFormatDefaults,
} from '../../src/protocol/schemas';
import { asyncApiDocument } from '../support/specs';
import { startWebsocketMock } from '../mock/websocket-mock';

type Json = Record<string, unknown>;

const voice = presetVoices[0].voiceId;
const idleMs = limit('websocketIdleTimeout').value * 1000;

/** A session, and a client that sends JSON at a time and collects everything the server sends. */
function client(options: SessionOptions = {}) {
  const session = new Session({ stepMs: 10, ...options });
  const events: SessionEvent[] = [];
  return {
    session,
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

/** One handshake with the mock: its status, headers and body (empty for a 101). */
function handshakeTo(url: string) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
    (resolve, reject) => {
      const ws = new WebSocket(`${url}/v1/speech/websocket`, {
        headers: { Authorization: 'Bearer sk-test' },
      });
      ws.on('upgrade', (res) => resolve({ status: 101, headers: res.headers, body: '' }));
      ws.on('open', () => ws.close());
      ws.on('unexpected-response', (_req, res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      });
      ws.on('error', reject);
    },
  );
}

/** Where segments end (D2): input, markup, final → segments and the rest still waiting. */
const segmentCases: {
  readonly name: string;
  readonly text: string;
  readonly markup?: TextMarkup;
  readonly final?: boolean;
  readonly segments: string[];
  readonly rest: string;
}[] = [
  {
    name: 'a decimal point never splits',
    text: '圆周率约等于 3.14，很常用。',
    segments: ['圆周率约等于 3.14，', '很常用。'],
    rest: '',
  },
  {
    name: 'a version number never splits; whitespace after a boundary ends the segment with it',
    text: 'Update to v2.1 now. Then',
    segments: ['Update to v2.1 now. '],
    rest: 'Then',
  },
  {
    name: 'a time never splits',
    text: 'Meet at 14:30 today',
    segments: [],
    rest: 'Meet at 14:30 today',
  },
  {
    name: 'ASCII punctuation at the end of the buffer waits for what follows',
    text: 'It costs 1,000 yuan.',
    segments: [],
    rest: 'It costs 1,000 yuan.',
  },
  {
    name: 'the last generate or a flush makes the rest a segment',
    text: 'It costs 1,000 yuan.',
    final: true,
    segments: ['It costs 1,000 yuan.'],
    rest: '',
  },
  {
    name: 'no abbreviation list: a space after Dr. splits',
    text: 'Dr. Smith is here.',
    final: true,
    segments: ['Dr. ', 'Smith is here.'],
    rest: '',
  },
  {
    name: 'full-width punctuation splits at once; a run of marks stays together',
    text: '你好，我是小林。请问？！有什么',
    segments: ['你好，', '我是小林。', '请问？！'],
    rest: '有什么',
  },
  {
    name: 'a closing quotation mark stays with its segment',
    text: '他说：“好。”然后走了',
    segments: ['他说：', '“好。”'],
    rest: '然后走了',
  },
  { name: 'an ellipsis splits', text: '嗯……好的', segments: ['嗯……'], rest: '好的' },
  { name: 'a line break splits', text: '第一行\n第二行', segments: ['第一行\n'], rest: '第二行' },
  {
    name: 'leading line breaks join the next segment',
    text: '\n\n你好。',
    segments: ['\n\n你好。'],
    rest: '',
  },
  {
    name: `${maxSegmentLength} characters without a boundary are cut after the last whitespace`,
    text: 'word '.repeat(50),
    segments: ['word '.repeat(40)],
    rest: 'word '.repeat(10),
  },
  {
    name: `${maxSegmentLength} characters without whitespace are cut at ${maxSegmentLength}`,
    text: '好'.repeat(maxSegmentLength + 50),
    segments: ['好'.repeat(maxSegmentLength)],
    rest: '好'.repeat(50),
  },
  // The limit is in code points (D87): a character outside the BMP is one, not two UTF-16 units.
  {
    name: `${maxSegmentLength} code points outside the BMP are cut at ${maxSegmentLength}, not at half`,
    text: '𠀀'.repeat(maxSegmentLength + 50),
    segments: ['𠀀'.repeat(maxSegmentLength)],
    rest: '𠀀'.repeat(50),
  },
  {
    name: 'with text_markup, the cut never falls inside a pause',
    text: `${'好'.repeat(maxSegmentLength - 5)}[pause:300ms]`,
    markup: 'pronunciation',
    segments: ['好'.repeat(maxSegmentLength - 5)],
    rest: '[pause:300ms]',
  },
  {
    name: 'without text_markup, a bracket is text and the cut falls where the count says',
    text: `${'好'.repeat(maxSegmentLength - 5)}[pause:300ms]`,
    segments: [`${'好'.repeat(maxSegmentLength - 5)}[paus`],
    rest: 'e:300ms]',
  },
  {
    name: 'with text_markup, a hint stays with its character',
    text: `${'好'.repeat(maxSegmentLength - 1)}曾[zeng1]先生`,
    markup: 'pronunciation',
    segments: ['好'.repeat(maxSegmentLength - 1)],
    rest: '曾[zeng1]先生',
  },
  {
    name: 'with text_markup, [[ is a literal [ and markup holds no boundary',
    text: '见注释[[1]。停一下[pause:300ms]，好',
    markup: 'pronunciation',
    segments: ['见注释[[1]。', '停一下[pause:300ms]，'],
    rest: '好',
  },
  {
    name: 'a final rest of whitespace only is dropped',
    text: 'Hello.   ',
    final: true,
    segments: ['Hello.   '],
    rest: '',
  },
  // A segment never bills more than the maximum, closing marks and markup included (D47).
  {
    name: 'a closing mark that would pass the maximum starts the next segment',
    text: `${'好'.repeat(maxSegmentLength - 1)}。”好`,
    segments: [`${'好'.repeat(maxSegmentLength - 1)}。`],
    rest: '”好',
  },
  {
    name: 'a run of closing marks stops at the maximum',
    text: `${'好'.repeat(maxSegmentLength - 2)}。”」』好`,
    segments: [`${'好'.repeat(maxSegmentLength - 2)}。”`],
    rest: '」』好',
  },
  {
    name: 'with text_markup, a pause that would pass the maximum goes to the next segment',
    text: `${'好'.repeat(maxSegmentLength - 5)}[pause:300ms]。好`,
    markup: 'pronunciation',
    segments: ['好'.repeat(maxSegmentLength - 5), '[pause:300ms]。'],
    rest: '好',
  },
  {
    name: 'with text_markup, a bracket longer than a segment is cut like text',
    text: `[${'a'.repeat(maxSegmentLength + 50)}]`,
    markup: 'pronunciation',
    final: true,
    segments: [`[${'a'.repeat(maxSegmentLength - 1)}`, `${'a'.repeat(51)}]`],
    rest: '',
  },
];

test.describe('segments (D2, D32, D87)', () => {
  for (const c of segmentCases) {
    test(c.name, () => {
      const result = segmentText(c.text, { markup: c.markup ?? 'none', final: c.final ?? false });
      expect(result).toEqual({ segments: c.segments, rest: c.rest });
      for (const segment of result.segments) {
        expect([...segment].length).toBeLessThanOrEqual(maxSegmentLength);
        const billed = billedCharacters(segment, c.markup ?? 'none');
        expect(billed).toBeLessThanOrEqual(maxSegmentLength);
      }
    });
  }
});

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

test('a rejected later generate ends its context: the buffered text is neither spoken nor billed (D4, D49)', () => {
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
  // No audio, no done for it: the context ended with the error, which bills nothing buffered.
  expect(c.messages().filter((m) => m.context_id === 'turn-1' && m.type !== 'error')).toEqual([]);
  expect(c.errors()[0]).toMatchObject({ billed_characters: 0 });
  // Its id is retired (D4): a later message naming it gets the error that ends nothing.
  c.send({ type: 'flush', context_id: 'turn-1' }, 1001);
  expect(c.errors()[1]).toMatchObject({
    context_id: 'turn-1',
    billed_characters: null,
    error: { param: 'context_id' },
  });
});

/** When the server last wrote audio, timestamps or done: the idle timer restarts there (D55). */
const lastAudioAt = (c: ReturnType<typeof client>) =>
  Math.max(
    0,
    ...c.events
      .filter(
        (e) =>
          e.kind === 'message' && ['audio', 'timestamps', 'done'].includes(String(e.message.type)),
      )
      .map((e) => e.at),
  );

test('only accepted messages restart the idle timer (D11)', () => {
  const accepted = client();
  accepted.send({ type: 'generate', context_id: 'turn-1', text: '好。', voice_id: voice }, 0);
  accepted.send({ type: 'generate', context_id: 'turn-2', text: '好。', voice_id: voice }, 50_000);
  accepted.run(50_000 + idleMs + 1000);
  expect(accepted.closes()).toEqual([
    expect.objectContaining({ code: closeCodes.idle_timeout, at: lastAudioAt(accepted) + idleMs }),
  ]);
  expect(lastAudioAt(accepted)).toBeGreaterThan(50_000);

  const rejected = client();
  rejected.send({ type: 'generate', context_id: 'turn-1', text: '好。', voice_id: voice }, 0);
  // A flush of a context that has ended gets an error: it does not keep the connection alive.
  rejected.send({ type: 'flush', context_id: 'turn-1' }, 50_000);
  rejected.run(50_000 + idleMs + 1000);
  expect(rejected.errors()).toHaveLength(1);
  expect(rejected.closes()).toEqual([
    expect.objectContaining({ code: closeCodes.idle_timeout, at: lastAudioAt(rejected) + idleMs }),
  ]);
  expect(lastAudioAt(rejected)).toBeLessThan(50_000);
});

test('the idle timer restarts after the server’s last message, not only the client’s (D55)', () => {
  const c = client();
  c.send({ type: 'generate', context_id: 'turn-1', text: '第一句。第二句。', voice_id: voice }, 0);
  c.run(idleMs * 2);
  expect(lastAudioAt(c)).toBeGreaterThan(0);
  expect(c.closes()).toEqual([
    expect.objectContaining({ code: closeCodes.idle_timeout, at: lastAudioAt(c) + idleMs }),
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
    expect.objectContaining({ code: closeCodes.idle_timeout, at: lastAudioAt(idle) + idleMs }),
  ]);
});

test('a flush leaves an unfinished Latin word or number for the next text; the last generate reads all (D132)', () => {
  const hold = { markup: 'none' as const, final: true, hold: true };
  expect(segmentText('Please wait while I chec', hold)).toEqual({
    segments: ['Please wait while I '],
    rest: 'chec',
  });
  expect(segmentText('圆周率约等于 3.', hold)).toEqual({ segments: ['圆周率约等于 '], rest: '3.' });
  expect(segmentText('请打开Wi', hold)).toEqual({ segments: ['请打开'], rest: 'Wi' });
  // Chinese and finished sentences are read whole; the last generate reads everything.
  expect(segmentText('我先查一下您的账户', hold).rest).toBe('');
  expect(segmentText('Hello world.', hold).rest).toBe('');
  expect(segmentText('Please wait while I chec', { markup: 'none', final: true }).rest).toBe('');
  // In a session: the hold flush speaks and bills the words before `chec` only; the next text
  // completes the word.
  const c = client();
  c.send(
    {
      type: 'generate',
      context_id: 'turn-1',
      text: 'Please wait while I chec',
      voice_id: voice,
      continue: true,
    },
    0,
  );
  c.send({ type: 'flush', context_id: 'turn-1' }, 10);
  c.run(1000);
  c.send({ type: 'generate', context_id: 'turn-1', text: 'k the order.', continue: false }, 1001);
  c.run(5000);
  expect(c.errors()).toEqual([]);
  expect(c.messages().at(-1)).toMatchObject({
    type: 'done',
    billed_characters: billedCharacters('Please wait while I check the order.'),
  });
  const cancelled = client();
  cancelled.send(
    {
      type: 'generate',
      context_id: 'turn-1',
      text: 'Please wait while I chec',
      voice_id: voice,
      continue: true,
    },
    0,
  );
  cancelled.send({ type: 'flush', context_id: 'turn-1' }, 10);
  cancelled.run(1000);
  cancelled.send({ type: 'cancel', context_id: 'turn-1' }, 1001);
  cancelled.run(2000);
  expect(cancelled.messages().at(-1)).toMatchObject({
    type: 'done',
    billed_characters: billedCharacters('Please wait while I '),
  });
});

test('a message to a context that no longer takes it is refused naming context_id and ends nothing (D49)', () => {
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
  // Every one of them ends nothing.
  for (const e of c.errors()) expect(e.billed_characters).toBeNull();
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

test('a cancel stops its context at once: done comes next, billing the sent and the in-synthesis segments (D7, D30, D48)', () => {
  const c = client();
  const segments = ['第一句话。', '第二句话。', '第三句话。'];
  c.send(
    {
      type: 'generate',
      context_id: 'turn-1',
      text: `${segments.join('')}还在缓冲`,
      voice_id: voice,
      continue: true,
    },
    0,
  );
  c.send({ type: 'generate', context_id: 'turn-2', text: '另一段话。', voice_id: voice }, 1);
  // At 10 the first segment's audio is sent and the second starts synthesis; the third waits.
  c.run(15);
  c.send({ type: 'cancel', context_id: 'turn-1' }, 15);
  c.run(10_000);
  const turn1 = ofContext(c.events, 'turn-1');
  const done = turn1.findIndex((m) => m.message.type === 'done');
  expect(turn1.slice(0, done).map((m) => m.message.type)).toEqual(['audio']);
  // Sent + in synthesis; the queued segment and the buffered text are not billed (D7, D30).
  expect(turn1[done]).toMatchObject({
    at: 15,
    message: { billed_characters: billedCharacters(segments[0] + segments[1]) },
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

test('the mock pings; two unanswered pings close with 4002, a library’s automatic pong keeps it open (D10)', async () => {
  // Long enough that a loaded machine still pongs in time; the closes come at 3 intervals.
  const pingIntervalMs = 150;
  const mock = await startWebsocketMock({ pingIntervalMs });
  const closeCode = (autoPong: boolean, waitMs: number) =>
    new Promise<number | null>((resolve, reject) => {
      const ws = new WebSocket(`${mock.url}/v1/speech/websocket`, {
        headers: { Authorization: 'Bearer sk-test' },
        autoPong,
      });
      let pings = 0;
      ws.on('ping', () => (pings += 1));
      ws.on('close', (code) => resolve(pings >= 2 ? code : -pings));
      ws.on('error', reject);
      setTimeout(() => {
        resolve(null);
        ws.terminate();
      }, waitMs);
    });
  try {
    expect(await closeCode(false, pingIntervalMs * 10)).toBe(closeCodes.keepalive_timeout);
    expect(await closeCode(true, pingIntervalMs * 10)).toBeNull();
  } finally {
    await mock.close();
  }
});

test('every handshake counts toward the key’s per-minute rate: past it, 429 with Retry-After (D12)', async () => {
  const mock = await startWebsocketMock({ requestsPerMinute: 2 });
  const handshake = () =>
    new Promise<{ status: number; retryAfter?: string; code?: string }>((resolve, reject) => {
      const ws = new WebSocket(`${mock.url}/v1/speech/websocket`, {
        headers: { Authorization: 'Bearer sk-test' },
      });
      ws.on('open', () => {
        resolve({ status: 101 });
        ws.close();
      });
      ws.on('unexpected-response', (_req, res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            retryAfter: res.headers['retry-after'] as string | undefined,
            code: (JSON.parse(body) as { error: { code: string } }).error.code,
          }),
        );
      });
      ws.on('error', reject);
    });
  try {
    expect((await handshake()).status).toBe(101);
    expect((await handshake()).status).toBe(101);
    const refused = await handshake();
    expect(refused).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(60);
  } finally {
    await mock.close();
  }
});

test('the handshake response carries the connection’s X-Request-Id and no rate headers, as the document says (D108)', async () => {
  const channel = Object.values(asyncApiDocument().channels as Json)[0] as Json;
  const headers = channel['x-handshake-response-headers'] as { name: string }[];
  expect(headers.map((h) => h.name)).toEqual(['X-Request-Id']);
  const mock = await startWebsocketMock();
  try {
    const opened = await handshakeTo(mock.url);
    expect(opened.status).toBe(101);
    expect(opened.headers['x-request-id']).toMatch(/^req_mock_\d+$/);
    // The rate a handshake used shows on the next HTTP response or on a 429 refusal (D12), not here.
    expect(Object.keys(opened.headers).filter((h) => h.startsWith('x-ratelimit'))).toEqual([]);
  } finally {
    await mock.close();
  }
});

test('without text_markup, brackets and Markdown are text; with it, markup is checked', () => {
  const texts = ['请看注释[1]。', '详见[文档](https://example.com/docs)。'];
  const plain = client();
  texts.forEach((text, i) =>
    plain.send({ type: 'generate', context_id: `plain-${i}`, text, voice_id: voice }, i),
  );
  plain.run(10_000);
  expect(plain.errors()).toEqual([]);
  // Every character is text, spoken and billed (D1).
  texts.forEach((text, i) => {
    expect(ofContext(plain.events, `plain-${i}`).at(-1)?.message).toMatchObject({
      type: 'done',
      billed_characters: [...text].length,
    });
  });
  const marked = client();
  texts.forEach((text, i) =>
    marked.send(
      {
        type: 'generate',
        context_id: `marked-${i}`,
        text,
        voice_id: voice,
        text_markup: 'pronunciation',
      },
      i,
    ),
  );
  marked.run(10_000);
  expect(marked.errors().map((e) => [e.context_id, (e.error as Json).param])).toEqual([
    ['marked-0', 'text'],
    ['marked-1', 'text'],
  ]);
  // The dictionary is checked in both modes.
  const dictionary = client();
  dictionary.send(
    {
      type: 'generate',
      context_id: 'turn-1',
      text: '重庆',
      voice_id: voice,
      pronunciation_dictionary: [{ word: '重庆', pinyin: 'chong2' }],
    },
    0,
  );
  expect(dictionary.errors()[0]).toMatchObject({
    error: { param: 'pronunciation_dictionary[0].pinyin' },
  });
});

test('3.14 is one segment: one audio chunk, one word', () => {
  const c = client();
  c.send(
    {
      type: 'generate',
      context_id: 'turn-1',
      text: '圆周率约为 3.14 左右',
      voice_id: voice,
      timestamps: true,
      continue: true,
    },
    0,
  );
  c.run(1000);
  // No boundary yet: nothing is synthesised.
  expect(c.messages()).toEqual([]);
  c.send({ type: 'generate', context_id: 'turn-1', text: '。', continue: false }, 1000);
  c.run(2000);
  const turn = ofContext(c.events, 'turn-1').map((m) => m.message);
  expect(turn.map((m) => m.type)).toEqual(['audio', 'timestamps', 'done']);
  expect((turn[1].words as Json[])[0]).toMatchObject({ text: '圆周率约为 3.14 左右' });
});

test('a generate with voice_id to an ended id is refused: it ends, opens and bills nothing (D4)', () => {
  const c = client();
  c.send({ type: 'generate', context_id: 'turn-1', text: '第一轮。', voice_id: voice }, 0);
  c.send(
    { type: 'generate', context_id: 'turn-2', text: '进行中，', voice_id: voice, continue: true },
    1,
  );
  c.run(1000);
  const usage = [...c.session.usage];
  c.send({ type: 'generate', context_id: 'turn-1', text: '第二轮。', voice_id: voice }, 1000);
  c.run(2000);
  expect(c.errors()).toEqual([
    expect.objectContaining({
      context_id: 'turn-1',
      billed_characters: null,
      error: expect.objectContaining({ code: 'invalid_request', param: 'context_id' }),
    }),
  ]);
  expect(c.session.openContexts).toEqual(['turn-2']);
  expect(c.session.usage).toEqual(usage);
  expect(ofContext(c.events, 'turn-1').filter((m) => m.at >= 1000)).toHaveLength(1);
});

test('a follow-up changing a setting is refused naming it; its text is not added, the context goes on (D5)', () => {
  const c = client();
  c.send(
    {
      type: 'generate',
      context_id: 'turn-1',
      text: '您好，',
      voice_id: voice,
      speed: 1,
      continue: true,
    },
    0,
  );
  // Repeating a setting unchanged (or its default) is fine.
  c.send(
    { type: 'generate', context_id: 'turn-1', text: '我是', voice_id: voice, continue: true },
    1,
  );
  c.send({ type: 'generate', context_id: 'turn-1', text: '小林', pitch: 0, continue: true }, 2);
  c.send(
    {
      type: 'generate',
      context_id: 'turn-1',
      text: '换个声音，',
      voice_id: presetVoices[1].voiceId,
      continue: true,
    },
    3,
  );
  c.send(
    { type: 'generate', context_id: 'turn-1', text: '快一点。', speed: 1.5, continue: true },
    4,
  );
  c.send({ type: 'generate', context_id: 'turn-1', text: '再见。' }, 5);
  c.run(10_000);
  expect(c.errors().map((e) => [(e.error as Json).param, e.billed_characters])).toEqual([
    ['voice_id', null],
    ['speed', null],
  ]);
  expect(ofContext(c.events, 'turn-1').at(-1)?.message).toMatchObject({
    type: 'done',
    billed_characters: billedCharacters('您好，我是小林再见。'),
  });
});

test('a follow-up whose setting is malformed ends its context; a well-formed different value ends nothing (D155)', () => {
  for (const [speed, ends] of [
    ['fast', true],
    [3, true],
    [1.5, false],
  ] as const) {
    const c = client();
    c.send(
      { type: 'generate', context_id: 'turn-1', text: '您好。', voice_id: voice, continue: true },
      0,
    );
    c.send({ type: 'generate', context_id: 'turn-1', text: '快一点。', speed, continue: true }, 1);
    c.send({ type: 'generate', context_id: 'turn-1', text: '再见。' }, 2);
    c.run(10_000);
    const [refusal, ...more] = c.errors();
    expect((refusal.error as Json).param).toBe('speed');
    if (ends) {
      // Ended: billed what had started; the last generate names an ended id, ending nothing.
      expect(refusal.billed_characters).toEqual(expect.any(Number));
      expect(more.map((e) => [(e.error as Json).param, e.billed_characters])).toEqual([
        ['context_id', null],
      ]);
      expect(ofContext(c.events, 'turn-1').some((e) => e.message.type === 'done')).toBe(false);
    } else {
      expect(more).toEqual([]);
      expect(refusal.billed_characters).toBeNull();
      expect(ofContext(c.events, 'turn-1').at(-1)?.message).toMatchObject({ type: 'done' });
    }
  }
});

test('an ending error carries the billed characters of the segments that started (D7, D33)', () => {
  const c = client();
  c.send(
    {
      type: 'generate',
      context_id: 'turn-1',
      text: '第一句。第二句。第三句',
      voice_id: voice,
      continue: true,
    },
    0,
  );
  // At 10 the first segment is sent and the second starts; the third is still in the buffer.
  c.run(15);
  c.send({ type: 'generate', context_id: 'turn-1', text: '。', continue: true, debug: true }, 15);
  expect(c.errors()[0]).toMatchObject({
    context_id: 'turn-1',
    billed_characters: billedCharacters('第一句。第二句。'),
    error: { param: 'debug' },
  });
  // A refused first generate ends its context at once: nothing billed.
  c.send({ type: 'generate', context_id: 'turn-2', text: '好。', voice_id: 'no_such_voice' }, 20);
  expect(c.errors()[1]).toMatchObject({
    context_id: 'turn-2',
    billed_characters: 0,
    error: { code: 'voice_not_found' },
  });
});

test('a voice deleted mid-reply: the started context finishes, a new one gets voice_not_found (D15, D22)', () => {
  let deleted = false;
  const mine = 'voice_custom_8f3k2m';
  const c = client({ voiceExists: (id) => id !== mine || !deleted });
  c.send(
    { type: 'generate', context_id: 'turn-1', text: '第一句。', voice_id: mine, continue: true },
    0,
  );
  deleted = true;
  c.send({ type: 'generate', context_id: 'turn-1', text: '第二句。' }, 1);
  c.send({ type: 'generate', context_id: 'turn-2', text: '你好。', voice_id: mine }, 2);
  c.run(1000);
  expect(c.errors()).toEqual([
    expect.objectContaining({
      context_id: 'turn-2',
      billed_characters: 0,
      error: expect.objectContaining({ code: 'voice_not_found', param: 'voice_id' }),
    }),
  ]);
  expect(c.messages().filter((m) => m.type === 'done')).toEqual([
    expect.objectContaining({
      context_id: 'turn-1',
      billed_characters: billedCharacters('第一句。第二句。'),
    }),
  ]);
});

test('a failed segment is not billed; a resend on a new id is billed once for its own text (D7, D8)', () => {
  const c = client({ failSegment: (id, index) => id === 'turn-1' && index === 1 });
  const segments = ['第一句。', '第二句。', '第三句。'];
  c.send({ type: 'generate', context_id: 'turn-1', text: segments.join(''), voice_id: voice }, 0);
  c.run(1000);
  const turn1 = ofContext(c.events, 'turn-1').map((m) => m.message);
  expect(turn1.map((m) => m.type)).toEqual(['audio', 'error']);
  expect(turn1[1]).toMatchObject({
    billed_characters: billedCharacters(segments[0]),
    error: { code: 'internal_error' },
  });
  // Resent from the first word whose audio did not arrive, on a new id (D8).
  const resent = segments.slice(1).join('');
  c.send({ type: 'generate', context_id: 'turn-1-retry', text: resent, voice_id: voice }, 1000);
  c.run(2000);
  expect(ofContext(c.events, 'turn-1-retry').at(-1)?.message).toMatchObject({
    type: 'done',
    billed_characters: billedCharacters(resent),
  });
  const total = c.session.usage.reduce((sum, u) => sum + u.billedCharacters, 0);
  expect(total).toBe(billedCharacters(segments.join('')));
});

test('the context after the limit is refused; a slot frees when done is sent (D3)', () => {
  const max = limit('contextsPerConnection').value;
  const c = client();
  for (let i = 0; i < max; i += 1) {
    c.send(
      { type: 'generate', context_id: `turn-${i}`, text: '好，', voice_id: voice, continue: true },
      i,
    );
  }
  c.send({ type: 'generate', context_id: 'extra-1', text: '好。', voice_id: voice }, max);
  expect(c.errors()).toEqual([
    expect.objectContaining({
      context_id: 'extra-1',
      billed_characters: 0,
      error: expect.objectContaining({ code: 'rate_limited' }),
    }),
  ]);
  c.send({ type: 'generate', context_id: 'turn-0', text: '', continue: false }, 100);
  // Not yet: the slot frees when the done is sent, not when the last generate arrives.
  c.send({ type: 'generate', context_id: 'extra-2', text: '好。', voice_id: voice }, 100);
  expect(c.errors()).toHaveLength(2);
  c.run(1000);
  expect(ofContext(c.events, 'turn-0').at(-1)?.message.type).toBe('done');
  c.send({ type: 'generate', context_id: 'extra-3', text: '好。', voice_id: voice }, 1000);
  c.run(2000);
  expect(c.errors()).toHaveLength(2);
  expect(ofContext(c.events, 'extra-3').at(-1)?.message.type).toBe('done');
});

test('an empty flush restarts the idle timer (D11)', () => {
  const c = client();
  c.send(
    { type: 'generate', context_id: 'turn-1', text: '好。', voice_id: voice, continue: true },
    0,
  );
  c.run(1000);
  // The buffer is empty: the flush synthesises nothing, but the server accepts it (受理).
  c.send({ type: 'flush', context_id: 'turn-1' }, 40_000);
  c.run(40_000 + idleMs - 1);
  expect(c.closes()).toEqual([]);
  expect(c.messages().filter((m) => m.type !== 'audio')).toEqual([]);
  c.run(40_000 + idleMs);
  expect(c.closes()).toEqual([
    expect.objectContaining({ code: closeCodes.idle_timeout, at: 40_000 + idleMs }),
  ]);
});

test('a close with contexts open ends them without done; started segments stay billed (D3, D6, D113)', () => {
  const text = '第一句。第二句。第三句';
  const started = billedCharacters('第一句。第二句。');
  // At 15 the first segment's audio is sent, the second is in synthesis, the third is buffered.
  const closedAt15 = (close: (s: Session) => SessionEvent[]) => {
    const c = client();
    c.send({ type: 'generate', context_id: 'turn-1', text, voice_id: voice, continue: true }, 0);
    c.run(15);
    c.events.push(...close(c.session));
    c.run(idleMs * 2);
    expect(c.messages().filter((m) => m.type === 'done')).toEqual([]);
    expect(c.session.openContexts).toEqual([]);
    return c.session.usage;
  };
  // The client's 1000, another code of its own, a break without a close frame (1006), the
  // server's close because of the client (the server's own reasons are D31's).
  const closes: ((s: Session) => SessionEvent[])[] = [
    (s) => s.close(15),
    (s) => s.close(15, 4001),
    (s) => s.close(15, 1006),
    (s) => s.serverClose(15, closeCodes.keepalive_timeout),
  ];
  for (const close of closes) {
    expect(closedAt15(close)).toEqual([
      { contextId: 'turn-1', billedCharacters: started, end: 'close' },
    ]);
  }
  // The idle close (4000): the started segments' audio was written, the rest never became one.
  const idle = client();
  idle.send({ type: 'generate', context_id: 'turn-1', text, voice_id: voice, continue: true }, 0);
  idle.run(idleMs * 2);
  expect(idle.closes()).toEqual([expect.objectContaining({ code: closeCodes.idle_timeout })]);
  expect(idle.messages().filter((m) => m.type === 'done')).toEqual([]);
  expect(idle.session.usage).toEqual([
    { contextId: 'turn-1', billedCharacters: started, end: 'close' },
  ]);
});

test('a first generate with an output format outside the table is refused naming the field', () => {
  const c = client();
  c.send(
    {
      type: 'generate',
      context_id: 'turn-1',
      text: '您好。',
      voice_id: voice,
      output_format: { container: 'ogg_opus', sample_rate: 44100 },
    },
    0,
  );
  expect(c.errors()).toEqual([
    expect.objectContaining({
      context_id: 'turn-1',
      error: expect.objectContaining({
        code: 'invalid_request',
        param: outputFormatError({ container: 'ogg_opus', sample_rate: 44100 })!.param,
      }),
    }),
  ]);
  // Every combination of the table opens a context.
  validOutputFormats().forEach((output_format, i) => {
    c.send(
      { type: 'generate', context_id: `ok-${i}`, text: '好。', voice_id: voice, output_format },
      1 + i * 100,
    );
    c.run(50 + i * 100);
  });
  expect(c.errors()).toHaveLength(1);
});

test('a close for the server’s own reasons does not bill the segment in synthesis (D31)', () => {
  // At 15 ms the first segment's audio is sent and the second one is in synthesis (D30).
  const usageAfter = (close: (s: Session) => unknown) => {
    const c = client();
    c.send(
      {
        type: 'generate',
        context_id: 'turn-1',
        text: '第一句。第二句。',
        voice_id: voice,
        continue: true,
      },
      0,
    );
    c.run(15);
    close(c.session);
    return c.session.usage;
  };
  const both = billedCharacters('第一句。第二句。');
  const first = billedCharacters('第一句。');
  const billed = (close: (s: Session) => unknown) => usageAfter(close)[0].billedCharacters;
  // The client's close, or the server's because of the client: the segment in synthesis is billed.
  expect(billed((s) => s.close(15))).toBe(both);
  for (const code of [closeCodes.policy_violation, closeCodes.keepalive_timeout]) {
    expect(billed((s) => s.serverClose(15, code))).toBe(both);
  }
  // A planned drain or a failure of the server's own: it is not (D31).
  for (const code of [closeCodes.normal, closeCodes.internal_error, closeCodes.try_again_later]) {
    expect(usageAfter((s) => s.serverClose(15, code))).toEqual([
      { contextId: 'turn-1', billedCharacters: first, end: 'close' },
    ]);
  }
});

test('an error without a context_id ends nothing: billed_characters is null (D28, D33)', () => {
  const c = client();
  c.send(
    { type: 'generate', context_id: 'turn-1', text: '好，', voice_id: voice, continue: true },
    0,
  );
  c.send({ type: 'flush' }, 1);
  c.send('just a string', 2);
  expect(c.errors().map((e) => [e.context_id, e.billed_characters])).toEqual([
    [null, null],
    [null, null],
  ]);
  expect(c.session.openContexts).toEqual(['turn-1']);
});

test('the document states the decided rules where the model enforces them', () => {
  const doc = asyncApiDocument();
  const messages = (doc.components as Json).messages as Record<string, Json>;
  const generate = messages.generate;
  const payload = generate.payload as { properties: Record<string, Json> };
  // `text_markup`'s default is the one pronunciation.ts applies.
  expect(payload.properties.text_markup.default).toBe(defaultTextMarkup);
  // The first generate's settings: every one is named where the rule is stated (D5).
  for (const setting of generateSettings) {
    expect(String(generate.description)).toContain(`\`${setting}\``);
  }
  // The segment cut (D2) and the ping interval (D10) as the data modules have them.
  expect(String(generate.description)).toContain(`${maxSegmentLength} 个字符`);
  const channel = (doc.channels as Record<string, Json>).speech;
  const keepalive = channel['x-keepalive'] as { description: string };
  expect(keepalive.description).toContain(`每 ${limit('websocketPingInterval').value} 秒`);
  // An ending error's billed count is required, null when it ends nothing.
  const error = messages.error.payload as { required: string[] };
  expect(error.required).toContain('billed_characters');
});

test('a context ends once: an ending error written before the cancel arrives is its end (D79)', () => {
  const c = client({ failSegment: (id, index) => id === 'turn-1' && index === 1 });
  c.send({ type: 'generate', context_id: 'turn-1', text: '第一句。第二句。', voice_id: voice }, 0);
  c.run(1000);
  // The cancel was on its way when the error was written: it names an id no longer open.
  c.send({ type: 'cancel', context_id: 'turn-1' }, 1000);
  const turn1 = ofContext(c.events, 'turn-1').map((m) => m.message);
  const endings = turn1.filter(
    (m) => m.type === 'done' || (m.type === 'error' && m.billed_characters !== null),
  );
  expect(endings).toHaveLength(1);
  expect(endings[0]).toMatchObject({ type: 'error', error: { code: 'internal_error' } });
  expect(turn1.at(-1)).toMatchObject({ type: 'error', billed_characters: null });
  expect(turn1.some((m) => m.type === 'done')).toBe(false);
});

test('a cancel’s done and an ending error free a slot at once; an error that ends nothing frees none (D3, D76)', () => {
  const max = limit('contextsPerConnection').value;
  const c = client();
  for (let i = 0; i < max; i += 1) {
    c.send(
      { type: 'generate', context_id: `turn-${i}`, text: '好，', voice_id: voice, continue: true },
      i,
    );
  }
  const start = (id: string, at: number) =>
    c.send({ type: 'generate', context_id: id, text: '好。', voice_id: voice }, at);
  // Errors that end nothing free nothing: a changed setting, and the refused 11th context itself.
  c.send({ type: 'generate', context_id: 'turn-0', text: '好', speed: 1.5, continue: true }, 20);
  start('extra-1', 21);
  start('extra-2', 22);
  expect(
    c.errors().map((e) => [e.context_id, (e.error as Json).code, e.billed_characters]),
  ).toEqual([
    ['turn-0', 'invalid_request', null],
    ['extra-1', 'rate_limited', 0],
    ['extra-2', 'rate_limited', 0],
  ]);
  // A cancel's done is sent at once: the slot is free in the same millisecond.
  c.send({ type: 'cancel', context_id: 'turn-1' }, 30);
  start('extra-3', 30);
  // An ending error frees its slot when it is sent.
  c.send({ type: 'generate', context_id: 'turn-2', text: '好', continue: true, debug: 1 }, 40);
  start('extra-4', 40);
  start('extra-5', 41);
  expect(
    c
      .errors()
      .slice(3)
      .map((e) => [e.context_id, (e.error as Json).code]),
  ).toEqual([
    ['turn-2', 'invalid_request'],
    ['extra-5', 'rate_limited'],
  ]);
  expect(c.errors()[3].billed_characters).toBe(billedCharacters('好，'));
  c.run(1000);
  for (const id of ['extra-3', 'extra-4']) {
    expect(ofContext(c.events, id).at(-1)?.message.type).toBe('done');
  }
});

test('the server closes only with the codes of x-close-codes; a 1000 from it is a planned drain (D27)', () => {
  const channel = (asyncApiDocument().channels as Record<string, Json>).speech;
  const documented = channel['x-close-codes'] as {
    code: number;
    reason: string;
    reconnect: string;
  }[];
  const reasons = new Map(documented.map((c) => [c.code, c.reason]));
  // Every close the model makes by itself or on the server's decision.
  const closes = [
    ...new Session().receive({ text: 'not json' }, 0).events,
    ...new Session().receive({ binary: true }, 0).events,
    ...new Session().advance(idleMs),
    ...documented.flatMap(({ code }) => new Session().serverClose(0, code)),
  ].filter((e) => e.kind === 'close');
  expect(closes.length).toBe(documented.length + 3);
  for (const close of closes) {
    expect(close).toMatchObject({ by: 'server', reason: reasons.get(close.code) });
  }
  // A code the document lacks is never sent.
  for (const code of [1001, 1006, 4001]) {
    expect(() => new Session().serverClose(0, code)).toThrow(/x-close-codes/);
  }
  // The server's 1000 is reconnected after like the client's: when needed, it is no failure.
  expect(documented.find((c) => c.code === closeCodes.normal)).toMatchObject({
    reconnect: 'when-needed',
  });
});

test('a cancel bills the segments written plus at most the one in synthesis: synthesis never runs ahead (D29, D30, D46, D47)', () => {
  // Five segments of the maximum (no boundary: each cut at maxSegmentLength, D2).
  const segments = 5;
  const text = '好'.repeat(maxSegmentLength * segments);
  for (let step = 0; step <= segments; step += 1) {
    const c = client();
    c.send({ type: 'generate', context_id: 'turn-1', text, voice_id: voice, continue: true }, 0);
    // Between two steps of the stream (stepMs 10): `step` segments' audio has been written.
    const at = 10 * step + 5;
    c.run(at);
    c.send({ type: 'cancel', context_id: 'turn-1' }, at);
    const turn = ofContext(c.events, 'turn-1').map((m) => m.message);
    expect(turn.at(-1)?.type).toBe('done');
    const written = turn.filter((m) => m.type === 'audio').length * maxSegmentLength;
    const billed = Number(turn.at(-1)?.billed_characters);
    // Every written segment is billed, the one in synthesis too, the queued ones never.
    expect(billed).toBeGreaterThanOrEqual(written);
    expect(billed - written).toBeLessThanOrEqual(maxSegmentLength);
    expect(billed).toBe(Math.min(written + maxSegmentLength, text.length));
  }
});

test('a segment refused before or during its synthesis is not billed; the error carries the rest (D7, D47)', () => {
  const codes: SegmentFailure[] = ['content_rejected', 'insufficient_credit', 'internal_error'];
  for (const code of codes) {
    const c = client({ failSegment: (id, index) => id === 'turn-1' && index === 1 && code });
    c.send(
      { type: 'generate', context_id: 'turn-1', text: '第一句。第二句。第三句。', voice_id: voice },
      0,
    );
    c.run(1000);
    const turn = ofContext(c.events, 'turn-1').map((m) => m.message);
    expect(turn.map((m) => m.type)).toEqual(['audio', 'error']);
    expect(turn[1]).toMatchObject({
      billed_characters: billedCharacters('第一句。'),
      error: { code, param: errorByCode(code)!.example.param },
    });
    expect(c.session.usage).toEqual([
      { contextId: 'turn-1', billedCharacters: billedCharacters('第一句。'), end: 'error' },
    ]);
  }
});

test('a refused first generate ends its context with 0 and retires its id, whatever the reason (D34)', () => {
  const max = limit('contextsPerConnection').value;
  const c = client();
  for (let i = 0; i < max; i += 1) {
    c.send(
      { type: 'generate', context_id: `turn-${i}`, text: '好，', voice_id: voice, continue: true },
      i,
    );
  }
  const first = { type: 'generate', text: '好。', voice_id: voice };
  // The 11th context, then (a slot freed) a bad field, an unknown voice, a format outside the table.
  c.send({ ...first, context_id: 'eleventh' }, 20);
  c.send({ type: 'cancel', context_id: 'turn-0' }, 21);
  const format = { container: 'ogg_opus', sample_rate: 44100 };
  c.send({ ...first, context_id: 'bad-field', debug: 1 }, 22);
  c.send({ ...first, context_id: 'no-voice', voice_id: 'no_such_voice' }, 23);
  c.send({ ...first, context_id: 'bad-format', output_format: format }, 24);
  c.send({ ...first, context_id: 'empty', text: '' }, 25);
  const refused = ['eleventh', 'bad-field', 'no-voice', 'bad-format', 'empty'];
  expect(
    c.errors().map((e) => [e.context_id, (e.error as Json).code, e.billed_characters]),
  ).toEqual([
    ['eleventh', 'rate_limited', 0],
    ['bad-field', 'invalid_request', 0],
    ['no-voice', 'voice_not_found', 0],
    ['bad-format', 'invalid_request', 0],
    ['empty', 'invalid_request', 0],
  ]);
  // Each id is retired: a valid first generate naming it is refused, ending and opening nothing.
  refused.forEach((id, i) => c.send({ ...first, context_id: id }, 30 + i));
  expect(c.errors().slice(refused.length)).toEqual(
    refused.map((id) =>
      expect.objectContaining({
        context_id: id,
        billed_characters: null,
        error: expect.objectContaining({ code: 'invalid_request', param: 'context_id' }),
      }),
    ),
  );
  // The slot the cancel freed is still free: the client moves on to a new id.
  c.send({ ...first, context_id: 'eleventh-2' }, 40);
  c.run(1000);
  expect(ofContext(c.events, 'eleventh-2').at(-1)?.message.type).toBe('done');
  // Nothing was ever spoken or billed under a refused id.
  for (const id of refused) {
    expect(ofContext(c.events, id).map((m) => m.message.type)).toEqual(['error', 'error']);
  }
  expect(c.session.usage.filter((u) => refused.includes(u.contextId))).toEqual(
    refused.map((contextId) => ({ contextId, billedCharacters: 0, end: 'error' })),
  );
});

test('a follow-up’s settings are compared with the defaults filled in (D35)', () => {
  const c = client();
  c.send(
    { type: 'generate', context_id: 'turn-1', text: '您好，', voice_id: voice, continue: true },
    0,
  );
  // Every default the first generate left out, stated: the same settings, accepted.
  const { container, sample_rate } = outputFormatDefaults;
  c.send(
    {
      type: 'generate',
      context_id: 'turn-1',
      text: '我是',
      ...generateSettingDefaults,
      output_format: { container, sample_rate },
      continue: true,
    },
    1,
  );
  expect(c.errors()).toEqual([]);
  // A value other than the default is a change.
  c.send({ type: 'generate', context_id: 'turn-1', text: '小林', speed: 1.5, continue: true }, 2);
  c.send({ type: 'generate', context_id: 'turn-1', text: '。' }, 3);
  c.run(1000);
  expect(c.errors().map((e) => (e.error as Json).param)).toEqual(['speed']);
  expect(ofContext(c.events, 'turn-1').at(-1)?.message).toMatchObject({
    type: 'done',
    billed_characters: billedCharacters('您好，我是。'),
  });
});

test('a live connection is never silent for two ping intervals: the mock pings an idle one (D36)', async () => {
  const pingIntervalMs = 250;
  const mock = await startWebsocketMock({ pingIntervalMs });
  try {
    const { frames, code } = await new Promise<{ frames: number[]; code: number | null }>(
      (resolve, reject) => {
        const ws = new WebSocket(`${mock.url}/v1/speech/websocket`, {
          headers: { Authorization: 'Bearer sk-test' },
        });
        const frames: number[] = [];
        let code: number | null = null;
        // The client sends nothing, pings included, and records every frame it receives.
        ws.on('open', () => frames.push(Date.now()));
        ws.on('ping', () => frames.push(Date.now()));
        ws.on('message', () => frames.push(Date.now()));
        ws.on('close', (c) => (code = c));
        ws.on('error', reject);
        setTimeout(() => {
          frames.push(Date.now());
          resolve({ frames, code });
          ws.terminate();
        }, pingIntervalMs * 6);
      },
    );
    expect(code).toBeNull();
    expect(frames.length).toBeGreaterThanOrEqual(6);
    // A watchdog of two intervals without any frame never fires on a live connection.
    const gaps = frames.slice(1).map((t, i) => t - frames[i]);
    expect(Math.max(...gaps)).toBeLessThan(2 * pingIntervalMs);
  } finally {
    await mock.close();
  }
});

test('a client that stops reading mid-reply is closed with 4002, before the idle timeout (D133)', async () => {
  // The API's proportions: the idle timeout is three ping intervals.
  const pingIntervalMs = 200;
  expect(limit('websocketIdleTimeout').value).toBe(3 * limit('websocketPingInterval').value);
  const mock = await startWebsocketMock({
    pingIntervalMs,
    idleTimeoutMs: 3 * pingIntervalMs,
    stepMs: 40,
  });
  try {
    const code = await new Promise<number>((resolve, reject) => {
      const ws = new WebSocket(`${mock.url}/v1/speech/websocket`, {
        headers: { Authorization: 'Bearer sk-test' },
      });
      ws.on('open', () => {
        ws.send(
          JSON.stringify({
            type: 'generate',
            context_id: 'turn-1',
            text: '第一句话。第二句话。第三句话。',
            voice_id: voice,
          }),
        );
        // The receive loop blocks: nothing is read, so no ping is answered.
        ws.pause();
        setTimeout(() => ws.resume(), 6 * pingIntervalMs);
      });
      ws.on('close', (c) => resolve(c));
      ws.on('error', reject);
    });
    expect(code).toBe(4002);
    expect(mock.log.closes).toEqual([4002]);
  } finally {
    await mock.close();
  }
});

test('mid-turn, a client ping is answered at once, between the audio messages (D129)', async () => {
  const { probeAfterSeconds, pongTimeoutSeconds } = (
    asyncApiDocument().channels as Record<string, Record<string, unknown>>
  ).speech['x-keepalive'] as { probeAfterSeconds: number; pongTimeoutSeconds: number };
  // Within the real-time budget, a silent drop is found: the probe and its wait fit twice over.
  expect(2 * (probeAfterSeconds + pongTimeoutSeconds) * 1000).toBeLessThanOrEqual(
    retryPolicy.realtimeBudgetMs,
  );
  // Each audio message 50 ms apart: a long reply is streaming when the ping goes out.
  const mock = await startWebsocketMock({ stepMs: 50 });
  try {
    const seen = await new Promise<string[]>((resolve, reject) => {
      const ws = new WebSocket(`${mock.url}/v1/speech/websocket`, {
        headers: { Authorization: 'Bearer sk-test' },
      });
      const seen: string[] = [];
      let pingedAt = 0;
      ws.on('open', () =>
        ws.send(
          JSON.stringify({
            type: 'generate',
            context_id: 'turn-1',
            text: '第一句话。第二句话。第三句话。第四句话。第五句话。第六句话。',
            voice_id: voice,
          }),
        ),
      );
      ws.on('message', (raw) => {
        const m = JSON.parse(raw.toString()) as { type: string };
        seen.push(m.type);
        if (m.type === 'audio' && !pingedAt) {
          pingedAt = Date.now();
          ws.ping();
        }
        if (m.type === 'done') {
          ws.close();
          resolve(seen);
        }
      });
      ws.on('pong', () => {
        seen.push(
          `pong after ${Date.now() - pingedAt < pongTimeoutSeconds * 1000 ? 'less' : 'more'} than the timeout`,
        );
      });
      ws.on('error', reject);
    });
    const pong = seen.findIndex((t) => t.startsWith('pong'));
    expect(seen[pong]).toBe('pong after less than the timeout');
    // The pong came before the reply ended: it was not queued behind the audio.
    expect(pong).toBeLessThan(seen.indexOf('done'));
    expect(seen.slice(pong + 1)).toContain('audio');
  } finally {
    await mock.close();
  }
});

test('after a dropped connection the resend bills the in-synthesis segment again; after the server’s own close it does not (D42)', () => {
  const text = '第一句。第二句。第三句。';
  /** Characters billed for the turn: the dropped connection's, then the resend's on a new one. */
  const turnBilled = (close: (s: Session) => SessionEvent[]) => {
    const c = client();
    c.send({ type: 'generate', context_id: 'turn-1', text, voice_id: voice, timestamps: true }, 0);
    // At 25 the first segment's audio and timestamps have arrived; the second is in synthesis.
    c.run(25);
    close(c.session);
    const resend = resendText(text, wordsOf(c.events, 'turn-1'), 'none');
    expect(resend).toBe(text.slice('第一句'.length));
    const next = client();
    next.send({ type: 'generate', context_id: 'turn-1-resend', text: resend, voice_id: voice }, 0);
    next.run(1000);
    expect(ofContext(next.events, 'turn-1-resend').at(-1)?.message).toMatchObject({
      type: 'done',
      billed_characters: billedCharacters(resend),
    });
    return c.session.usage[0].billedCharacters + billedCharacters(resend);
  };
  const serverFailure = turnBilled((s) => s.serverClose(25, closeCodes.internal_error));
  const drops: ((s: Session) => SessionEvent[])[] = [
    (s) => s.close(25),
    (s) => s.close(25, 1006),
    (s) => s.serverClose(25, closeCodes.keepalive_timeout),
  ];
  for (const drop of drops) {
    expect(turnBilled(drop) - serverFailure).toBe(billedCharacters('第二句。'));
  }
});

test('an error ends the context it names except three that end nothing; a refused message applies nothing (D49)', () => {
  const c = client();
  c.send(
    { type: 'generate', context_id: 'turn-1', text: '您好，', voice_id: voice, continue: true },
    0,
  );
  // The three that end nothing: a changed setting, an id that is not open, no context_id.
  c.send({ type: 'generate', context_id: 'turn-1', text: '快一点。', speed: 1.5 }, 1);
  c.send({ type: 'flush', context_id: 'never-open' }, 2);
  c.send({ type: 'flush' }, 3);
  expect(c.errors().map((e) => e.billed_characters)).toEqual([null, null, null]);
  expect(c.session.openContexts).toEqual(['turn-1']);
  // The refused generate carried `continue: false`: the context did not take it as its last.
  c.send({ type: 'generate', context_id: 'turn-1', text: '我是小林。', continue: true }, 4);
  expect(c.errors()).toHaveLength(3);
  // Any other error ends the context it names, with its billed count.
  c.send({ type: 'generate', context_id: 'turn-1', text: '再见。', debug: 1 }, 5);
  expect(c.errors()[3]).toMatchObject({
    context_id: 'turn-1',
    billed_characters: billedCharacters('您好，'),
    error: { param: 'debug' },
  });
  expect(c.session.openContexts).toEqual([]);
  c.run(1000);
  expect(c.messages().some((m) => m.type === 'done')).toBe(false);
});

test('whitespace, punctuation or markup alone is valid text; only the empty string is refused; whitespace is never billed (D50)', () => {
  const c = client();
  const valid: [string, string, TextMarkup][] = [
    ['spaces', '  \n ', 'none'],
    ['marks', '。', 'none'],
    ['pause', '[pause:300ms]', 'pronunciation'],
    ['spaced', 'Hello,   world.  ', 'none'],
    ['packed', 'Hello,world.', 'none'],
  ];
  valid.forEach(([id, text, markup], i) =>
    c.send({ type: 'generate', context_id: id, text, voice_id: voice, text_markup: markup }, i),
  );
  c.send({ type: 'generate', context_id: 'empty', text: '', voice_id: voice }, 10);
  c.run(1000);
  expect(c.errors()).toEqual([
    expect.objectContaining({
      context_id: 'empty',
      billed_characters: 0,
      error: expect.objectContaining({ code: 'invalid_request', param: 'text' }),
    }),
  ]);
  const billed = (id: string) => ofContext(c.events, id).at(-1)?.message.billed_characters;
  for (const [id] of valid) expect(ofContext(c.events, id).at(-1)?.message.type).toBe('done');
  expect(billed('spaces')).toBe(0);
  expect(billed('spaced')).toBe(billed('packed'));
});

test('voice errors answer only a context’s first generate: a follow-up naming a deleted voice goes on (D51)', () => {
  let deleted = false;
  const mine = 'voice_custom_8f3k2m';
  const c = client({ voiceExists: (id) => id !== mine || !deleted });
  c.send(
    { type: 'generate', context_id: 'turn-1', text: '第一句。', voice_id: mine, continue: true },
    0,
  );
  deleted = true;
  // Repeating the deleted voice is the same setting; naming another that does not exist is a
  // change of setting, not a voice error.
  c.send(
    { type: 'generate', context_id: 'turn-1', text: '第二句。', voice_id: mine, continue: true },
    1,
  );
  c.send(
    { type: 'generate', context_id: 'turn-1', text: '多余。', voice_id: 'voice_custom_gone' },
    2,
  );
  c.send({ type: 'generate', context_id: 'turn-1', text: '第三句。' }, 3);
  c.send({ type: 'generate', context_id: 'turn-2', text: '你好。', voice_id: mine }, 4);
  c.run(1000);
  expect(c.errors().map((e) => [e.context_id, (e.error as Json).code])).toEqual([
    ['turn-1', 'invalid_request'],
    ['turn-2', 'voice_not_found'],
  ]);
  expect(ofContext(c.events, 'turn-1').at(-1)?.message).toMatchObject({
    type: 'done',
    billed_characters: billedCharacters('第一句。第二句。第三句。'),
  });
});

test('a gateway’s 502 or 504 at the handshake is not JSON and is handled as the 500 row: retried (D54)', async () => {
  const channel = (asyncApiDocument().channels as Record<string, Json>).speech;
  const rows = channel['x-handshake-refusals'] as {
    status: number;
    reconnect: string;
    description: string;
  }[];
  // No row of their own: they are the 500 row's, reconnected with backoff.
  expect(rows.map((r) => r.status)).not.toContain(502);
  expect(rows.map((r) => r.status)).not.toContain(504);
  const row500 = rows.find((r) => r.status === 500)!;
  expect(row500.reconnect).toBe('backoff');
  expect(row500.description).toMatch(/502[^。]*504/);
  const mock = await startWebsocketMock({ gatewayRefusals: [502, 504] });
  try {
    for (const status of [502, 504]) {
      const refused = await handshakeTo(mock.url);
      expect(refused.status).toBe(status);
      // Nothing for a client to read: no error object, no request id.
      expect(() => JSON.parse(refused.body) as unknown).toThrow();
      expect(refused.headers['x-request-id']).toBeUndefined();
    }
    // A client that retries gets through once the gateway does.
    expect((await handshakeTo(mock.url)).status).toBe(101);
    expect(mock.log.gatewayRefused).toEqual([502, 504]);
  } finally {
    await mock.close();
  }
});

test('a context_id is single-use per connection only: another connection may start it (D57)', () => {
  const first = { type: 'generate', context_id: 'turn-1', text: '好。', voice_id: voice };
  const a = client();
  a.send(first, 0);
  a.run(1000);
  a.send(first, 1000);
  expect(a.errors()).toEqual([
    expect.objectContaining({
      billed_characters: null,
      error: expect.objectContaining({ param: 'context_id' }),
    }),
  ]);
  const b = client();
  b.send(first, 0);
  b.run(1000);
  expect(b.errors()).toEqual([]);
  expect(ofContext(b.events, 'turn-1').at(-1)?.message.type).toBe('done');
});

/** The words of a context's `timestamps`, in order. */
const wordsOf = (events: SessionEvent[], id: string) =>
  ofContext(events, id)
    .filter((m) => m.message.type === 'timestamps')
    .flatMap((m) => (m.message.words as { text: string }[]).map((w) => w.text));

/** Whether `words` occur in `text` one after another, in order. */
const inOrder = (text: string, words: string[]) => {
  let from = 0;
  for (const word of words) {
    const at = text.indexOf(word, from);
    if (at < 0) return false;
    from = at + word.length;
  }
  return true;
};

test('timestamps words are found in the text with markup removed, or as sent without markup (D59)', () => {
  const marked = '曾[zeng1]先生，请稍等[pause:300ms]。我们见注释[[1]。';
  const plain = '请看注释[1]，谢谢。';
  const c = client();
  const settings = { voice_id: voice, timestamps: true };
  c.send(
    {
      type: 'generate',
      context_id: 'marked',
      text: marked,
      text_markup: 'pronunciation',
      ...settings,
    },
    0,
  );
  c.send({ type: 'generate', context_id: 'plain', text: plain, ...settings }, 1);
  c.run(1000);
  expect(c.errors()).toEqual([]);
  const markedWords = wordsOf(c.events, 'marked');
  expect(markedWords.length).toBeGreaterThan(1);
  expect(inOrder(spokenText(marked, 'pronunciation'), markedWords)).toBe(true);
  // Not in the text as sent: its markup splits the words.
  expect(inOrder(marked, markedWords)).toBe(false);
  const plainWords = wordsOf(c.events, 'plain');
  expect(inOrder(plain, plainWords)).toBe(true);
  expect(plainWords.some((w) => w.includes('['))).toBe(true);
});

test('billed_characters alone tells whether an error ended its context, whatever its code (D33, D76, D80)', () => {
  const max = limit('contextsPerConnection').value;
  const failures: Record<string, SegmentFailure> = {
    fails: 'internal_error',
    rejected: 'content_rejected',
  };
  const session = new Session({
    stepMs: 10,
    failSegment: (id, index) => (index === 0 ? (failures[id] ?? false) : false),
  });
  const codes = new Set<string>();
  /** Checks every error among `events`, sent while the open contexts went from `before`. */
  const check = (events: SessionEvent[], before: string[]) => {
    for (const e of events) {
      if (e.kind !== 'message' || e.message.type !== 'error') continue;
      const {
        context_id: id,
        billed_characters: billed,
        error,
      } = e.message as {
        context_id: string | null;
        billed_characters: number | null;
        error: { code: string };
      };
      codes.add(`${error.code}:${billed === null ? 'null' : 'number'}`);
      if (typeof billed === 'number') {
        // It ended its context: no longer open, recorded with that count, its id retired.
        expect(id).not.toBeNull();
        expect(session.openContexts).not.toContain(id);
        expect(session.usage.filter((u) => u.contextId === id)).toEqual([
          { contextId: id, billedCharacters: billed, end: 'error' },
        ]);
      } else {
        expect(billed).toBeNull();
        expect(session.openContexts).toEqual(before);
      }
    }
  };
  const send = (message: unknown, at: number) => {
    const before = session.openContexts;
    check(session.advance(at), before);
    const open = session.openContexts;
    check(session.receive({ text: JSON.stringify(message) }, at).events, open);
  };
  const start = (id: string, at: number, extra: Json = {}) =>
    send(
      { type: 'generate', context_id: id, text: '好，', voice_id: voice, continue: true, ...extra },
      at,
    );
  start('fails', 0);
  for (let i = 1; i < max; i += 1) start(`turn-${i}`, i);
  start('eleventh', 11);
  // A refused 11th context frees no slot: the next one is refused too (D76).
  expect(session.openContexts).toHaveLength(max);
  start('twelfth', 12);
  send({ type: 'generate', context_id: 'turn-1', text: '好', speed: 1.5, continue: true }, 13);
  send({ type: 'flush', context_id: 'never-open' }, 14);
  send({ type: 'flush' }, 15);
  send([1, 2], 16);
  send({ type: 'generate', context_id: 'turn-2', text: '好', continue: true, debug: 1 }, 17);
  start('no-voice', 18, { voice_id: 'no_such_voice' });
  start('marked', 19, { text_markup: 'pronunciation' });
  send({ type: 'generate', context_id: 'marked', text: '曾[zen', continue: true }, 20);
  send({ type: 'pause', context_id: 'turn-3' }, 21);
  start('rejected', 22);
  send({ type: 'cancel', context_id: 'turn-4' }, 23);
  send({ type: 'flush', context_id: 'turn-4' }, 24);
  const before = session.openContexts;
  check(session.advance(1000), before);
  // Errors of many codes were checked, of both kinds.
  expect([...codes].sort()).toEqual(
    [
      'content_rejected:number',
      'internal_error:number',
      'invalid_request:null',
      'invalid_request:number',
      'rate_limited:number',
      'voice_not_found:number',
    ].sort(),
  );
});

test('a resend starts after the hint that follows the last heard word, never with a bare hint (D82, D101)', () => {
  const sent = '请找曾[zeng1]，她姓曾[zeng1]。谢谢。';
  const settings = { voice_id: voice, text_markup: 'pronunciation', timestamps: true };
  const c = client({ failSegment: (id, index) => id === 'turn-1' && index === 1 });
  c.send({ type: 'generate', context_id: 'turn-1', text: sent, ...settings }, 0);
  c.run(1000);
  expect(ofContext(c.events, 'turn-1').at(-1)?.message).toMatchObject({
    type: 'error',
    error: { code: 'internal_error' },
  });
  const words = wordsOf(c.events, 'turn-1');
  expect(words).toEqual(['请找曾']);
  // The last heard word's hint goes with it; the comma after it is resent as sent (D82).
  const resend = resendText(sent, words, 'pronunciation');
  expect(resend).toBe(sent.slice(sent.indexOf('[zeng1]') + '[zeng1]'.length));
  // Resending from right after the word would start with a hint that has no character: refused.
  const bare = sent.slice(sent.indexOf(words[0]) + words[0].length);
  expect(bare.startsWith('[zeng1]')).toBe(true);
  c.send({ type: 'generate', context_id: 'turn-1-bare', text: bare, ...settings }, 1000);
  expect(c.errors().at(-1)).toMatchObject({
    context_id: 'turn-1-bare',
    error: { code: 'invalid_request', param: 'text' },
  });
  c.send({ type: 'generate', context_id: 'turn-1-resend', text: resend, ...settings }, 1001);
  c.run(2000);
  expect(ofContext(c.events, 'turn-1-resend').at(-1)?.message).toMatchObject({
    type: 'done',
    billed_characters: billedCharacters(resend, 'pronunciation'),
  });
  // Every tag right after the word goes with it; a literal [[ does not; without markup, text.
  expect(resendText('曾[zeng1][pause:300ms]先生', ['曾'], 'pronunciation')).toBe('先生');
  expect(resendText('注释[[1]，好', ['注释[1'], 'pronunciation')).toBe(']，好');
  expect(resendText('注释[1]，好', ['注释[1'], 'none')).toBe(']，好');
  expect(resendText('[pause:300ms]好。', [], 'pronunciation')).toBe('[pause:300ms]好。');
});

test('a resend skips the pause that follows the last heard word: the listener does not hear it twice (D110)', () => {
  const sent = '请稍等[pause:500ms]，我查一下。好了。';
  const settings = { voice_id: voice, text_markup: 'pronunciation', timestamps: true };
  const c = client({ failSegment: (id, index) => id === 'turn-1' && index === 1 });
  c.send({ type: 'generate', context_id: 'turn-1', text: sent, ...settings }, 0);
  c.run(1000);
  const words = wordsOf(c.events, 'turn-1');
  expect(words).toEqual(['请稍等']);
  const resend = resendText(sent, words, 'pronunciation');
  expect(resend).toBe(sent.slice(sent.indexOf(']') + 1));
  // From right after the word, the pause (already heard before the failure) plays again.
  const bare = sent.slice(sent.indexOf(words[0]) + words[0].length);
  c.send({ type: 'generate', context_id: 'bare', text: bare, ...settings }, 1000);
  c.send({ type: 'generate', context_id: 'resend', text: resend, ...settings }, 1001);
  c.run(2000);
  const playing = (id: string) =>
    ofContext(c.events, id).reduce((ms, m) => ms + (m.durationMs ?? 0), 0);
  expect(playing('bare') - playing('resend')).toBe(500);
  expect(ofContext(c.events, 'resend').at(-1)?.message).toMatchObject({
    type: 'done',
    billed_characters: billedCharacters(resend, 'pronunciation'),
  });
});

test('keepalive closes when the third ping is due: 2 to 3 intervals after the receive loop stops (D46, D102)', async () => {
  // Real timers, judged to half an interval: at 200 ms a loaded machine's late timer failed it.
  const pingIntervalMs = 500;
  const mock = await startWebsocketMock({ pingIntervalMs });
  try {
    const { pings, closedAt, code } = await new Promise<{
      pings: number[];
      closedAt: number;
      code: number;
    }>((resolve, reject) => {
      const ws = new WebSocket(`${mock.url}/v1/speech/websocket`, {
        headers: { Authorization: 'Bearer sk-test' },
        autoPong: false,
      });
      const pings: number[] = [];
      ws.on('ping', (data) => {
        pings.push(Date.now());
        // The loop answers the first ping, then stops reading: no further pong.
        if (pings.length === 1) ws.pong(data);
      });
      ws.on('close', (code) => resolve({ pings, closedAt: Date.now(), code }));
      ws.on('error', reject);
      setTimeout(() => ws.terminate(), pingIntervalMs * 6);
    });
    expect(code).toBe(closeCodes.keepalive_timeout);
    // One ping answered, two unanswered, and the close where the third would have been.
    expect(pings).toHaveLength(3);
    const [answered, firstUnanswered] = pings;
    // Stopped just after the answered ping: about 3 intervals; just before the next: about 2.
    expect(closedAt - answered).toBeGreaterThan(2.5 * pingIntervalMs);
    expect(closedAt - answered).toBeLessThan(3.5 * pingIntervalMs);
    expect(closedAt - firstUnanswered).toBeGreaterThan(1.5 * pingIntervalMs);
    expect(closedAt - firstUnanswered).toBeLessThan(2.5 * pingIntervalMs);
  } finally {
    await mock.close();
  }
});

test('with pronunciation each generate is parsed alone: a marker split across two messages is refused (D104)', () => {
  const c = client();
  const marked = { voice_id: voice, text_markup: 'pronunciation', continue: true };
  c.send({ type: 'generate', context_id: 'turn-1', text: '您好，', ...marked }, 0);
  c.send({ type: 'generate', context_id: 'turn-1', text: '请找曾[zen', continue: true }, 1);
  c.send({ type: 'generate', context_id: 'turn-1', text: 'g1]先生。' }, 2);
  // A literal [[ split into [ and [.
  c.send({ type: 'generate', context_id: 'turn-2', text: '您好，', ...marked }, 3);
  c.send({ type: 'generate', context_id: 'turn-2', text: '见注释[', continue: true }, 4);
  c.send({ type: 'generate', context_id: 'turn-2', text: '[1]。' }, 5);
  // Whole in one message, the same markers are fine; without markup, brackets are text.
  c.send({ type: 'generate', context_id: 'turn-3', text: '请找曾[zeng1]先生，', ...marked }, 6);
  c.send({ type: 'generate', context_id: 'turn-3', text: '见注释[[1]。' }, 7);
  c.send(
    { type: 'generate', context_id: 'turn-4', text: '请找曾[zen', voice_id: voice, continue: true },
    8,
  );
  c.send({ type: 'generate', context_id: 'turn-4', text: 'g1]先生。' }, 9);
  c.run(1000);
  expect(
    c.errors().map((e) => [e.context_id, (e.error as Json).param, e.billed_characters]),
  ).toEqual([
    ['turn-1', 'text', billedCharacters('您好，')],
    ['turn-1', 'context_id', null],
    ['turn-2', 'text', billedCharacters('您好，')],
    ['turn-2', 'context_id', null],
  ]);
  for (const id of ['turn-3', 'turn-4']) {
    expect(ofContext(c.events, id).at(-1)?.message.type).toBe('done');
  }
});

test('a generate arriving after the idle close is discarded: never accepted, never billed (D107)', () => {
  const c = client();
  c.send({ type: 'generate', context_id: 'turn-1', text: '好。', voice_id: voice }, 0);
  c.run(idleMs * 2);
  const [close] = c.closes();
  expect(close).toMatchObject({ code: closeCodes.idle_timeout });
  const usage = [...c.session.usage];
  const late = { type: 'generate', context_id: 'turn-2', text: '你好。', voice_id: voice };
  expect(c.session.receive({ text: JSON.stringify(late) }, close.at)).toEqual({
    message: null,
    rejected: null,
    events: [],
  });
  c.run(close.at + 10_000);
  expect(c.session.usage).toEqual(usage);
  expect(c.session.openContexts).toEqual([]);
  // One millisecond earlier it would have been accepted, and billed.
  const early = client();
  early.send({ type: 'generate', context_id: 'turn-1', text: '好。', voice_id: voice }, 0);
  early.send(late, close.at - 1);
  early.run(close.at + 1000);
  expect(early.session.usage.map((u) => u.contextId)).toEqual(['turn-1', 'turn-2']);
});

test('rate_limited on a full connection: another connection may start the context at once (D111)', () => {
  const max = limit('contextsPerConnection').value;
  const full = client();
  for (let i = 0; i < max; i += 1) {
    full.send(
      { type: 'generate', context_id: `turn-${i}`, text: '好，', voice_id: voice, continue: true },
      i,
    );
  }
  const turn = { type: 'generate', text: '好。', voice_id: voice };
  full.send({ ...turn, context_id: 'reply-1' }, max);
  expect(full.errors()).toEqual([
    expect.objectContaining({
      context_id: 'reply-1',
      error: expect.objectContaining({ code: 'rate_limited' }),
    }),
  ]);
  // Without waiting for a done there, a connection with a free slot takes it under a new id.
  const other = client();
  other.send({ ...turn, context_id: 'reply-1-2' }, max);
  other.run(1000);
  expect(other.errors()).toEqual([]);
  expect(ofContext(other.events, 'reply-1-2').at(-1)?.message.type).toBe('done');
  // The policy allows it and counts it as the same one attempt.
  expect(retryPolicy.websocketRateLimited).toContain('另一条连接');
  expect(retryPolicy.websocketRateLimited).toContain('在哪条连接上开始都一样');
});

test('a cancel lost with its connection bills no less than the cancel would have: the drop is the bound (D121)', () => {
  const text = '第一句。第二句。第三句。第四句';
  // The cancel arrives at 15 (first segment sent, second in synthesis) and is processed.
  const cancelled = client();
  cancelled.send(
    { type: 'generate', context_id: 'turn-1', text, voice_id: voice, continue: true },
    0,
  );
  cancelled.run(15);
  cancelled.send({ type: 'cancel', context_id: 'turn-1' }, 15);
  cancelled.run(100);
  const done = cancelled.messages().find((m) => m.type === 'done');
  expect(done).toBeDefined();
  // The connection drops at 15 instead, the cancel never read: the drop's row bills it.
  const dropped = client();
  dropped.send(
    { type: 'generate', context_id: 'turn-1', text, voice_id: voice, continue: true },
    0,
  );
  dropped.run(15);
  dropped.events.push(...dropped.session.close(15, 1006));
  const [record] = dropped.session.usage;
  expect(record.end).toBe('close');
  expect(record.billedCharacters).toBeGreaterThanOrEqual(Number(done!.billed_characters));
});

test('a refused first generate ends its context with 0 billed; a flush or cancel to an id never started ends nothing (D164)', () => {
  const c = client();
  c.send({ type: 'generate', context_id: 'turn-1', text: '您好。', continue: true }, 0);
  c.send({ type: 'flush', context_id: 'turn-2' }, 1);
  c.send({ type: 'cancel', context_id: 'turn-3' }, 2);
  c.run(1_000);
  expect(
    c.errors().map((e) => [e.context_id, (e.error as Json).param, e.billed_characters]),
  ).toEqual([
    ['turn-1', 'voice_id', 0],
    ['turn-2', 'context_id', null],
    ['turn-3', 'context_id', null],
  ]);
});
