/**
 * The HTTP API mocked from its contract: Prism (`prism mock --errors`) serves one document merged
 * from the three bundled OpenAPI specs, validates every request against it (4xx with the spec's
 * error example and an `sl-violations` header on a violation) and answers valid ones from the
 * spec's examples. Each sample talks to its own recording proxy in front of Prism, so the harness
 * knows exactly which requests a sample sent and whether the mock accepted them. The proxy also
 * applies the rules a JSON schema cannot state, and answers a breach as the API does, with the
 * catalogue's error naming the field in `param`:
 * - pronunciation control (markup in `text` under `text_markup: pronunciation`, the dictionary
 *   always: src/data/pronunciation.ts) and the valid `output_format` combinations
 *   (src/data/audioFormats.ts) of a speech request;
 * - a clone's checks in the API's order (D68): size, format read from the bytes, fields,
 *   duration, consent (`true` in any letter case, D65), then its `Idempotency-Key` within the
 *   run: the same key and body replays the first 201 with `Idempotent-Replayed: true` (D61), the
 *   same key with another body gets 409 `idempotency_conflict` with `Location` naming the voice
 *   the key created (D60, D77), and deleting that voice forgets the key (D78). Moderation, quota
 *   and balance need an account: Prism's examples stand for them;
 * - the rate-limit headers on every response, its own refusals included (D16).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createWriteStream, readFileSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import Ajv2020, { type ErrorObject } from 'ajv/dist/2020';
import { parse, stringify } from 'yaml';

import {
  UnreadableAudio,
  looksLikeText,
  parseHeader,
  type AudioHeader,
} from '../../src/components/ReferenceAudioChecker/header';
import { apiSpecs } from '../../src/data/apiSpecs';
import { outputFormatError } from '../../src/data/audioFormats';
import { errorByCode } from '../../src/data/errors';
import { limit } from '../../src/data/limits';
import { pronunciationError } from '../../src/data/pronunciation';
import {
  detectedContentLabels,
  referenceAudioFormats,
  referenceAudioLimits,
  referenceAudioRefusals,
} from '../../src/data/referenceAudio';

type Json = Record<string, unknown>;

export const root = path.resolve(__dirname, '../..');

export interface RecordedRequest {
  readonly method: string;
  /** Path and query as sent. */
  readonly url: string;
  /** The operation the request addressed, or null when no path of the spec matches. */
  readonly operationId: string | null;
  readonly status: number;
  /** Prism's error-level violations of the contract. */
  readonly violations: string[];
  /** The Authorization header as sent, or null. */
  readonly authorization: string | null;
  /** The Idempotency-Key header as sent, or null. */
  readonly idempotencyKey: string | null;
}

export const accepted = (r: RecordedRequest): boolean =>
  r.status >= 200 && r.status < 300 && r.violations.length === 0;

export interface Recorder {
  /** The origin a sample calls instead of the deployment's API origin. */
  readonly origin: string;
  readonly requests: RecordedRequest[];
  close(): Promise<void>;
}

export interface HttpMock {
  readonly prismOrigin: string;
  /** The spec's example of the clone's `Idempotency-Key`: a sample must never send it (D14). */
  readonly idempotencyKeyExample: string | undefined;
  /** The operations of the merged document, in the specs' order. */
  readonly operations: string[];
  /** A new recording proxy in front of the mock. */
  record(): Promise<Recorder>;
  close(): Promise<void>;
}

/**
 * One document with every path of the three bundles. Their shared components (inlined from
 * common.yaml) must be identical. With `strict`, request-body objects also refuse properties the
 * spec does not define: the API may ignore an unknown field, but in a sample it is a misspelling
 * whose value the reader silently loses.
 */
