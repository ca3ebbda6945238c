/**
 * The HTTP API mocked from its contract: Prism (`prism mock --errors`) serves one document merged
 * from the three bundled OpenAPI specs, validates every request against it (4xx with the spec's
 * error example and an `sl-violations` header on a violation) and answers valid ones from the
 * spec's examples. Each sample talks to its own recording proxy in front of Prism, so the harness
 * knows exactly which requests a sample sent and whether the mock accepted them. The proxy also
 * applies the rules a JSON schema cannot state, and answers a breach as the API does, with the
 * catalogue's error naming the field in `param`. Each proxy is one account, with its own state:
 * - authentication (Prism's 401), then the rate per API key in UTC minutes, then the concurrency
 *   of speech requests: 429 `rate_limited` with `Retry-After` (D71, D98);
 * - a speech request's fields: Prism's schema, pronunciation control (src/data/pronunciation.ts)
 *   and the valid `output_format` combinations (src/data/audioFormats.ts); then its voice (404,
 *   409, 410), the balance (402) and moderation (400 `content_rejected`), in that order (D98).
 *   `Accept` is ignored: the container decides the media type (D106). The text is cut into
 *   segments as a context's is (D2, D69), each billed when its synthesis starts; the processing
 *   time limit runs from the body's end (D95); a non-2xx bills nothing (D41);
 * - a clone's checks in the API's order (D68): size, format read from the bytes, fields,
 *   duration, consent (`true` in any letter case, D65), then its `Idempotency-Key`: the same key
 *   and body replays the voice as it is now with `Idempotent-Replayed: true` (D61), the same key
 *   with another body gets 409 `idempotency_conflict` with `Location` naming the voice the key
 *   created (D60, D77); same-key requests run one at a time (D75); a key is saved when its voice
 *   is created (D88), forgotten 24 hours later (D93) or when its voice is deleted (D78). Then
 *   quota (403, its message stating the quota and the count, D175) and balance (402).
 *   Moderation of the recording needs a model: it always passes;
 * - the voices cloned in the run: processing, then `ready` or `failed` with `failure_reason`
 *   (D38, D67), readable at once (D72), renamed by PATCH, gone after DELETE (404, D96);
 * - with a balance (`AccountOptions.cashFen`, vouchers), reservations (D99), the clone fee once a
 *   voice is `ready` (D62), hourly debits rounded per model (D70) in Beijing hours (D141), paid by
 *   the vouchers valid at the hour's start, earliest expiry first, then cash, never below zero
 *   (D148), the console's usage records and debits (D140), and `getCredit`;
 * - `X-Request-Id` and the rate-limit headers on every response, its own refusals too, and the
 *   error's `request_id` equal to the header (D16, D64, D91); a valid `X-Client-Request-Id`
 *   echoed on every response and kept in the usage records, a malformed one refused (D168);
 * - the balance as it is now (D170): a voucher stops counting at its expiry, pays its hour's
 *   debit, and its expiry row follows that debit (D173); a debit row's amount is what was taken,
 *   what was not is beside it (D172); each Beijing month's opening and closing balance (D171);
 *   a check and `available_balance` share one floored figure, costs exact to 0.001 fen (D169).
 * The account's clock, balance, synthesis and clone pace are options (`AccountOptions`), and
 * `Recorder.fault` fails the next request of an operation, for tests to reach the edges.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, readFileSync, writeFileSync } from 'node:fs';
import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { parse, stringify } from 'yaml';

import {
  UnreadableAudio,
  looksLikeText,
  parseHeader,
  type AudioHeader,
} from '../../src/components/ReferenceAudioChecker/header';
import { apiSpecs } from '../../src/data/apiSpecs';
import { consoleLists, csvExport } from '../../src/data/billing';
import { audioContainers, outputFormatDefaults } from '../../src/data/audioFormats';
import { errorByCode, voiceLimitMessage } from '../../src/data/errors';
import { idempotencyKeyHours, limit } from '../../src/data/limits';
import { defaultModel, type ModelId } from '../../src/data/models';
import {
  billedCharacters,
  billingUnitCharacters,
  clonePriceFen,
  currency,
  debitRule,
  signupVoucher,
  speechCostFen,
  speechPriceFen,
} from '../../src/data/pricing';
import { textMarkupOf } from '../../src/data/pronunciation';
import {
  detectedContentLabels,
  referenceAudioFormats,
  referenceAudioLimits,
  referenceAudioRefusals,
} from '../../src/data/referenceAudio';
import {
  checkRequest,
  documentOperation,
  pathParameters,
  type CheckRequest,
} from '../../src/protocol/requestCheck';
import { segmentText } from '../../src/protocol/segment';

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
  /** When its body had arrived, on the account's clock. */
  readonly at: number;
  /** The `X-Request-Id` the proxy answered with (none when Prism did not answer). */
  readonly requestId?: string;
  /** The request's valid `X-Client-Request-Id`, if it sent one (D168). */
  readonly clientRequestId?: string;
}

export const accepted = (r: RecordedRequest): boolean =>
  r.status >= 200 && r.status < 300 && r.violations.length === 0;

export interface Recorder {
  /** The origin a sample calls instead of the deployment's API origin. */
  readonly origin: string;
  readonly requests: RecordedRequest[];
  /**
   * What the account was billed so far, as the console's usage records list it: one record per
   * segment whose synthesis started and stayed billed, one per clone fee (D7, D41, D62, D69).
   */
  usage(): UsageRecord[];
  /**
   * The console's usage records as exported (D140): one line per request (or clone) and Beijing
   * hour, its segments summed, the amount to the hundredth of a fen.
   */
  records(): ConsoleUsageRecord[];
  /**
   * The console's balance changes so far (D140, D148): the hourly debits per hour and model, with
   * who paid, each hour's voucher expiries after them (D173).
   */
  debits(): DebitRecord[];
  /** The balance-change list by Beijing month, with its opening and closing balance (D171). */
  months(): MonthStatement[];
  /** A top-up paid now, in fen: in the balance at once (D170), a 充值 row at its time. */
  topUp(fen: number): void;
  /** Fails or slows the next request of an operation (the model's failure injection, over HTTP). */
  fault(operationId: string, fault: Fault): void;
  close(): Promise<void>;
}

