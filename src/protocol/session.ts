/**
 * The server side of one speech websocket session, as the AsyncAPI document
 * (api-specs/speech-websocket.yaml) states it, with no I/O and no timers: the caller hands it
 * client frames with the time they arrived (a logical clock in ms) and asks for the server events
 * due by a time. The test mock (tests/mock/websocket-mock.ts) runs it on real timers, the
 * simulator on /guides/contexts in a web worker: one model, so the two cannot disagree.
 *
 * Per context: text is cut into segments by `segmentText` (D2); each context synthesises one
 * segment at a time (D30), the first at once, the next when the previous one's audio has been
 * sent; a segment is billed once it starts (D7), unless the server fails it (`failSegment`,
 * `internal_error`). `cancel` sends `done` at once, billing the segments sent and the one in
 * synthesis. Settings belong to the first `generate` (D5, D22); an ended `context_id` is never
 * reused (D4). Errors end the context they name, carrying its `billed_characters`, except those
 * that end nothing (`billed_characters: null`). Frames that are not JSON close with 1008; no
 * accepted client message for the idle timeout closes with 4000 (D11).
 *
 * Simplified on purpose: one audio chunk per segment, and its `timestamps` name the segment as
 * one word (its text without markup, as `words[].text` says), where the service cuts words.
 */
import { estimatedSeconds, outputFormatError } from '../data/audioFormats';
import { errorByCode } from '../data/errors';
import { limit } from '../data/limits';
import { billedCharacters } from '../data/pricing';
import {
  pronunciationError,
  spokenText,
  textMarkupOf,
  type TextMarkup,
} from '../data/pronunciation';
import { presetVoices } from '../data/voices';
import {
  audioExampleData,
  closeCauses,
  closeCodes,
  contextIdPattern,
  schemaError,
  validatorOf,
} from './schemas';
import { segmentText } from './segment';
import { changedSetting } from './settings';

export type Json = Record<string, unknown>;

/** A frame from the client: a text frame's data, or a binary frame. */
export type ClientFrame = { readonly text: string } | { readonly binary: true };

export type SessionEvent =
  | {
      readonly kind: 'message';
      /** When the server sends it (ms on the caller's clock). */
      readonly at: number;
      readonly message: Json;
      /** For `audio`: how long the chunk plays (simulated speaking time of its segment). */
      readonly durationMs?: number;
    }
  | {
      readonly kind: 'close';
      readonly at: number;
      readonly code: number;
      readonly reason: string;
      /** Who closed: the server (a close code of the document) or the client. */
      readonly by: 'server' | 'client';
    };

export interface ReceiveResult {
  /** The frame parsed, or null when it was not a JSON text frame. */
  readonly message: Json | null;
  /** Why the frame or message was refused, or null. */
  readonly rejected: string | null;
  /** What the server sends at once in answer (an `error`, a cancel's `done`, a close). */
  readonly events: SessionEvent[];
}

/** What a context cost, as the account's usage records show it. */
export interface UsageRecord {
  readonly contextId: string;
  readonly billedCharacters: number;
  /** How it ended: its `done`, an ending `error`, or the connection's close (D6). */
  readonly end: 'done' | 'error' | 'close';
}

/** The errors with which the server can fail a segment instead of sending its audio. */
export type SegmentFailure = 'internal_error' | 'content_rejected' | 'insufficient_credit';

export interface SessionOptions {
  /** Time between two streamed messages of a context (ms). */
  readonly stepMs?: number;
  /** The idle timeout (ms); the API's limit by default. */
  readonly idleTimeoutMs?: number;
  /** The request id of the n-th error (1-based). */
  readonly requestId?: (n: number) => string;
  /** When the connection opened on the caller's clock (the idle timer starts there). */
  readonly openedAt?: number;
  /**
   * Whether the server fails a context's segment (0-based, in order): it then sends the error
   * (`true`: `internal_error`) where the segment's audio would be, ending the context; the
   * segment is not billed (D7, D8). `content_rejected` and `insufficient_credit` are found when
   * the segment is checked before its synthesis, so nothing is in synthesis then either (D47).
   * For tests of resending and billing.
   */
  readonly failSegment?: (contextId: string, index: number) => boolean | SegmentFailure;
  /**
   * Whether a voice exists now (the account's voices change while a connection is open): the
   * preset voices and the `voice_custom_` ids of the spec's examples by default.
   */
  readonly voiceExists?: (voiceId: string) => boolean;
}

