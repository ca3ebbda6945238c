/**
 * The code-sample harness and its mocks: the HTTP mock refuses what the contract forbids, a
 * sample broken in its spec example fails the harness (although the program itself exits 0),
 * and the websocket mock streams, flushes, cancels and answers errors as the AsyncAPI document
 * says. The full matrix runs in its own step (`npx tsx tests/samples/run.ts`, scripts/test.sh).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test, expect } from '@playwright/test';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { load } from 'cheerio';
import WebSocket from 'ws';

import { renderSamples } from '../../scripts/lib/code-samples';
import { decodeApi } from '../../scripts/render-code-samples';
import { bundledSpecPath } from '../../src/data/apiSpecs';
import { codeSampleLanguages } from '../../src/data/codeSamples';
import { sampleFilesPath } from '../../src/codegen/sampleFrontMatter';
import { outputFormatError, validOutputFormats } from '../../src/data/audioFormats';
import { errorByCode } from '../../src/data/errors';
import { billedCharacters } from '../../src/data/pricing';
import { limit } from '../../src/data/limits';
import { pronunciationError, pronunciationErrorExamples } from '../../src/data/pronunciation';
import { referenceAudioLimits } from '../../src/data/referenceAudio';
import { startWebsocketMock, type WebsocketMock } from '../mock/websocket-mock';
import { operationPages } from '../support/operations';
import { asyncApiDocument, openApiDocuments, operationsOf } from '../support/specs';
import { htmlFileOf, sampleTabsOfPage } from './collect';
import type { Report } from './harness';
import { referenceWav } from './harness';
import { accepted, root, startHttpMock, type HttpMock, type Recorder } from './http-mock';

type Json = Record<string, unknown>;

/** Each operation's response statuses, as the bundled specs declare them. */
const operationStatuses = (): Record<string, string[]> =>
  Object.fromEntries(
    openApiDocuments().flatMap(({ doc }) =>
      operationsOf(doc).map(({ op }) => [
        String(op.operationId),
        Object.keys(op.responses as Json),
      ]),
    ),
  );

