/**
 * The server side of one speech websocket session, as the AsyncAPI document
 * (api-specs/speech-websocket.yaml) and the guides describe it, with no I/O and no timers: the
 * caller hands it client frames with the time they arrived (a logical clock in milliseconds) and
 * asks it for the server events due by a time. The test mock (tests/mock/websocket-mock.ts) runs
 * it over a real socket with real timers; the simulator on /guides/contexts runs it in a web
 * worker on a clock of its own. One model, so the two cannot disagree.
 *
 * Simplified on purpose: one audio chunk per clause, and its `timestamps` name the clause as one
 * word (the source text without markup, as the document's `words[].text` says), where the service
 * segments words.
 *
 * What it does, per `context_id`: text with `continue: true` is buffered up to a natural pause,
 * `flush` synthesises the buffer at once, the last `generate` synthesises the rest and ends with
 * `done` (billed characters), `cancel` drops the audio not yet sent and ends with `done` billing
 * what was synthesised. Audio chunks (one per clause, `sequence` from 0) and, when asked, word
 * timestamps are sent `stepMs` apart, so a `cancel` can really interrupt a context. Bad messages
 * get the documented `error` (unknown fields too: `invalid_request` naming the field), which ends
 * their context, except the error for a message to a context that no longer takes it (a generate
 * or flush after its last generate, a later generate or a flush or cancel after it ended), which
 * names `context_id` and ends nothing; frames that are not JSON, and binary frames, close the connection with
 * `policy_violation`; a connection with no accepted client message for the idle timeout is closed
 * with `idle_timeout` (a message answered with an `error` does not restart the timer). Messages
 * are checked against the document's schemas (src/protocol/schemas.ts), pronunciation control as
 * the API checks it.
 */
import { estimatedSeconds } from '../data/audioFormats';
import { errorByCode } from '../data/errors';
import { limit } from '../data/limits';
import { billedCharacters } from '../data/pricing';
import { pronunciationError, spokenText } from '../data/pronunciation';
import { presetVoices } from '../data/voices';
import {
  audioExampleData,
  closeCodes,
  contextIdPattern,
  errorParam,
  errorsText,
  validatorOf,
} from './schemas';

export type Json = Record<string, unknown>;

/** A frame from the client: a text frame's data, or a binary frame. */
export type ClientFrame = { readonly text: string } | { readonly binary: true };