/** The idle timeout of the API, in ms (src/data/limits.ts). */
export const idleTimeoutMs = limit('websocketIdleTimeout').value * 1000;
const knownVoices = new Set(presetVoices.map((v) => v.voiceId));
/** Preset voices, and voices cloned through the HTTP API (the spec's examples use this prefix). */
const isKnownVoice = (id: string) => knownVoices.has(id) || id.startsWith('voice_custom_');
/** A `context_id` an `error` can name: a string of the document's `ContextId` pattern. */
const contextIdRe = new RegExp(contextIdPattern);
const wellFormedId = (id: unknown): string | null =>
  typeof id === 'string' && contextIdRe.test(id) ? id : null;
const reasonOf = (code: number) =>
  Object.entries(closeCodes).find(([, c]) => c === code)?.[0] ?? '';

/** The word of a segment for its `timestamps`: its spoken text, outer punctuation trimmed. */
const wordOf = (text: string, markup: TextMarkup) =>
  spokenText(text, markup).replace(/^[\s\p{P}]+|[\s\p{P}]+$/gu, '');

interface Segment {
  readonly index: number;
  readonly text: string;
}

type Queued =
  | {
      readonly message: Json;
      readonly durationMs?: number;
      /** The last audio of the segment in synthesis: the next segment starts once it is sent. */
      readonly endsSegment?: true;
    }
  /** The server fails the segment in synthesis here, with this error. */
  | { readonly fail: Segment; readonly code: SegmentFailure };

interface Context {
  readonly id: string;
  /** The first generate: its settings hold for the context (D5). */
  readonly first: Json;
  readonly markup: TextMarkup;
  /** Text received and not yet in a segment (never billed). */
  buffer: string;
  /** Segments waiting for synthesis, in order (never billed if dropped). */
  readonly pending: Segment[];
  /** The segment in synthesis: billed, its audio not all sent yet. */
  current: Segment | null;
  /** What the segment in synthesis added to `billed` (0 for a segment the server fails). */
  currentBilled: number;
  segments: number;
  /** Characters of the segments that started synthesis. */
  billed: number;
  sequence: number;
  elapsedMs: number;
  /** The last generate arrived: `done` follows the last segment's messages. */
  final: boolean;
  readonly out: Queued[];
  /** When the context sends its next message; `order` breaks ties as timers would. */
  due?: { at: number; order: number };
}

export class Session {
  private readonly stepMs: number;
  private readonly idleMs: number;
  private readonly requestId: (n: number) => string;
  private readonly failSegment: (contextId: string, index: number) => boolean | SegmentFailure;
  private readonly voiceExists: (voiceId: string) => boolean;
  private readonly contexts = new Map<string, Context>();
  /** Ids of contexts that have ended: single-use per connection (D4). */
  private readonly ended = new Set<string>();
  private readonly records: UsageRecord[] = [];
  private lastClientAt: number;
  /** When the server last wrote a context's audio, timestamps or done (D55). */
  private lastServerAt = 0;
  private errors = 0;
  private order = 0;
  private closedAt: number | null = null;

  constructor(options: SessionOptions = {}) {
    this.stepMs = options.stepMs ?? 5;
    this.idleMs = options.idleTimeoutMs ?? idleTimeoutMs;
    this.requestId = options.requestId ?? ((n) => `req_sim_${n}`);
    this.lastClientAt = options.openedAt ?? 0;
    this.failSegment = options.failSegment ?? (() => false);
    this.voiceExists = options.voiceExists ?? isKnownVoice;
  }

  get closed(): boolean {
    return this.closedAt !== null;
  }

  /** Contexts open now (started, not yet ended by `done`, `error` or the close). */
  get openContexts(): string[] {
    return [...this.contexts.keys()];
  }

  /** What each ended context cost, in the order they ended. */
  get usage(): readonly UsageRecord[] {
    return this.records;
  }

  /** Whether a context has messages (or its `done`) still to send. */
  busy(): boolean {
    return !this.closed && [...this.contexts.values()].some((c) => c.due !== undefined);
  }

  /**
   * When the idle timeout closes the connection: the idle time after the later of the last client
   * message the server accepted (受理, D11) and the last audio, timestamps or done it wrote (D55).
   */
  private idleAt(): number {
    return Math.max(this.lastClientAt, this.lastServerAt) + this.idleMs;
  }

  /** When the next event is due, or undefined when the connection is closed. */
  nextAt(): number | undefined {
    if (this.closed) return undefined;
    let next = this.idleAt();
    for (const c of this.contexts.values()) if (c.due && c.due.at < next) next = c.due.at;
    return next;
  }

