/**
 * `POST /v1/speech` at its edges, against the HTTP mock: the order of its checks, the rate and
 * concurrency limits, output formats and `Accept`, the processing-time limit, and what each
 * outcome bills, segment by segment and hour by hour. Each test gives its recorder an account of
 * its own (`AccountOptions`): a virtual clock where an hour or a time limit must pass, a balance
 * where it is checked, a synthesis pace where requests must overlap.
 */
import { request as httpRequest } from 'node:http';
import { test, expect } from '@playwright/test';
import { useHttpMock } from './mock-fixture';
import WebSocket from 'ws';

import { billingRules, consoleLists } from '../../src/data/billing';
import { errorByCode } from '../../src/data/errors';
import { limit } from '../../src/data/limits';
import {
  billedCharacters,
  billingUnitCharacters,
  clonePriceFen,
  speechCostFen,
  speechPriceFen,
} from '../../src/data/pricing';
import { segmentText } from '../../src/protocol/segment';
import { startWebsocketMock } from '../mock/websocket-mock';
import { referenceWav } from './harness';
import {
  consoleCsv,
  virtualClock,
  type AccountOptions,
  type MockClock,
  type Recorder,
} from './http-mock';

type Json = Record<string, unknown>;

const keyA = { Authorization: 'Bearer sk-test-speech-a' };
const keyB = { Authorization: 'Bearer sk-test-speech-b' };
const speech = { text: '你好，欢迎使用声织语音合成。', voice_id: 'zh_female_qingxin' };
const second = 1000;
const minute = 60 * second;
const hour = 60 * minute;

const { record } = useHttpMock('http-speech');

async function account(options: AccountOptions = {}) {
  const recorder = await record(options);
  const call = (route: string, init: RequestInit = {}, key = keyB) =>
    fetch(`${recorder.origin}${route}`, {
      ...init,
      headers: { ...key, ...(init.headers as Record<string, string>) },
    });
  const speak = (body: Json, headers: Record<string, string> = {}, key = keyB) =>
    call(
      '/v1/speech',
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify(body),
      },
      key,
    );
  /** Characters billed to one request (its `X-Request-Id`), from the account's usage. */
  const billed = (response: Response) =>
    recorder
      .usage()
      .filter((r) => r.id === response.headers.get('x-request-id'))
      .map((r) => r.characters);
  return { recorder, call, speak, billed };
}

/**
 * A text whose segments, each taking the longest chunk gap, run past the processing-time limit:
 * the text, and how many segments fit in the limit.
 */
function streamPastTheLimit() {
  const fit = limit('httpTimeout').value / limit('streamChunkGap').value;
  const long = Array.from({ length: fit + 2 }, (_, i) => `第${i + 1}句话。`).join('');
  expect(segmentCharacters(long)).toHaveLength(fit + 2);
  return { long, fit };
}

/** A debit row's fields that a test does not set: nothing from vouchers or cash, nothing left. */
const debit = { type: '扣费', voucherFen: 0, cashFen: 0, uncollectedFen: 0 } as const;

const errorOf = async (response: Response) => ((await response.json()) as { error: Json }).error;
/** The billed characters of each segment the API cuts a text into (D2, D69). */
const segmentCharacters = (text: string) =>
  segmentText(text, { markup: 'none', final: true }).segments.map((s) =>
    billedCharacters(s, 'none'),
  );

test('`sample_rate` is checked first, then the field the container uses; the other is ignored (D39)', async () => {
  const { speak } = await account();
  const refused: [Json, string][] = [
    // Opus has neither 44100 Hz nor 192 kbit/s: the rate is named.
    [{ container: 'ogg_opus', sample_rate: 44100, bit_rate: 192000 }, 'output_format.sample_rate'],
    [{ container: 'ogg_opus', sample_rate: 48000, bit_rate: 192000 }, 'output_format.bit_rate'],
    // A-law exists only at 8000 Hz, which wav has: the encoding at 16000 is named.
    [{ container: 'wav', sample_rate: 16000, encoding: 'pcm_alaw' }, 'output_format.encoding'],
  ];
  for (const [output_format, param] of refused) {
    const response = await speak({ ...speech, output_format });
    expect(response.status, JSON.stringify(output_format)).toBe(400);
    expect((await errorOf(response)).param, JSON.stringify(output_format)).toBe(param);
  }
  // A field the container does not use is ignored, even a value invalid at that rate.
  for (const output_format of [
    { container: 'mp3', sample_rate: 24000, bit_rate: 128000, encoding: 'pcm_alaw' },
    { container: 'wav', sample_rate: 16000, encoding: 'pcm_s16le', bit_rate: 192000 },
  ]) {
    const response = await speak({ ...speech, output_format });
    expect(response.status, JSON.stringify(output_format)).toBe(200);
    await response.arrayBuffer();
  }
});

test('`Accept` is ignored: the container decides the media type (D106)', async () => {
  const { speak } = await account();
  const cases: [string | null, Json | undefined, string][] = [
    [null, undefined, 'audio/mpeg'],
    ['application/json', { container: 'mp3' }, 'audio/mpeg'],
    ['audio/wav', { container: 'ogg_opus' }, 'audio/ogg'],
    ['audio/mpeg', { container: 'pcm' }, 'audio/pcm'],
    ['text/plain', { container: 'wav' }, 'audio/wav'],
  ];
  for (const [accept, output_format, type] of cases) {
    const response = await speak(
      { ...speech, ...(output_format ? { output_format } : {}) },
      accept ? { Accept: accept } : {},
    );
    const where = `Accept ${String(accept)}, ${JSON.stringify(output_format)}`;
    expect(response.status, where).toBe(200);
    expect(response.headers.get('content-type'), where).toBe(type);
    await response.arrayBuffer();
  }
});

