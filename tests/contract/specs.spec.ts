/**
 * The API contract: the published OpenAPI and AsyncAPI documents lint clean, every example in
 * them validates against its own schema, and the tables the site renders from the data modules
 * agree with the documents. No browser is used here.
 */
import { execFileSync } from 'node:child_process';
import { test, expect } from '@playwright/test';
import { Parser, fromFile } from '@asyncapi/parser';

import { apiSpecs, publishedSpecPath, websocketSpec } from '../../src/data/apiSpecs';
import { apiErrors, errorByCode } from '../../src/data/errors';
import { limit, limits, type LimitKey } from '../../src/data/limits';
import { defaultModel, models } from '../../src/data/models';
import {
  audioContainers,
  outputFormatCombinations,
  outputFormatDefaults,
  outputFormatError,
} from '../../src/data/audioFormats';
import {
  referenceAudioFormats,
  referenceAudioLimits,
  referenceAudioRecommendations,
  referenceAudioRefusals,
  wavMaxSampleRateHz,
  wavRecordSampleRateHz,
} from '../../src/data/referenceAudio';
import { billedCharacters } from '../../src/data/pricing';
import { voiceDeletion, voiceDeletionPolicy } from '../../src/data/policies';
import {
  defaultTextMarkup,
  parseText,
  pronunciationError,
  textMarkupOf,
  tones,
} from '../../src/data/pronunciation';
import { presetVoices } from '../../src/data/voices';
import { apiVersionPrefix, deployment } from '../../src/data/deployment';
import { apiChanges, documentVersion } from '../../src/data/apiVersions';
import { reconnectKinds } from '../../src/data/websocketProtocol';
import {
  asyncApiDocument,
  deref,
  openApiDocuments,
  operationsOf,
  readYaml,
  type Operation,
} from '../support/specs';
import { ajvFor, rebase } from '../support/schemaValidation';

type Json = Record<string, unknown>;

/** Every (schema, example) pair of an operation: bodies, responses, parameters, properties. */
function examplesOf(
  doc: Json,
  { op }: Operation,
): { where: string; schema: Json; value: unknown }[] {
  const out: { where: string; schema: Json; value: unknown }[] = [];
  const fromContent = (where: string, content: Json | undefined) => {
    for (const [media, mt] of Object.entries(content ?? {})) {
      const m = mt as Json;
      if (!m.schema || media.startsWith('audio/')) continue;
      if (m.example !== undefined)
        out.push({ where: `${where} ${media}`, schema: m.schema as Json, value: m.example });
      for (const [name, ex] of Object.entries((m.examples as Json) ?? {})) {
        out.push({
          where: `${where} ${media} ${name}`,
          schema: m.schema as Json,
          value: deref<Json>(doc, ex).value,
        });
      }
    }
  };
  const body = deref<Json>(doc, op.requestBody);
  if (body) fromContent('request', body.content as Json);
  for (const [status, res] of Object.entries((op.responses as Json) ?? {})) {
    fromContent(`response ${status}`, deref<Json>(doc, res).content as Json);
  }
  for (const p of (op.parameters as Json[]) ?? []) {
    const param = deref<Json>(doc, p);
    if (param.example !== undefined) {
      out.push({
        where: `parameter ${String(param.name)}`,
        schema: param.schema as Json,
        value: param.example,
      });
    }
  }
  return out;
}

/** Every string value of `key`, at any depth. */
function stringsUnder(value: unknown, key: string): string[] {
  if (Array.isArray(value)) return value.flatMap((v) => stringsUnder(v, key));
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) =>
    k === key && typeof v === 'string' ? [v] : stringsUnder(v, key),
  );
}