  /** The events due by `now`, in the order the server sends them. */
  advance(now: number): SessionEvent[] {
    const events: SessionEvent[] = [];
    while (!this.closed) {
      let first: Context | undefined;
      for (const c of this.contexts.values()) {
        if (!c.due || c.due.at > now) continue;
        if (
          !first ||
          c.due.at < first.due!.at ||
          (c.due.at === first.due!.at && c.due.order < first.due!.order)
        )
          first = c;
      }
      const idleAt = this.idleAt();
      if (first && first.due!.at <= idleAt) {
        const at = first.due!.at;
        const before = events.length;
        this.fire(first, events);
        // The idle timer does not run while audio is written (D55); an error does not restart it.
        const sent = events.slice(before).map((e) => (e.kind === 'message' ? e.message.type : ''));
        if (sent.some((t) => t === 'audio' || t === 'timestamps' || t === 'done')) {
          this.lastServerAt = at;
        }
      } else if (idleAt <= now) {
        events.push(this.shut(idleAt, closeCodes.idle_timeout, 'server'));
      } else break;
    }
    return events;
  }

  /** The client closes the connection (normally, unless told otherwise). */
  close(at: number, code = closeCodes.normal): SessionEvent[] {
    if (this.closed) return [];
    return [this.shut(at, code, 'client')];
  }

  /**
   * The server closes the connection. For its own reasons (1000, a planned drain; 1011; 1013) the
   * segment in synthesis is not billed (D31); for the client's (1008, 4000, 4002) it is, as after
   * any close (D6).
   */
  serverClose(at: number, code: number): SessionEvent[] {
    // The server closes only with the codes of `x-close-codes` (D27).
    if (!Object.values(closeCodes).includes(code)) {
      throw new RangeError(`close code ${code} is not in the document's x-close-codes`);
    }
    if (this.closed) return [];
    if (closeCauses[String(code)] === 'server') {
      for (const context of this.contexts.values()) {
        context.billed -= context.currentBilled;
        context.currentBilled = 0;
      }
    }
    return [this.shut(at, code, 'server')];
  }