test('the rate, then concurrency, then fields, voice, balance and moderation answer in that order (D71, D98)', async () => {
  // One UTC minute for the whole test (the rate window), synthesis that really takes time.
  let now = new Date('2026-11-28T10:00:05Z').getTime();
  const clock: MockClock = {
    now: () => now,
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  };
  const { speak, call, recorder } = await account({
    clock,
    // Long enough for the holders below to outlast the requests sent meanwhile on a loaded machine.
    segmentMs: 2000,
    cloneMs: minute,
    cloneFailure: '参考录音中有多个说话人。',
    // One clone's fee (reserved by the processing voice), then enough for the cheap texts only:
    // the check compares with the floored figure (D169), so a whole fen more stays after theirs.
    cashFen: clonePriceFen + 2,
    rejectsText: (text) => text.includes('违禁'),
  });
  const cheap = '你好。';
  const dear = '声'.repeat(200);
  const rejected = `违禁${cheap}`;
  // Voices of each state: failed, deleted, processing.
  const clone = async () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ name: '客服小林', language: 'zh', consent: 'true' })) {
      form.append(k, v);
    }
    form.append('audio', new Blob([new Uint8Array(referenceWav())]), 'a.wav');
    const response = await call('/v1/voices', { method: 'POST', body: form });
    expect(response.status).toBe(201);
    return String(((await response.json()) as Json).voice_id);
  };
  const failed = await clone();
  now += minute;
  const deleted = await clone();
  expect((await call(`/v1/voices/${deleted}`, { method: 'DELETE' })).status).toBe(204);
  const processing = await clone();
  const ready = speech.voice_id;

  // Key A uses up its rate; key B fills the account's concurrency with streams.
  for (let i = 0; i < limit('requestsPerMinute').value; i += 1) {
    expect((await call('/v1/user/credit', {}, keyA)).status).toBe(200);
  }
  const holders = await Promise.all(
    Array.from({ length: limit('concurrentRequests').value }, () =>
      speak({ ...speech, text: cheap, stream: true }),
    ),
  );
  expect(holders.map((r) => r.status)).toEqual(holders.map(() => 200));
  const everything = { text: rejected.repeat(300), voice_id: deleted, speed: 9 };

  // Without a key: 401 before anything.
  const anonymous = await fetch(`${recorder.origin}/v1/speech`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(everything),
  });
  expect(anonymous.status).toBe(401);
  // Over the rate and the concurrency: the rate's 429, Retry-After equal to the reset.
  const rate = await speak(everything, {}, keyA);
  expect(rate.status).toBe(429);
  expect(rate.headers.get('x-ratelimit-remaining')).toBe('0');
  expect(rate.headers.get('retry-after')).toBe(rate.headers.get('x-ratelimit-reset'));
  // Over the concurrency only: its 429, the rate's window not used up.
  const concurrency = await speak(everything);
  expect(concurrency.status).toBe(429);
  expect(Number(concurrency.headers.get('x-ratelimit-remaining'))).toBeGreaterThan(0);
  expect(concurrency.headers.get('retry-after')).toMatch(/^\d+$/);
  for (const holder of holders) await holder.arrayBuffer();

  // Each request breaks its check and every later one; the first check answers. (A field
  // error is Prism's, whose envelope is the spec's example: only its code is compared.)
  const steps: [Json, number, Json][] = [
    [everything, 400, { code: 'invalid_request' }],
    [
      { text: rejected.repeat(300), voice_id: deleted },
      404,
      { code: 'voice_not_found', param: 'voice_id' },
    ],
    [{ text: dear, voice_id: processing }, 409, { code: 'voice_not_ready', param: 'voice_id' }],
    [{ text: dear, voice_id: failed }, 410, { code: 'voice_clone_failed', param: 'voice_id' }],
    [{ text: `${rejected}${dear}`, voice_id: ready }, 402, { code: 'insufficient_credit' }],
    [{ text: rejected, voice_id: ready }, 400, { code: 'content_rejected', param: 'text' }],
  ];
  for (const [body, status, error] of steps) {
    const response = await speak(body);
    expect([response.status, await errorOf(response)], String(error.code)).toMatchObject([
      status,
      error,
    ]);
  }
  const spoken = await speak({ text: cheap, voice_id: ready });
  expect(spoken.status).toBe(200);
});

test('`X-RateLimit-Reset` is whole seconds, rounded up; a rate 429’s `Retry-After` equals it (D71)', async () => {
  const clock = virtualClock(new Date('2026-11-28T10:00:17.250Z'));
  const { call } = await account({ clock });
  const first = await call('/v1/user/credit');
  // 42.75 seconds to the next UTC minute.
  expect(first.headers.get('x-ratelimit-reset')).toBe('43');
  expect(first.headers.get('x-ratelimit-remaining')).toBe(
    String(limit('requestsPerMinute').value - 1),
  );
  for (let i = 1; i < limit('requestsPerMinute').value; i += 1) await call('/v1/user/credit');
  clock.advance(24_500);
  const refused = await call('/v1/user/credit');
  expect(refused.status).toBe(429);
  // 18.25 seconds left: 19.
  expect(refused.headers.get('x-ratelimit-reset')).toBe('19');
  expect(refused.headers.get('retry-after')).toBe('19');
  // A 429 does not count: the next window starts with the full rate.
  clock.advance(19 * second);
  const next = await call('/v1/user/credit');
  expect(next.status).toBe(200);
  expect(next.headers.get('x-ratelimit-remaining')).toBe(
    String(limit('requestsPerMinute').value - 1),
  );
});

test('parallel requests reserve their cost: they never overdraw the balance (D99)', async () => {
  const text = '声'.repeat(200); // one segment of 200 billed characters
  const cost = speechCostFen(billedCharacters(text, 'none'), 'loom-turbo-v2');
  // Room for three such requests, not four.
  const cash = Math.floor(3.5 * cost);
  const { speak, recorder } = await account({ cashFen: cash, segmentMs: 400 });
  const responses = await Promise.all(
    Array.from({ length: 4 }, () => speak({ ...speech, text, stream: true })),
  );
  expect(responses.map((r) => r.status).sort()).toEqual([200, 200, 200, 402]);
  // Every accepted stream runs to its end.
  for (const r of responses) expect((await r.arrayBuffer()).byteLength).toBeGreaterThan(0);
  const spent = recorder.usage().reduce((n, r) => n + r.fen, 0);
  expect(spent).toBe(3 * cost);
  expect(spent).toBeLessThanOrEqual(cash);
  // Later checks subtract the usage: a fourth is still refused.
  expect((await speak({ ...speech, text })).status).toBe(402);
});

