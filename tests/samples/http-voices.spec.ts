/**
 * The voice endpoints at their edges, against the HTTP mock: a clone's key (when it is saved,
 * replayed, compared, forgotten, and what a same-key resend proves), the voice's life (processing,
 * `ready` or `failed`, deleted) and what a clone is billed. Each test gives its recorder an
 * account of its own (`AccountOptions`): a virtual clock where a limit or a day must pass, a
 * balance and quota where they are checked, one-shot failures where an answer must be lost.
 */
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { test, expect } from '@playwright/test';
import { useHttpMock } from './mock-fixture';
import { parse } from 'yaml';

import { errorByCode } from '../../src/data/errors';
import { idempotencyKeyHours, limit } from '../../src/data/limits';
import { storedData, voiceDeletion, voiceDeletionPolicy } from '../../src/data/policies';
import { clonePriceFen } from '../../src/data/pricing';
import { pollingPolicy } from '../../src/data/retryPolicy';
import { referenceWav } from './harness';
import { root, virtualClock, type AccountOptions } from './http-mock';

type Json = Record<string, unknown>;

const auth = { Authorization: 'Bearer sk-test-voices' };
const fields = { name: '客服小林', language: 'zh', consent: 'true' };
const minute = 60_000;
const hour = 60 * minute;
/** A start on the hour, so that hourly debits fall where a test expects them. */
const start = new Date('2026-11-28T10:00:00Z');

const { record } = useHttpMock('http-voices');