test.describe('OpenAPI documents', () => {
  test('lint clean with Redocly (recommended rules)', () => {
    const files = apiSpecs.map((s) => publishedSpecPath(s.id));
    const output = execFileSync('npx', ['redocly', 'lint', '--format=stylish', ...files], {
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    expect(output).not.toMatch(/warning|error/i);
  });

  for (const { id, doc } of openApiDocuments()) {
    test(`${id}: servers come from the deployment module`, () => {
      expect(doc.servers).toEqual([{ url: deployment.httpApiOrigin, description: '生产环境' }]);
    });

    test(`${id}: descriptions use only the Markdown the reference renders`, () => {
      // src/theme/Markdown renders CommonMark and GFM tables, not the OpenAPI theme's `:::`
      // admonitions.
      const descriptions = stringsUnder(doc, 'description');
      expect(descriptions.length).toBeGreaterThan(0);
      for (const text of descriptions) expect(text, text).not.toMatch(/^\s*:::/m);
    });

    test(`${id}: every path carries the version prefix`, () => {
      for (const p of Object.keys(doc.paths as Json)) {
        expect(p.startsWith(`${apiVersionPrefix}/`), p).toBe(true);
      }
    });

    test(`${id}: every example validates against its schema`, () => {
      const ajv = ajvFor(doc, '2020');
      let checked = 0;
      for (const operation of operationsOf(doc)) {
        for (const { where, schema, value } of examplesOf(doc, operation)) {
          const validate = ajv.compile(rebase(schema));
          const ok = validate(value);
          expect(
            ok,
            `${operation.method} ${operation.path} ${where}: ${ajv.errorsText(validate.errors)}`,
          ).toBe(true);
          checked += 1;
        }
      }
      // Property-level examples of every component schema.
      for (const [name, schema] of Object.entries(
        ((doc.components as Json)?.schemas as Json) ?? {},
      )) {
        for (const [prop, s] of Object.entries(((schema as Json).properties as Json) ?? {})) {
          const sub = deref<Json>(doc, s);
          if (sub.example === undefined) continue;
          const validate = ajv.compile(rebase(sub));
          expect(validate(sub.example), `${name}.${prop}: ${ajv.errorsText(validate.errors)}`).toBe(
            true,
          );
          checked += 1;
        }
      }
      expect(checked).toBeGreaterThan(0);
    });

    test(`${id}: every response carries the rate-limit headers; 429 and 503 Retry-After (D16)`, () => {
      for (const operation of operationsOf(doc)) {
        for (const [status, res] of Object.entries(operation.op.responses as Json)) {
          const headers = Object.keys((deref<Json>(doc, res).headers as Json) ?? {});
          const where = `${operation.method} ${operation.path} ${status}`;
          expect(headers, where).toEqual(
            expect.arrayContaining([
              'X-Request-Id',
              'X-RateLimit-Limit',
              'X-RateLimit-Remaining',
              'X-RateLimit-Reset',
            ]),
          );
          if (status === '429' || status === '503') expect(headers, where).toContain('Retry-After');
        }
      }
    });

    test(`${id}: every error response uses a code of the catalogue, with its status`, () => {
      for (const operation of operationsOf(doc)) {
        for (const [status, res] of Object.entries(operation.op.responses as Json)) {
          if (Number(status) < 400) continue;
          const media = (deref<Json>(doc, res).content as Json)?.['application/json'] as Json;
          const examples = media?.examples
            ? Object.values(media.examples as Json).map((e) => (e as Json).value as Json)
            : [media?.example as Json];
          expect(examples.length).toBeGreaterThan(0);
          for (const example of examples) {
            const code = (example?.error as Json)?.code;
            const entry = apiErrors.find((e) => e.code === code);
            expect(
              entry,
              `${operation.method} ${operation.path} ${status}: unknown code ${String(code)}`,
            ).toBeDefined();
            expect(entry!.status, `${String(code)}`).toBe(Number(status));
          }
        }
      }
    });
  }

  test('the text length limit of the limits table is the spec’s maxLength', () => {
    const speech = openApiDocuments().find((d) => d.id === 'speech')!.doc;
    const request = deref<Json>(
      speech,
      ((speech.components as Json).schemas as Json).SpeechRequest,
    );
    expect((request.properties as Json).text).toMatchObject({
      maxLength: limit('textLength').value,
    });
  });
});

test.describe('AsyncAPI document', () => {
  test('validates with @asyncapi/parser', async () => {
    const { document, diagnostics } = await fromFile(
      new Parser(),
      websocketSpec.sourcePath,
    ).parse();
    expect(document).toBeDefined();
    // Severity 0 = error, 1 = warning; only the "newer AsyncAPI version exists" hint may remain.
    expect(diagnostics.filter((d) => d.severity <= 1).map((d) => d.message)).toEqual([]);
  });

  test('every message example validates against the message payload', () => {
    const doc = asyncApiDocument();
    const ajv = ajvFor(doc, '07');
    const messages = ((doc.components as Json).messages as Json) ?? {};
    let checked = 0;
    for (const [name, m] of Object.entries(messages)) {
      const message = m as Json;
      const validate = ajv.compile(message.payload as Json);
      for (const example of (message.examples as Json[]) ?? []) {
        expect(
          validate(example.payload),
          `${name}/${String(example.name)}: ${ajv.errorsText(validate.errors)}`,
        ).toBe(true);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(Object.keys(messages).length);
  });

  test('error messages use codes of the catalogue that a websocket error message can carry', () => {
    const doc = asyncApiDocument();
    const error = ((doc.components as Json).messages as Json).error as Json;
    for (const example of error.examples as Json[]) {
      const code = String(((example.payload as Json).error as Json).code);
      expect(apiErrors.map((e) => e.code)).toContain(code);
      expect(errorByCode(code)?.onWebsocket, code).toBe(true);
    }
  });

  test('handshake refusals use codes of the catalogue, with their status, and a reconnect rule', () => {
    const channel = Object.values((asyncApiDocument().channels as Json) ?? {})[0] as Json;
    const refusals = channel['x-handshake-refusals'] as {
      status: number;
      code: string;
      reconnect: string;
      action: string;
    }[];
    expect(refusals.map((r) => r.status)).toContain(401);
    expect(new Set(refusals.map((r) => r.status)).size).toBe(refusals.length);
    for (const r of refusals) {
      expect(errorByCode(r.code)?.status, `${r.status} ${r.code}`).toBe(r.status);
      expect(reconnectKinds, `${r.status}`).toContain(r.reconnect);
      expect(r.action.length).toBeGreaterThan(0);
    }
  });

  test('the generate text limit agrees with the limits table', () => {
    const doc = asyncApiDocument();
    const generate = ((doc.components as Json).messages as Json).generate as Json;
    const text = ((generate.payload as Json).properties as Json).text as Json;
    expect(text.maxLength).toBe(limit('textLength').value);
  });
});

test.describe('data modules agree with the specs', () => {
  const speech = () => openApiDocuments().find((d) => d.id === 'speech')!.doc;
  const schemas = () => (speech().components as Json).schemas as Record<string, Json>;
  const property = (schema: string, name: string) =>
    deref<Json>(speech(), (schemas()[schema].properties as Json)[name]);
  const speechOperation = () =>
    operationsOf(speech()).find((o) => o.op.operationId === 'createSpeech')!;

  test('models: the ids, and the default, are the spec’s', () => {
    const model = property('SpeechRequest', 'model');
    expect(models.map((m) => m.id)).toEqual(model.enum);
    expect(defaultModel.id).toBe(model.default);
  });

  test('output formats: the combination table spans the spec’s values, its defaults valid (D17)', () => {
    const format = (name: string) => property('OutputFormat', name);
    const union = (pick: (r: (typeof outputFormatCombinations)[number]) => readonly unknown[]) =>
      [...new Set(outputFormatCombinations.flatMap(pick))].sort();
    expect(union((r) => r.containers)).toEqual([...(format('container').enum as string[])].sort());
    expect(union((r) => r.sampleRates)).toEqual(
      [...(format('sample_rate').enum as number[])].sort(),
    );
    const values = (field: string) => union((r) => (r.field === field ? r.values : []));
    expect(values('bit_rate')).toEqual([...(format('bit_rate').enum as number[])].sort());
    expect(values('encoding')).toEqual([...(format('encoding').enum as string[])].sort());
    for (const [field, value] of Object.entries(outputFormatDefaults)) {
      expect(format(field).default, field).toBe(value);
    }
    // Each row's field is the one its containers use, and every container's defaults are valid.
    for (const row of outputFormatCombinations) {
      for (const c of row.containers) {
        expect(audioContainers.find((a) => a.container === c)?.uses).toBe(row.field);
      }
    }
    for (const c of audioContainers)
      expect(outputFormatError({ container: c.container })).toBeNull();
    // No combination is listed twice.
    const keys = outputFormatCombinations.flatMap((r) =>
      r.containers.flatMap((c) =>
        r.sampleRates.flatMap((rate) => r.values.map((v) => `${c} ${rate} ${v}`)),
      ),
    );
    expect(new Set(keys).size).toBe(keys.length);
  });

  test('text_markup: plain text by default, the values the pronunciation module reads (D1)', () => {
    const markup = property('SpeechRequest', 'text_markup');
    expect(markup.default).toBe(defaultTextMarkup);
    for (const value of markup.enum as string[]) expect(textMarkupOf(value)).toBe(value);
  });

  test('audio formats: the containers and their media types are the spec’s', () => {
    expect(audioContainers.map((c) => c.container)).toEqual(
      property('OutputFormat', 'container').enum,
    );
    const ok = deref<Json>(speech(), (speechOperation().op.responses as Json)['200']);
    expect(audioContainers.map((c) => c.mediaType).sort()).toEqual(
      Object.keys(ok.content as Json).sort(),
    );
  });

  test('billed characters: the counting rule gives the specs’ example figures', () => {
    const request = speechOperation().op.requestBody as Json;
    const example = Object.values(
      ((request.content as Json)['application/json'] as Json).examples as Json,
    )[0] as Json;
    const ok = deref<Json>(speech(), (speechOperation().op.responses as Json)['200']);
    const billed = deref<Json>(speech(), (ok.headers as Json)['X-Billed-Characters']);
    const value = example.value as Json;
    expect(billedCharacters(String(value.text), textMarkupOf(value.text_markup))).toBe(
      (billed.schema as Json).example,
    );

    const messages = (asyncApiDocument().components as Json).messages as Record<string, Json>;
    const texts = (messages.generate.examples as Json[]).map((e) =>
      String((e.payload as Json).text),
    );
    const done = (messages.done.examples as Json[])[0].payload as Json;
    expect(billedCharacters(texts.join(''))).toBe(done.billed_characters);
  });

  test('pronunciation: the dictionary limits are the schema’s, the tones its pattern’s', () => {
    const dictionary = property('SpeechRequest', 'pronunciation_dictionary');
    expect(dictionary.maxItems).toBe(limit('pronunciationDictionaryEntries').value);
    const entry = schemas().PronunciationEntry.properties as Record<string, Json>;
    expect(entry.word.maxLength).toBe(limit('pronunciationWordLength').value);
    const toneClass = /\[(\d)-(\d)\]/.exec(String(entry.pinyin.pattern));
    expect(toneClass?.slice(1).map(Number)).toEqual([tones[0].digit, tones.at(-1)!.digit]);
    // The websocket's generate takes the same field.
    const generate = ((asyncApiDocument().components as Json).messages as Json).generate as Json;
    const field = ((generate.payload as Json).properties as Json).pronunciation_dictionary as Json;
    expect(field.maxItems).toBe(dictionary.maxItems);
  });

  test('pronunciation: the request example, sent by every sample, uses all three controls', () => {
    const request = speechOperation().op.requestBody as Json;
    const example = Object.values(
      ((request.content as Json)['application/json'] as Json).examples as Json,
    )[0] as Json;
    const value = example.value as Json;
    expect(pronunciationError(value)).toBeNull();
    expect(value.text_markup).toBe('pronunciation');
    const parsed = parseText(String(value.text));
    expect('error' in parsed).toBe(false);
    if ('error' in parsed) return;
    expect(parsed.hints.length).toBeGreaterThan(0);
    expect(parsed.pauses.length).toBeGreaterThan(0);
    expect((value.pronunciation_dictionary as Json[]).length).toBeGreaterThan(0);
  });

  test('pronunciation: the websocket examples pass the rules, the error example is the rule’s', () => {
    const messages = (asyncApiDocument().components as Json).messages as Record<string, Json>;
    for (const example of messages.generate.examples as Json[]) {
      expect(pronunciationError(example.payload as Json), String(example.name)).toBeNull();
    }
    const refused = (messages.error.examples as Json[])
      .map((e) => (e.payload as Json).error as Json)
      .filter((e) => String(e.param).startsWith('pronunciation_dictionary'));
    expect(refused.length).toBeGreaterThan(0);
    for (const error of refused) {
      expect(
        pronunciationError({ pronunciation_dictionary: [{ word: '重庆', pinyin: 'chong2' }] }),
      ).toEqual({ param: error.param, message: error.message });
    }
  });

  test('voice ids in the examples name real voices', () => {
    const known = new Set(presetVoices.map((v) => v.voiceId));
    const custom = /^voice_custom_[a-z0-9]+$/;
    const ids = [
      ...JSON.stringify(openApiDocuments().map((d) => d.doc)).matchAll(/"voice_id":"([^"]+)"/g),
      ...JSON.stringify(asyncApiDocument()).matchAll(/"voice_id":"([^"]+)"/g),
    ].map((m) => m[1]);
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) expect(known.has(id) || custom.test(id), id).toBe(true);
  });

  test('close codes named by the limits exist in the AsyncAPI document', () => {
    const channel = Object.values((asyncApiDocument().channels as Json) ?? {})[0] as Json;
    const codes = (channel['x-close-codes'] as { code: number }[]).map((c) => c.code);
    const named = limits.flatMap((l) =>
      [...l.onExceed.matchAll(/关闭码 (\d+)/g)].map((m) => Number(m[1])),
    );
    expect(named.length).toBeGreaterThan(0);
    for (const code of named) expect(codes).toContain(code);
  });

  test('reference audio limits agree with the clone request', () => {
    const voices = openApiDocuments().find((d) => d.id === 'voices')!.doc;
    const create = operationsOf(voices).find((o) => o.op.operationId === 'createVoice')!;
    const responses = create.op.responses as Json;
    // Crossing the size limit is answered with the status the catalogue gives its code.
    expect(Object.keys(responses)).toContain(String(errorByCode('payload_too_large')!.status));
    expect(Object.keys(responses)).toContain(String(errorByCode('unsupported_media_type')!.status));
    // The audio part may be declared as any type, or none: the API reads the bytes (D13, D90).
    const body = deref<Json>(voices, create.op.requestBody);
    const multipart = (body.content as Json)['multipart/form-data'] as Json;
    const audio = (multipart.encoding as Json).audio as Json;
    expect(audio.contentType).toBe('*/*');
    // The prose of the field names the same formats.
    const schema = deref<Json>(voices, multipart.schema);
    const described = String(((schema.properties as Json).audio as Json).description);
    for (const f of referenceAudioFormats) expect(described).toContain(f.label);
  });
});

test('each API document’s info.version is the one the version history gives it', () => {
  for (const { id, doc } of openApiDocuments()) {
    expect((doc.info as Json).version, id).toBe(documentVersion(id as 'speech'));
  }
  expect((asyncApiDocument().info as Json).version).toBe(documentVersion('speech-websocket'));
});

test('the error catalogue’s examples name fields the specs have and quote their limits', () => {
  const speech = openApiDocuments().find((d) => d.id === 'speech')!.doc;
  const request = deref<Json>(speech, ((speech.components as Json).schemas as Json).SpeechRequest);
  const text = (request.properties as Json).text as Json;
  const tooLong = errorByCode('invalid_request')!.examples!['text-too-long'];
  expect(tooLong.message).toContain(`${String(text.maxLength)} 个字符`);
});

test('every size-limit error names the size (D25)', () => {
  const size = `${limit('referenceAudioSize').value} MB`;
  expect(errorByCode('payload_too_large')!.example.message).toContain(size);
  expect(errorByCode('payload_too_large')!.meaning).toContain(size);
  expect(referenceAudioRefusals.tooLarge(21 * 1024 * 1024).message).toContain(size);
});

test('deleting a voice: the spec states the operation, the FAQ the policy module’s numbers (D15)', () => {
  const voices = openApiDocuments().find((d) => d.id === 'voices')!.doc;
  const remove = operationsOf(voices).find((o) => o.op.operationId === 'deleteVoice')!;
  const described = String(remove.op.description);
  expect(described).toContain('voice_not_found');
  // What the deletion removes and keeps is told once, on the FAQ, from src/data/policies.ts.
  expect(described).toContain('](/faqs#voice-deletion)');
  expect(described).not.toMatch(/\d+\s*(?:天|年)/);
  const told = voiceDeletion.join('');
  expect(told).toContain(`${voiceDeletionPolicy.backupDays} 天`);
  expect(told).toContain(`${voiceDeletionPolicy.consentRecordYears} 年`);
});

test('a reused clone key: 409 `idempotency_conflict`, replays marked, both since the key (D60, D61)', () => {
  const voices = openApiDocuments().find((d) => d.id === 'voices')!.doc;
  const create = operationsOf(voices).find((o) => o.op.operationId === 'createVoice')!;
  const responses = create.op.responses as Json;
  expect(Object.keys(responses)).toContain(String(errorByCode('idempotency_conflict')!.status));
  const created = deref<Json>(voices, responses['201']);
  expect(Object.keys(created.headers as Json)).toContain('Idempotent-Replayed');
  const since = apiChanges.find((c) =>
    c.items.some((i) => i.includes('新增可选请求头 `Idempotency-Key`')),
  );
  expect(since?.items.join()).toContain('idempotency_conflict');
  expect(since?.items.join()).toContain('Idempotent-Replayed');
});

test('the recording advice fits the size limit: a WAV of the longest duration at the rate it names (D66)', () => {
  const bytes = (hz: number) => 44 + 2 * hz * referenceAudioLimits.maxDurationSeconds;
  expect(bytes(wavMaxSampleRateHz)).toBeLessThanOrEqual(referenceAudioLimits.maxBytes);
  expect(bytes(wavMaxSampleRateHz + 1)).toBeGreaterThan(referenceAudioLimits.maxBytes);
  expect(wavRecordSampleRateHz).toBeLessThanOrEqual(wavMaxSampleRateHz);
  expect(wavRecordSampleRateHz).toBeGreaterThanOrEqual(
    referenceAudioRecommendations.minSampleRateHz,
  );
});

test('a retryable code’s exception names a param its examples show; only retryable codes have one (D63)', () => {
  const excepted = apiErrors.filter((e) => e.notRetriedWithParam !== undefined);
  expect(excepted.map((e) => e.code)).toEqual(['service_unavailable']);
  for (const e of excepted) {
    expect(e.kind).toBe('retry');
    const params = Object.values(e.examples ?? {}).map((x) => x.param);
    expect(params, e.code).toContain(e.notRetriedWithParam);
    expect(e.action, e.code).toContain(`\`param\` 为 \`${e.notRetriedWithParam}\``);
  }
  // The websocket's waited-out code is the one whose action says so.
  expect(apiErrors.filter((e) => e.websocketWaits).map((e) => e.code)).toEqual(['rate_limited']);
});

/**
 * The downloads import cleanly into API tools (issue 41): each parses with a real parser, no link
 * is relative to this site (a tool has no site to resolve it against) and no `{name}` template is
 * left in prose. A path's `{voice_id}` is OpenAPI's own templating, so the `paths` keys are skipped.
 */
test.describe('the downloadable documents', () => {
  /** Every string of a document, keys included. */
  const strings = (value: unknown): string[] => {
    if (typeof value === 'string') return [value];
    if (!value || typeof value !== 'object') return [];
    return Object.entries(value).flatMap(([k, v]) => [k, ...strings(v)]);
  };
  const published = [...apiSpecs.map((s) => publishedSpecPath(s.id)), websocketSpec.publishedPath];
  for (const file of published) {
    test(`${file}: absolute links only, no template left`, () => {
      const { paths, ...rest } = readYaml(file);
      // Everything but the path templates themselves.
      const prose = [...strings(rest), ...Object.values((paths ?? {}) as Json).flatMap(strings)];
      expect(prose.filter((t) => /\]\(\/(?!\/)/.test(t))).toEqual([]);
      // A `{name}` after a slash is a path's parameter (`/v1/voices/{voice_id}`), not a template.
      expect(prose.filter((t) => /(?<!\/)\{[A-Za-z_]+\}/.test(t))).toEqual([]);
      // The links point at the deployment's site.
      expect(prose.some((t) => t.includes(`](${deployment.siteUrl}/`))).toBe(true);
    });
  }

  test('the AsyncAPI download states the connection’s limits as the limits table does', () => {
    const channel = (readYaml(websocketSpec.publishedPath).channels as Record<string, Json>).speech;
    const stated = channel['x-limits'] as { key: LimitKey; value: number; unit: string }[];
    expect(stated.map((l) => l.key)).toEqual(
      expect.arrayContaining([
        'contextsPerConnection',
        'websocketIdleTimeout',
        'websocketConnections',
      ]),
    );
    for (const { key, value, unit } of stated)
      expect({ value, unit }, key).toEqual({
        value: limit(key).value,
        unit: limit(key).unit,
      });
  });

  test('the AsyncAPI download parses with the AsyncAPI parser', async () => {
    const { document, diagnostics } = await fromFile(
      new Parser(),
      websocketSpec.publishedPath,
    ).parse();
    // Severity 0 = error, 1 = warning; only the "newer AsyncAPI version exists" hint may remain.
    expect(diagnostics.filter((d) => d.severity <= 1).map((d) => d.message)).toEqual([]);
    expect(document).toBeDefined();
    // AsyncAPI 3: an operation names its channel and messages by reference, never by a copy.
    const operations = readYaml(websocketSpec.publishedPath).operations as Record<string, Json>;
    expect(Object.keys(operations).length).toBeGreaterThan(0);
    for (const [name, op] of Object.entries(operations)) {
      expect(op.channel, name).toEqual({ $ref: '#/channels/speech' });
      for (const message of op.messages as Json[])
        expect(Object.keys(message), name).toEqual(['$ref']);
    }
  });
});