/** Sends a speech request whose body arrives in two parts, the clock advanced in between. */
function slowUpload(
  recorder: Recorder,
  body: Json,
  clock: ReturnType<typeof virtualClock>,
  uploadMs: number,
) {
  const data = Buffer.from(JSON.stringify(body));
  return new Promise<{ status: number; headers: Json; body: Buffer }>((resolve, reject) => {
    const request = httpRequest(
      `${recorder.origin}/v1/speech`,
      {
        method: 'POST',
        headers: { ...keyB, 'Content-Type': 'application/json', 'Content-Length': data.length },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.write(data.subarray(0, 10));
    setTimeout(() => {
      clock.advance(uploadMs);
      request.end(data.subarray(10));
    }, 100);
  });
}

test('the processing-time limit starts when the whole body has arrived (D95)', async () => {
  const limitMs = limit('httpTimeout').value * second;
  const clock = virtualClock(new Date('2026-11-28T10:00:00Z'));
  // Each segment takes a third of the limit: two fit, three do not.
  const { recorder } = await account({ clock, segmentMs: limitMs / 3 + 1 });
  const two = '第一句话。第二句话。';
  expect(segmentCharacters(two)).toHaveLength(2);
  // An upload that took almost the limit, then two segments: within the limit.
  const slow = await slowUpload(recorder, { ...speech, text: two }, clock, limitMs - second);
  expect(slow.status).toBe(200);
  // Three segments pass the limit whatever the upload took.
  const three = await slowUpload(recorder, { ...speech, text: `${two}第三句话。` }, clock, 0);
  expect(three.status).toBe(503);
  expect(JSON.parse(three.body.toString('utf8')).error).toMatchObject({
    code: 'service_unavailable',
    param: 'text',
  });
});

test('a 503 with `param: text` is the time limit: Retry-After is set, yet the split text goes at once (D63, D109)', async () => {
  const limitMs = limit('httpTimeout').value * second;
  const clock = virtualClock(new Date('2026-11-28T10:00:00Z'));
  const { speak, recorder } = await account({ clock, segmentMs: limitMs / 3 + 1 });
  const sentences = ['第一句话。', '第二句话。', '第三句话。', '第四句话。'];
  const whole = await speak({ ...speech, text: sentences.join('') });
  expect(whole.status).toBe(503);
  expect(whole.headers.get('retry-after')).toMatch(/^\d+$/);
  const error = await errorOf(whole);
  expect(error).toMatchObject({ code: 'service_unavailable', param: 'text' });
  // The catalogue tells this case apart by `param` alone, as its example shows.
  expect(errorByCode('service_unavailable')!.examples!['processing-timeout'].param).toBe('text');
  expect(errorByCode('service_unavailable')!.example.param).toBeNull();
  // The split texts are sent at once, without waiting for Retry-After: each is accepted.
  const halves = [sentences.slice(0, 2).join(''), sentences.slice(2).join('')];
  for (const text of halves) expect((await speak({ ...speech, text })).status).toBe(200);
  // A 503 with `param: null` (an overload) is the one to resend as it is, after Retry-After.
  recorder.fault('createSpeech', { fail: { status: 503, when: 'before' } });
  const overloaded = await speak({ ...speech, text: halves[0] });
  expect(overloaded.status).toBe(503);
  expect((await errorOf(overloaded)).param).toBeNull();
  const wait = Number(overloaded.headers.get('retry-after'));
  expect(wait).toBeGreaterThan(0);
  clock.advance(wait * second);
  expect((await speak({ ...speech, text: halves[0] })).status).toBe(200);
});

test('a request’s text is cut as a context’s is; the segment the limit or a failure hits is not billed (D69)', async () => {
  const text = '您好，这里是声织客服。请问有什么可以帮您？我们周一到周五 9:00 到 18:00 在线。';
  const expected = segmentCharacters(text);
  expect(expected.length).toBeGreaterThan(3);
  const { speak, billed, recorder } = await account();
  const whole = await speak({ ...speech, text });
  await whole.arrayBuffer();
  expect(billed(whole)).toEqual(expected);
  // A failure after the 200 hits the third segment: the two before it are billed.
  recorder.fault('createSpeech', { breakAtSegment: 2 });
  const broken = await speak({ ...speech, text, stream: true });
  expect(broken.status).toBe(200);
  await expect(broken.arrayBuffer()).rejects.toThrow();
  await expect.poll(() => billed(broken)).toEqual(expected.slice(0, 2));
  // The time limit hits a streamed request: the segments before it are billed, that one not.
  // Each segment takes the longest gap a stream allows, so only the limit can break it.
  const { long, fit } = streamPastTheLimit();
  const timed = await account({
    clock: virtualClock(new Date('2026-11-28T10:00:00Z')),
    segmentMs: limit('streamChunkGap').value * second,
  });
  const late = await timed.speak({ ...speech, text: long, stream: true });
  expect(late.status).toBe(200);
  await expect(late.arrayBuffer()).rejects.toThrow();
  await expect.poll(() => timed.billed(late)).toEqual(segmentCharacters(long).slice(0, fit));
});

test('a non-2xx bills nothing; a broken stream bills the audio sent; a client that leaves, what started (D41)', async () => {
  const text = '第一句。第二句。第三句。第四句。第五句。';
  const expected = segmentCharacters(text);
  expect(expected).toHaveLength(5);
  const { speak, billed, recorder } = await account({ segmentMs: 300 });
  // Synthesis ran, then the server failed: a 500 bills nothing.
  recorder.fault('createSpeech', { fail: { status: 500, when: 'after' } });
  const failed = await speak({ ...speech, text: '你好。' });
  expect(failed.status).toBe(500);
  expect(billed(failed)).toEqual([]);
  // The stream breaks while the fourth segment is in synthesis: three billed.
  recorder.fault('createSpeech', { breakAtSegment: 3 });
  const broken = await speak({ ...speech, text, stream: true });
  await expect(broken.arrayBuffer()).rejects.toThrow();
  await expect.poll(() => billed(broken)).toEqual(expected.slice(0, 3));
  // The client leaves after the first segment's audio: that one and the one in synthesis.
  const left = await speak({ ...speech, text, stream: true });
  const reader = left.body!.getReader();
  expect((await reader.read()).done).toBe(false);
  await reader.cancel();
  await expect.poll(() => billed(left), { timeout: 3000 }).toEqual(expected.slice(0, 2));
});

test('hourly billing: each segment to the hour it started, each model’s hour rounded half up, vouchers first (D70)', async () => {
  const clock = virtualClock(new Date('2026-11-28T10:58:00Z'));
  const voucher = 3;
  const cash = 1000;
  const { speak, call } = await account({
    clock,
    voucherFen: voucher,
    cashFen: cash,
    segmentMs: 30 * second,
  });
  const turbo = 'loom-turbo-v2';
  const hd = 'loom-hd-v2';
  // Two requests of 150 characters with the turbo model: 2.25 fen each, 4.5 in the hour.
  for (let i = 0; i < 2; i += 1) {
    expect((await speak({ ...speech, text: '声'.repeat(150), model: turbo })).status).toBe(200);
  }
  // At 10:59:45, 300 characters with the HD model: a segment of 200 starts in hour 10, the
  // rest (100) at 11:00:15, in hour 11.
  clock.advance(45 * second);
  const straddling = '声'.repeat(300);
  expect(segmentCharacters(straddling)).toEqual([200, 100]);
  expect((await speak({ ...speech, text: straddling, model: hd })).status).toBe(200);
  const fen = (characters: number, model: typeof turbo | typeof hd) =>
    (characters * speechPriceFen[model]) / billingUnitCharacters;
  expect(fen(300, turbo)).toBe(4.5);
  // Hour 10: 4.5 rounds up to 5, plus 6 for the HD segment; the voucher pays first.
  const hour10 = 5 + fen(200, hd);
  const hour11 = fen(100, hd);
  clock.advance(30 * minute);
  const credit = async () => (await call('/v1/user/credit')).json() as Promise<Json>;
  // 11:30: hour 10 is debited; hour 11's usage is not in the balance yet.
  expect(await credit()).toMatchObject({
    voucher_balance: '0.00',
    cash_balance: ((cash - (hour10 - voucher)) / 100).toFixed(2),
    total_balance: ((cash - (hour10 - voucher)) / 100).toFixed(2),
  });
  clock.advance(hour);
  expect((await credit()).cash_balance).toBe(
    ((cash - (hour10 - voucher) - hour11) / 100).toFixed(2),
  );
});

test('`available_balance` is what the next check spends: a request costing it passes, one costing more gets 402 (D128)', async () => {
  const clock = virtualClock(new Date('2026-11-28T10:10:00Z'));
  const { speak, call } = await account({ clock, cashFen: 20 });
  const credit = async () => (await call('/v1/user/credit')).json() as Promise<Json>;
  const turbo = 'loom-turbo-v2';
  const hd = 'loom-hd-v2';
  expect(await credit()).toMatchObject({ total_balance: '0.20', available_balance: '0.20' });
  // 100 characters with the turbo model: 1.5 fen, which this hour's debit rounds to 2.
  expect(speechCostFen(100, turbo)).toBe(1.5);
  expect((await speak({ ...speech, text: '声'.repeat(100), model: turbo })).status).toBe(200);
  // Not debited yet: the total stays, the available balance does not.
  expect(await credit()).toMatchObject({ total_balance: '0.20', available_balance: '0.18' });
  // 650 characters with the HD model cost 19.5 fen, more than is available: refused.
  expect(speechCostFen(650, hd)).toBe(19.5);
  const over = await speak({ ...speech, text: '声'.repeat(650), model: hd });
  expect(over.status).toBe(402);
  expect((await errorOf(over)).code).toBe('insufficient_credit');
  // 600 characters cost exactly what is available: accepted, and nothing is left.
  expect(speechCostFen(600, hd)).toBe(18);
  expect((await speak({ ...speech, text: '声'.repeat(600), model: hd })).status).toBe(200);
  expect((await credit()).available_balance).toBe('0.00');
  // After the hourly debit both agree.
  clock.advance(hour);
  expect(await credit()).toMatchObject({ total_balance: '0.00', available_balance: '0.00' });
});

test('a stream never leaves more than the chunk gap: a slower segment breaks it, unbilled (D150)', async () => {
  const gapMs = limit('streamChunkGap').value * second;
  // Well inside the processing-time limit, so only the gap can break it.
  expect(gapMs).toBeLessThan(limit('httpTimeout').value * second);
  const clock = virtualClock(new Date('2026-11-28T10:00:00Z'));
  const { speak, billed } = await account({ clock, segmentMs: gapMs + 1 });
  const startedAt = clock.now();
  const slow = await speak({ ...speech, text: '第一句话。第二句话。', stream: true });
  expect(slow.status).toBe(200);
  await expect(slow.arrayBuffer()).rejects.toThrow();
  // Broken when the gap ran out, and the segment it hit is not billed.
  expect(clock.now() - startedAt).toBe(gapMs);
  await expect.poll(() => billed(slow)).toEqual([]);
  // The same text without `stream` waits for the whole answer: no gap applies.
  const whole = await speak({ ...speech, text: '第一句话。第二句话。' });
  expect(whole.status).toBe(200);
});

test('a streamed response that breaks before the time limit, counted from the body sent, was not the limit (D127)', async () => {
  const limitMs = limit('httpTimeout').value * second;
  const clock = virtualClock(new Date('2026-11-28T10:00:00Z'));
  const { long: text } = streamPastTheLimit();
  const { speak, recorder } = await account({
    clock,
    segmentMs: limit('streamChunkGap').value * second,
  });
  // The client's clock starts when it has sent the body; the server's, no earlier (D95).
  const sentAt = clock.now();
  const late = await speak({ ...speech, text, stream: true });
  expect(late.status).toBe(200);
  await expect(late.arrayBuffer()).rejects.toThrow();
  // The limit: the break comes at or after the limit on the client's clock too.
  expect(clock.now() - sentAt).toBeGreaterThanOrEqual(limitMs);
  // A failure in the first segment: the break comes well before the limit, so it is resent.
  recorder.fault('createSpeech', { breakAtSegment: 1 });
  const faultAt = clock.now();
  const broken = await speak({ ...speech, text, stream: true });
  expect(broken.status).toBe(200);
  await expect(broken.arrayBuffer()).rejects.toThrow();
  expect(clock.now() - faultAt).toBeLessThan(limitMs);
});

test('billed characters come from `X-Billed-Characters`, `done` and an ending `error` (D74)', async () => {
  // The billing rules name exactly these three sources.
  const sources = billingRules.find((r) => r.id === 'reported-counts')!.rule;
  for (const source of ['`X-Billed-Characters`', '`done` 的 `billed_characters`', '`error`']) {
    expect(sources).toContain(source);
  }
  // HTTP: the header counts the whole text (markup not billed), and is what a full 200 bills.
  const { speak, billed } = await account();
  const text = '曾[zeng1]先生来自重庆。[pause:300ms]欢迎！';
  const response = await speak({ ...speech, text, text_markup: 'pronunciation' });
  await response.arrayBuffer();
  const header = Number(response.headers.get('x-billed-characters'));
  expect(header).toBe(billedCharacters(text, 'pronunciation'));
  expect(billed(response).reduce((n, c) => n + c, 0)).toBe(header);
  // Websocket: `done` for a finished context, the ending `error` for a failed one.
  const ws = await startWebsocketMock({
    failSegment: (contextId, index) => contextId === 'broken' && index === 1,
  });
  try {
    const client = new WebSocket(`${ws.url}/v1/speech/websocket`, { headers: keyB });
    const received: Json[] = [];
    client.on('message', (raw) => received.push(JSON.parse(String(raw)) as Json));
    await new Promise((resolve, reject) => client.once('open', resolve).once('error', reject));
    const reply = '您好，欢迎。再见！';
    for (const context_id of ['whole', 'broken']) {
      client.send(
        JSON.stringify({ type: 'generate', context_id, text: reply, voice_id: speech.voice_id }),
      );
    }
    const ended = (id: string) =>
      received.find(
        (m) =>
          m.context_id === id &&
          (m.type === 'done' || (m.type === 'error' && m.billed_characters !== null)),
      );
    await expect.poll(() => Boolean(ended('whole') && ended('broken'))).toBe(true);
    expect(ended('whole')).toMatchObject({
      type: 'done',
      billed_characters: billedCharacters(reply),
    });
    const [firstSegment] = segmentText(reply, { markup: 'none', final: true }).segments;
    expect(ended('broken')).toMatchObject({
      type: 'error',
      billed_characters: billedCharacters(firstSegment),
    });
    client.close();
  } finally {
    await ws.close();
  }
});

test('usage records: one line per request and Beijing hour, summing to its billed characters; each hour’s debit is its model’s characters, rounded (D140)', async () => {
  const clock = virtualClock(new Date('2026-11-28T10:59:00Z'));
  const cash = 1000;
  const { speak, recorder } = await account({ clock, cashFen: cash, segmentMs: 30 * second });
  const turbo = 'loom-turbo-v2';
  // Three segments at 10:59:00, 10:59:30 and 11:00:00: one request across two hours.
  const text = `${'声'.repeat(199)}。${'声'.repeat(199)}。${'声'.repeat(99)}。`;
  expect(segmentCharacters(text)).toEqual([200, 200, 100]);
  const response = await speak({ ...speech, text, model: turbo });
  expect(response.status).toBe(200);
  const id = response.headers.get('x-request-id');
  clock.advance(2 * hour);
  const lines = recorder.records().filter((r) => r.id === id);
  // The console's fields, one key each (小时, 接口, 模型, 标识, 客户端请求 ID, 计费字符数, 金额).
  const fields = consoleLists.find((l) => l.id === 'usage-records')!.fields;
  for (const line of lines) expect(Object.keys(line)).toHaveLength(fields.length);
  // Beijing time: 10:59 UTC is the 18:00 hour.
  expect(lines).toEqual([
    {
      hour: '2026-11-28 18:00',
      api: 'HTTP',
      model: turbo,
      id,
      clientRequestId: null,
      characters: 400,
      fen: 6,
    },
    {
      hour: '2026-11-28 19:00',
      api: 'HTTP',
      model: turbo,
      id,
      clientRequestId: null,
      characters: 100,
      fen: 1.5,
    },
  ]);
  expect(lines.reduce((n, l) => n + l.characters, 0)).toBe(
    Number(response.headers.get('x-billed-characters')),
  );
  // The debits: per hour and model, the characters' cost rounded half up; cash paid all of it.
  expect(recorder.debits()).toEqual([
    { ...debit, hour: '2026-11-28 18:00', model: turbo, characters: 400, fen: 6, cashFen: 6 },
    { ...debit, hour: '2026-11-28 19:00', model: turbo, characters: 100, fen: 2, cashFen: 2 },
  ]);
});

test('usage belongs to its Beijing hour and month: 23:30 on the 31st is that month’s, though debited at 00:00 of the next (D141)', async () => {
  // 2026-12-31 23:30 in Beijing.
  const clock = virtualClock(new Date('2026-12-31T15:30:00Z'));
  const { speak, recorder } = await account({ clock, cashFen: 1000 });
  expect((await speak({ ...speech, text: '声'.repeat(100) })).status).toBe(200);
  // Still 2026-12-31 in Beijing: nothing is debited yet.
  clock.advance(29 * minute);
  expect(recorder.debits()).toEqual([]);
  // 2027-01-01 00:00 in Beijing: the hour is debited, and it is December's.
  clock.advance(minute);
  const [debit] = recorder.debits();
  expect(debit.hour).toBe('2026-12-31 23:00');
  expect(debit.hour.slice(0, 7)).toBe('2026-12');
  expect(recorder.records().map((r) => r.hour)).toEqual(['2026-12-31 23:00']);
});

test('HTTP checks the balance once, for the whole text: a text whose first segment fits but whole does not is refused, unbilled (D143)', async () => {
  const clock = virtualClock(new Date('2026-11-28T10:10:00Z'));
  const { speak, recorder } = await account({ clock, cashFen: 5 });
  const turbo = 'loom-turbo-v2';
  // Two segments of 200: 3 fen each, 6 in all, against 5 fen available.
  const text = `${'声'.repeat(199)}。${'声'.repeat(199)}。`;
  expect(segmentCharacters(text)).toEqual([200, 200]);
  expect(speechCostFen(200, turbo)).toBeLessThan(5);
  const refused = await speak({ ...speech, text, model: turbo });
  expect(refused.status).toBe(402);
  expect((await errorOf(refused)).code).toBe('insufficient_credit');
  expect(recorder.usage()).toEqual([]);
  // The first segment alone passes.
  expect((await speak({ ...speech, text: `${'声'.repeat(199)}。`, model: turbo })).status).toBe(
    200,
  );
});

test('vouchers: earliest expiry first; one that expires within an hour still pays that hour; the balance never goes below zero (D148)', async () => {
  const clock = virtualClock(new Date('2026-11-28T10:00:00Z'));
  const at = (iso: string) => new Date(iso).getTime();
  const { speak, call, recorder } = await account({
    clock,
    cashFen: 100,
    vouchers: [
      { fen: 500, expiresAt: at('2026-12-31T16:00:00Z') },
      { fen: 4, expiresAt: at('2026-11-28T10:30:00Z') },
    ],
  });
  const credit = async () => (await call('/v1/user/credit')).json() as Promise<Json>;
  // Listed earliest expiry first, the order they are spent in.
  expect(((await credit()).vouchers as Json[]).map((v) => v.remaining)).toEqual(['0.04', '5.00']);
  // 10:10: 400 characters, 6 fen.
  clock.advance(10 * minute);
  expect((await speak({ ...speech, text: '声'.repeat(400) })).status).toBe(200);
  // 10:40: the small voucher has expired: no longer listed nor in the balance.
  clock.advance(30 * minute);
  const after = await credit();
  expect((after.vouchers as Json[]).map((v) => v.remaining)).toEqual(['5.00']);
  expect(after.voucher_balance).toBe('5.00');
  // 11:00: hour 10 is paid by the vouchers valid at 10:00, the expired one first.
  clock.advance(20 * minute);
  expect(recorder.debits()).toEqual([
    {
      ...debit,
      hour: '2026-11-28 18:00',
      model: 'loom-turbo-v2',
      characters: 400,
      fen: 6,
      voucherFen: 6,
    },
  ]);
  expect(await credit()).toMatchObject({ voucher_balance: '4.98', cash_balance: '1.00' });
});

test('a voucher that expires under a reservation leaves the balance at zero, never below (D148)', async () => {
  const clock = virtualClock(new Date('2026-11-28T10:58:00Z'));
  const { call, recorder } = await account({
    clock,
    cloneMs: 5 * minute,
    vouchers: [{ fen: clonePriceFen, expiresAt: new Date('2026-11-28T11:00:00Z').getTime() }],
  });
  const body = new FormData();
  for (const [name, value] of Object.entries({
    name: '客服小林',
    language: 'zh',
    consent: 'true',
  })) {
    body.append(name, value);
  }
  body.append('audio', new Blob([new Uint8Array(referenceWav())], { type: 'audio/wav' }), 'a.wav');
  // 10:58: the voucher covers the fee, which is reserved; the clone turns ready at 11:03.
  expect((await call('/v1/voices', { method: 'POST', body })).status).toBe(201);
  clock.advance(2 * hour);
  // The voucher expired at the end of hour 10: its row follows that hour's (empty) debit (D173).
  // Hour 11 is paid by the vouchers valid at 11:00: none. What is left unpaid is not charged.
  // The amount is what was taken (nothing); the fee not taken is beside it (D172).
  expect(recorder.debits()).toEqual([
    {
      ...debit,
      type: '代金券过期',
      hour: '2026-11-28 18:00',
      model: null,
      characters: 0,
      fen: clonePriceFen,
      voucherFen: clonePriceFen,
    },
    {
      ...debit,
      hour: '2026-11-28 19:00',
      model: 'clone',
      characters: 0,
      fen: 0,
      uncollectedFen: clonePriceFen,
    },
  ]);
  expect(await (await call('/v1/user/credit')).json()).toMatchObject({
    total_balance: '0.00',
    available_balance: '0.00',
    cash_balance: '0.00',
  });
});

test('a request’s own X-Client-Request-Id is echoed and kept in the usage records, where a request cut before its headers is found by it; a malformed one is a 400 (D168)', async () => {
  const { speak, recorder } = await account({ segmentMs: 300 });
  // Echoed on the answer, kept on the request's usage line.
  const ok = await speak(speech, { 'X-Client-Request-Id': 'turn-42_a' });
  expect(ok.status).toBe(200);
  expect(ok.headers.get('x-client-request-id')).toBe('turn-42_a');
  const id = ok.headers.get('x-request-id');
  expect(recorder.records().find((r) => r.id === id)?.clientRequestId).toBe('turn-42_a');
  // Without the header there is none to echo.
  expect((await speak(speech)).headers.get('x-client-request-id')).toBeNull();
  // Malformed: too long, or a character outside the set; the field is named, nothing billed.
  for (const bad of ['a'.repeat(65), 'turn 42', 'turn/42', '']) {
    const refused = await speak(speech, { 'X-Client-Request-Id': bad });
    expect(refused.status).toBe(400);
    expect(await errorOf(refused)).toMatchObject({
      code: 'invalid_request',
      param: 'X-Client-Request-Id',
    });
    expect(refused.headers.get('x-client-request-id')).toBeNull();
  }
  // `stream: false` answers once all is synthesised: cut while the second segment runs, the
  // client has no header at all, yet its own ID finds the request and what it was billed.
  const text = '第一句。第二句。第三句。第四句。第五句。';
  const cut = new AbortController();
  setTimeout(() => cut.abort(), 450);
  const aborted = fetch(`${recorder.origin}/v1/speech`, {
    method: 'POST',
    signal: cut.signal,
    headers: { ...keyB, 'Content-Type': 'application/json', 'X-Client-Request-Id': 'turn-44' },
    body: JSON.stringify({ ...speech, text }),
  });
  await expect(aborted).rejects.toThrow();
  await expect
    .poll(() => recorder.records().filter((r) => r.clientRequestId === 'turn-44').length, {
      timeout: 3000,
    })
    .toBe(1);
  const found = recorder.records().find((r) => r.clientRequestId === 'turn-44')!;
  expect(found.characters).toBe(
    segmentCharacters(text)
      .slice(0, 2)
      .reduce((a, b) => a + b, 0),
  );
  // The request ID it was given never reached the client, but the record has it too.
  expect(found.id).toMatch(/^req_mock_/);
});

test('the balance check compares the exact cost with `available_balance` as returned: a cost above it is refused even when the unfloored balance would cover it (D169)', async () => {
  const { speak, call } = await account({ cashFen: 20, segmentMs: 600 });
  const credit = async () => (await call('/v1/user/credit')).json() as Promise<Json>;
  const turbo = 'loom-turbo-v2';
  const hd = 'loom-hd-v2';
  // A running request reserves 1.5 fen: 18.5 fen are left, returned floored as 0.18.
  expect(speechCostFen(100, turbo)).toBe(1.5);
  const running = speak({ ...speech, text: '声'.repeat(100), model: turbo });
  await expect.poll(async () => (await credit()).available_balance).toBe('0.18');
  // 610 characters cost 18.3 fen: exact to 0.001 fen, above the 0.18 returned, so refused,
  // though 18.5 would cover it; in whole fen (18) it would have looked affordable.
  expect(speechCostFen(610, hd)).toBeCloseTo(18.3, 3);
  const over = await speak({ ...speech, text: '声'.repeat(610), model: hd });
  expect(over.status).toBe(402);
  expect((await errorOf(over)).code).toBe('insufficient_credit');
  // Exactly the figure returned passes.
  expect(speechCostFen(600, hd)).toBe(18);
  const exact = speak({ ...speech, text: '声'.repeat(600), model: hd });
  expect((await running).status).toBe(200);
  expect((await exact).status).toBe(200);
});

test('balances are now’s: a voucher stops counting at its expiry, pays its hour’s debit, and its expiry row follows that debit with what it held; the rows sum (D170, D172, D173)', async () => {
  const clock = virtualClock(new Date('2026-11-28T10:00:00Z'));
  const at = (iso: string) => new Date(iso).getTime();
  const { speak, call, recorder } = await account({
    clock,
    cashFen: 100,
    vouchers: [
      { fen: 500, expiresAt: at('2026-12-31T16:00:00Z') },
      { fen: 10, expiresAt: at('2026-11-28T10:30:00Z') },
    ],
  });
  const credit = async () => (await call('/v1/user/credit')).json() as Promise<Json>;
  // 10:10: 400 characters, 6 fen: not in the balance until the hour's debit, in the available one.
  clock.advance(10 * minute);
  expect((await speak({ ...speech, text: '声'.repeat(400) })).status).toBe(200);
  expect(await credit()).toMatchObject({ total_balance: '6.10', available_balance: '6.04' });
  // 10:40: the small voucher has expired: out of the balance and the available balance at once.
  clock.advance(30 * minute);
  expect(await credit()).toMatchObject({
    total_balance: '6.00',
    voucher_balance: '5.00',
    available_balance: '5.94',
  });
  // 11:00: the expired voucher pays hour 10 (valid at 10:00); its expiry row follows with the
  // 4 fen it held after, dated by that hour.
  clock.advance(20 * minute);
  expect(recorder.debits()).toEqual([
    {
      ...debit,
      hour: '2026-11-28 18:00',
      model: 'loom-turbo-v2',
      characters: 400,
      fen: 6,
      voucherFen: 6,
    },
    {
      ...debit,
      type: '代金券过期',
      hour: '2026-11-28 18:00',
      model: null,
      characters: 0,
      fen: 4,
      voucherFen: 4,
    },
  ]);
  const now = await credit();
  expect(now).toMatchObject({ total_balance: '6.00', available_balance: '6.00' });
  // Opening + rows = closing = the balance now.
  const [november] = recorder.months();
  expect(november.opening).toBe(610);
  expect(november.closing).toBe(november.opening - november.rows.reduce((n, r) => n + r.fen, 0));
  expect((november.closing / 100).toFixed(2)).toBe(now.total_balance);
});

test('a month’s closing balance is the one after its last hourly debit, taken at 00:00 of the next; the next month opens with it (D171)', async () => {
  // 2026-11-30 23:30 in Beijing.
  const clock = virtualClock(new Date('2026-11-30T15:30:00Z'));
  const { speak, call, recorder } = await account({ clock, cashFen: 1000 });
  const credit = async () => (await call('/v1/user/credit')).json() as Promise<Json>;
  expect((await speak({ ...speech, text: '声'.repeat(100) })).status).toBe(200);
  // 2026-12-01 00:10: November's last hour was debited at 00:00; read the balance then.
  clock.advance(40 * minute);
  const afterNovember = (await credit()).total_balance;
  expect((await speak({ ...speech, text: '声'.repeat(100) })).status).toBe(200);
  clock.advance(hour);
  const months = recorder.months();
  expect(months.map((m) => [m.month, m.rows.map((r) => r.hour)])).toEqual([
    ['2026-11', ['2026-11-30 23:00']],
    ['2026-12', ['2026-12-01 00:00']],
  ]);
  const [november, december] = months;
  expect(november.opening).toBe(1000);
  expect((november.closing / 100).toFixed(2)).toBe(afterNovember);
  expect(december.opening).toBe(november.closing);
  for (const m of months) {
    expect(m.closing).toBe(m.opening - m.rows.reduce((n, r) => n + r.fen, 0));
  }
  expect((december.closing / 100).toFixed(2)).toBe((await credit()).total_balance);
});

test('a top-up counts at once, in every balance field and the available balance, and opens its own row at its time (D170)', async () => {
  const clock = virtualClock(new Date('2026-11-28T10:10:00Z'));
  const { speak, call, recorder } = await account({ clock, cashFen: 10 });
  const credit = async () => (await call('/v1/user/credit')).json() as Promise<Json>;
  // 10:10: 400 characters, 6 fen, undebited: only the available balance shows it.
  expect((await speak({ ...speech, text: '声'.repeat(400) })).status).toBe(200);
  expect(await credit()).toMatchObject({ total_balance: '0.10', available_balance: '0.04' });
  // 10:20: a top-up of 1 yuan counts at once, before any hourly debit.
  clock.advance(10 * minute);
  recorder.topUp(100);
  expect(await credit()).toMatchObject({
    total_balance: '1.10',
    cash_balance: '1.10',
    available_balance: '1.04',
  });
  // 11:00: the hour's usage is debited; the rows still sum to the balance.
  clock.advance(40 * minute);
  expect(recorder.debits().map((r) => [r.type, r.hour, r.fen])).toEqual([
    ['充值', '2026-11-28 18:20', 100],
    ['扣费', '2026-11-28 18:00', 6],
  ]);
  const [november] = recorder.months();
  expect((november.closing / 100).toFixed(2)).toBe((await credit()).total_balance);
  expect(november.closing).toBe(104);
});

test('a stream’s headers and first chunk come within the chunk gap of the whole body, as between chunks; a slower first segment breaks it (D189)', async () => {
  const gapMs = limit('streamChunkGap').value * second;
  const clock = virtualClock(new Date('2026-11-28T10:00:00Z'));
  const { speak } = await account({ clock, segmentMs: gapMs });
  const sentAt = clock.now();
  // One segment taking the whole gap: its chunk is the first, and the virtual clock stops there.
  const response = await speak({ ...speech, text: '第一句话。', stream: true });
  expect(response.status).toBe(200);
  expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(0);
  // The first chunk came within the gap of the body, so the read timeout (gap + margin) held.
  expect(clock.now() - sentAt).toBe(gapMs);
  // A first segment slower than the gap: the stream breaks at the gap, before any audio.
  const slow = await account({ clock, segmentMs: gapMs + 1 });
  const breakAt = clock.now();
  const broken = await slow.speak({ ...speech, text: '第一句话。', stream: true });
  expect(broken.status).toBe(200);
  await expect(broken.arrayBuffer()).rejects.toThrow();
  expect(clock.now() - breakAt).toBe(gapMs);
});

test('available_balance counts a request in flight once, by its whole text’s reservation; its started segments are not also subtracted (D199)', async () => {
  const clock: MockClock = {
    now: () => new Date('2026-11-28T10:10:00Z').getTime(),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.min(ms, 300))),
  };
  // Four segments of 151 billed characters: a started one is worth more than a fen.
  const text = `${'声'.repeat(150)}。`.repeat(4);
  expect(segmentCharacters(text)).toEqual([151, 151, 151, 151]);
  const cost = speechCostFen(billedCharacters(text, 'none'), 'loom-turbo-v2');
  expect(speechCostFen(151, 'loom-turbo-v2')).toBeGreaterThan(1);
  const cashFen = 100;
  const { speak, call } = await account({ clock, cashFen, segmentMs: 300 });
  const available = async () =>
    Number(((await (await call('/v1/user/credit')).json()) as Json).available_balance);
  const running = await speak({ ...speech, text, stream: true });
  const reader = running.body!.getReader();
  // Two segments have started; the balance is less the whole text's reservation, no more.
  expect((await reader.read()).done).toBe(false);
  const during = await available();
  expect(during).toBe(Math.floor(cashFen - cost) / 100);
  while (!(await reader.read()).done);
  // Ended: the reservation goes, the segments are usage now, rounded as the hour's debit will be.
  expect(await available()).toBe((cashFen - Math.round(cost)) / 100);
});