export function mockDocument(specsDir: string, strict = true): Json {
  const docs = apiSpecs.map(
    (spec) => parse(readFileSync(path.join(specsDir, `${spec.id}.yaml`), 'utf8')) as Json,
  );
  const merged: Json = {
    openapi: docs[0].openapi,
    info: { title: 'Voxloom API mock', version: String((docs[0].info as Json).version) },
    security: docs[0].security,
    paths: {},
    components: {},
  };
  for (const doc of docs) {
    Object.assign(merged.paths as Json, doc.paths);
    for (const [kind, entries] of Object.entries(doc.components as Json)) {
      const target = ((merged.components as Json)[kind] ??= {}) as Json;
      for (const [name, value] of Object.entries(entries as Json)) {
        if (name in target && !isDeepStrictEqual(target[name], value)) {
          throw new Error(`components.${kind}.${name} differs between the bundled specs`);
        }
        target[name] = value;
      }
    }
  }
  if (strict) closeRequestBodies(merged);
  return merged;
}

function closeRequestBodies(doc: Json): void {
  const schemas = ((doc.components as Json).schemas ?? {}) as Record<string, Json>;
  const seen = new Set<Json>();
  const close = (schema: Json | undefined): void => {
    if (!schema || seen.has(schema)) return;
    seen.add(schema);
    if (typeof schema.$ref === 'string') {
      close(schemas[schema.$ref.replace('#/components/schemas/', '')]);
      return;
    }
    if (schema.properties && schema.additionalProperties === undefined) {
      schema.additionalProperties = false;
    }
    for (const child of Object.values((schema.properties ?? {}) as Record<string, Json>)) {
      close(child);
    }
  };
  for (const item of Object.values(doc.paths as Record<string, Json>)) {
    for (const op of Object.values(item) as Json[]) {
      const content = ((op?.requestBody as Json | undefined)?.content ?? {}) as Record<
        string,
        Json
      >;
      for (const media of Object.values(content)) close(media.schema as Json);
    }
  }
}

/** Finds the operation a request addresses from the document's path templates. */
export function operationMatcher(doc: Json): (method: string, url: string) => string | null {
  const routes = Object.entries(doc.paths as Record<string, Record<string, Json>>).flatMap(
    ([template, item]) =>
      Object.entries(item)
        .filter(([, op]) => typeof op?.operationId === 'string')
        .map(([method, op]) => ({
          method: method.toUpperCase(),
          pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
          operationId: String(op.operationId),
        })),
  );
  return (method, url) => {
    const pathname = new URL(url, 'http://mock').pathname;
    return (
      routes.find((r) => r.method === method.toUpperCase() && r.pattern.test(pathname))
        ?.operationId ?? null
    );
  };
}

/** An error the proxy answers itself: a code of the catalogue, the field, the message. */
export interface Refusal {
  readonly code: string;
  readonly param: string | null;
  readonly message: string;
}

type RequestHeaders = Record<string, string | string[] | undefined>;

/** Authentication comes first: Prism answers a request without a key with 401. */
const authorised = (headers: RequestHeaders) =>
  /^Bearer .+$/.test(String(headers.authorization ?? ''));

/**
 * The refusal of an authorised JSON speech request: its pronunciation control (the whole body is
 * passed, so `text_markup` decides whether `text` is parsed), then its `output_format`.
 */
export function speechRefusal(
  operationId: string | null,
  headers: RequestHeaders,
  body: Buffer,
): Refusal | null {
  if (operationId !== 'createSpeech' || !authorised(headers)) return null;
  if (!/^application\/json\b/i.test(String(headers['content-type'] ?? ''))) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return null; // Prism reports a body that is not JSON
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
  const request = parsed as Json;
  const error = pronunciationError(request) ?? outputFormatError(request.output_format);
  return error && { code: 'invalid_request', ...error };
}

/** One part of a `multipart/form-data` body. */
export interface FormPart {
  readonly name: string;
  readonly filename?: string;
  readonly type?: string;
  readonly data: Buffer;
}