  /** A client frame arrives at `at`. Call `advance(at)` first for the events due before it. */
  receive(frame: ClientFrame, at: number): ReceiveResult {
    if (this.closed) return { message: null, rejected: null, events: [] };
    const events: SessionEvent[] = [];
    const policy = (rejected: string): ReceiveResult => ({
      message: null,
      rejected,
      events: [this.shut(at, closeCodes.policy_violation, 'server')],
    });
    if ('binary' in frame) return policy('binary frame');
    let message: Json;
    try {
      message = JSON.parse(frame.text) as Json;
    } catch {
      return policy(`not JSON: ${frame.text.slice(0, 80)}`);
    }
    if (!message || typeof message !== 'object' || Array.isArray(message)) {
      // Valid JSON, but not a message object: an error with no context, the connection stays.
      this.error(at, null, 'invalid_request', '消息必须是 JSON 对象', null, events, false);
      return { message: null, rejected: 'not a JSON object', events };
    }
    let rejected: string | null = null;
    /** `ends: false` for an error that ends no context (`billed_characters: null`). */
    const reject = (
      reason: string,
      param: string | null,
      code = 'invalid_request',
      ends = true,
    ): void => {
      rejected = reason;
      this.error(at, message.context_id, code, reason, param, events, ends, message.type);
    };
    const result = () => {
      // Only a message the server accepts (受理) restarts the idle timer (D11).
      if (rejected === null) this.lastClientAt = at;
      return { message, rejected, events };
    };

    const type = String(message.type);
    const validate = ['generate', 'flush', 'cancel'].includes(type) ? validatorOf(type) : undefined;
    if (!validate) {
      reject(`未知的消息类型 ${type}`, 'type');
      return result();
    }
    const named = wellFormedId(message.context_id);
    // An ended id is never reused (D4): any message naming it is refused, ending nothing.
    if (named !== null && this.ended.has(named)) {
      reject(
        `上下文 ${named} 已经结束；context_id 在一条连接上只能使用一次，新的上下文请用新的 context_id。`,
        'context_id',
        'invalid_request',
        false,
      );
      return result();
    }
    // After its last generate a context takes only `cancel`: a generate or flush is refused
    // naming `context_id`, and the context goes on to its `done`.
    if (type !== 'cancel' && named !== null && this.contexts.get(named)?.final) {
      reject(`上下文 ${named} 已收到最后一段文本`, 'context_id', 'invalid_request', false);
      return result();
    }
    const open = named === null ? undefined : this.contexts.get(named);
    if (type === 'generate' && !open) {
      // Before the schema, so that a dictionary entry is named as the API names it.
      const problem = pronunciationError(message);
      if (problem) {
        reject(problem.message, problem.param);
        return result();
      }
    }
    if (!validate(message)) {
      const refused = schemaError(validate.errors);
      reject(refused.message, refused.param);
      return result();
    }
    const id = String(message.context_id);
    if (type === 'generate' && open) {
      // Settings belong to the first generate (D5): repeated unchanged is fine; a different
      // value is refused, ending nothing, and the message's text is not added.
      const changed = changedSetting(open.first, message);
      if (changed) {
        reject(
          `${changed} 由上下文的第一条 generate 设定，之后的 generate 不能改变它；这条消息的文本没有加入上下文。`,
          changed,
          'invalid_request',
          false,
        );
        return result();
      }
      const problem = pronunciationError(message, {
        dictionary: false,
        language: open.first.language,
        markup: open.markup,
      });
      if (problem) {
        reject(problem.message, problem.param);
        return result();
      }
      this.addText(open, String(message.text), message.continue !== true, at);
    } else if (type === 'generate') {
      if (message.text === '') {
        // An empty text may only end a context (the AsyncAPI `generate` description).
        reject('上下文的第一条 generate 的 text 不能为空', 'text');
        return result();
      }
      if (typeof message.voice_id !== 'string') {
        reject('新上下文的第一条 generate 必须带 voice_id', 'voice_id');
        return result();
      }
      // Only the combinations of the output-format table (D17), as over HTTP.
      const format = outputFormatError(message.output_format);
      if (format) {
        reject(format.message, format.param);
        return result();
      }
      // The voice is checked here only, never again for this context (D22).
      if (!this.voiceExists(message.voice_id)) {
        reject(`音色 ${message.voice_id} 不存在或已被删除。`, 'voice_id', 'voice_not_found');
        return result();
      }
      const max = limit('contextsPerConnection').value;
      if (this.contexts.size >= max) {
        reject(`这条连接上同时进行中的上下文已达上限 ${max} 个。`, 'context_id', 'rate_limited');
        return result();
      }
      const context: Context = {
        id,
        first: message,
        markup: textMarkupOf(message.text_markup),
        buffer: '',
        pending: [],
        current: null,
        currentBilled: 0,
        segments: 0,
        billed: 0,
        sequence: 0,
        elapsedMs: 0,
        final: false,
        out: [],
      };
      this.contexts.set(id, context);
      this.addText(context, String(message.text), message.continue !== true, at);
    } else if (!open) {
      reject(`上下文 ${id} 不存在`, 'context_id', 'invalid_request', false);
    } else if (type === 'flush') {
      this.addText(open, '', false, at, true);
    } else {
      // cancel: billed are the segments sent and the one in synthesis; queued ones are dropped.
      this.end(open, 'done');
      events.push({
        kind: 'message',
        at,
        message: { type: 'done', context_id: id, billed_characters: open.billed },
      });
    }
    return result();
  }

  /**
   * The documented error. It names the message's `context_id` as sent when that is well formed,
   * open or not, else null. Unless `ends` is false, it ends the open context it names (its
   * buffer, queued segments and unsent audio dropped) or, for a refused first `generate`, the
   * context that generate would have started; `billed_characters` is then that context's count,
   * else null (D28: an error without a context ends nothing).
   */
  private error(
    at: number,
    contextId: unknown,
    code: string,
    message: string,
    param: string | null,
    events: SessionEvent[],
    ends: boolean,
    type?: unknown,
  ): void {
    const id = wellFormedId(contextId);
    let billed: number | null = null;
    if (id !== null && ends) {
      const open = this.contexts.get(id);
      if (open) {
        billed = open.billed;
        this.end(open, 'error');
      } else if (type === 'generate') {
        billed = 0;
        this.ended.add(id);
        this.records.push({ contextId: id, billedCharacters: 0, end: 'error' });
      }
    }
    this.errors += 1;
    events.push({
      kind: 'message',
      at,
      message: {
        type: 'error',
        context_id: id,
        billed_characters: billed,
        error: { code, message, param, request_id: this.requestId(this.errors) },
      },
    });
  }