test('both console lists export as CSV: the table’s field names, the hour’s start at +08:00, yuan to 0.00001 for usage and to the fen for charges (D188)', async () => {
  const clock = virtualClock(new Date('2026-11-28T10:30:00Z'));
  const { speak, recorder } = await account({ clock, cashFen: 1000 });
  // 100 turbo characters: 1.5 fen exactly, which the hour's debit rounds to 2.
  expect(speechCostFen(100, 'loom-turbo-v2')).toBe(1.5);
  const ok = await speak(
    { ...speech, text: '声'.repeat(100), model: 'loom-turbo-v2' },
    { 'X-Client-Request-Id': 'csv-1' },
  );
  expect(ok.status).toBe(200);
  clock.advance(hour);
  const usage = consoleCsv('usage-records', recorder.records()).split('\r\n');
  expect(usage[0]).toBe(
    consoleLists
      .find((l) => l.id === 'usage-records')!
      .fields.map((f) => f.field)
      .join(','),
  );
  expect(usage[1]).toBe(
    `2026-11-28T18:00:00+08:00,HTTP 合成,loom-turbo-v2,${ok.headers.get('x-request-id')},csv-1,100,0.01500`,
  );
  const debits = consoleCsv('debits', recorder.debits()).split('\r\n');
  expect(debits[0]).toBe(
    consoleLists
      .find((l) => l.id === 'debits')!
      .fields.map((f) => f.field)
      .join(','),
  );
  // Taken to the fen, signed: 金额 is the sum of the two payments.
  expect(debits[1]).toBe('扣费,2026-11-28T18:00:00+08:00,loom-turbo-v2,100,-0.02,0.00,-0.02,0.00');
  expect(new Date(usage[1].split(',')[0]).toISOString()).toBe('2026-11-28T10:00:00.000Z');
});