test.describe('the HTTP mock enforces the OpenAPI contract', () => {
  let mock: HttpMock;
  let recorder: Recorder;
  test.beforeAll(async () => {
    mock = await startHttpMock({
      specsDir: path.join(root, path.dirname(bundledSpecPath('speech'))),
      workDir: mkdtempSync(path.join(tmpdir(), 'http-mock-')),
    });
  });
  test.afterAll(async () => mock?.close());
  test.beforeEach(async () => {
    recorder = await mock.record();
  });
  test.afterEach(async () => recorder.close());

  const auth = { Authorization: 'Bearer sk-test' };
  const speech = {
    text: '你好，欢迎使用声织语音合成。',
    voice_id: 'zh_female_qingxin',
    model: 'loom-turbo-v2',
  };
  const post = (route: string, body: unknown, headers: Record<string, string> = auth) =>
    fetch(`${recorder.origin}${route}`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });

  test('a valid request is answered from the spec’s examples', async () => {
    const response = await post('/v1/speech', speech);
    expect(response.status).toBe(200);
    expect(Number(response.headers.get('x-billed-characters'))).toBeGreaterThan(0);
    expect(recorder.requests.map((r) => [r.operationId, accepted(r)])).toEqual([
      ['createSpeech', true],
    ]);
  });

  test('a misspelt required field is rejected', async () => {
    const { voice_id, ...rest } = speech;
    const response = await post('/v1/speech', { ...rest, voiceId: voice_id });
    expect(response.status).toBe(400);
    // The error names the field the request lacks, not the spec example's `text`.
    expect((await response.json()).error).toMatchObject({
      code: 'invalid_request',
      param: 'voice_id',
    });
    expect(accepted(recorder.requests[0])).toBe(false);
  });

  test('a misspelt optional field is rejected, not silently dropped', async () => {
    const { model, ...rest } = speech;
    const response = await post('/v1/speech', { ...rest, modle: model });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toMatchObject({
      code: 'invalid_request',
      param: 'modle',
    });
    expect(accepted(recorder.requests[0])).toBe(false);
  });

  test('a field of the wrong type or out of range is named in `param`, nested ones by their path', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...speech, speed: 'fast' }, 'speed'],
      [{ ...speech, output_format: { container: 'flac' } }, 'output_format.container'],
    ];
    for (const [body, param] of cases) {
      const response = await post('/v1/speech', body);
      expect(response.status, param).toBe(400);
      expect((await response.json()).error, param).toMatchObject({
        code: 'invalid_request',
        param,
      });
    }
  });

  test('pronunciation control that follows the rules is accepted', async () => {
    const response = await post('/v1/speech', {
      ...speech,
      text: '曾[zeng1]先生来自重庆。[pause:300ms]绿[lü4]色的注释[[1]。',
      text_markup: 'pronunciation',
      pronunciation_dictionary: [
        { word: '重庆', pinyin: 'chong2 qing4' },
        { word: '绿色', pinyin: 'lv4 se4' },
      ],
      stream: true,
    });
    expect(response.status).toBe(200);
    expect(recorder.requests.map(accepted)).toEqual([true]);
  });

  // Markup is parsed only under `text_markup: pronunciation` (D1); the dictionary always.
  const marked = { text_markup: 'pronunciation' };
  const refusals: [string, Json, string, RegExp][] = [
    ['a hint without a tone', { text: '行[hang]', ...marked }, 'text', /第 2 个字符.*缺少声调/],
    ['a hint after a Latin letter', { text: 'API[ei1]', ...marked }, 'text', /没有紧跟在汉字后面/],
    [
      'a pause beyond the bound',
      { text: `稍等[pause:${limit('pauseMaxDuration').value + 1}ms]`, ...marked },
      'text',
      /超出范围/,
    ],
    [
      'a dictionary entry with a syllable short',
      {
        pronunciation_dictionary: [
          { word: '重庆', pinyin: 'chong2 qing4' },
          { word: '长城', pinyin: 'chang2' },
        ],
      },
      'pronunciation_dictionary[1].pinyin',
      /1 个音节.*2 个汉字/,
    ],
    [
      'a dictionary entry that is not Chinese',
      { pronunciation_dictionary: [{ word: 'Voxloom', pinyin: 'vox1' }] },
      'pronunciation_dictionary[0].word',
      /只能由汉字组成/,
    ],
    [
      'hints for a language read without pinyin',
      { text: '行[hang2]', language: 'ja', ...marked },
      'language',
      /只用于普通话/,
    ],
  ];
  for (const [what, change, param, message] of refusals) {
    test(`${what} is refused with 400 naming \`${param}\``, async () => {
      const response = await post('/v1/speech', { ...speech, ...change });
      expect(response.status).toBe(400);
      const { error } = (await response.json()) as { error: Json };
      expect(error).toMatchObject({ code: 'invalid_request', param });
      expect(String(error.message)).toMatch(message);
      expect(error.request_id).toBe(response.headers.get('x-request-id'));
      expect(recorder.requests.map((r) => [r.status, accepted(r)])).toEqual([[400, false]]);
      expect(recorder.requests[0].violations.join()).toContain(param);
    });
  }

  test('the guide’s error examples are answered as the guide shows them', async () => {
    for (const { request } of pronunciationErrorExamples) {
      expect(pronunciationError(request), JSON.stringify(request)).not.toBeNull();
      const response = await post('/v1/speech', { ...speech, ...request });
      expect(response.status, JSON.stringify(request)).toBe(400);
      expect(((await response.json()) as { error: Json }).error).toMatchObject({
        ...pronunciationError(request),
      });
    }
  });

  test('without `text_markup`, brackets are text; with `pronunciation`, `[1]` is refused (D1)', async () => {
    const text = '请看注释[1]。';
    const plain = await post('/v1/speech', { ...speech, text });
    expect(plain.status).toBe(200);
    const marked = await post('/v1/speech', { ...speech, text, text_markup: 'pronunciation' });
    expect(marked.status).toBe(400);
    expect(((await marked.json()) as { error: Json }).error).toMatchObject({
      code: 'invalid_request',
      param: 'text',
    });
    // The dictionary is checked in both modes.
    const dictionary = await post('/v1/speech', {
      ...speech,
      pronunciation_dictionary: [{ word: '重庆', pinyin: 'chong2' }],
    });
    expect(dictionary.status).toBe(400);
    expect(recorder.requests.map(accepted)).toEqual([true, false, false]);
  });

  test('every valid output format is accepted (D17)', async () => {
    const formats = validOutputFormats();
    expect(formats.length).toBeGreaterThan(10);
    for (const output_format of formats) {
      const response = await post('/v1/speech', { ...speech, output_format });
      expect(response.status, JSON.stringify(output_format)).toBe(200);
      await response.arrayBuffer();
    }
    expect(recorder.requests.every(accepted)).toBe(true);
  });

  const badFormats: [Json, string][] = [
    [{ container: 'mp3', sample_rate: 24000, bit_rate: 192000 }, 'output_format.bit_rate'],
    [{ container: 'ogg_opus', sample_rate: 44100 }, 'output_format.sample_rate'],
    [{ container: 'wav', encoding: 'pcm_alaw' }, 'output_format.encoding'],
    [{ container: 'pcm', sample_rate: 16000, encoding: 'pcm_mulaw' }, 'output_format.encoding'],
  ];
  for (const [output_format, param] of badFormats) {
    test(`the output format ${JSON.stringify(output_format)} is refused naming \`${param}\``, async () => {
      const response = await post('/v1/speech', { ...speech, output_format });
      expect(response.status).toBe(400);
      const { error } = (await response.json()) as { error: Json };
      expect(error).toMatchObject({ code: 'invalid_request', ...outputFormatError(output_format) });
      expect(error.param).toBe(param);
    });
  }

  /** A clone with these fields and this file as `audio` (declared `type`, named `filename`). */
  const clone = (
    fields: Record<string, string>,
    file: Buffer | null,
    { type = 'audio/wav', filename = 'reference.wav' } = {},
  ) => {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    if (file) form.append('audio', new Blob([new Uint8Array(file)], { type }), filename);
    return fetch(`${recorder.origin}/v1/voices`, { method: 'POST', headers: auth, body: form });
  };
  const fields = { name: '客服小林', language: 'zh', consent: 'true' };
  const errorOf = async (response: Response) => ((await response.json()) as { error: Json }).error;

  test('a clone is checked in the API’s order: size first, whatever the bytes (D13)', async () => {
    // Not audio and too large: the size is checked before the format.
    const big = Buffer.alloc(referenceAudioLimits.maxBytes + 1, 'a');
    const response = await clone({ name: '客服小林' }, big, { type: 'text/plain' });
    expect(response.status).toBe(errorByCode('payload_too_large')!.status);
    const error = await errorOf(response);
    expect(error).toMatchObject({ code: 'payload_too_large', param: 'audio' });
    expect(String(error.message)).toContain(`${limit('referenceAudioSize').value} MB`);
  });

  test('a clone’s format is read from its bytes, not its declared type or name (D13)', async () => {
    const octet = await clone(fields, referenceWav(), {
      type: 'application/octet-stream',
      filename: 'blob',
    });
    expect(octet.status).toBe(201);
    const text = await clone(fields, Buffer.from('这不是录音，只是一段文字。\n'), {
      filename: 'a.wav',
    });
    expect(text.status).toBe(errorByCode('unsupported_media_type')!.status);
    const error = await errorOf(text);
    expect(error).toMatchObject({ code: 'unsupported_media_type', param: 'audio' });
    expect(String(error.message)).toContain('文本');
    const flac = await clone(fields, Buffer.concat([Buffer.from('fLaC'), Buffer.alloc(64)]));
    expect(String((await errorOf(flac)).message)).toContain('FLAC');
  });

  test('a clone’s fields come after the format, the duration and consent after them (D13)', async () => {
    const missing = await clone({ language: 'zh', consent: 'true' }, referenceWav());
    expect(missing.status).toBe(400);
    expect(await errorOf(missing)).toMatchObject({ code: 'invalid_request', param: 'name' });
    // A text without consent: the format is refused first.
    const notAudio = await clone({ name: '客服小林' }, Buffer.from('hello'));
    expect(notAudio.status).toBe(415);
    // Too short and without consent: the duration is refused first.
    const short = referenceWav(referenceAudioLimits.minDurationSeconds / 2);
    const tooShort = await clone({ name: '客服小林', language: 'zh' }, short);
    expect(await errorOf(tooShort)).toMatchObject({ code: 'invalid_request', param: 'audio' });
    const noConsent = await clone({ name: '客服小林', language: 'zh' }, referenceWav());
    expect(await errorOf(noConsent)).toMatchObject({
      code: 'invalid_request',
      ...errorByCode('invalid_request')!.examples!['consent-missing'],
    });
    expect(recorder.requests.map((r) => r.status)).toEqual([400, 415, 400, 400]);
  });

  test('every response of every operation carries its request ID and the rate-limit headers; every error is JSON (D16, D64, D91)', async () => {
    const voice = '/v1/voices/voice_custom_8f3k2m';
    const wav = referenceWav();
    const requests: Record<string, () => [string, RequestInit]> = {
      createSpeech: () => [
        '/v1/speech',
        {
          method: 'POST',
          body: JSON.stringify(speech),
          headers: { 'Content-Type': 'application/json' },
        },
      ],
      createVoice: () => {
        const form = new FormData();
        for (const [key, value] of Object.entries(fields)) form.append(key, value);
        form.append('audio', new Blob([new Uint8Array(wav)], { type: 'audio/wav' }), 'a.wav');
        return ['/v1/voices', { method: 'POST', body: form }];
      },
      listVoices: () => ['/v1/voices', {}],
      getVoice: () => [voice, {}],
      updateVoice: () => [
        voice,
        {
          method: 'PATCH',
          body: '{"name":"新名"}',
          headers: { 'Content-Type': 'application/json' },
        },
      ],
      deleteVoice: () => [voice, { method: 'DELETE' }],
      getCredit: () => ['/v1/user/credit', {}],
    };
    expect(Object.keys(requests).sort()).toEqual([...mock.operations].sort());
    const statuses = operationStatuses();
    const requestIds = new Set<string>();
    for (const operationId of mock.operations) {
      expect(statuses[operationId]?.length, operationId).toBeGreaterThan(1);
      for (const status of statuses[operationId]) {
        const [route, init] = requests[operationId]();
        const response = await fetch(`${recorder.origin}${route}`, {
          ...init,
          headers: {
            ...auth,
            ...(init.headers as Record<string, string>),
            Prefer: `code=${status}`,
          },
        });
        const body = Buffer.from(await response.arrayBuffer()).toString('utf8');
        const where = `${operationId} ${status}`;
        expect(response.status, where).toBe(Number(status));
        // Each response has its own ID; an error is JSON and names the same ID (D64, D91).
        const requestId = response.headers.get('X-Request-Id');
        expect(requestId, `${where} X-Request-Id`).toMatch(/^req_\w+$/);
        expect(requestIds.has(requestId!), `${where} X-Request-Id is new`).toBe(false);
        requestIds.add(requestId!);
        if (response.status >= 400) {
          expect(response.headers.get('content-type'), where).toMatch(/^application\/json\b/);
          expect((JSON.parse(body) as { error: Json }).error.request_id, where).toBe(requestId);
        }
        for (const name of ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']) {
          expect(response.headers.get(name), `${where} ${name}`).toMatch(/^\d+$/);
        }
        if (status === '429' || status === '503') {
          expect(response.headers.get('Retry-After'), `${where} Retry-After`).toMatch(/^\d+$/);
        }
      }
    }
    // The proxy's own refusals carry them too.
    const refused = await post('/v1/speech', {
      ...speech,
      output_format: { container: 'ogg_opus', sample_rate: 44100 },
    });
    expect(refused.status).toBe(400);
    expect(refused.headers.get('X-RateLimit-Remaining')).toMatch(/^\d+$/);
    expect((await errorOf(refused)).request_id).toBe(refused.headers.get('X-Request-Id'));
  });

  test('a request without Authorization is rejected', async () => {
    const response = await fetch(`${recorder.origin}/v1/user/credit`);
    expect(response.status).toBe(401);
    expect(accepted(recorder.requests[0])).toBe(false);
  });

  test('a path the spec does not have is rejected', async () => {
    const response = await fetch(`${recorder.origin}/v1/voice/voice_custom_8f3k2m`, {
      headers: auth,
    });
    expect(response.status).toBe(404);
    expect(recorder.requests[0].operationId).toBeNull();
  });

  test('a clone with unquoted part parameters and no part type (as .NET sends it) is read', async () => {
    const boundary = 'b0undary';
    const part = (headers: string, body: Buffer | string) =>
      Buffer.concat([
        Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`),
        Buffer.from(body),
        Buffer.from('\r\n'),
      ]);
    const body = Buffer.concat([
      part(
        'Content-Type: text/plain; charset=utf-8\r\nContent-Disposition: form-data; name=name',
        '客服小林',
      ),
      part('Content-Disposition: form-data; name=language', 'zh'),
      part(
        "Content-Disposition: form-data; name=audio; filename=reference.wav; filename*=utf-8''reference.wav",
        referenceWav(),
      ),
      part('Content-Disposition: form-data; name=consent', 'true'),
      Buffer.from(`--${boundary}--\r\n`),
    ]);
    const response = await fetch(`${recorder.origin}/v1/voices`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': `multipart/form-data; boundary="${boundary}"` },
      body,
    });
    expect(response.status).toBe(201);
    expect((await response.json()).status).toBe('processing');
  });

  test('`consent` is `true` in any letter case; any other value is refused naming it (D65)', async () => {
    for (const consent of ['True', 'TRUE', 'tRuE']) {
      expect((await clone({ ...fields, consent }, referenceWav())).status, consent).toBe(201);
    }
    for (const consent of ['1', 'yes', 'false']) {
      const response = await clone({ ...fields, consent }, referenceWav());
      expect(response.status, consent).toBe(400);
      expect((await errorOf(response)).param).toBe('consent');
    }
  });

  test('the size limit counts the `audio` part, 1 MB being 1024 × 1024 bytes (D40, D66)', async () => {
    // Exactly at the limit, with other fields making the body larger: past the size check, so
    // the bytes (not audio) are refused next.
    const atLimit = await clone(
      { ...fields, description: '温和'.repeat(100) },
      Buffer.alloc(referenceAudioLimits.maxBytes, 'a'),
    );
    expect(referenceAudioLimits.maxBytes).toBe(limit('referenceAudioSize').value * 1024 * 1024);
    expect(atLimit.status).toBe(errorByCode('unsupported_media_type')!.status);
    const over = await clone(fields, Buffer.alloc(referenceAudioLimits.maxBytes + 1, 'a'));
    expect(over.status).toBe(errorByCode('payload_too_large')!.status);
  });

  /** A clone sent with an `Idempotency-Key`. */
  const cloneWithKey = (
    key: string,
    form: Record<string, string>,
    file: Buffer,
    filename?: string,
  ) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(form)) body.append(name, value);
    body.append(
      'audio',
      new Blob([new Uint8Array(file)], { type: 'audio/wav' }),
      filename ?? 'a.wav',
    );
    return fetch(`${recorder.origin}/v1/voices`, {
      method: 'POST',
      headers: { ...auth, 'Idempotency-Key': key },
      body,
    });
  };

  test('the same key and body replays the voice with `Idempotent-Replayed: true` (D61)', async () => {
    const key = 'q1-replay-key';
    const first = await cloneWithKey(key, fields, referenceWav());
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const voice = await first.json();
    // The same request as the API compares it: defaults filled in (`gender`, `description`),
    // `consent` in any case, parts in another order, another file name.
    const again = await cloneWithKey(
      key,
      { consent: 'TRUE', gender: 'neutral', description: '', language: 'zh', name: '客服小林' },
      referenceWav(),
      'renamed.wav',
    );
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
    // The voice as it is now, not the first answer: the clone has finished since.
    const now = await fetch(`${recorder.origin}/v1/voices/${voice.voice_id}`, { headers: auth });
    const current = (await now.json()) as Json;
    expect([voice.status, current.status]).toEqual(['processing', 'ready']);
    expect(await again.json()).toEqual(current);
  });

  test('the same key with another body gets 409 `idempotency_conflict` (D60)', async () => {
    const key = 'q1-conflict-key';
    expect((await cloneWithKey(key, fields, referenceWav())).status).toBe(201);
    const other = await cloneWithKey(
      key,
      fields,
      referenceWav(referenceAudioLimits.minDurationSeconds + 2),
    );
    expect(other.status).toBe(errorByCode('idempotency_conflict')!.status);
    expect(await errorOf(other)).toMatchObject({
      code: 'idempotency_conflict',
      param: 'Idempotency-Key',
    });
    const renamed = await cloneWithKey(key, { ...fields, name: '客服小林 v2' }, referenceWav());
    expect((await errorOf(renamed)).code).toBe('idempotency_conflict');
  });

  test('the 409 names the voice the key created in `Location` (D77)', async () => {
    const key = 'h-location-key';
    const first = await cloneWithKey(key, fields, referenceWav());
    const voice = (await first.json()) as { voice_id: string };
    const other = await cloneWithKey(key, { ...fields, name: '另一个音色' }, referenceWav());
    expect(other.status).toBe(errorByCode('idempotency_conflict')!.status);
    expect(other.headers.get('location')).toBe(`/v1/voices/${voice.voice_id}`);
    const found = await fetch(`${recorder.origin}${other.headers.get('location')}`, {
      headers: auth,
    });
    expect(found.status).toBe(200);
  });

  test('deleting the voice forgets its key: the next request creates anew (D78)', async () => {
    const key = 'h-deleted-key';
    const first = await cloneWithKey(key, fields, referenceWav());
    const voice = (await first.json()) as { voice_id: string };
    expect(
      (await cloneWithKey(key, fields, referenceWav())).headers.get('idempotent-replayed'),
    ).toBe('true');
    const deleted = await fetch(`${recorder.origin}/v1/voices/${voice.voice_id}`, {
      method: 'DELETE',
      headers: auth,
    });
    expect(deleted.status).toBe(204);
    // Another body would have been a 409 before the delete; now it creates.
    const again = await cloneWithKey(key, { ...fields, name: '新的音色' }, referenceWav());
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBeNull();
  });

  test('a key whose request created nothing is not kept (D61, D88)', async () => {
    const key = 'q1-unkept-key';
    const refused = await cloneWithKey(key, { ...fields, consent: 'no' }, referenceWav());
    expect(refused.status).toBe(400);
    const fixed = await cloneWithKey(key, fields, referenceWav());
    expect(fixed.status).toBe(201);
    expect(fixed.headers.get('idempotent-replayed')).toBeNull();
  });

  test('a clone’s key is checked with the fields, its reuse after consent (D68)', async () => {
    // A malformed key is a field: refused before the duration.
    const short = referenceWav(referenceAudioLimits.minDurationSeconds / 2);
    const malformed = await cloneWithKey('not a key!', fields, short);
    expect(await errorOf(malformed)).toMatchObject({
      code: 'invalid_request',
      param: 'Idempotency-Key',
    });
    // A reused key with a body that fails its own checks gets those first.
    const key = 'q1-order-key';
    expect((await cloneWithKey(key, fields, referenceWav())).status).toBe(201);
    const noConsent = await cloneWithKey(key, { name: '客服小林', language: 'zh' }, referenceWav());
    expect(await errorOf(noConsent)).toMatchObject({ code: 'invalid_request', param: 'consent' });
    const tooShort = await cloneWithKey(key, fields, short);
    expect(await errorOf(tooShort)).toMatchObject({ code: 'invalid_request', param: 'audio' });
  });
});

/**
 * A copy of the built site's reference pages and sample files with one sample of the speech page
 * replaced, where the page shows it (its HTML, or the file it fetches): the harness must judge
 * what the page shows, not what the generator wrote.
 */
function siteWithSample(language: string, change: (code: string) => string): string {
  const site = path.join(root, process.env.SITE_DIR ?? 'build');
  const dir = mkdtempSync(path.join(tmpdir(), 'sample-site-'));
  cpSync(path.join(site, sampleFilesPath), path.join(dir, sampleFilesPath), { recursive: true });
  for (const op of operationPages()) {
    const from = htmlFileOf(site, op.route);
    const to = htmlFileOf(dir, op.route);
    mkdirSync(path.dirname(to), { recursive: true });
    let html = readFileSync(from, 'utf8');
    if (op.operationId === 'createSpeech') {
      const index = codeSampleLanguages.findIndex((l) => l.language === language);
      const tab = sampleTabsOfPage(html)[index];
      if ('src' in tab) {
        const file = path.join(dir, tab.src);
        writeFileSync(file, change(readFileSync(file, 'utf8')));
      } else {
        const $ = load(html);
        const panel = $('section[aria-label="示例代码"] [role="tabpanel"]').eq(index);
        const lines = change(tab.code)
          .split('\n')
          .map((line) => `<div class="token-line">${escapeHtml(line)}<br></div>`);
        panel.find('pre code').first().html(lines.join(''));
        html = $.html();
      }
    }
    writeFileSync(to, html);
  }
  return dir;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!);

function harness(
  site: string,
  language: string,
): { status: number | null; output: string; report: Report } {
  const out = mkdtempSync(path.join(tmpdir(), 'samples-report-'));
  const result = spawnSync(
    path.join(root, 'node_modules/.bin/tsx'),
    [
      'tests/samples/run.ts',
      ...['--site', site, '--languages', language, '--operations', 'createSpeech'],
      ...['--no-guides', '--out', out],
    ],
    { cwd: root, encoding: 'utf8', timeout: 120_000 },
  );
  return {
    status: result.status,
    output: result.stdout + result.stderr,
    report: JSON.parse(readFileSync(path.join(out, 'report.json'), 'utf8')) as Report,
  };
}

test.describe('the harness judges the samples as the built page shows them', () => {
  // Each test starts the harness, with its own Prism, in a child process.
  test.describe.configure({ timeout: 180_000 });

  // cURL's sample is in the page's HTML, Python's in the file the page fetches.
  for (const language of ['curl', 'python']) {
    test(`the page as built passes (${language})`, () => {
      const run = harness(
        siteWithSample(language, (code) => code),
        language,
      );
      expect(run.status, run.output).toBe(0);
      expect(run.report.cells.map((c) => [c.language, c.operationId, c.run?.ok])).toEqual([
        [language, 'createSpeech', true],
      ]);
    });
  }

  test('a rendering that lost a backslash fails its cell', () => {
    // `\"` inside a C string shown as `"`: what stringify-object did to front matter before
    // src/codegen/sampleFrontMatter escaped it.
    const run = harness(
      siteWithSample('c', (code) => {
        expect(code).toContain('\\"');
        return code.replace('\\"', '"');
      }),
      'c',
    );
    expect(run.status, run.output).toBe(1);
    expect(run.report.cells[0].build?.ok).toBe(false);
  });

  test('a sample that prints the audio instead of saving it fails its cell', () => {
    const run = harness(
      siteWithSample('python', (code) => code.replace(/with open\(.*\n.*/, 'print(response.text)')),
      'python',
    );
    expect(run.status, run.output).toBe(1);
    expect(run.report.cells[0].run?.problems.join('\n')).toMatch(/did not save the audio/);
  });

  test('a sample with the key written in fails its cell', () => {
    const run = harness(
      siteWithSample('python', (code) =>
        code.replace(/f"Bearer \{os\.environ\['VOXLOOM_API_KEY'\]\}"/, "'Bearer sk-live-123'"),
      ),
      'python',
    );
    expect(run.status, run.output).toBe(1);
    expect(run.report.cells[0].run?.problems.join('\n')).toMatch(/VOXLOOM_API_KEY/);
  });

  for (const [field, wrong] of [
    ['voice_id', 'voiceId'],
    ['model', 'modle'],
  ]) {
    test(`\`${field}\` misspelt as \`${wrong}\` in the example fails its cell`, async () => {
      const mdx = readFileSync(
        path.join(root, 'docs/api/generated/speech/create-speech.api.mdx'),
        'utf8',
      );
      const api = decodeApi(mdx);
      const media = ((api.requestBody as Json).content as Json)['application/json'] as Json;
      const named = Object.values(media.examples as Json)[0] as Json;
      const { [field]: value, ...rest } = named.value as Json;
      named.value = { ...rest, [wrong]: value };
      const [python] = await renderSamples(api, [codeSampleLanguages[1]]);
      expect(python.code).toContain(`"${wrong}"`);
      const run = harness(
        siteWithSample('python', () => python.code),
        'python',
      );
      expect(run.status, run.output).toBe(1);
      const [cell] = run.report.cells;
      expect(cell.build?.ok).toBe(true);
      expect(cell.run?.ok).toBe(false);
      expect(cell.run?.problems.join('\n')).toMatch(/mock rejected POST \/v1\/speech: HTTP 400/);
      expect(run.output).toContain('| python | ');
      expect(run.output).toContain('✓ ✗');
    });
  }
});