/** The parts of a `multipart/form-data` body, or null when it is not one. */
export function formParts(body: Buffer, contentType: string): FormPart[] | null {
  const boundary = /^multipart\/form-data;.*\bboundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!boundary) return null;
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: FormPart[] = [];
  let start = body.indexOf(delimiter);
  while (start >= 0) {
    const next = body.indexOf(delimiter, start + delimiter.length);
    if (next < 0) break;
    const part = body.subarray(start + delimiter.length, next);
    const headerEnd = part.indexOf('\r\n\r\n');
    if (headerEnd >= 0) {
      const headers = part.subarray(0, headerEnd).toString('utf8');
      // `name="audio"` or `name=audio`; `filename*=` is another parameter, not read here.
      const param = (name: string) => {
        const m = new RegExp(`;\\s*${name}\\s*=\\s*(?:"([^"]*)"|([^;\\r\\n]*))`, 'i').exec(headers);
        return m ? (m[1] ?? m[2]).trim() : undefined;
      };
      // The part's data ends before the CRLF that precedes the next delimiter.
      const data = part.subarray(headerEnd + 4, part.length - 2);
      parts.push({
        name: param('name') ?? '',
        filename: param('filename'),
        type: /^content-type:\s*(.+)$/im.exec(headers)?.[1].trim(),
        data,
      });
    }
    start = next;
  }
  return parts;
}

const acceptedContainers = new Set<string>(referenceAudioFormats.map((f) => f.id));

/**
 * What the bytes of an upload are, as the API reads them (its declared type and file name are
 * not read): an accepted recording with its header, or the refusal naming what was found.
 * The clone guide's in-browser checker parses headers with the same code.
 */
export function sniffReferenceAudio(data: Buffer): AudioHeader | Refusal {
  const label = (key: string) => detectedContentLabels[key] ?? detectedContentLabels.unknown;
  if (data.length === 0) return referenceAudioRefusals.unsupported(label('empty'));
  const bytes = new Uint8Array(data.buffer, data.byteOffset, data.length);
  try {
    const header = parseHeader(bytes.slice().buffer);
    return acceptedContainers.has(header.container)
      ? header
      : referenceAudioRefusals.unsupported(label(header.container));
  } catch (error) {
    if (!(error instanceof UnreadableAudio)) throw error;
    const magic = data.subarray(0, 12).toString('latin1');
    if (magic.startsWith('RIFF')) return referenceAudioRefusals.undecodable('WAV', error.message);
    if (magic.slice(4, 8) === 'ftyp')
      return referenceAudioRefusals.undecodable('M4A', error.message);
    return referenceAudioRefusals.unsupported(label(looksLikeText(bytes) ? 'text' : 'unknown'));
  }
}

type Schema = Record<string, unknown>;