  /** A context ends: its slot frees, its id is retired (D3, D4), its cost recorded. */
  private end(context: Context, end: UsageRecord['end']): void {
    this.contexts.delete(context.id);
    this.ended.add(context.id);
    this.records.push({ contextId: context.id, billedCharacters: context.billed, end });
  }

  private shut(at: number, code: number, by: 'server' | 'client'): SessionEvent {
    this.closedAt = at;
    // Contexts still open end without `done`; their started segments stay billed (D6).
    for (const context of [...this.contexts.values()]) this.end(context, 'close');
    return { kind: 'close', at, code, reason: reasonOf(code), by };
  }

  /**
   * Adds text to a context's buffer and queues the segments it completes (D2): `last` for the
   * last generate; `flush` makes the rest a segment without ending the context, an unfinished
   * Latin word or number excepted (D132).
   */
  private addText(context: Context, text: string, last: boolean, at: number, flush = false): void {
    context.buffer += text;
    const { segments, rest } = segmentText(context.buffer, {
      markup: context.markup,
      final: last || flush,
      hold: flush && !last,
    });
    context.buffer = rest;
    for (const segment of segments) {
      context.pending.push({ index: context.segments, text: segment });
      context.segments += 1;
    }
    if (last) context.final = true;
    this.startNext(context, at);
    this.pump(context, at);
  }

  /** Starts synthesis of the next queued segment when none is in synthesis (D30), billing it. */
  private startNext(context: Context, at: number): void {
    if (context.current) return;
    const segment = context.pending.shift();
    if (!segment) return;
    context.current = segment;
    const failure = this.failSegment(context.id, segment.index);
    if (failure) {
      context.out.push({ fail: segment, code: failure === true ? 'internal_error' : failure });
      this.pump(context, at);
      return;
    }
    context.currentBilled = billedCharacters(segment.text, context.markup);
    context.billed += context.currentBilled;
    // Durations and timestamps by the one speaking-rate estimate (src/data/audioFormats.ts).
    const speed = typeof context.first.speed === 'number' ? context.first.speed : 1;
    const durationMs = Math.round(estimatedSeconds(segment.text, speed, context.markup) * 1000);
    context.out.push({
      message: {
        type: 'audio',
        context_id: context.id,
        sequence: context.sequence++,
        data: audioExampleData,
      },
      durationMs,
      endsSegment: true,
    });
    const word = wordOf(segment.text, context.markup);
    if (context.first.timestamps === true && durationMs > 0 && word) {
      context.out.push({
        message: {
          type: 'timestamps',
          context_id: context.id,
          words: [
            { text: word, start_ms: context.elapsedMs, end_ms: context.elapsedMs + durationMs },
          ],
        },
      });
    }
    context.elapsedMs += durationMs;
    this.pump(context, at);
  }

  /** Starts sending a context's queue one step from now, unless it is already sending. */
  private pump(context: Context, at: number): void {
    if (context.due) return;
    context.due = { at: at + this.stepMs, order: this.order++ };
  }

  /** A context's step: its next queued message, or `done` once the last segment is sent. */
  private fire(context: Context, events: SessionEvent[]): void {
    const at = context.due!.at;
    context.due = undefined;
    const next = context.out.shift();
    if (next && 'fail' in next) {
      // A segment the server fails is never billed (D7); the context ends with the error.
      const { message, param } = errorByCode(next.code)!.example;
      this.error(at, context.id, next.code, message, param, events, true);
      return;
    }
    if (next) {
      events.push({ kind: 'message', at, message: next.message, durationMs: next.durationMs });
      if (next.endsSegment) {
        context.current = null;
        context.currentBilled = 0;
        this.startNext(context, at);
      }
      context.due = { at: at + this.stepMs, order: this.order++ };
    } else if (context.final && !context.current && context.pending.length === 0) {
      this.end(context, 'done');
      events.push({
        kind: 'message',
        at,
        message: { type: 'done', context_id: context.id, billed_characters: context.billed },
      });
    }
  }
}

/** The catalogue's `unauthorized` envelope, as a refused handshake returns it. */
export const unauthorizedError = (() => {
  const e = errorByCode('unauthorized')!;
  return { code: e.code, message: e.example.message, param: e.example.param };
})();

/** The `invalid_request` envelope of a request to the websocket's path that is no upgrade. */
export const notUpgradeError = {
  code: errorByCode('invalid_request')!.code,
  message: '这个地址只接受 WebSocket 升级请求，请用 WebSocket 客户端连接。',
  param: null,
};