export type SessionEvent =
  | {
      readonly kind: 'message';
      /** When the server sends it (ms on the caller's clock). */
      readonly at: number;
      readonly message: Json;
      /** For `audio`: how long the chunk plays (simulated speaking time of its clause). */
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

export interface SessionOptions {
  /** Time between two streamed messages of a context (ms). */
  readonly stepMs?: number;
  /** The idle timeout (ms); the API's limit by default. */
  readonly idleTimeoutMs?: number;
  /** The request id of the n-th error (1-based). */
  readonly requestId?: (n: number) => string;
  /** When the connection opened on the caller's clock (the idle timer starts there). */
  readonly openedAt?: number;
}

/** Where a buffered text may be synthesised before the rest arrives. */
const naturalPause = /[，。！？；：、,.!?;:\n]/g;
const clause = /[^，。！？；：、,.!?;:\n]+[，。！？；：、,.!?;:\n]*|[，。！？；：、,.!?;:\n]+/g;
/**
 * The text with its pronunciation markup blanked out, same length: where a text may be cut
 * (a `:` inside `[pause:300ms]` is not a pause of the text).
 */
const masked = (text: string) =>
  text.replace(/\[\[|\[[^[\]]*\]/g, (m) => (m === '[[' ? '[ ' : ' '.repeat(m.length)));
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

interface Queued {
  readonly message: Json;
  readonly durationMs?: number;
}

interface Context {
  readonly id: string;
  /** Every text the context received; billed in full when it ends normally. */
  text: string;
  /** Text received but not synthesised yet. */
  buffer: string;
  /** Text already synthesised; what a cancel still bills. */
  synthesised: string;
  sequence: number;
  elapsedMs: number;
  timestamps: boolean;
  /** The first generate's `language`: whether pinyin applies to the later texts. */
  language: unknown;
  /** The last generate arrived: `done` follows the last queued message. */
  final: boolean;
  queue: Queued[];
  /** When the context sends its next message; `order` breaks ties as timers would. */
  due?: { at: number; order: number };
}

export class Session {
  private readonly stepMs: number;
  private readonly idleMs: number;
  private readonly requestId: (n: number) => string;
  private readonly contexts = new Map<string, Context>();
  /** Ids of contexts that have ended (done, error or cancel): a later generate for one is refused. */
  private readonly ended = new Set<string>();
  private lastClientAt: number;
  private errors = 0;
  private order = 0;
  private closedAt: number | null = null;

  constructor(options: SessionOptions = {}) {
    this.stepMs = options.stepMs ?? 5;
    this.idleMs = options.idleTimeoutMs ?? idleTimeoutMs;
    this.requestId = options.requestId ?? ((n) => `req_sim_${n}`);
    this.lastClientAt = options.openedAt ?? 0;
  }

  get closed(): boolean {
    return this.closedAt !== null;
  }

  /** Contexts open now (started, not yet ended by `done` or `error`). */
  get openContexts(): string[] {
    return [...this.contexts.keys()];
  }

  /** Whether a context has messages (or its `done`) still to send. */
  busy(): boolean {
    return !this.closed && [...this.contexts.values()].some((c) => c.due !== undefined);
  }

  /** When the next event is due, or undefined when the connection is closed. */
  nextAt(): number | undefined {
    if (this.closed) return undefined;
    let next = this.lastClientAt + this.idleMs;
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
      const idleAt = this.lastClientAt + this.idleMs;
      if (first && first.due!.at <= idleAt) {
        this.fire(first, events);
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
      this.error(at, null, 'invalid_request', '消息必须是 JSON 对象', null, events);
      return { message: null, rejected: 'not a JSON object', events };
    }
    let rejected: string | null = null;
    /** `ends: false` for a message to a context that no longer takes it: the error ends nothing. */
    const reject = (
      reason: string,
      param: string | null,
      code = 'invalid_request',
      ends = true,
    ): void => {
      rejected = reason;
      this.error(at, message.context_id, code, reason, param, events, ends);
    };
    const result = () => {
      // Only a message the server accepts restarts the idle timer (the AsyncAPI `x-keepalive`).
      if (rejected === null) this.lastClientAt = at;
      return { message, rejected, events };
    };

    const type = String(message.type);
    const validate = ['generate', 'flush', 'cancel'].includes(type) ? validatorOf(type) : undefined;
    if (!validate) {
      reject(`未知的消息类型 ${type}`, 'type');
      return result();
    }
    // After its last generate a context takes only `cancel`: a generate or flush for it is refused
    // naming `context_id`, and the context goes on to its `done` (the AsyncAPI `error`).
    const named = wellFormedId(message.context_id);
    if (type !== 'cancel' && named !== null && this.contexts.get(named)?.final) {
      reject(`上下文 ${named} 已收到最后一段文本`, 'context_id', 'invalid_request', false);
      return result();
    }
    if (type === 'generate') {
      // Before the schema, so that a dictionary entry is named as the API names it.
      const open = this.contexts.get(String(message.context_id));
      const problem = pronunciationError(
        message,
        open && !open.final ? { dictionary: false, language: open.language } : {},
      );
      if (problem) {
        reject(problem.message, problem.param);
        return result();
      }
    }
    if (!validate(message)) {
      reject(`${type}: ${errorsText(validate.errors)}`, errorParam(validate.errors?.[0]));
      return result();
    }
    const id = String(message.context_id);
    const context = this.contexts.get(id);
    if (type === 'generate') {
      if (!context && typeof message.voice_id !== 'string' && this.ended.has(id)) {
        // A later generate (no voice_id) for a context that has ended, e.g. after its cancel.
        reject(`上下文 ${id} 已经结束`, 'context_id');
        return result();
      }
      if (!context && message.text === '') {
        // An empty text may only end a context (the AsyncAPI `generate` description).
        reject('上下文的第一条 generate 的 text 不能为空', 'text');
        return result();
      }
      if (!context && typeof message.voice_id !== 'string') {
        reject('新上下文的第一条 generate 必须带 voice_id', 'voice_id');
        return result();
      }
      if (!context && !isKnownVoice(String(message.voice_id))) {
        reject(
          `音色 ${String(message.voice_id)} 不存在或已被删除。`,
          'voice_id',
          'voice_not_found',
        );
        return result();
      }
      if (!context && this.contexts.size >= limit('contextsPerConnection').value) {
        reject(
          `这条连接上同时进行中的上下文已达上限 ${limit('contextsPerConnection').value} 个。`,
          'context_id',
          'rate_limited',
        );
        return result();
      }
      const current: Context = context ?? {
        id,
        text: '',
        buffer: '',
        synthesised: '',
        sequence: 0,
        elapsedMs: 0,
        timestamps: message.timestamps === true,
        language: message.language,
        final: false,
        queue: [],
      };
      this.contexts.set(id, current);
      current.text += String(message.text);
      current.buffer += String(message.text);
      if (message.continue === true) {
        // Wait for a natural pause before synthesising, as the service does for a smooth tone.
        const pauses = [...masked(current.buffer).matchAll(naturalPause)];
        const cut = pauses.length > 0 ? pauses[pauses.length - 1].index! + 1 : 0;
        const ready = current.buffer.slice(0, cut);
        current.buffer = current.buffer.slice(cut);
        if (ready) this.synthesise(current, ready, at);
      } else {
        current.final = true;
        const rest = current.buffer;
        current.buffer = '';
        if (rest) this.synthesise(current, rest, at);
        else this.pump(current, at);
      }
    } else if (!context) {
      reject(`上下文 ${id} 不存在或已结束`, 'context_id');
    } else if (type === 'flush') {
      const rest = context.buffer;
      context.buffer = '';
      if (rest) this.synthesise(context, rest, at);
    } else {
      // cancel: the audio not sent yet is dropped; what was synthesised is still billed.
      this.end(id);
      events.push({
        kind: 'message',
        at,
        message: {
          type: 'done',
          context_id: id,
          billed_characters: billedCharacters(context.synthesised),
        },
      });
    }
    return result();
  }

  /**
   * The documented error. It names the message's `context_id` as sent when that is well formed,
   * open or not (the AsyncAPI `ErrorMessage.context_id`), else null; an open context it names
   * ends with it, its buffer and unsent audio dropped, unless `ends` is false (a message to a
   * context that no longer takes it).
   */
  private error(
    at: number,
    contextId: unknown,
    code: string,
    message: string,
    param: string | null,
    events: SessionEvent[],
    ends = true,
  ): void {
    const id = wellFormedId(contextId);
    if (id !== null && ends) this.end(id);
    this.errors += 1;
    events.push({
      kind: 'message',
      at,
      message: {
        type: 'error',
        context_id: id,
        error: { code, message, param, request_id: this.requestId(this.errors) },
      },
    });
  }

  /** A context ends: its id may start a new context, but only with a first generate. */
  private end(id: string): void {
    if (this.contexts.delete(id)) this.ended.add(id);
  }

  private shut(at: number, code: number, by: 'server' | 'client'): SessionEvent {
    this.closedAt = at;
    this.contexts.clear();
    return { kind: 'close', at, code, reason: reasonOf(code), by };
  }

  /** Queues one audio chunk (and its timestamps) per clause of the text. */
  private synthesise(context: Context, text: string, at: number): void {
    const clauses = [...masked(text).matchAll(clause)].map((m) =>
      text.slice(m.index, m.index + m[0].length),
    );
    for (const part of clauses) {
      // Durations and timestamps by the one speaking-rate estimate (src/data/audioFormats.ts).
      const durationMs = Math.round(estimatedSeconds(part, 1) * 1000);
      context.queue.push({
        message: {
          type: 'audio',
          context_id: context.id,
          sequence: context.sequence++,
          data: audioExampleData,
        },
        durationMs,
      });
      if (context.timestamps && durationMs > 0) {
        context.queue.push({
          message: {
            type: 'timestamps',
            context_id: context.id,
            words: [
              {
                text: spokenText(part).replace(naturalPause, ''),
                start_ms: context.elapsedMs,
                end_ms: context.elapsedMs + durationMs,
              },
            ],
          },
        });
      }
      context.elapsedMs += durationMs;
    }
    context.synthesised += text;
    this.pump(context, at);
  }

  /** Starts sending a context's queue one step from now, unless it is already sending. */
  private pump(context: Context, at: number): void {
    if (context.due) return;
    context.due = { at: at + this.stepMs, order: this.order++ };
  }

  /** A context's step: its next queued message, or `done` once the last text is spoken. */
  private fire(context: Context, events: SessionEvent[]): void {
    const at = context.due!.at;
    context.due = undefined;
    const next = context.queue.shift();
    if (next) {
      events.push({ kind: 'message', at, message: next.message, durationMs: next.durationMs });
      context.due = { at: at + this.stepMs, order: this.order++ };
    } else if (context.final) {
      this.end(context.id);
      events.push({
        kind: 'message',
        at,
        message: {
          type: 'done',
          context_id: context.id,
          billed_characters: billedCharacters(context.text),
        },
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