test.describe('the websocket mock follows the AsyncAPI document', () => {
  const doc = asyncApiDocument();
  const messages = (doc.components as Json).messages as Record<string, Json>;
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  const validators = Object.fromEntries(
    Object.entries(messages).map(([name, m]) => [name, ajv.compile(m.payload as Json)]),
  );
  let mock: WebsocketMock;
  test.afterEach(async () => mock?.close());

  async function connect(stepMs?: number) {
    mock = await startWebsocketMock({ stepMs });
    const client = new WebSocket(`${mock.url}/v1/speech/websocket`, {
      headers: { Authorization: 'Bearer sk-test' },
    });
    const received: Json[] = [];
    const waiters: (() => void)[] = [];
    client.on('message', (raw) => {
      received.push(JSON.parse(String(raw)) as Json);
      for (const wake of waiters.splice(0)) wake();
    });
    await new Promise((resolve, reject) => client.once('open', resolve).once('error', reject));
    const until = async (done: () => boolean) => {
      const deadline = Date.now() + 5_000;
      while (!done()) {
        if (Date.now() > deadline) throw new Error(`timed out: ${JSON.stringify(received)}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    };
    const send = (message: Json) => client.send(JSON.stringify(message));
    return { client, received, until, send };
  }

  const of = (received: Json[], id: string, type?: string) =>
    received.filter((m) => m.context_id === id && (!type || m.type === type));

  test('every server message validates against its payload schema', async () => {
    const { received, until, send } = await connect();
    send({
      type: 'generate',
      context_id: 'a',
      text: '你好。',
      voice_id: 'zh_female_qingxin',
      timestamps: true,
    });
    send({ type: 'generate', context_id: 'b', text: '你好', voice_id: 'no_such_voice' });
    await until(() => of(received, 'a', 'done').length === 1 && of(received, 'b').length === 1);
    for (const message of received) {
      const validate = validators[String(message.type)];
      expect(
        validate(message),
        `${JSON.stringify(message)}: ${ajv.errorsText(validate.errors)}`,
      ).toBe(true);
    }
  });

  test('buffers text to a natural pause, flushes on demand, ends with done per context', async () => {
    const { received, until, send } = await connect();
    const settings = { voice_id: 'zh_female_qingxin', timestamps: true };
    send({
      type: 'generate',
      context_id: 'a',
      text: '您好，我们提供',
      continue: true,
      ...settings,
    });
    send({ type: 'generate', context_id: 'b', text: '好的。', ...settings });
    await until(
      () => of(received, 'b', 'done').length === 1 && of(received, 'a', 'timestamps').length === 1,
    );
    // Only up to the pause was spoken; the rest waits for more text.
    expect(of(received, 'a', 'timestamps').map((m) => (m.words as Json[])[0].text)).toEqual([
      '您好',
    ]);
    send({ type: 'flush', context_id: 'a' });
    await until(() => of(received, 'a', 'audio').length === 2);
    expect(of(received, 'a', 'done')).toEqual([]);
    send({ type: 'generate', context_id: 'a', text: '三种方式。', continue: false });
    await until(() => of(received, 'a', 'done').length === 1);
    expect(of(received, 'a', 'audio').map((m) => m.sequence)).toEqual([0, 1, 2]);
    expect(of(received, 'a', 'done')[0].billed_characters).toBe(
      billedCharacters('您好，我们提供三种方式。'),
    );
    expect(of(received, 'b', 'done')[0].billed_characters).toBe(billedCharacters('好的。'));
    // Timestamps follow their audio and run on from one chunk to the next.
    const words = of(received, 'a', 'timestamps').map((m) => (m.words as Json[])[0]);
    for (let i = 1; i < words.length; i += 1) expect(words[i].start_ms).toBe(words[i - 1].end_ms);
  });

  test('cancel drops the audio not sent yet and ends the context with done', async () => {
    const { received, until, send } = await connect(50);
    const text = '第一句，第二句，第三句，第四句，第五句，第六句。';
    send({ type: 'generate', context_id: 'turn-1', text, voice_id: 'zh_female_qingxin' });
    await until(() => of(received, 'turn-1', 'audio').length === 1);
    send({ type: 'cancel', context_id: 'turn-1' });
    await until(() => of(received, 'turn-1', 'done').length === 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(of(received, 'turn-1', 'audio').length).toBeLessThan(6);
    expect(received.at(-1)?.type).toBe('done');
  });

  test('pronunciation control: the first generate’s settings, markup in every text', async () => {
    const { received, until, send } = await connect();
    send({
      type: 'generate',
      context_id: 'p',
      text: '您好，这里是声织客服。[pause:300ms]',
      text_markup: 'pronunciation',
      voice_id: 'zh_female_qingxin',
      pronunciation_dictionary: [{ word: '声织', pinyin: 'sheng1 zhi1' }],
      timestamps: true,
      continue: true,
    });
    // A follow-up that changes a setting is refused and ends nothing; its text is not added (D5).
    send({
      type: 'generate',
      context_id: 'p',
      text: '这句不加入。',
      pronunciation_dictionary: [{ word: '重庆', pinyin: 'chong2 qing4' }],
      continue: true,
    });
    // Later texts are read with the first generate's `text_markup`.
    send({ type: 'generate', context_id: 'p', text: '曾[zeng1]先生，请讲。' });
    await until(() => of(received, 'p', 'done').length === 1);
    expect(of(received, 'p', 'error').map((m) => (m.error as Json).param)).toEqual([
      'pronunciation_dictionary',
    ]);
    expect(of(received, 'p', 'done')[0].billed_characters).toBe(
      billedCharacters('您好，这里是声织客服。曾先生，请讲。'),
    );
    const words = of(received, 'p', 'timestamps').map((m) => (m.words as Json[])[0].text);
    expect(words.join('')).not.toMatch(/[[\]]/);
  });

  test('bad pronunciation control gets an error naming the field', async () => {
    const { received, until, send } = await connect();
    const first = { voice_id: 'zh_female_qingxin', text_markup: 'pronunciation' };
    send({
      type: 'generate',
      context_id: 'd',
      text: '重庆',
      pronunciation_dictionary: [{ word: '重庆', pinyin: 'chong2' }],
      ...first,
    });
    send({
      type: 'generate',
      context_id: 's',
      text: '重庆',
      pronunciation_dictionary: [{ word: '重庆', pinyin: 'Chong2 qing4' }],
      ...first,
    });
    send({ type: 'generate', context_id: 'h', text: '行', continue: true, ...first });
    // A hint cannot reach back into the previous message.
    send({ type: 'generate', context_id: 'h', text: '[hang2]业' });
    send({ type: 'generate', context_id: 'e', text: '行[hang2]', language: 'en', ...first });
    await until(() => received.filter((m) => m.type === 'error').length === 4);
    const errors: Record<string, Json> = Object.fromEntries(
      received
        .filter((m) => m.type === 'error')
        .map((m) => [String(m.context_id), m.error as Json]),
    );
    expect(errors.d).toMatchObject({
      code: 'invalid_request',
      param: 'pronunciation_dictionary[0].pinyin',
    });
    expect(errors.s).toMatchObject({ param: 'pronunciation_dictionary[0].pinyin' });
    expect(errors.h).toMatchObject({ param: 'text' });
    expect(String(errors.h.message)).toMatch(/第 1 个字符/);
    expect(errors.e).toMatchObject({ param: 'language' });
  });

  test('bad messages get the documented error, which ends their context', async () => {
    const { client, received, until, send } = await connect();
    send({
      type: 'generate',
      context_id: 'x',
      text: '你好',
      voice_id: 'zh_female_qingxin',
      speeed: 2,
    });
    send({ type: 'generate', context_id: 'y', text: '你好', voice_id: 'no_such_voice' });
    send({ type: 'flush', context_id: 'never-opened' });
    // A context cannot start without text (a later, final generate may be empty: see below).
    send({ type: 'generate', context_id: 'z', text: '', voice_id: 'zh_female_qingxin' });
    await until(() => received.filter((m) => m.type === 'error').length === 4);
    const errors: Record<string, Json> = Object.fromEntries(
      received
        .filter((m) => m.type === 'error')
        .map((m) => [String(m.context_id), m.error as Json]),
    );
    expect(errors.x).toMatchObject({ code: 'invalid_request', param: 'speeed' });
    expect(errors.y).toMatchObject({ code: 'voice_not_found', param: 'voice_id' });
    expect(errors['never-opened']).toMatchObject({ code: 'invalid_request', param: 'context_id' });
    expect(errors.z).toMatchObject({ code: 'invalid_request', param: 'text' });
    for (const error of Object.values(errors))
      expect(errorByCode(String(error.code))).toBeDefined();
    // z never started: a flush names a context that does not exist.
    send({ type: 'flush', context_id: 'z' });
    await until(() => received.filter((m) => m.type === 'error').length === 5);
    expect(of(received, 'z', 'done')).toEqual([]);
    // With no text left, an empty final generate ends a context with its done.
    send({
      type: 'generate',
      context_id: 'w',
      text: '你好，',
      voice_id: 'zh_female_qingxin',
      continue: true,
    });
    send({ type: 'generate', context_id: 'w', text: '' });
    await until(() => of(received, 'w', 'done').length === 1);
    expect(received.filter((m) => m.type === 'error')).toHaveLength(5);
    // A frame that is not JSON closes the connection with 1008.
    const closed = new Promise<number>((resolve) => client.once('close', resolve));
    client.send('not json');
    expect(await closed).toBe(1008);
  });
});