/** A recorder with its account, and the calls the tests make through it. */
async function account(options: AccountOptions = {}) {
  const recorder = await record(options);
  const call = (route: string, init: RequestInit = {}) =>
    fetch(`${recorder.origin}${route}`, {
      ...init,
      headers: { ...auth, ...(init.headers as Record<string, string>) },
    });
  /** A clone with these form fields and recording, and this key when one is given. */
  const clone = (
    key: string | null,
    form: Record<string, string> = fields,
    file: Buffer = referenceWav(),
  ) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(form)) body.append(name, value);
    body.append('audio', new Blob([new Uint8Array(file)], { type: 'audio/wav' }), 'a.wav');
    return call('/v1/voices', {
      method: 'POST',
      headers: key === null ? {} : { 'Idempotency-Key': key },
      body,
    });
  };
  const voice = async (id: string) => call(`/v1/voices/${encodeURIComponent(id)}`);
  const remove = (id: string) => call(`/v1/voices/${encodeURIComponent(id)}`, { method: 'DELETE' });
  const rename = (id: string, patch: Json) =>
    call(`/v1/voices/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(patch),
    });
  const speak = (voiceId: string, extra: Json = {}) =>
    call('/v1/speech', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ text: '您好，这是克隆音色的第一句话。', voice_id: voiceId, ...extra }),
    });
  /** The clone fees billed so far, by voice. */
  const cloneFees = () => recorder.usage().filter((r) => r.model === 'clone');
  return { recorder, call, clone, voice, remove, rename, speak, cloneFees };
}

const json = async (response: Response) => (await response.json()) as Json;
const errorOf = async (response: Response) => (await json(response)).error as Json;
const replayed = (response: Response) => response.headers.get('idempotent-replayed') === 'true';

test('a clone whose answer was lost to a 5xx is resent with the same key and created once (D14, D88)', async () => {
  const { recorder, clone, voice, cloneFees } = await account();
  // The voice was created, then the answer failed: the key was saved with it.
  recorder.fault('createVoice', { fail: { status: 500, when: 'after' } });
  const lost = await clone('d14-after');
  expect(lost.status).toBe(500);
  expect((await errorOf(lost)).code).toBe('internal_error');
  const resent = await clone('d14-after');
  expect(resent.status).toBe(201);
  expect(replayed(resent)).toBe(true);
  const created = await json(resent);
  expect((await voice(String(created.voice_id))).status).toBe(200);
  // Resent again: the same voice, never a second one.
  expect((await json(await clone('d14-after'))).voice_id).toBe(created.voice_id);
  // A 5xx before creation saved nothing: the resend creates the voice now.
  recorder.fault('createVoice', { fail: { status: 503, when: 'before' } });
  const refused = await clone('d14-before');
  expect(refused.status).toBe(503);
  expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  const fresh = await clone('d14-before');
  expect([fresh.status, replayed(fresh)]).toEqual([201, false]);
  // Two voices for two keys; each billed once when ready (D62).
  expect((await json(fresh)).voice_id).not.toBe(created.voice_id);
  expect(cloneFees().map((f) => f.id)).toHaveLength(2);
});

test('a clone’s key is a field checked after the format; any declared media type is read (D40, D90)', async () => {
  const { recorder, clone } = await account();
  // A malformed key with bytes that are not audio: the format is refused first.
  const notAudio = await clone('not a key!', fields, Buffer.from('这不是录音。\n'));
  expect(notAudio.status).toBe(errorByCode('unsupported_media_type')!.status);
  // With a recording, the key is the field refused.
  const malformed = await clone('not a key!');
  expect(malformed.status).toBe(400);
  expect(await errorOf(malformed)).toMatchObject({
    code: 'invalid_request',
    param: 'Idempotency-Key',
  });
  // The part's declared type is never a reason to refuse.
  for (const type of ['audio/wav', 'application/octet-stream', 'text/plain', 'image/png', '']) {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    body.append('audio', new Blob([new Uint8Array(referenceWav())], { type }), 'x.bin');
    const response = await fetch(`${recorder.origin}/v1/voices`, {
      method: 'POST',
      headers: auth,
      body,
    });
    expect(response.status, type || 'no type').toBe(201);
  }
});

test('a voice carries `failure_reason`: a reason when `failed`, null otherwise (D38)', async () => {
  const clock = virtualClock(start);
  const reason = '参考录音中有多个说话人。';
  const failing = await account({ clock, cloneMs: minute, cloneFailure: reason });
  const created = await json(await failing.clone(null));
  expect(created).toMatchObject({ status: 'processing', failure_reason: null });
  const id = String(created.voice_id);
  expect(await json(await failing.voice(id))).toMatchObject({
    status: 'processing',
    failure_reason: null,
  });
  clock.advance(minute);
  expect(await json(await failing.voice(id))).toMatchObject({
    status: 'failed',
    failure_reason: reason,
  });
  // A failed voice cannot speak.
  expect((await errorOf(await failing.speak(id))).code).toBe('voice_clone_failed');
  const ok = await account({ clock, cloneMs: minute });
  const good = String((await json(await ok.clone(null))).voice_id);
  clock.advance(minute);
  expect(await json(await ok.voice(good))).toMatchObject({
    status: 'ready',
    failure_reason: null,
  });
});

test('a clone still processing at the time limit fails, unbilled, frees its fee, keeps its slot (D67)', async () => {
  const clock = virtualClock(start);
  const processingLimitMs = limit('cloneProcessingTime').value * minute;
  // A clone that would never finish; a balance of one fee; two free slots.
  const { clone, voice, remove, cloneFees } = await account({
    clock,
    cloneMs: Infinity,
    cashFen: clonePriceFen,
    customVoices: limit('customVoices').value - 2,
  });
  const first = String((await json(await clone('d67-first'))).voice_id);
  // Its fee is reserved while it processes: another clone finds no balance.
  expect((await errorOf(await clone('d67-second'))).code).toBe('insufficient_credit');
  // Polled as the polling rule says: the last round comes one interval after the limit.
  let seen: Json = {};
  let rounds = 0;
  while (rounds < pollingPolicy.maxRounds && seen.status !== 'failed') {
    clock.advance(pollingPolicy.intervalMs);
    rounds += 1;
    seen = await json(await voice(first));
    if (rounds * pollingPolicy.intervalMs < processingLimitMs) {
      expect(seen.status, `round ${rounds}`).toBe('processing');
    }
  }
  expect(seen.status).toBe('failed');
  expect(typeof seen.failure_reason).toBe('string');
  expect(rounds * pollingPolicy.intervalMs).toBeGreaterThanOrEqual(processingLimitMs);
  expect(rounds).toBeLessThanOrEqual(pollingPolicy.maxRounds);
  // Not billed, and its fee no longer reserved: the next clone passes the balance check.
  expect(cloneFees()).toEqual([]);
  expect((await clone('d67-second')).status).toBe(201);
  // The failed voice still holds its slot until it is deleted.
  expect((await errorOf(await clone('d67-third'))).code).toBe('voice_limit_reached');
  expect((await remove(first)).status).toBe(204);
  // The slot is free again (the balance, reserved by the second clone, is what refuses now).
  expect((await errorOf(await clone('d67-third'))).code).toBe('insufficient_credit');
});

test('a voice deleted before it turns ready is never billed; one ready before its deletion is (D67)', async () => {
  const clock = virtualClock(start);
  const { clone, remove, cloneFees } = await account({ clock, cloneMs: 2 * minute });
  const early = String((await json(await clone(null))).voice_id);
  const late = String((await json(await clone(null))).voice_id);
  clock.advance(minute);
  expect((await remove(early)).status).toBe(204);
  clock.advance(2 * minute);
  expect((await remove(late)).status).toBe(204);
  clock.advance(hour);
  expect(cloneFees().map((f) => f.id)).toEqual([late]);
});

test('a voice is billed once, when it turns ready, however many same-key requests it took (D62)', async () => {
  const clock = virtualClock(start);
  const cash = 10_000;
  const { recorder, clone, call, cloneFees } = await account({
    clock,
    cloneMs: 2 * minute,
    cashFen: cash,
  });
  recorder.fault('createVoice', { fail: { status: 500, when: 'after' } });
  expect((await clone('d62-key')).status).toBe(500);
  const replays = [await clone('d62-key'), await clone('d62-key'), await clone('d62-key')];
  expect(replays.map((r) => [r.status, replayed(r)])).toEqual([
    [201, true],
    [201, true],
    [201, true],
  ]);
  const id = String((await json(replays[0])).voice_id);
  // Nothing is billed while it processes; once ready, its fee is billed once.
  expect(cloneFees()).toEqual([]);
  clock.advance(2 * minute);
  expect((await clone('d62-key')).status).toBe(201);
  expect(cloneFees()).toEqual([
    { id, model: 'clone', characters: 0, fen: clonePriceFen, at: start.getTime() + 2 * minute },
  ]);
  // The hour's debit takes exactly one fee from the balance.
  clock.advance(hour);
  const credit = await json(await call('/v1/user/credit'));
  expect(credit.cash_balance).toBe(((cash - clonePriceFen) / 100).toFixed(2));
});

test('a voice is readable at once; name and description count code points; its language is not the speech’s (D72)', async () => {
  const clock = virtualClock(start);
  const { clone, voice, speak } = await account({ clock, cloneMs: minute });
  // Characters outside the BMP: two UTF-16 units each, one code point.
  const name = '𠀀'.repeat(64);
  const description = '😀'.repeat(256);
  const created = await clone(null, { ...fields, name, description });
  expect(created.status).toBe(201);
  const body = await json(created);
  // Readable as soon as its 201 is returned, while it still processes.
  const read = await voice(String(body.voice_id));
  expect(read.status).toBe(200);
  expect(await json(read)).toEqual(body);
  expect(body).toMatchObject({ name, description, language: 'zh' });
  // One code point more is refused, naming the field.
  const long = await clone(null, { ...fields, name: `${name}𠀀` });
  expect(await errorOf(long)).toMatchObject({ code: 'invalid_request', param: 'name' });
  // A voice cloned from Mandarin speaks English.
  clock.advance(minute);
  const english = await speak(String(body.voice_id), { text: 'Hello, world.', language: 'en' });
  expect(english.status).toBe(200);
});

test('a 429 on a clone created nothing: the rate comes before every check, and a rerun creates once (D73)', async () => {
  // Two seconds into a UTC minute: the window holds the whole test.
  const clock = virtualClock(new Date('2026-11-28T10:00:02Z'));
  const { call, clone } = await account({ clock });
  for (let i = 0; i < limit('requestsPerMinute').value; i += 1) {
    expect((await call('/v1/user/credit')).status).toBe(200);
  }
  // Over the rate, even a request that would fail its own checks gets the 429.
  const invalid = await clone('d73-key', { name: '客服小林', language: 'zh' });
  expect(invalid.status).toBe(429);
  const limited = await clone('d73-key');
  expect(limited.status).toBe(429);
  expect((await errorOf(limited)).code).toBe('rate_limited');
  const wait = Number(limited.headers.get('retry-after'));
  expect(wait).toBeGreaterThan(0);
  // The same key after the wait: a voice created now, not a replay of one made by the 429.
  clock.advance(wait * 1000);
  const rerun = await clone('d73-key');
  expect([rerun.status, replayed(rerun)]).toEqual([201, false]);
});

test('a clone’s key is checked after its own checks and before quota and balance; same-key requests queue (D75)', async () => {
  // The last free slot and one clone's fee.
  const full = await account({
    cashFen: clonePriceFen,
    customVoices: limit('customVoices').value - 1,
  });
  const created = await full.clone('d75-key');
  expect(created.status).toBe(201);
  // The request's own checks still come first.
  const noConsent = await full.clone('d75-key', { name: '客服小林', language: 'zh' });
  expect((await errorOf(noConsent)).param).toBe('consent');
  // Quota and balance are used up now; a replay and a conflict never look at them.
  const again = await full.clone('d75-key');
  expect([again.status, replayed(again)]).toEqual([201, true]);
  const other = await full.clone('d75-key', { ...fields, name: '另一个音色' });
  expect((await errorOf(other)).code).toBe('idempotency_conflict');
  // A new key does meet them.
  expect((await errorOf(await full.clone('d75-new'))).code).toBe('voice_limit_reached');

  // Two requests with one key at once: the later waits, and gets the voice the first created.
  const slow = await account();
  slow.recorder.fault('createVoice', { delayMs: 300 });
  const pair = await Promise.all([slow.clone('d75-together'), slow.clone('d75-together')]);
  expect(pair.map((r) => r.status)).toEqual([201, 201]);
  expect(pair.map(replayed).sort()).toEqual([false, true]);
  const ids = await Promise.all(pair.map(async (r) => (await json(r)).voice_id));
  expect(ids[0]).toBe(ids[1]);
  // When the first created nothing, the later one is processed as new.
  slow.recorder.fault('createVoice', { delayMs: 300, fail: { status: 500, when: 'before' } });
  const failed = await Promise.all([slow.clone('d75-failed'), slow.clone('d75-failed')]);
  expect(failed.map((r) => [r.status, replayed(r)]).sort()).toEqual([
    [201, false],
    [500, false],
  ]);
});

test('a 402 or 403 on a same-key resend proves the key created nothing (D89)', async () => {
  // Clones that stay processing: their fee is reserved, never billed.
  const { recorder, clone, remove } = await account({
    clock: virtualClock(start),
    cloneMs: minute,
    cashFen: clonePriceFen,
    customVoices: limit('customVoices').value - 2,
  });
  // One key's request failed before creating anything.
  recorder.fault('createVoice', { fail: { status: 500, when: 'before' } });
  expect((await clone('d89-nothing')).status).toBe(500);
  // Another key's voice was created, its answer lost; it now holds the fee and a slot.
  recorder.fault('createVoice', { fail: { status: 500, when: 'after' } });
  expect((await clone('d89-created')).status).toBe(500);
  // Resent: the key that created gets its voice, never a 402; the other meets the balance.
  const created = await clone('d89-created');
  expect([created.status, replayed(created)]).toEqual([201, true]);
  expect((await errorOf(await clone('d89-nothing'))).code).toBe('insufficient_credit');
  // Deleting the processing voice frees the fee: the key creates its voice now, so the 402 had
  // created nothing.
  expect((await remove(String((await json(created)).voice_id))).status).toBe(204);
  const later = await clone('d89-nothing');
  expect([later.status, replayed(later)]).toEqual([201, false]);
  // The same with quota: the account's last slot taken, a resend meets the 403.
  const quota = await account({ customVoices: limit('customVoices').value - 1 });
  quota.recorder.fault('createVoice', { fail: { status: 500, when: 'before' } });
  expect((await quota.clone('d89-quota')).status).toBe(500);
  expect((await quota.clone('d89-other')).status).toBe(201);
  expect((await errorOf(await quota.clone('d89-quota'))).code).toBe('voice_limit_reached');
});

test('a key is forgotten 24 hours after its voice was created: then it creates anew (D93)', async () => {
  // The spec states the same hours the mock keeps keys for.
  const spec = parse(readFileSync(path.join(root, 'api-specs/voices.yaml'), 'utf8')) as Json;
  const post = ((spec.paths as Json)['/v1/voices'] as Json).post as Json;
  const keyDoc = (post.parameters as Json[]).find((p) => p.name === 'Idempotency-Key')!;
  expect(String(keyDoc.description)).toContain(`${idempotencyKeyHours} 小时从音色创建时算起`);

  const clock = virtualClock(start);
  const { clone } = await account({ clock });
  const day = idempotencyKeyHours * hour;
  // Used first by a request that failed its checks: the key's hours have not started.
  expect((await clone('d93-key', { name: '客服小林', language: 'zh' })).status).toBe(400);
  clock.advance(hour);
  const first = await json(await clone('d93-key'));
  // Within 24 hours of the creation (25 hours after the key's first use): a replay.
  clock.advance(day - 1000);
  const within = await clone('d93-key');
  expect([within.status, replayed(within)]).toEqual([201, true]);
  expect((await json(within)).voice_id).toBe(first.voice_id);
  expect((await clone('d93-key', { ...fields, name: '另一个音色' })).status).toBe(409);
  // At 24 hours the key is forgotten: the same request creates a new voice.
  clock.advance(1000);
  const after = await clone('d93-key');
  expect([after.status, replayed(after)]).toEqual([201, false]);
  expect((await json(after)).voice_id).not.toBe(first.voice_id);
});

test('a DELETE whose answer was lost is resent: a 404 on the resend means deleted (D96)', async () => {
  const { recorder, clone, voice, remove, speak } = await account();
  const id = String((await json(await clone(null))).voice_id);
  recorder.fault('deleteVoice', { fail: { status: 500, when: 'after' } });
  expect((await remove(id)).status).toBe(500);
  const resent = await remove(id);
  expect(resent.status).toBe(404);
  expect(await errorOf(resent)).toMatchObject({ code: 'voice_not_found', param: 'voice_id' });
  // It was deleted by the first request: gone for every use.
  expect((await voice(id)).status).toBe(404);
  expect((await errorOf(await speak(id))).code).toBe('voice_not_found');
  // A delete that succeeded and is sent twice: 204, then 404.
  const other = String((await json(await clone(null))).voice_id);
  expect([(await remove(other)).status, (await remove(other)).status]).toEqual([204, 404]);
});

test('a replay is compared with the first request, not the voice’s current fields (D100)', async () => {
  const { clone, rename } = await account();
  const first = await json(await clone('d100-key'));
  const renamed = await rename(String(first.voice_id), { name: '客服小周' });
  expect((await json(renamed)).name).toBe('客服小周');
  // The first request again: a replay, returning the voice as it is now.
  const again = await clone('d100-key');
  expect([again.status, replayed(again)]).toEqual([201, true]);
  expect((await json(again)).name).toBe('客服小周');
  // The voice's current name is not what the key was first sent with: a conflict.
  const asNow = await clone('d100-key', { ...fields, name: '客服小周' });
  expect((await errorOf(asNow)).code).toBe('idempotency_conflict');
});

test('an omitted `description` is stored as null, and so is ""; the two are one value for a replay (D105, D198)', async () => {
  const { clone, voice } = await account();
  const omitted = await json(await clone('d105-omitted'));
  expect(omitted.description).toBeNull();
  expect((await json(await voice(String(omitted.voice_id)))).description).toBeNull();
  const empty = await clone('d105-omitted', { ...fields, description: '' });
  expect([empty.status, replayed(empty)]).toEqual([201, true]);
  // The other way round: sent as "", replayed when omitted.
  const blank = await json(await clone('d105-empty', { ...fields, description: '' }));
  expect(blank.description).toBeNull();
  const without = await clone('d105-empty');
  expect([without.status, replayed(without)]).toEqual([201, true]);
  // A description with text is another request.
  const described = await clone('d105-empty', { ...fields, description: '温和' });
  expect((await errorOf(described)).code).toBe('idempotency_conflict');
});

test('a 401 on a large upload comes after the whole body: the client reads it, never a reset (D134)', async () => {
  const { recorder } = await account();
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('audio', new Blob([new Uint8Array(referenceWav())], { type: 'audio/wav' }), 'a.wav');
  const request = new Request(`${recorder.origin}/v1/voices`, { method: 'POST', body: form });
  const data = Buffer.from(await request.arrayBuffer());
  // No key at all: refused from the headers, yet answered only once the body is in.
  const answer = await new Promise<{ status: number; afterBody: boolean; body: string }>(
    (resolve, reject) => {
      let bodySent = false;
      const upload = httpRequest(
        `${recorder.origin}/v1/voices`,
        {
          method: 'POST',
          headers: {
            'Content-Type': request.headers.get('content-type')!,
            'Content-Length': data.length,
          },
        },
        (response) => {
          const afterBody = bodySent;
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              afterBody,
              body: Buffer.concat(chunks).toString('utf8'),
            }),
          );
        },
      );
      upload.on('error', reject);
      upload.write(data.subarray(0, 1024));
      setTimeout(() => {
        bodySent = true;
        upload.end(data.subarray(1024));
      }, 300);
    },
  );
  expect(answer.status).toBe(401);
  expect(answer.afterBody).toBe(true);
  expect((JSON.parse(answer.body) as { error: Json }).error.code).toBe('unauthorized');
});

test('the consent record is kept while its voice exists and 3 years after its deletion (D43)', () => {
  // No API reads consent records, so no mock can show this: the policy module is where it is
  // decided, and its statements (rendered in the FAQ) carry both halves of the rule.
  expect(voiceDeletionPolicy.consentRecordYears).toBe(3);
  const consent = storedData.find((d) => d.id === 'consent')!;
  expect(consent.kept).toBe('音色存在期间一直保存，删除音色后再保存 3 年');
  expect(voiceDeletion.filter((line) => line.startsWith('授权记录'))).toEqual([
    '授权记录（谁、什么时间、授权声明，不含录音）再保存 3 年，作为取得授权的证据。',
  ]);
});

test('a key is one submission: a 409 leaves the key with its voice, an edit under a new key is a new voice that leaves the earlier one (D144)', async () => {
  const clock = virtualClock(start);
  const { clone, voice, remove, cloneFees } = await account({ clock, cloneMs: minute });
  const first = await clone('d154-form');
  expect([first.status, replayed(first)]).toEqual([201, false]);
  const earlier = String((await json(first)).voice_id);
  // The stored request sent again, changed by the program: 409, naming the key's voice.
  const changed = await clone('d154-form', { ...fields, name: '客服小林 v2' });
  expect(changed.status).toBe(409);
  expect(changed.headers.get('location')).toBe(`/v1/voices/${earlier}`);
  // A 409 saves nothing and forgets nothing: the stored request still replays the same voice.
  const stored = await clone('d154-form');
  expect([stored.status, replayed(stored), (await json(stored)).voice_id]).toEqual([
    201,
    true,
    earlier,
  ]);
  // The user's edit is a new clone with a new key: a second voice; the first one stays.
  const edited = await clone('d154-edit', { ...fields, name: '客服小林 v2' });
  expect([edited.status, replayed(edited)]).toEqual([201, false]);
  const later = String((await json(edited)).voice_id);
  expect(later).not.toBe(earlier);
  clock.advance(minute);
  expect((await voice(earlier)).status).toBe(200);
  // Both turned ready, so both were billed, once each.
  expect(cloneFees().map((f) => f.id)).toEqual([earlier, later]);
  // The headline's exception: once its voice is deleted, the key creates anew.
  expect((await remove(earlier)).status).toBe(204);
  const again = await clone('d154-form');
  expect([again.status, replayed(again)]).toEqual([201, false]);
  expect((await json(again)).voice_id).not.toBe(earlier);
});

test('a voice deleted as it finishes: the delete and the voice tell nothing of its fee, the usage records do, by voice_id (D146)', async () => {
  const clock = virtualClock(start);
  const { clone, voice, remove, recorder } = await account({ clock, cloneMs: minute });
  const readyFirst = String((await json(await clone(null))).voice_id);
  const deletedFirst = String((await json(await clone(null))).voice_id);
  // One millisecond before the clones finish, the second is deleted: it never turns ready.
  clock.advance(minute - 1);
  const early = await remove(deletedFirst);
  // At the moment the first finishes, it is deleted too: the server records it ready first.
  clock.advance(1);
  const late = await remove(readyFirst);
  // The two deletes answer alike, and neither voice can be read any more.
  expect([early.status, late.status]).toEqual([204, 204]);
  expect([await early.text(), await late.text()]).toEqual(['', '']);
  expect([(await voice(readyFirst)).status, (await voice(deletedFirst)).status]).toEqual([
    404, 404,
  ]);
  // Only the usage records tell them apart: a line for the charged clone, none for the other.
  clock.advance(hour);
  const fees = recorder.records().filter((r) => r.api === '克隆');
  expect(fees).toEqual([
    {
      hour: '2026-11-28 18:00',
      api: '克隆',
      model: null,
      id: readyFirst,
      clientRequestId: null,
      characters: 0,
      fen: clonePriceFen,
    },
  ]);
});

test('PATCH: `description: null` clears it like "", and `name` counts code points as at creation', async () => {
  const { clone, rename, voice } = await account();
  const id = String((await json(await clone(null, { ...fields, description: '温和' }))).voice_id);
  const cleared = await rename(id, { description: null });
  expect(cleared.status).toBe(200);
  expect((await json(cleared)).description).toBeNull();
  expect((await json(await voice(id))).description).toBeNull();
  expect((await json(await rename(id, { description: '明亮' }))).description).toBe('明亮');
  expect((await json(await rename(id, { description: '' }))).description).toBeNull();
  // 64 characters outside the BMP (128 UTF-16 units) are 64 code points: accepted.
  const name = '𠀀'.repeat(64);
  const renamed = await rename(id, { name });
  expect(renamed.status).toBe(200);
  expect((await json(renamed)).name).toBe(name);
  const long = await rename(id, { name: `${name}𠀀` });
  expect(long.status).toBe(400);
  expect(await errorOf(long)).toMatchObject({ code: 'invalid_request', param: 'name' });
});

test('a malformed `consent` is the consent step’s error: after the fields and the duration, naming `consent`', async () => {
  const { clone } = await account();
  // A field of step 3 is refused before the consent.
  const longName = await clone(null, { ...fields, name: 'x'.repeat(65), consent: 'yes' });
  expect((await errorOf(longName)).param).toBe('name');
  // The duration (step 4) comes before the consent (step 5): `yes` is not a field error of step 3.
  const short = await clone(null, { ...fields, consent: 'yes' }, referenceWav(2));
  expect((await errorOf(short)).param).toBe('audio');
  const malformed = await clone(null, { ...fields, consent: 'yes' });
  expect(malformed.status).toBe(400);
  expect(await errorOf(malformed)).toMatchObject({ code: 'invalid_request', param: 'consent' });
});

test('two tabs with one submission share its key: concurrent same-key requests create one voice, billed once; another fingerprint is another key and voice (D167)', async () => {
  const clock = virtualClock(start);
  const { recorder, clone, cloneFees } = await account({ clock });
  // The key belongs to the submission's fingerprint, kept where both tabs read it.
  const saved = new Map<string, string>();
  const keyFor = (fingerprint: string) => {
    if (!saved.has(fingerprint)) saved.set(fingerprint, `tab-key-${saved.size + 1}`);
    return saved.get(fingerprint)!;
  };
  recorder.fault('createVoice', { delayMs: 300 });
  const tabs = await Promise.all([
    clone(keyFor('a.wav 客服小林')),
    clone(keyFor('a.wav 客服小林')),
  ]);
  expect(tabs.map((r) => r.status)).toEqual([201, 201]);
  expect(tabs.map(replayed).sort()).toEqual([false, true]);
  const ids = await Promise.all(tabs.map(async (r) => String((await json(r)).voice_id)));
  expect(new Set(ids).size).toBe(1);
  // A reload resubmitting the same content reuses the key: still that one voice.
  expect(String((await json(await clone(keyFor('a.wav 客服小林')))).voice_id)).toBe(ids[0]);
  // A different name is another fingerprint, so another key and another voice.
  const other = await clone(keyFor('a.wav 客服小王'), { ...fields, name: '客服小王' });
  expect([other.status, replayed(other)]).toEqual([201, false]);
  clock.advance(hour);
  expect(cloneFees().map((r) => r.id)).toEqual([ids[0], String((await json(other)).voice_id)]);
});

test('no API tells the voice quota: the 403 voice_limit_reached message states the quota and the count, the catalogue’s example word for word (D175, D190)', async () => {
  const quota = limit('customVoices').value;
  const { clone } = await account({ customVoices: quota });
  const full = await clone(null);
  expect(full.status).toBe(403);
  const error = await errorOf(full);
  expect(error.code).toBe('voice_limit_reached');
  expect(error.message).toContain(`（${quota}/${quota}）`);
  // The catalogue's example is the mock's message, for a full quota (D190).
  expect(error.message).toBe(errorByCode('voice_limit_reached')!.example.message);
});

/** A clone's form: these fields, and the reference recording unless `audio` is false. */
function cloneForm(form: Record<string, string> = fields, audio = true): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(form)) body.append(name, value);
  if (audio) {
    body.append(
      'audio',
      new Blob([new Uint8Array(referenceWav())], { type: 'audio/wav' }),
      'a.wav',
    );
  }
  return body;
}

test('X-Client-Request-Id: echoed on errors too, never checked for uniqueness; a clone’s fee line carries the ID of the request that created the voice (D194)', async () => {
  const clock = virtualClock(start);
  const { call, voice, remove, recorder } = await account({ clock, cloneMs: minute });
  const send = (id: string | null, key: string) =>
    call('/v1/voices', {
      method: 'POST',
      headers: { 'Idempotency-Key': key, ...(id === null ? {} : { 'X-Client-Request-Id': id }) },
      body: cloneForm(),
    });
  const created = await send('upload-1-try-1', 'd307-a');
  expect(created.status).toBe(201);
  expect(created.headers.get('x-client-request-id')).toBe('upload-1-try-1');
  const voiceId = String((await json(created)).voice_id);
  // A retry is a new attempt with a new ID; its replay does not change the creating request's.
  const retry = await send('upload-1-try-2', 'd307-a');
  expect([retry.status, replayed(retry)]).toEqual([201, true]);
  expect(retry.headers.get('x-client-request-id')).toBe('upload-1-try-2');
  // An ID sent twice is not refused: the server does not check uniqueness.
  const again = await send('upload-1-try-2', 'd307-b');
  expect([again.status, replayed(again)]).toEqual([201, false]);
  const other = String((await json(again)).voice_id);
  // A clone sent without one: its fee line has none.
  const bare = await send(null, 'd307-c');
  const bareId = String((await json(bare)).voice_id);
  const plain = String((await json(await send(null, 'd307-d'))).voice_id);
  // Errors echo it too.
  const missing = await call('/v1/voices', {
    method: 'POST',
    headers: { 'X-Client-Request-Id': 'look-1' },
    body: cloneForm(fields, false),
  });
  expect(missing.status).toBe(400);
  expect(missing.headers.get('x-client-request-id')).toBe('look-1');
  await remove(bareId);
  const gone = await call(`/v1/voices/${bareId}`, { headers: { 'X-Client-Request-Id': 'look-2' } });
  expect(gone.status).toBe(404);
  expect(gone.headers.get('x-client-request-id')).toBe('look-2');
  expect((await voice(voiceId)).status).toBe(200);
  clock.advance(hour);
  const fees = new Map(
    recorder
      .records()
      .filter((r) => r.api === '克隆')
      .map((r) => [r.id, r.clientRequestId]),
  );
  expect(fees.get(voiceId)).toBe('upload-1-try-1');
  expect(fees.get(other)).toBe('upload-1-try-2');
  expect(fees.get(plain)).toBeNull();
  // Deleted while processing: never ready, never billed.
  expect(fees.has(bareId)).toBe(false);
});

test('a clone’s checks: 401, 429, then X-Client-Request-Id, then its own; a missing audio part is a 400 at the fields step, naming audio (D195, D197)', async () => {
  const clock = virtualClock(new Date('2026-11-28T10:00:05Z'));
  const { call } = await account({ clock });
  const bad = { 'X-Client-Request-Id': 'not valid!' };
  // Without audio, with a malformed header and a field out of range: everything wrong.
  const everything = () =>
    call('/v1/voices', {
      method: 'POST',
      headers: bad,
      body: cloneForm({ ...fields, gender: 'x' }, false),
    });
  for (let i = 0; i < limit('requestsPerMinute').value; i += 1) {
    expect((await call('/v1/user/credit')).status).toBe(200);
  }
  expect((await everything()).status).toBe(429);
  clock.advance(minute);
  const header = await everything();
  expect([header.status, await errorOf(header)]).toMatchObject([
    400,
    { code: 'invalid_request', param: 'X-Client-Request-Id' },
  ]);
  // The header fixed: the fields step answers, for the missing audio once the fields are right.
  const field = await call('/v1/voices', {
    method: 'POST',
    body: cloneForm({ ...fields, gender: 'x' }, false),
  });
  expect([field.status, (await errorOf(field)).param]).toEqual([400, 'gender']);
  const noAudio = await call('/v1/voices', {
    method: 'POST',
    headers: { 'X-Client-Request-Id': 'fix-2' },
    body: cloneForm(fields, false),
  });
  expect(noAudio.status).toBe(400);
  expect(noAudio.headers.get('x-client-request-id')).toBe('fix-2');
  const error = await errorOf(noAudio);
  expect(error).toMatchObject({ code: 'invalid_request', param: 'audio' });
  expect(String(error.message)).toContain('缺少 audio');
});

test('a resubmission that fixes only a header keeps its key: the fingerprint is the file and the fields, so it is a replay, not a 409 (D200)', async () => {
  const { call } = await account();
  const send = (id: string) =>
    call('/v1/voices', {
      method: 'POST',
      headers: { 'Idempotency-Key': 'd313', 'X-Client-Request-Id': id },
      body: cloneForm(),
    });
  // Refused for its header before the key was saved; fixed, the same key creates the voice.
  expect((await send('bad id')).status).toBe(400);
  const created = await send('good-1');
  expect([created.status, replayed(created)]).toEqual([201, false]);
  // Another header value, the same file and fields: the same submission.
  const resent = await send('good-2');
  expect([resent.status, replayed(resent)]).toEqual([201, true]);
  expect((await json(resent)).voice_id).toBe((await json(created)).voice_id);
  // A changed field under that key is another submission: a 409.
  const changed = await call('/v1/voices', {
    method: 'POST',
    headers: { 'Idempotency-Key': 'd313' },
    body: cloneForm({ ...fields, name: '客服小王' }),
  });
  expect((await errorOf(changed)).code).toBe('idempotency_conflict');
});