export interface HttpMock {
  readonly prismOrigin: string;
  /** The spec's example of the clone's `Idempotency-Key`: a sample must never send it (D14). */
  readonly idempotencyKeyExample: string | undefined;
  /** The operations of the merged document, in the specs' order. */
  readonly operations: string[];
  /** A new recording proxy in front of the mock, with an account of its own. */
  record(options?: AccountOptions): Promise<Recorder>;
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
          pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]*')}$`),
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
 * The API's field check (src/protocol/requestCheck.ts, which the reference's request editor
 * runs too) of an authorised request to one of the document's operations: its headers, path,
 * query and body (JSON, or a form's parts), the first problem named in `param`. `between` runs
 * where the operation leaves a step to the mock (a clone's duration, D68).
 */
export function requestChecker(
  doc: Json,
): (
  operationId: string | null,
  url: string,
  headers: RequestHeaders,
  body: Buffer,
  between?: () => Refusal | null,
) => Refusal | null {
  const operations = new Map(
    Object.entries(doc.paths as Record<string, Record<string, Json>>).flatMap(([template, item]) =>
      Object.entries(item)
        .filter(([, op]) => typeof op?.operationId === 'string')
        .map(([method, op]) => [
          String(op.operationId),
          { template, operation: documentOperation(doc, template, method) },
        ]),
    ),
  );
  return (operationId, url, headers, body, between) => {
    const found = operationId === null ? undefined : operations.get(operationId);
    if (!found || !authorised(headers)) return null;
    const address = new URL(url, 'http://mock');
    const contentType = String(headers['content-type'] ?? '');
    let sent: CheckRequest['body'];
    if (/^application\/json\b/i.test(contentType)) {
      try {
        sent = { kind: 'json', value: JSON.parse(body.toString('utf8')) as unknown };
      } catch {
        sent = undefined; // Prism reports a body that is not JSON
      }
    } else {
      const parts = formParts(body, contentType);
      if (parts) {
        sent = {
          kind: 'form',
          parts: parts.map((p) => ({ name: p.name, value: p.data.toString('utf8') })),
        };
      }
    }
    const error = checkRequest(
      found.operation,
      {
        path: pathParameters(found.template, address.pathname) ?? {},
        query: Object.fromEntries(address.searchParams),
        headers: Object.fromEntries(
          Object.entries(headers).map(([name, value]) => [
            name,
            Array.isArray(value) ? value[0] : value,
          ]),
        ),
        body: sent,
      },
      between &&
        (() => {
          const refusal = between();
          return refusal && { status: errorByCode(refusal.code)!.status, ...refusal };
        }),
    );
    return error && { code: error.code, param: error.param, message: error.message };
  };
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

/**
 * A clone's checks in the API's order (D68): size and format read from the bytes, then the
 * field check (the form's fields and the `Idempotency-Key` header, a missing `audio` part), the
 * duration, consent. Quota and balance need an account: the spec's 403 and 402 stand for them.
 */
export function cloneChecker(doc: Json): (headers: RequestHeaders, body: Buffer) => Refusal | null {
  const check = requestChecker(doc);
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
    return check('createVoice', '/v1/voices', headers, body, () => {
      const seconds = header?.durationSeconds;
      if (seconds !== undefined && seconds < referenceAudioLimits.minDurationSeconds) {
        return referenceAudioRefusals.tooShort(seconds);
      }
      if (seconds !== undefined && seconds > referenceAudioLimits.maxDurationSeconds) {
        return referenceAudioRefusals.tooLong(seconds);
      }
      return null;
    });
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

/** The rate window: the count of each API key restarts at second 0 of every UTC minute. */
const rateWindowMs = 60_000;

/**
 * The `X-RateLimit-*` headers after `counted` requests in the current window: `Reset` is the
 * whole seconds to the window's end, rounded up, and a rate 429's `Retry-After` equals it (D71).
 */
export function rateLimitHeaders(counted: number, now: number): Record<string, string> {
  const perMinute = limit('requestsPerMinute').value;
  return {
    'x-ratelimit-limit': String(perMinute),
    'x-ratelimit-remaining': String(Math.max(0, perMinute - counted)),
    'x-ratelimit-reset': String(Math.ceil((rateWindowMs - (now % rateWindowMs)) / 1000)),
  };
}

/** The mock's clock. Tests pass a virtual one to cross a time limit, an hour or a day at once. */
export interface MockClock {
  now(): number;
  /** Waits `ms` of this clock's time. */
  sleep(ms: number): Promise<void>;
}

export const realClock: MockClock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** A clock that moves only when a test advances it, or when the mock sleeps on it (at once). */
export interface VirtualClock extends MockClock {
  advance(ms: number): void;
}

export function virtualClock(start: Date): VirtualClock {
  let t = start.getTime();
  return {
    now: () => t,
    sleep: (ms) => {
      t += Math.max(0, ms);
      return Promise.resolve();
    },
    advance: (ms) => {
      t += ms;
    },
  };
}

/** The account a recorder stands for. Every field is optional: the defaults keep samples green. */
export interface AccountOptions {
  readonly clock?: MockClock;
  /**
   * The cash balance in fen. With it (or `voucherFen`) the mock checks the balance before a
   * synthesis or a clone, reserves what passed (D99), debits usage hourly (D70) and answers
   * `getCredit` itself; without, it refuses nothing for credit and Prism's example stands.
   */
  readonly cashFen?: number;
  /** One voucher of this many fen, valid for the signup voucher's days from the clock's start. */
  readonly voucherFen?: number;
  /** Vouchers with their expiry on the clock (ms): spent earliest expiry first (D148). */
  readonly vouchers?: readonly { readonly fen: number; readonly expiresAt: number }[];
  /** How long one segment takes to synthesise, in the clock's ms (default 0). */
  readonly segmentMs?: number;
  /**
   * How long a clone processes, in the clock's ms (default 0: `ready` at the first look after
   * its 201). One still processing at the processing-time limit turns `failed` there (D67).
   */
  readonly cloneMs?: number;
  /** Clones end `failed` with this `failure_reason` instead of turning `ready`. */
  readonly cloneFailure?: string;
  /** Custom voices the account holds before the run: they take quota slots. */
  readonly customVoices?: number;
  /** Moderation: whether a speech request's text is refused (400 `content_rejected`). */
  readonly rejectsText?: (text: string) => boolean;
}

/** The statuses `Fault.fail` answers, and the catalogue's error each one is. */
export const failCodes = {
  400: 'invalid_request',
  401: 'unauthorized',
  429: 'rate_limited',
  500: 'internal_error',
  503: 'service_unavailable',
} as const;
export type FailStatus = keyof typeof failCodes;

/** A one-shot failure of the next request of an operation. */
export interface Fault {
  /** Hold the request this long (real ms) first: a slow server, for a second one to arrive. */
  readonly delayMs?: number;
  /**
   * Answer this error: `before` the request has any effect, or (5xx only) `after` it (the voice
   * created or deleted, the synthesis run), as when the answer is lost on the way back. The 4xx
   * stand for what a sample's own request cannot provoke from the mock: a bad field (400), a
   * revoked key (401), the rate limit (429, with `Retry-After`).
   */
  readonly fail?: { readonly status: FailStatus; readonly when: 'before' | 'after' };
  /**
   * A speech request fails while synthesising this segment (from 0): with `stream: true` the
   * connection breaks after the 200, otherwise the answer is a 500.
   */
  readonly breakAtSegment?: number;
}

/** One line of the account's usage. */
export interface UsageRecord {
  /** The request (`X-Request-Id`) a segment belongs to, or the voice a clone fee is for. */
  readonly id: string;
  /** The request's `X-Client-Request-Id`, when it sent one (D168). */
  readonly clientRequestId?: string;
  readonly model: ModelId | 'clone';
  /** Billed characters of the segment (0 for a clone fee). */
  readonly characters: number;
  /** Its cost in fen, exact: only an hour's sum is rounded (D70). */
  readonly fen: number;
  /** When it was billed: the segment's synthesis started, or the voice turned `ready`. */
  readonly at: number;
}

/** A line of the console's usage records (D140), its fields those `/price#reconciliation` lists. */
export interface ConsoleUsageRecord {
  /** The hour the usage belongs to, Beijing time: `2026-12-31 23:00` (D141). */
  readonly hour: string;
  readonly api: 'HTTP' | '克隆';
  readonly model: ModelId | null;
  /** The request ID, or the voice of a clone fee. */
  readonly id: string;
  /** The request's `X-Client-Request-Id` (客户端请求 ID), or null (D168). */
  readonly clientRequestId: string | null;
  readonly characters: number;
  /** The amount in fen, to the hundredth of a fen. */
  readonly fen: number;
}

/**
 * A line of the console's balance changes (D140): an hourly debit (one hour, one model or the
 * clone fees), or a voucher's expiry, written after its hour's debit and dated by that hour (D173).
 */
export interface DebitRecord {
  readonly type: '扣费' | '代金券过期' | '充值';
  /** The hour the line belongs to, Beijing time (D141): the usage's hour for a debit. */
  readonly hour: string;
  readonly model: ModelId | 'clone' | null;
  readonly characters: number;
  /**
   * How much the balance changed (金额, D172), as a magnitude: a top-up adds it, the other rows
   * take it off. For a debit what was taken, `voucherFen + cashFen`; for an expiry, what the
   * voucher still held after its hour's debit.
   */
  readonly fen: number;
  readonly voucherFen: number;
  readonly cashFen: number;
  /** 未扣金额 (D172): the hour's charge (rounded half up, D70) that was not taken; not in `fen`. */
  readonly uncollectedFen: number;
}

/** One Beijing month of the balance-change list (D171): opening + the rows' amounts = closing. */
export interface MonthStatement {
  /** `2026-11`, Beijing time. */
  readonly month: string;
  /** The balance in fen: the previous month's closing. */
  readonly opening: number;
  readonly rows: readonly DebitRecord[];
  /** After the month's last hourly debit and the expiries written after it. */
  readonly closing: number;
}

/** An hour as the console shows it, Beijing time (UTC+8, D141): `2026-12-31 23:00`. */
export const beijingHour = (t: number): string =>
  new Date(t + debitRule.utcOffsetHours * 3_600_000).toISOString().slice(0, 13).replace('T', ' ') +
  ':00';

/** `n / d` rounded half up, in integers (no float error at the half). */
const roundHalfUp = (n: number, d: number) => Math.floor((2 * n + d) / (2 * d));
const yuan = (fen: number) => (fen / 100).toFixed(2);

/** An amount in fen as the CSV export writes it (D188): yuan, a decimal string of `places`. */
function csvYuan(fen: number, places: number): string {
  // In thousandths of a fen (every price is a whole number of them, D169): 1 yuan is 100,000.
  const units = Math.round(Math.abs(fen) * 1000) / 10 ** (5 - places);
  const whole = Math.round(units);
  const text = String(whole).padStart(places + 1, '0');
  return `${fen < 0 ? '-' : ''}${text.slice(0, -places)}.${text.slice(-places)}`;
}

/** A console hour (`2026-12-31 23:00`) as the CSV export writes it: ISO 8601 at +08:00. */
const csvTime = (hour: string): string =>
  `${hour.replace(' ', 'T')}:00+${String(debitRule.utcOffsetHours).padStart(2, '0')}:00`;

/** One CSV line: a value with a comma, a quote or a line break is quoted. */
const csvLine = (values: readonly (string | number)[]): string =>
  values
    .map((v) => (/[",\r\n]/.test(String(v)) ? `"${String(v).replaceAll('"', '""')}"` : String(v)))
    .join(',');

/**
 * A console list exported as CSV (D188), in the format of `csvExport` (src/data/billing.ts): the
 * header is the list's field names, times at +08:00, amounts in yuan to the list's places.
 */
export function consoleCsv(
  list: 'usage-records' | 'debits',
  rows: readonly ConsoleUsageRecord[] | readonly DebitRecord[],
): string {
  const fields = consoleLists.find((l) => l.id === list)!.fields.map((f) => f.field);
  const places = csvExport.amountDecimals[list];
  const lines =
    list === 'usage-records'
      ? (rows as readonly ConsoleUsageRecord[]).map((r) => [
          csvTime(r.hour),
          r.api === '克隆' ? '克隆' : 'HTTP 合成',
          r.model ?? '',
          r.id,
          r.clientRequestId ?? '',
          r.characters,
          csvYuan(r.fen, places),
        ])
      : (rows as readonly DebitRecord[]).map((r) => {
          // 金额 is signed, a top-up adding; the payments carry its sign, so they sum to it.
          const sign = r.type === '充值' ? 1 : -1;
          return [
            r.type,
            csvTime(r.hour),
            r.model === 'clone' ? '克隆' : (r.model ?? ''),
            r.characters,
            csvYuan(sign * r.fen, places),
            csvYuan(sign * r.voucherFen, places),
            csvYuan(sign * r.cashFen, places),
            csvYuan(r.uncollectedFen, places),
          ];
        });
  return [fields, ...lines].map(csvLine).join('\r\n') + '\r\n';
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

/** A clone's voice as the mock keeps it. */
interface StoredVoice {
  /** The voice object's fields that do not change with time. */
  readonly fields: Json;
  readonly createdAt: number;
  /** When it stops processing, and how. */
  readonly settlesAt: number;
  readonly outcome: 'ready' | 'failed';
  readonly failureReason: string | null;
  /** The `X-Client-Request-Id` of the request that created it, on its fee's usage line (D194). */
  readonly clientRequestId?: string;
  deletedAt?: number;
}

/** Prism's answer, read whole. */
interface PrismAnswer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
  readonly violations: string[];
}

/** Headers of Prism's answer that the proxy sets itself or that belong to Prism's connection. */
const ownHeaders = [
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'x-request-id',
  'x-billed-characters',
  'idempotent-replayed',
  'x-client-request-id',
];

/** The format of `X-Client-Request-Id` (D168), as common.yaml's parameter states it. */
const clientRequestIdPattern = /^[A-Za-z0-9_-]{1,64}$/;

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
  const fieldRefusal = requestChecker(doc);
  const fingerprintOf = cloneFingerprint(doc);
  const voicePath = ((doc.paths as Json)['/v1/voices/{voice_id}'] ?? {}) as Json;
  const exampleVoiceId = String(
    ((voicePath.parameters ?? []) as Json[]).find((p) => p.name === 'voice_id')?.example ?? '',
  );
  const cloneForm = (
    ((doc.components as Json).schemas as Record<string, Json>).CreateVoiceRequest ?? {}
  ).properties as Record<string, Json>;

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

  /** Forwards a request to Prism (multipart rewritten for its parser) and reads the answer. */
  const toPrism = (
    method: string,
    url: string,
    incoming: IncomingHttpHeaders,
    raw: Buffer,
  ): Promise<PrismAnswer> => {
    const body = forPrism(raw, String(incoming['content-type'] ?? ''));
    const headers = { ...incoming };
    delete headers['transfer-encoding'];
    if (body.length > 0 || headers['content-length'] !== undefined) {
      headers['content-length'] = String(body.length);
    }
    return new Promise((resolve, reject) => {
      const upstream = httpRequest(
        { host: '127.0.0.1', port, method, path: url, headers },
        (answer) => {
          const chunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => chunks.push(chunk));
          answer.on('error', reject);
          answer.on('end', () => {
            const violations = JSON.parse(String(answer.headers['sl-violations'] ?? '[]')) as {
              severity: string;
              location: string[];
              message: string;
            }[];
            resolve({
              status: answer.statusCode ?? 502,
              headers: answer.headers,
              body: Buffer.concat(chunks),
              violations: violations
                .filter((v) => v.severity === 'Error')
                .map((v) => `${v.location.join('.')}: ${v.message}`),
            });
          });
        },
      );
      upstream.on('error', reject);
      upstream.end(body);
    });
  };

  const recorders = new Set<Recorder>();
  async function record(account: AccountOptions = {}): Promise<Recorder> {
    const clock = account.clock ?? realClock;
    const requests: RecordedRequest[] = [];
    let sequence = 0;
    const perMinute = limit('requestsPerMinute').value;
    const windows = new Map<string, { window: number; count: number }>();
    let speechInFlight = 0;
    const faults = new Map<string, Fault[]>();
    const voices = new Map<string, StoredVoice>();
    const deleted = new Set<string>();
    // The keys that created a voice in this run (D61), one request per key at a time (D75).
    const keys = new Map<string, { fingerprint: string; voiceId: string; createdAt: number }>();
    const keyLocks = new Map<string, Promise<void>>();
    const keyTtlMs = idempotencyKeyHours * 3_600_000;
    const processingLimitMs = limit('cloneProcessingTime').value * 60_000;

    // The balance, when the account has one: debited hour by hour (D70), vouchers first (D148).
    const hourMs = debitRule.periodMinutes * 60_000;
    const hourOf = (t: number) => Math.floor(t / hourMs);
    const opened = clock.now();
    const vouchers = [
      ...(account.voucherFen === undefined
        ? []
        : [{ fen: account.voucherFen, expiresAt: opened + signupVoucher.validDays * 86_400_000 }]),
      ...(account.vouchers ?? []),
    ]
      .map((v, i) => ({
        id: `vch_mock_${i + 1}`,
        amount: v.fen,
        remaining: v.fen,
        expiresAt: v.expiresAt,
      }))
      // Earliest expiry first: the order they are spent in, and the order `vouchers[]` lists.
      .sort((a, b) => a.expiresAt - b.expiresAt);
    const ledger =
      account.cashFen === undefined && vouchers.length === 0
        ? null
        : {
            cash: account.cashFen ?? 0,
            vouchers,
            /** The balance the account opened with, in fen: the first month's opening (D171). */
            opening: (account.cashFen ?? 0) + vouchers.reduce((n, v) => n + v.amount, 0),
            /** The first hour not debited yet. */
            nextHour: hourOf(opened),
          };
    /** Vouchers that count in the balance at `t`: not expired, not used up. */
    const liveVouchers = (t: number) =>
      (ledger?.vouchers ?? []).filter((v) => v.expiresAt > t && v.remaining > 0);
    const debitLog: DebitRecord[] = [];
    const speechUsage: UsageRecord[] = [];
    /** Synthesis start times of the requests still running: their hours wait to be debited. */
    const running = new Set<{ since: number }>();
    /** Reservations in thousandths of a fen: costs are exact to 0.001 fen (D169). */
    let reservedMilli = 0;

    const statusOf = (v: StoredVoice, t = clock.now()) =>
      t < v.settlesAt ? 'processing' : v.outcome;
    const voiceJson = (v: StoredVoice): Json => {
      const status = statusOf(v);
      return { ...v.fields, status, failure_reason: status === 'failed' ? v.failureReason : null };
    };
    /** A clone fee is billed when its voice turns `ready` before any deletion (D62, D67). */
    const cloneFees = (t: number): UsageRecord[] =>
      [...voices.values()].flatMap((v) =>
        v.outcome === 'ready' &&
        v.settlesAt <= t &&
        (v.deletedAt === undefined || v.settlesAt <= v.deletedAt)
          ? [
              {
                id: String(v.fields.voice_id),
                ...(v.clientRequestId === undefined ? {} : { clientRequestId: v.clientRequestId }),
                model: 'clone' as const,
                characters: 0,
                fen: clonePriceFen,
                at: v.settlesAt,
              },
            ]
          : [],
      );
    const usage = () => [...speechUsage, ...cloneFees(clock.now())].sort((a, b) => a.at - b.at);

    /** An hour's debit lines: each model's sum rounded half up, and the clone fees (D70). */
    function hourLines(
      inHour: readonly UsageRecord[],
    ): { model: ModelId | 'clone'; characters: number; fen: number }[] {
      const lines = (Object.keys(speechPriceFen) as ModelId[]).map((model) => {
        const characters = inHour
          .filter((r) => r.model === model)
          .reduce((n, r) => n + r.characters, 0);
        return {
          model,
          characters,
          fen: roundHalfUp(characters * speechPriceFen[model], billingUnitCharacters),
        };
      });
      const fees = inHour.filter((r) => r.model === 'clone').reduce((n, r) => n + r.fen, 0);
      return [...lines, { model: 'clone' as const, characters: 0, fen: fees }].filter(
        (l) => l.fen > 0 || l.characters > 0,
      );
    }
    const hourDebit = (inHour: readonly UsageRecord[]): number =>
      hourLines(inHour).reduce((n, l) => n + l.fen, 0);

    /**
     * Debits every whole hour that has ended (D70). An hour is paid by the vouchers valid at its
     * start, earliest expiry first, then by cash (D148); what a voucher that expired under a
     * reservation leaves unpaid is not charged: the balance never goes below zero.
     */
    function settle(): void {
      if (!ledger) return;
      const oldest = Math.min(clock.now(), ...[...running].map((r) => r.since));
      const upTo = hourOf(oldest);
      const due = usage().filter((r) => hourOf(r.at) >= ledger.nextHour && hourOf(r.at) < upTo);
      for (let hour = ledger.nextHour; hour < upTo; hour += 1) {
        const start = hour * hourMs;
        for (const line of hourLines(due.filter((r) => hourOf(r.at) === hour))) {
          let rest = line.fen;
          let voucherFen = 0;
          for (const v of ledger.vouchers.filter((x) => x.expiresAt > start)) {
            const take = Math.min(v.remaining, rest);
            v.remaining -= take;
            rest -= take;
            voucherFen += take;
          }
          const cashFen = Math.min(rest, Math.max(0, ledger.cash));
          ledger.cash -= cashFen;
          // The amount is what was taken; what could not be is beside it (D172).
          debitLog.push({
            type: '扣费',
            hour: beijingHour(start),
            ...line,
            fen: voucherFen + cashFen,
            voucherFen,
            cashFen,
            uncollectedFen: line.fen - voucherFen - cashFen,
          });
        }
        // A voucher that expired within the hour paid it; its expiry row follows, dated by the
        // hour, with what it held after the debit (D173).
        for (const v of ledger.vouchers) {
          if (v.expiresAt > start && v.expiresAt <= start + hourMs && v.remaining > 0) {
            debitLog.push({
              type: '代金券过期',
              hour: beijingHour(start),
              model: null,
              characters: 0,
              fen: v.remaining,
              voucherFen: v.remaining,
              cashFen: 0,
              uncollectedFen: 0,
            });
            v.remaining = 0;
          }
        }
      }
      ledger.nextHour = Math.max(ledger.nextHour, upTo);
    }
    /**
     * What a check may spend (`available_balance`, D128), in thousandths of a fen: the balance now, less
     * the usage not yet debited (as its hours will be debited), the reservations of running
     * syntheses (D99) and the fees of processing clones.
     */
    function available(): number {
      if (!ledger) return Infinity;
      settle();
      const t = clock.now();
      const pending = usage().filter((r) => hourOf(r.at) >= ledger.nextHour);
      const hours = new Set(pending.map((r) => hourOf(r.at)));
      const undebited = [...hours].reduce(
        (n, hour) => n + hourDebit(pending.filter((r) => hourOf(r.at) === hour)),
        0,
      );
      const processing = [...voices.values()].filter(
        (v) => v.deletedAt === undefined && statusOf(v, t) === 'processing',
      ).length;
      const voucherFen = liveVouchers(t).reduce((n, v) => n + v.remaining, 0);
      return (
        (ledger.cash + voucherFen - undebited - processing * clonePriceFen) * 1000 - reservedMilli
      );
    }
    /**
     * `available_balance` as it is returned, floored to the fen (D128), in fen: the balance check
     * compares a cost with this very figure, so a cost above the returned one is refused (D169).
     */
    function availableFen(): number {
      return ledger ? Math.max(0, Math.floor(available() / 1000)) : Infinity;
    }
    /** Whether a cost in thousandths of a fen passes the balance check (D169). */
    const affords = (costMilli: number) => costMilli <= availableFen() * 1000;

    /** Takes the key's turn: resolves, with its release, when earlier same-key requests ended. */
    function lockKey(key: string): Promise<() => void> {
      const previous = keyLocks.get(key) ?? Promise.resolve();
      let release!: () => void;
      const done = new Promise<void>((resolve) => (release = resolve));
      const tail = previous.then(() => done);
      keyLocks.set(key, tail);
      return previous.then(() => () => {
        release();
        if (keyLocks.get(key) === tail) keyLocks.delete(key);
      });
    }

    async function handle(
      req: IncomingMessage,
      res: ServerResponse,
      raw: Buffer,
      bodyEnd: number,
    ): Promise<void> {
      const method = req.method ?? 'GET';
      const url = req.url ?? '/';
      const operationId = operationOf(method, url);
      const requestId = `req_mock_${(sequence += 1)}`;
      // The client's own ID (D168): echoed and recorded when well formed, refused below if not.
      const sentClientId = req.headers['x-client-request-id'] as string | undefined;
      const clientIdValid = sentClientId === undefined || clientRequestIdPattern.test(sentClientId);
      const clientRequestId = clientIdValid ? sentClientId : undefined;
      const echo: OutgoingHttpHeaders =
        clientRequestId === undefined ? {} : { 'x-client-request-id': clientRequestId };
      const recordAs = (status: number, violations: string[]) =>
        requests.push({
          method,
          url,
          operationId,
          status,
          violations,
          authorization: req.headers.authorization ?? null,
          idempotencyKey: (req.headers['idempotency-key'] as string | undefined) ?? null,
          at: bodyEnd,
          requestId,
          ...(clientRequestId === undefined ? {} : { clientRequestId }),
        });
      const now = clock.now();
      const apiKey = authorised(req.headers) ? String(req.headers.authorization) : null;
      let rate = rateLimitHeaders(0, now);

      /** Every answer carries the request's ID and the rate-limit headers (D16, D91). */
      const reply = (
        status: number,
        headers: OutgoingHttpHeaders,
        body: Buffer | string,
        violations: string[] = [],
      ) => {
        recordAs(status, violations);
        const data = Buffer.from(body);
        res
          .writeHead(status, {
            ...headers,
            ...rate,
            ...echo,
            'x-request-id': requestId,
            'content-length': String(data.length),
          })
          .end(data);
      };
      /** The API's own error: JSON, its `request_id` the response's `X-Request-Id` (D64). */
      const refuse = (refusal: Refusal, headers: OutgoingHttpHeaders = {}) => {
        const status = errorByCode(refusal.code)!.status;
        const error = { ...refusal, request_id: requestId };
        // Every 503 and 429 says when to come back, the processing-time limit's too (D16, D109).
        // A 429 made by `Fault` says what its message says (the catalogue's example).
        const seconds = status === 429 ? (/(\d+) 秒/.exec(refusal.message)?.[1] ?? '1') : '1';
        const retry = status === 503 || status === 429 ? { 'retry-after': seconds } : {};
        reply(
          status,
          { 'content-type': 'application/json', ...retry, ...headers },
          JSON.stringify({ error }),
          [`${String(refusal.param)}: ${refusal.message}`],
        );
      };
      const failure = (status: FailStatus): Refusal => ({
        code: failCodes[status],
        ...errorByCode(failCodes[status])!.example,
      });
      const headersOf = (answer: PrismAnswer): OutgoingHttpHeaders => {
        const headers: OutgoingHttpHeaders = { ...answer.headers };
        for (const name of ownHeaders) delete headers[name];
        return headers;
      };
      /** Prism's answer as the API would send it: the error's `request_id` is this request's. */
      const passOn = (answer: PrismAnswer) => {
        let body = answer.body;
        if (answer.status >= 400 && /json/.test(String(answer.headers['content-type']))) {
          const parsed = JSON.parse(body.toString('utf8')) as { error?: Json };
          // Prism's own problems (406, 422) have no error object: passed on as they are.
          if (parsed.error) {
            parsed.error.request_id = requestId;
            body = Buffer.from(JSON.stringify(parsed));
          }
        }
        reply(answer.status, headersOf(answer), body, answer.violations);
      };
      const voiceError = (code: string, voiceId: string): Refusal => {
        const { message, param } = errorByCode(code)!.example;
        return { code, param, message: message.replaceAll(exampleVoiceId, voiceId) };
      };

      // Authentication first: a request without a key is Prism's 401, counted toward no key.
      if (apiKey !== null) {
        const window = Math.floor(now / rateWindowMs);
        let counter = windows.get(apiKey);
        if (!counter || counter.window !== window) {
          counter = { window, count: 0 };
          windows.set(apiKey, counter);
        }
        rate = rateLimitHeaders(counter.count, now);
        // The rate, then concurrency (D71, D98); a 429 counts toward neither.
        if (counter.count >= perMinute) {
          const reset = rate['x-ratelimit-reset'];
          refuse(
            {
              code: 'rate_limited',
              param: null,
              message: `请求过于频繁，请在 ${reset} 秒后重试。`,
            },
            { 'retry-after': reset },
          );
          return;
        }
        if (operationId === 'createSpeech' && speechInFlight >= limit('concurrentRequests').value) {
          refuse(
            {
              code: 'rate_limited',
              param: null,
              message: `同时进行中的合成请求已达 ${limit('concurrentRequests').value} 个的上限，请在 1 秒后重试。`,
            },
            { 'retry-after': '1' },
          );
          return;
        }
        counter.count += 1;
        rate = rateLimitHeaders(counter.count, now);
      }
      if (apiKey === null || operationId === null) {
        passOn(await toPrism(method, url, req.headers, raw));
        return;
      }
      // A field like any other: after the rate, before the operation's own checks (D168).
      if (!clientIdValid) {
        // The catalogue's own example: the reference shows the same object.
        const { message, param } =
          errorByCode('invalid_request')!.examples!['client-request-id-malformed'];
        return refuse({ code: 'invalid_request', param: param!, message });
      }
      // The fields, before any state is looked at; a clone's and a synthesis's in their places.
      if (operationId !== 'createVoice' && operationId !== 'createSpeech') {
        const own = fieldRefusal(operationId, url, req.headers, raw);
        if (own) return refuse(own);
      }
      const fault = faults.get(operationId)?.shift();

      if (operationId === 'createSpeech') {
        // In progress until its answer ends, however it ends.
        speechInFlight += 1;
        res.once('close', () => (speechInFlight -= 1));
        const own = fieldRefusal(operationId, url, req.headers, raw);
        if (own) return refuse(own);
        if (fault?.delayMs) await delay(fault.delayMs);
        if (fault?.fail?.when === 'before') return refuse(failure(fault.fail.status));
        let request: Json | null = null;
        try {
          const parsed = JSON.parse(raw.toString('utf8')) as unknown;
          if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
            request = parsed as Json;
          }
        } catch {
          // Prism reports a body that is not JSON
        }
        const format = (request?.output_format ?? {}) as Json;
        const container =
          audioContainers.find(
            (c) => c.container === (format.container ?? outputFormatDefaults.container),
          ) ?? audioContainers[0];
        // `Accept` is ignored: the container decides the media type (D106).
        const answer = await toPrism(
          method,
          url,
          // Errors stay JSON.
          { ...req.headers, accept: `${container.mediaType}, application/json;q=0.5` },
          raw,
        );
        if (answer.status !== 200 || !request) return passOn(answer);
        // After the fields: the voice, the balance, then moderation (D98).
        const voiceId = String(request.voice_id);
        const stored = voices.get(voiceId);
        if (deleted.has(voiceId)) return refuse(voiceError('voice_not_found', voiceId));
        if (stored && statusOf(stored) === 'processing') {
          return refuse(voiceError('voice_not_ready', voiceId));
        }
        if (stored && statusOf(stored) === 'failed') {
          return refuse(voiceError('voice_clone_failed', voiceId));
        }
        const text = String(request.text);
        const markup = textMarkupOf(request.text_markup);
        const model = (request.model ?? defaultModel.id) as ModelId;
        const characters = billedCharacters(text, markup);
        const cost = speechCostFen(characters, model);
        // Exact, in thousandths of a fen: every price is a whole number of them (D169).
        const costMilli = Math.round(cost * 1000);
        if (!affords(costMilli)) {
          return refuse({
            code: 'insufficient_credit',
            ...errorByCode('insufficient_credit')!.example,
          });
        }
        if (account.rejectsText?.(text)) {
          return refuse({ code: 'content_rejected', ...errorByCode('content_rejected')!.example });
        }
        // The whole text's cost is reserved until the request ends (D99).
        reservedMilli += costMilli;
        const run = { since: clock.now() };
        running.add(run);
        let gone = false;
        res.once('close', () => (gone = !res.writableFinished));
        const started: UsageRecord[] = [];
        const headers: OutgoingHttpHeaders = {
          ...headersOf(answer),
          'content-type': container.mediaType,
          'x-billed-characters': String(characters),
        };
        try {
          // The text is cut as a context's is (D2, D69); the time limit runs from the end of
          // the body (D95).
          const segments = segmentText(text, { markup, final: true }).segments;
          const deadline = bodyEnd + limit('httpTimeout').value * 1000;
          const segmentMs = account.segmentMs ?? 0;
          const stream = request.stream === true;
          const audio: Buffer[] = [];
          if (stream) {
            recordAs(200, []);
            // The 200 and its headers go out before the first segment's audio.
            res
              .writeHead(200, { ...headers, ...rate, ...echo, 'x-request-id': requestId })
              .flushHeaders();
          }
          for (const [i, segment] of segments.entries()) {
            if (gone) break; // the client left: later segments never start
            const timedOut = clock.now() + segmentMs > deadline;
            // A stream never leaves more than the gap between two chunks (D150).
            const gapMs = limit('streamChunkGap').value * 1000;
            const tooSlow = stream && !timedOut && segmentMs > gapMs;
            if (timedOut || tooSlow || fault?.breakAtSegment === i) {
              // The segment the limit or the failure hits is the server's failure: not billed.
              if (timedOut) await clock.sleep(Math.max(0, deadline - clock.now()));
              if (tooSlow) await clock.sleep(gapMs);
              if (stream) {
                res.destroy();
                return;
              }
              // A non-2xx bills nothing, even what had started (D41).
              started.length = 0;
              return refuse(
                timedOut
                  ? {
                      code: 'service_unavailable',
                      ...errorByCode('service_unavailable')!.examples!['processing-timeout'],
                    }
                  : failure(500),
              );
            }
            // Billed once its synthesis starts (D7), to the hour it started (D70).
            started.push({
              id: requestId,
              ...(clientRequestId === undefined ? {} : { clientRequestId }),
              model,
              characters: billedCharacters(segment, markup),
              fen: speechCostFen(billedCharacters(segment, markup), model),
              at: clock.now(),
            });
            await clock.sleep(segmentMs);
            if (stream && !gone) {
              // Written to the connection before the next segment starts (D30, D46).
              await new Promise<void>((resolve) => res.write(answer.body, () => resolve()));
            } else if (!stream) audio.push(answer.body);
          }
          if (stream) {
            if (!gone) res.end();
            return;
          }
          if (fault?.fail?.when === 'after') {
            started.length = 0;
            return refuse(failure(fault.fail.status));
          }
          if (!gone) {
            reply(200, headers, audio.length > 0 ? Buffer.concat(audio) : answer.body);
          }
        } finally {
          reservedMilli -= costMilli;
          running.delete(run);
          speechUsage.push(...started);
        }
        return;
      }

      if (operationId === 'createVoice') {
        // Size, format, fields, duration, consent (D68); then the key, quota, balance.
        const own = cloneRefusal(req.headers, raw);
        if (own) return refuse(own);
        const contentType = String(req.headers['content-type'] ?? '');
        const key = req.headers['idempotency-key'] as string | undefined;
        const fingerprint = key === undefined ? null : fingerprintOf(raw, contentType);
        // A later request with the same key waits for the first (D75).
        const unlock = key === undefined ? () => {} : await lockKey(key);
        try {
          const t = clock.now();
          let earlier = key === undefined ? undefined : keys.get(key);
          // A key is forgotten 24 hours after its voice was created (D93).
          if (key !== undefined && earlier && t - earlier.createdAt >= keyTtlMs) {
            keys.delete(key);
            earlier = undefined;
          }
          // Compared with what the first request sent, never the voice's fields now (D100).
          if (earlier && earlier.fingerprint !== fingerprint) {
            return refuse(
              { code: 'idempotency_conflict', ...errorByCode('idempotency_conflict')!.example },
              { location: `/v1/voices/${earlier.voiceId}` },
            );
          }
          // A replay: the voice as it is now; no quota or balance check (D61, D75).
          if (earlier) {
            return reply(
              201,
              { 'content-type': 'application/json', 'idempotent-replayed': 'true' },
              JSON.stringify(voiceJson(voices.get(earlier.voiceId)!)),
            );
          }
          const held = [...voices.values()].filter((v) => v.deletedAt === undefined).length;
          if ((account.customVoices ?? 0) + held >= limit('customVoices').value) {
            // No API tells the quota: the message states it and the count (D175).
            const quota = limit('customVoices').value;
            return refuse({
              code: 'voice_limit_reached',
              param: null,
              message: voiceLimitMessage((account.customVoices ?? 0) + held, quota),
            });
          }
          if (!affords(clonePriceFen * 1000)) {
            return refuse({
              code: 'insufficient_credit',
              ...errorByCode('insufficient_credit')!.example,
            });
          }
          // Creating takes this long; a same-key request arriving meanwhile waits for it.
          if (fault?.delayMs) await delay(fault.delayMs);
          if (fault?.fail?.when === 'before') return refuse(failure(fault.fail.status));
          const answer = await toPrism(method, url, req.headers, raw);
          if (answer.status !== 201) return passOn(answer);
          // The voice as the request describes it; an omitted or empty description is null (D105).
          const form = Object.fromEntries(
            (formParts(raw, contentType) ?? []).map((p) => [p.name, p.data.toString('utf8')]),
          );
          const voiceId = `voice_custom_${randomBytes(4).toString('hex')}`;
          const cloneMs = account.cloneMs ?? 0;
          const timedOut = cloneMs > processingLimitMs;
          const createdAt = clock.now();
          const voice: StoredVoice = {
            fields: {
              voice_id: voiceId,
              type: 'custom',
              name: form.name,
              description: form.description ? form.description : null,
              language: form.language,
              gender: form.gender ?? cloneForm.gender?.default ?? 'neutral',
              created_at: new Date(createdAt).toISOString().replace(/\.\d+Z$/, 'Z'),
            },
            createdAt,
            settlesAt: createdAt + Math.min(cloneMs, processingLimitMs),
            outcome: timedOut || account.cloneFailure ? 'failed' : 'ready',
            failureReason: timedOut
              ? `克隆在 ${limit('cloneProcessingTime').value} 分钟的处理时间上限内没有完成。`
              : (account.cloneFailure ?? null),
            ...(clientRequestId === undefined ? {} : { clientRequestId }),
          };
          voices.set(voiceId, voice);
          // Saved when its voice is created, never before (D88).
          if (key !== undefined && fingerprint !== null) {
            keys.set(key, { fingerprint, voiceId, createdAt });
          }
          if (fault?.fail?.when === 'after') return refuse(failure(fault.fail.status));
          // New: `processing`, whatever the clone's pace; readable from now on (D72).
          reply(
            201,
            { ...headersOf(answer), 'content-type': 'application/json' },
            JSON.stringify({ ...voice.fields, status: 'processing', failure_reason: null }),
          );
        } finally {
          unlock();
        }
        return;
      }

      if (['getVoice', 'updateVoice', 'deleteVoice'].includes(operationId)) {
        const voiceId = decodeURIComponent(new URL(url, 'http://mock').pathname.split('/')[3]);
        if (fault?.delayMs) await delay(fault.delayMs);
        if (fault?.fail?.when === 'before') return refuse(failure(fault.fail.status));
        const answer = await toPrism(method, url, req.headers, raw);
        if (answer.status >= 300) return passOn(answer);
        // A deleted voice is gone for every request (D15); a resent delete learns it (D96).
        if (deleted.has(voiceId)) return refuse(voiceError('voice_not_found', voiceId));
        const stored = voices.get(voiceId);
        if (operationId === 'deleteVoice') {
          deleted.add(voiceId);
          if (stored) stored.deletedAt = clock.now();
          // A deleted voice takes its key along: the next request with it creates anew (D78).
          for (const [k, v] of keys) if (v.voiceId === voiceId) keys.delete(k);
          if (fault?.fail?.when === 'after') return refuse(failure(fault.fail.status));
          return passOn(answer);
        }
        if (!stored) return passOn(answer);
        if (operationId === 'updateVoice') {
          const patch = JSON.parse(raw.toString('utf8')) as Json;
          const fields = stored.fields as Record<string, unknown>;
          for (const name of ['name', 'gender'] as const) {
            if (patch[name] !== undefined) fields[name] = patch[name];
          }
          // `""` clears the description.
          if (patch.description !== undefined) fields.description = patch.description || null;
        }
        return reply(
          200,
          { ...headersOf(answer), 'content-type': 'application/json' },
          JSON.stringify(voiceJson(stored)),
        );
      }

      if (operationId === 'getCredit' && ledger) {
        const answer = await toPrism(method, url, req.headers, raw);
        if (answer.status !== 200) return passOn(answer);
        // The balance after the last hourly debit: this hour's usage is not in it yet (D70).
        settle();
        const t = clock.now();
        const live = liveVouchers(t);
        const voucherFen = live.reduce((n, v) => n + v.remaining, 0);
        const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d+Z$/, 'Z');
        return reply(
          200,
          { ...headersOf(answer), 'content-type': 'application/json' },
          JSON.stringify({
            currency,
            total_balance: yuan(ledger.cash + voucherFen),
            // What the next balance check may spend, down to the fen (D128).
            available_balance: yuan(availableFen()),
            cash_balance: yuan(ledger.cash),
            voucher_balance: yuan(voucherFen),
            // Earliest expiry first, the order they are spent in (D148).
            vouchers: live.map((v) => ({
              voucher_id: v.id,
              amount: yuan(v.amount),
              remaining: yuan(v.remaining),
              expires_at: iso(v.expiresAt),
            })),
          }),
        );
      }

      if (fault?.fail?.when === 'before') return refuse(failure(fault.fail.status));
      passOn(await toPrism(method, url, req.headers, raw));
    }

    const proxy = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        handle(req, res, Buffer.concat(chunks), clock.now()).catch((error: unknown) => {
          // Prism did not answer: a gateway's 502, not JSON (D64).
          requests.push({
            method: req.method ?? 'GET',
            url: req.url ?? '/',
            operationId: operationOf(req.method ?? 'GET', req.url ?? '/'),
            status: 502,
            violations: [`the mock did not answer: ${String(error)}`],
            authorization: req.headers.authorization ?? null,
            idempotencyKey: (req.headers['idempotency-key'] as string | undefined) ?? null,
            at: clock.now(),
          });
          if (!res.headersSent) res.writeHead(502);
          res.end(String(error));
        });
      });
    });
    const proxyPort = await listen(proxy);
    const recorder: Recorder = {
      origin: `http://127.0.0.1:${proxyPort}`,
      requests,
      usage,
      records: () => {
        // One line per request (or clone fee) and hour; segments of one hour summed (D140).
        const lines = new Map<string, ConsoleUsageRecord>();
        for (const r of usage()) {
          const hour = beijingHour(hourOf(r.at) * hourMs);
          const line = lines.get(`${r.id} ${hour}`);
          const characters = (line?.characters ?? 0) + r.characters;
          const fen =
            r.model === 'clone'
              ? r.fen
              : roundHalfUp(characters * speechPriceFen[r.model] * 100, billingUnitCharacters) /
                100;
          lines.set(`${r.id} ${hour}`, {
            hour,
            api: r.model === 'clone' ? '克隆' : 'HTTP',
            model: r.model === 'clone' ? null : r.model,
            id: r.id,
            clientRequestId: r.clientRequestId ?? null,
            characters,
            fen,
          });
        }
        return [...lines.values()];
      },
      debits: () => {
        settle();
        return [...debitLog];
      },
      topUp: (fen) => {
        if (!ledger) throw new Error('topUp needs an account with a balance');
        // Debits of hours already ended come first, so the rows stay in the order of events.
        settle();
        ledger.cash += fen;
        const t = clock.now();
        debitLog.push({
          type: '充值',
          hour: `${beijingHour(t).slice(0, 11)}${new Date(t + debitRule.utcOffsetHours * 3_600_000).toISOString().slice(11, 16)}`,
          model: null,
          characters: 0,
          fen,
          voucherFen: 0,
          cashFen: fen,
          uncollectedFen: 0,
        });
      },
      months: () => {
        settle();
        // Each Beijing month opens with the last one's closing; its rows take their amounts off.
        const out: { month: string; opening: number; rows: DebitRecord[]; closing: number }[] = [];
        let balance = ledger?.opening ?? 0;
        for (const row of debitLog) {
          const month = row.hour.slice(0, 7);
          let statement = out.at(-1);
          if (statement?.month !== month) {
            statement = { month, opening: balance, rows: [], closing: balance };
            out.push(statement);
          }
          statement.rows.push(row);
          balance += row.type === '充值' ? row.fen : -row.fen;
          statement.closing = balance;
        }
        return out;
      },
      fault: (operationId, fault) => {
        faults.set(operationId, [...(faults.get(operationId) ?? []), fault]);
      },
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