/** An Ajv error as the API words it: the field in `param`, a sentence for the developer. */
function fieldRefusal(error: ErrorObject, field?: string): Refusal {
  const p = error.params as Record<string, unknown>;
  const name =
    field ??
    (typeof p.missingProperty === 'string'
      ? p.missingProperty
      : typeof p.additionalProperty === 'string'
        ? p.additionalProperty
        : error.instancePath.replace(/^\//, ''));
  const message =
    error.keyword === 'required'
      ? `缺少必填字段 ${name}。`
      : error.keyword === 'additionalProperties'
        ? `不认识的字段 ${name}。`
        : error.keyword === 'enum'
          ? `字段 ${name} 须为 ${(p.allowedValues as unknown[]).join('、')} 之一。`
          : error.keyword === 'maxLength'
            ? `字段 ${name} 超过了 ${String(p.limit)} 个字符的上限。`
            : error.keyword === 'minLength'
              ? `字段 ${name} 不能为空。`
              : error.keyword === 'pattern'
                ? `字段 ${name} 的格式不对，须匹配 ${String(p.pattern)}。`
                : `字段 ${name} 的取值不合规（${error.message ?? error.keyword}）。`;
  return { code: 'invalid_request', param: name, message };
}

/**
 * The clone request's checks that come before Prism's, in the API's order (D68): size, format
 * from the bytes, fields (the form's and the `Idempotency-Key` header), duration, consent.
 * Quota and balance need an account: the spec's 403 and 402 stand for them.
 */
export function cloneChecker(doc: Json): (headers: RequestHeaders, body: Buffer) => Refusal | null {
  const schemas = ((doc.components as Json).schemas ?? {}) as Record<string, Schema>;
  const resolve = (s: Schema): Schema =>
    typeof s.$ref === 'string' ? schemas[s.$ref.replace('#/components/schemas/', '')] : s;
  const operation = ((doc.paths as Json)['/v1/voices'] as Json).post as Json;
  const media = (((operation.requestBody as Json).content as Json)['multipart/form-data'] ??
    {}) as Json;
  const form = resolve(media.schema as Schema);
  // The form's fields, without the two the order checks later or by other means.
  const later = new Set(['audio', 'consent']);
  const fieldsSchema = {
    ...form,
    properties: Object.fromEntries(
      Object.entries(form.properties as Json).filter(([k]) => !later.has(k)),
    ),
    required: (form.required as string[]).filter((k) => !later.has(k)),
    additionalProperties: false,
  };
  // Not strict: OpenAPI's annotations (`example`) are not JSON Schema keywords.
  const ajv = new Ajv2020({ strict: false });
  const validateFields = ajv.compile(fieldsSchema);
  const headerParams = ((operation.parameters ?? []) as Json[])
    .map((p) => resolve(p))
    .filter((p) => p.in === 'header')
    .map((p) => ({ name: String(p.name), validate: ajv.compile(p.schema as Schema) }));

  return (headers, body) => {
    if (!authorised(headers)) return null;
    const parts = formParts(body, String(headers['content-type'] ?? ''));
    if (!parts) return null; // Prism reports a body that is not a form
    const audio = parts.find((p) => p.name === 'audio');
    let header: AudioHeader | undefined;
    if (audio) {
      if (audio.data.length > referenceAudioLimits.maxBytes) {
        return referenceAudioRefusals.tooLarge(audio.data.length);
      }
      const sniffed = sniffReferenceAudio(audio.data);
      if ('code' in sniffed) return sniffed;
      header = sniffed;
    }
    const fields = Object.fromEntries(
      parts.filter((p) => !later.has(p.name)).map((p) => [p.name, p.data.toString('utf8')]),
    );
    if (!validateFields(fields)) return fieldRefusal(validateFields.errors![0]);
    if (!audio) return { code: 'invalid_request', param: 'audio', message: '缺少必填字段 audio。' };
    for (const { name, validate } of headerParams) {
      const value = headers[name.toLowerCase()];
      if (value !== undefined && !validate(String(value))) {
        return fieldRefusal(validate.errors![0], name);
      }
    }
    const seconds = header?.durationSeconds;
    if (seconds !== undefined && seconds < referenceAudioLimits.minDurationSeconds) {
      return referenceAudioRefusals.tooShort(seconds);
    }
    if (seconds !== undefined && seconds > referenceAudioLimits.maxDurationSeconds) {
      return referenceAudioRefusals.tooLong(seconds);
    }
    const consent = parts.find((p) => p.name === 'consent')?.data.toString('utf8');
    if (consent?.toLowerCase() !== 'true') {
      return {
        code: 'invalid_request',
        ...errorByCode('invalid_request')!.examples!['consent-missing'],
      };
    }
    return null;
  };
}

/**
 * What makes two clone requests “the same” for their `Idempotency-Key` (D60): the form's values
 * with the schema's defaults filled in (an omitted optional text is ""), `consent` in lower case,
 * and the recording's bytes; not the order of the parts, the file name or the declared type.
 */
export function cloneFingerprint(doc: Json): (body: Buffer, contentType: string) => string | null {
  const schemas = ((doc.components as Json).schemas ?? {}) as Record<string, Schema>;
  const operation = ((doc.paths as Json)['/v1/voices'] as Json).post as Json;
  const media = ((operation.requestBody as Json).content as Json)['multipart/form-data'] as Json;
  const ref = (media.schema as Schema).$ref;
  const form =
    typeof ref === 'string'
      ? schemas[ref.replace('#/components/schemas/', '')]
      : (media.schema as Schema);
  const properties = form.properties as Record<string, Schema>;
  return (body, contentType) => {
    const parts = formParts(body, contentType);
    if (!parts) return null;
    const values = Object.keys(properties)
      .sort()
      .map((name) => {
        const part = parts.find((p) => p.name === name);
        if (name === 'audio')
          return createHash('sha256')
            .update(part?.data ?? '')
            .digest('hex');
        const value = part?.data.toString('utf8') ?? String(properties[name].default ?? '');
        return name === 'consent' ? value.toLowerCase() : value;
      });
    return JSON.stringify(values);
  };
}

/** The `X-RateLimit-*` headers of the API's fixed one-minute window, for a count of requests. */
export function rateLimitHeaders(sent: number, now = new Date()): Record<string, string> {
  const perMinute = limit('requestsPerMinute').value;
  return {
    'x-ratelimit-limit': String(perMinute),
    'x-ratelimit-remaining': String(Math.max(0, perMinute - sent)),
    'x-ratelimit-reset': String(60 - now.getUTCSeconds()),
  };
}

const crlf = Buffer.from('\r\n');

/**
 * Prism's multipart parser (parse-multipart-data) reads only one spelling of a part's headers:
 * quoted `name` and `filename` parameters, no `filename*`, and a Content-Type on every file part.
 * Other valid spellings crash it (stoplightio/prism#2672), e.g. .NET's `name=audio;
 * filename=reference.wav; filename*=utf-8''reference.wav` with no part type. The mock rewrites
 * part headers into that spelling (same meaning under RFC 7578) before Prism validates the body.
 */
export function forPrism(body: Buffer, contentType: string): Buffer {
  const boundary = /^multipart\/form-data;.*\bboundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!boundary) return body;
  const delimiter = Buffer.from(`--${boundary}`);
  let start = body.indexOf(delimiter);
  if (start < 0) return body;
  const out: Buffer[] = [body.subarray(0, start)];
  for (;;) {
    const next = body.indexOf(delimiter, start + delimiter.length);
    if (next < 0) {
      out.push(body.subarray(start));
      break;
    }
    out.push(delimiter, partForPrism(body.subarray(start + delimiter.length, next)));
    start = next;
  }
  return Buffer.concat(out);
}

function partForPrism(part: Buffer): Buffer {
  const headerEnd = part.indexOf('\r\n\r\n');
  if (headerEnd < 0 || !part.subarray(0, 2).equals(crlf)) return part;
  let isFile = false;
  let typed = false;
  const lines = part
    .subarray(2, headerEnd)
    .toString('utf8')
    .split('\r\n')
    .map((line) => {
      if (/^content-type:/i.test(line)) typed = true;
      const disposition = /^content-disposition:\s*([^;]+)(.*)$/i.exec(line);
      if (!disposition) return line;
      const params = new Map(
        [...disposition[2].matchAll(/;\s*([^=;\s]+)\s*=\s*("[^"]*"|[^;]*)/g)].map((m) => [
          m[1].toLowerCase(),
          m[2].trim().replace(/^"(.*)"$/, '$1'),
        ]),
      );
      const filename = params.get('filename');
      isFile = filename !== undefined;
      return `Content-Disposition: ${disposition[1].trim()}; name="${params.get('name') ?? ''}"${isFile ? `; filename="${filename}"` : ''}`;
    });
  if (isFile && !typed) lines.push('Content-Type: application/octet-stream');
  return Buffer.concat([crlf, Buffer.from(lines.join('\r\n')), part.subarray(headerEnd)]);
}

const listen = (server: Server) =>
  new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );

async function freePort(): Promise<number> {
  const server = createServer();
  const port = await listen(server);
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function startHttpMock(options: {
  specsDir: string;
  workDir: string;
  strict?: boolean;
}): Promise<HttpMock> {
  const doc = mockDocument(options.specsDir, options.strict ?? true);
  const file = path.join(options.workDir, 'mock-openapi.yaml');
  writeFileSync(file, stringify(doc, { lineWidth: 0 }));
  const operationOf = operationMatcher(doc);
  const cloneRefusal = cloneChecker(doc);
  const fingerprintOf = cloneFingerprint(doc);

  const port = await freePort();
  const prism: ChildProcess = spawn(
    path.join(root, 'node_modules/.bin/prism'),
    ['mock', '--host', '127.0.0.1', '--port', String(port), '--errors', file],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Prism did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Prism is listening')) {
        clearTimeout(timer);
        resolve();
      }
    };
    prism.stdout!.on('data', onData);
    prism.stderr!.on('data', onData);
    prism.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Prism exited with ${String(code)}:\n${output}`));
    });
  });
  prism.removeAllListeners('exit');
  // Prism logs every request and each violation: kept beside the report.
  const logFile = createWriteStream(path.join(options.workDir, 'prism.log'));
  logFile.write(output);
  prism.stdout!.pipe(logFile);
  prism.stderr!.pipe(logFile);
  prism.on('exit', (code, signal) => {
    if (!closing) logFile.write(`\nPrism exited unexpectedly (${String(code ?? signal)})\n`);
  });
  let closing = false;

  const recorders = new Set<Recorder>();
  async function record(): Promise<Recorder> {
    const requests: RecordedRequest[] = [];
    // The keys that created a voice in this run: what they were sent with, and the 201 (D61).
    const created = new Map<
      string,
      { fingerprint: string; body: Buffer; type: string; voiceId: string }
    >();
    const proxy = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const method = req.method ?? 'GET';
        const url = req.url ?? '/';
        const record = (status: number, violations: string[]) =>
          requests.push({
            method,
            url,
            operationId,
            status,
            violations,
            authorization: req.headers.authorization ?? null,
            idempotencyKey: (req.headers['idempotency-key'] as string | undefined) ?? null,
          });
        const operationId = operationOf(method, url);
        const raw = Buffer.concat(chunks);
        // Every response carries the rate-limit headers (D16), the proxy's own refusals too.
        const rateHeaders = rateLimitHeaders(requests.length + 1);
        let refusal =
          speechRefusal(operationId, req.headers, raw) ??
          (operationId === 'createVoice' ? cloneRefusal(req.headers, raw) : null);
        // A valid clone's key, checked after its own checks and before quota and balance (D68).
        const key =
          operationId === 'createVoice' && !refusal
            ? (req.headers['idempotency-key'] as string | undefined)
            : undefined;
        const fingerprint =
          key === undefined ? null : fingerprintOf(raw, String(req.headers['content-type'] ?? ''));
        const earlier = key === undefined ? undefined : created.get(key);
        // The 409 names the voice the key created, for the client to look up (D77).
        let conflictHeaders: Record<string, string> = {};
        if (earlier && earlier.fingerprint !== fingerprint) {
          refusal = {
            code: 'idempotency_conflict',
            ...errorByCode('idempotency_conflict')!.example,
          };
          conflictHeaders = { Location: `/v1/voices/${earlier.voiceId}` };
        } else if (earlier) {
          record(201, []);
          res
            .writeHead(201, {
              'Content-Type': earlier.type,
              'X-Request-Id': `req_mock_${requests.length}`,
              'Idempotent-Replayed': 'true',
              ...rateHeaders,
            })
            .end(earlier.body);
          return;
        }
        if (refusal) {
          const status = errorByCode(refusal.code)!.status;
          record(status, [`${String(refusal.param)}: ${refusal.message}`]);
          const requestId = `req_mock_${requests.length}`;
          res
            .writeHead(status, {
              'Content-Type': 'application/json',
              'X-Request-Id': requestId,
              ...conflictHeaders,
              ...rateHeaders,
            })
            .end(
              JSON.stringify({
                error: {
                  code: refusal.code,
                  message: refusal.message,
                  param: refusal.param,
                  request_id: requestId,
                },
              }),
            );
          return;
        }
        const body = forPrism(raw, String(req.headers['content-type'] ?? ''));
        const headers = { ...req.headers };
        delete headers['transfer-encoding'];
        if (body.length > 0 || headers['content-length'] !== undefined) {
          headers['content-length'] = String(body.length);
        }
        const upstream = httpRequest(
          { host: '127.0.0.1', port, method, path: url, headers },
          (answer) => {
            const violations = JSON.parse(String(answer.headers['sl-violations'] ?? '[]')) as {
              severity: string;
              location: string[];
              message: string;
            }[];
            record(
              answer.statusCode ?? 0,
              violations
                .filter((v) => v.severity === 'Error')
                .map((v) => `${v.location.join('.')}: ${v.message}`),
            );
            const answerHeaders = { ...answer.headers, ...rateHeaders };
            // A deleted voice takes its key along: the next request with it creates anew (D78).
            if (operationId === 'deleteVoice' && answer.statusCode === 204) {
              const voiceId = decodeURIComponent(
                new URL(url, 'http://mock').pathname.split('/')[3],
              );
              for (const [k, v] of created) if (v.voiceId === voiceId) created.delete(k);
            }
            // A voice the mock creates is never a replay, whatever Prism drew from the example.
            if (operationId === 'createVoice') delete answerHeaders['idempotent-replayed'];
            if (key === undefined || fingerprint === null || answer.statusCode !== 201) {
              res.writeHead(answer.statusCode ?? 502, answerHeaders);
              answer.pipe(res);
              return;
            }
            // The first request with this key created a voice: kept for replays.
            const answerChunks: Buffer[] = [];
            answer.on('data', (chunk: Buffer) => answerChunks.push(chunk));
            answer.on('end', () => {
              const answerBody = Buffer.concat(answerChunks);
              created.set(key, {
                fingerprint,
                body: answerBody,
                type: String(answer.headers['content-type'] ?? 'application/json'),
                voiceId: String((JSON.parse(answerBody.toString('utf8')) as Json).voice_id),
              });
              res.writeHead(201, answerHeaders).end(answerBody);
            });
          },
        );
        upstream.on('error', (error) => {
          record(502, [`the mock did not answer: ${String(error)}`]);
          res.writeHead(502, rateHeaders).end(String(error));
        });
        upstream.end(body);
      });
    });
    const proxyPort = await listen(proxy);
    const recorder: Recorder = {
      origin: `http://127.0.0.1:${proxyPort}`,
      requests,
      close: () =>
        new Promise<void>((resolve) => {
          recorders.delete(recorder);
          proxy.closeAllConnections();
          proxy.close(() => resolve());
        }),
    };
    recorders.add(recorder);
    return recorder;
  }

  const createVoice = ((doc.paths as Json)['/v1/voices'] as Json).post as Json;
  const keyParameter = ((createVoice.parameters ?? []) as Json[]).find(
    (p) => p.name === 'Idempotency-Key',
  );
  return {
    prismOrigin: `http://127.0.0.1:${port}`,
    idempotencyKeyExample: keyParameter?.example as string | undefined,
    operations: Object.values(doc.paths as Record<string, Record<string, Json>>).flatMap((item) =>
      Object.values(item).flatMap((op) =>
        typeof op?.operationId === 'string' ? [op.operationId] : [],
      ),
    ),
    record,
    close: async () => {
      closing = true;
      await Promise.all([...recorders].map((r) => r.close()));
      if (prism.exitCode === null) {
        const exited = new Promise((resolve) => prism.once('exit', resolve));
        prism.kill('SIGTERM');
        await exited;
      }
    },
  };
}
