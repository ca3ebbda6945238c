/**
 * The shape of the websocket protocol model that `scripts/bundle-specs.ts` derives from the
 * AsyncAPI document (`api-specs/speech-websocket.yaml`) and writes to
 * `.generated/websocket-protocol.json`. Pages render the protocol from that model only, so the
 * reference cannot drift from the document. Prose (descriptions, actions, rules) may hold several
 * paragraphs, separated by a blank line (`\n\n`): render each as a paragraph of its own.
 */
import type { Constraint } from '../components/schemaConstraints';

export interface ProtocolField {
  /** Dotted path, `words[].text` for items of an array. */
  readonly name: string;
  readonly type: string;
  readonly required: boolean;
  /** When a field is required on some messages only (`x-required-when`), e.g. 上下文的第一条必填. */
  readonly requiredWhen?: string;
  readonly description: string;
  /** Fixed and allowed values, bounds and default, worded as the HTTP reference words them. */
  readonly constraints: Constraint[];
}

export interface ProtocolExample {
  readonly name: string;
  readonly summary?: string;
  readonly payload: unknown;
}

export interface ProtocolMessage {
  /** The `type` field's value, also the message's name. */
  readonly name: string;
  readonly direction: 'client' | 'server';
  readonly title: string;
  readonly summary: string;
  readonly description: string;
  readonly fields: ProtocolField[];
  readonly examples: ProtocolExample[];
}

/**
 * Whether and when a client opens a new connection after a close code:
 * - `backoff`: automatically, with the retry policy's backoff (src/data/retryPolicy.ts);
 * - `when-needed`: not now; drop it from the pool, the next turn gets a connection as the
 *   connection-planning rule says;
 * - `never`: not automatically; fix the cause first.
 */
export type Reconnect = 'backoff' | 'when-needed' | 'never';

export const reconnectKinds: readonly Reconnect[] = ['backoff', 'when-needed', 'never'];

/** How pages name each kind (the close-code table, the reconnect rules, the examples' advice). */
export const reconnectLabel: Readonly<Record<Reconnect, string>> = {
  backoff: '按重试策略重连',
  'when-needed': '需要时再连',
  never: '不要自动重连',
};

export interface CloseCode {
  readonly code: number;
  readonly reason: string;
  readonly description: string;
  readonly reconnect: Reconnect;
  /**
   * The least wait before the first reconnect (s), as if the close had said `Retry-After`;
   * later reconnects follow the backoff. Only for some `backoff` codes (`minWaitSeconds`).
   */
  readonly minWaitSeconds?: number;
  /** What the client does, for the reader (zh-Hans). */
  readonly action: string;
}

/**
 * An HTTP response that refuses the handshake (`x-handshake-refusals`): its body is the error
 * envelope with `code`, no websocket is opened and no close code is sent.
 */
export interface HandshakeRefusal {
  readonly status: number;
  readonly code: string;
  readonly description: string;
  readonly reconnect: Reconnect;
  /** What the client does, for the reader (zh-Hans). */
  readonly action: string;
}

export interface HandshakeHeader {
  readonly name: string;
  readonly description: string;
  readonly required: boolean;
}

/**
 * How the server paces what it sends and the limits a connection does not have, from the
 * channel's `x-flow-control` (zh-Hans prose each).
 */
export interface FlowControl {
  /** How fast audio comes and how far synthesis runs ahead of playback. */
  readonly pacing: string;
  /** What a client that reads slowly gets. */
  readonly backpressure: string;
  /** No per-message rate cap, no maximum life of a context. */
  readonly limits: string;
}

export interface WebsocketProtocol {
  readonly title: string;
  readonly version: string;
  readonly description: string;
  /** Full URL of the channel, origin from the deployment module. */
  readonly url: string;
  readonly method: string;
  readonly headers: HandshakeHeader[];
  /** Headers of the handshake's response (`x-handshake-response-headers`): the connection's ID. */
  readonly responseHeaders: HandshakeHeader[];
  /** Ping/pong rule, from `x-keepalive.description`. */
  readonly keepalive: string;
  /** What the idle timer counts and what a client does not do about it, from `x-keepalive.idle`. */
  readonly idle: string;
  /**
   * How a context that waits for text longer than the idle timeout holds its connection (a
   * `flush` every `holdFlushSeconds`), from `x-keepalive.hold`, its interval filled in.
   */
  readonly idleHold: string;
  /** How often that `flush` is sent (s), from `x-keepalive.holdFlushSeconds`. */
  readonly holdFlushSeconds: number;
  /**
   * How a client notices a connection that dropped without a close frame (D36, D129), from
   * `x-keepalive.deadConnection`, its numbers filled in.
   */
  readonly deadConnection: string;
  /** With a context in progress, silence (s) after which the client sends a ping (D129). */
  readonly probeAfterSeconds: number;
  /** How long the client waits for any frame after that ping (s) before the connection is dead. */
  readonly pongTimeoutSeconds: number;
  readonly closeCodes: CloseCode[];
  /** Pacing, backpressure and the absent limits, from `x-flow-control`. */
  readonly flowControl: FlowControl;
  /** The HTTP statuses a handshake can be refused with, from `x-handshake-refusals`. */
  readonly handshakeRefusals: HandshakeRefusal[];
  readonly messages: ProtocolMessage[];
  /** Public URL of the downloadable AsyncAPI document. */
  readonly downloadUrl: string;
}
