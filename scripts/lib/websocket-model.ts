/**
 * Turns the resolved AsyncAPI document into the flat model pages render
 * (see src/data/websocketProtocol.ts).
 */
import {
  reconnectKinds,
  type CloseCode,
  type FlowControl,
  type HandshakeHeader,
  type HandshakeRefusal,
  type ProtocolField,
  type ProtocolMessage,
  type Reconnect,
  type WebsocketProtocol,
} from '../../src/data/websocketProtocol';
import {
  schemaConstraints,
  type ConstrainedSchema,
  type Constraint,
} from '../../src/components/schemaConstraints';
import { yamlProse } from './yaml-prose';

type Json = Record<string, unknown>;
type Schema = Json & {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  oneOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  description?: string;
};

const asJson = (value: unknown): Json => (value ?? {}) as Json;

function typeOf(schema: Schema): string {
  if (schema.oneOf) return schema.oneOf.map(typeOf).join(' | ');
  if (Array.isArray(schema.type)) return schema.type.join(' | ');
  if (schema.type === 'array' && schema.items) return `${typeOf(schema.items)}[]`;
  return schema.type ?? 'any';
}

/** A value as inline code, e.g. `mp3` or `24000`. */
const code = (value: unknown): string =>
  `\`${typeof value === 'string' ? value : JSON.stringify(value)}\``;

/**
 * What the page shows under a field, worded as on the HTTP reference pages and in the Markdown
 * of their operations (src/components/schemaConstraints): 固定值, the ranges and lengths, 默认值.
 */
function constraintsOf(schema: Schema): Constraint[] {
  const s = schema.oneOf?.find((o) => o.type !== 'null') ?? schema;
  const out: Constraint[] = [];
  if (s.const !== undefined) out.push({ label: '固定值', text: code(s.const) });
  out.push(...schemaConstraints(s as ConstrainedSchema));
  if (s.default !== undefined) out.push({ label: '默认值', text: code(s.default) });
  if (s.contentEncoding !== undefined) {
    out.push({ label: '编码', text: String(s.contentEncoding) });
  }
  return out;
}

/** Multi-line YAML prose, its paragraphs kept as `\n\n` (src/data/websocketProtocol.ts). */
const prose = (text: unknown): string => yamlProse(text);

/** Flattens an object schema (references resolved) into the rows of a field table. */
export function fieldsOf(schema: Schema, prefix = ''): ProtocolField[] {
  const required = new Set(schema.required ?? []);
  // `x-required-when`: the fields required on some messages only, under the condition's wording.
  const requiredWhen = new Map<string, string>();
  for (const [when, keys] of Object.entries(asJson(schema['x-required-when']))) {
    for (const key of keys as string[]) {
      if (!schema.properties?.[key] || required.has(key)) {
        throw new Error(`x-required-when: ${prefix}${key} is no optional field of its schema`);
      }
      requiredWhen.set(key, when);
    }
  }
  return Object.entries(schema.properties ?? {}).flatMap(([key, child]) => {
    const name = `${prefix}${key}`;
    const field: ProtocolField = {
      name,
      type: typeOf(child),
      required: required.has(key),
      ...(requiredWhen.has(key) ? { requiredWhen: requiredWhen.get(key) } : {}),
      description: prose(child.description ?? child.oneOf?.find((o) => o.description)?.description),
      constraints: constraintsOf(child),
    };
    const nested =
      child.type === 'object'
        ? fieldsOf(child, `${name}.`)
        : child.type === 'array' && child.items?.type === 'object'
          ? fieldsOf(child.items, `${name}[].`)
          : [];
    return [field, ...nested];
  });
}

/** `x-close-codes`, checked: every code says when to reconnect and what the client does. */
function closeCodesOf(value: unknown): CloseCode[] {
  return ((value as Json[]) ?? []).map((c) => {
    const reconnect = c.reconnect as Reconnect;
    if (!reconnectKinds.includes(reconnect) || !c.action) {
      throw new Error(
        `x-close-codes ${String(c.code)}: needs reconnect (${reconnectKinds.join(' | ')}) and action`,
      );
    }
    if (c.minWaitSeconds !== undefined && reconnect !== 'backoff') {
      throw new Error(`x-close-codes ${String(c.code)}: minWaitSeconds needs reconnect backoff`);
    }
    return {
      code: Number(c.code),
      reason: String(c.reason),
      description: prose(c.description),
      reconnect,
      ...(c.minWaitSeconds === undefined ? {} : { minWaitSeconds: Number(c.minWaitSeconds) }),
      action: prose(c.action),
    };
  });
}

/** `x-handshake-refusals`, checked like the close codes. */
function handshakeRefusalsOf(value: unknown): HandshakeRefusal[] {
  return ((value as Json[]) ?? []).map((r) => {
    const reconnect = r.reconnect as Reconnect;
    if (!reconnectKinds.includes(reconnect) || !r.action || !r.code) {
      throw new Error(
        `x-handshake-refusals ${String(r.status)}: needs code, reconnect (${reconnectKinds.join(' | ')}) and action`,
      );
    }
    return {
      status: Number(r.status),
      code: String(r.code),
      description: prose(r.description),
      reconnect,
      action: prose(r.action),
    };
  });
}

/** `x-flow-control`, checked: each part is stated. */
function flowControlOf(value: unknown): FlowControl {
  const f = asJson(value);
  const parts = ['pacing', 'backpressure', 'limits'] as const;
  for (const part of parts) {
    if (!f[part]) throw new Error(`x-flow-control: needs ${part}`);
  }
  return { pacing: prose(f.pacing), backpressure: prose(f.backpressure), limits: prose(f.limits) };
}

/** The numbers `x-keepalive` writes once, and the placeholders its prose names them by. */
const keepaliveNumbers = {
  holdFlushSeconds: ['{holdFlushInterval}'],
  probeAfterSeconds: ['{probeAfter}'],
  pongTimeoutSeconds: ['{pongTimeout}'],
} as const;

type KeepaliveNumbers = Record<keyof typeof keepaliveNumbers, number>;

/** `x-keepalive`'s numbers, checked: each is a positive number of seconds. */
export function keepaliveNumbersOf(value: unknown): KeepaliveNumbers {
  const k = asJson(value);
  const numbers = Object.fromEntries(
    Object.keys(keepaliveNumbers).map((name) => [name, Number(k[name])]),
  ) as KeepaliveNumbers;
  for (const [name, seconds] of Object.entries(numbers)) {
    if (!(seconds > 0)) throw new Error(`x-keepalive: needs ${name} (seconds)`);
  }
  return numbers;
}

/**
 * The prose with `x-keepalive`'s placeholders as the reader sees them (“20 秒”):
 * `{holdFlushInterval}`, `{probeAfter}`, `{pongTimeout}` and their sum `{probeAndPong}`.
 */
export function fillKeepalive(text: string, n: KeepaliveNumbers): string {
  let filled = text;
  for (const [name, [placeholder]] of Object.entries(keepaliveNumbers)) {
    filled = filled.replaceAll(placeholder, `${n[name as keyof KeepaliveNumbers]} 秒`);
  }
  return filled.replaceAll('{probeAndPong}', `${n.probeAfterSeconds + n.pongTimeoutSeconds} 秒`);
}

/**
 * How a context that waits for text holds its connection (`x-keepalive.hold`) and how a client
 * notices a dead connection (`x-keepalive.deadConnection`), with their numbers filled in.
 */
function keepaliveOf(
  value: unknown,
): Pick<
  WebsocketProtocol,
  'idleHold' | 'holdFlushSeconds' | 'deadConnection' | 'probeAfterSeconds' | 'pongTimeoutSeconds'
> {
  const k = asJson(value);
  const numbers = keepaliveNumbersOf(k);
  if (!String(k.hold ?? '').includes('{holdFlushInterval}')) {
    throw new Error('x-keepalive: needs a hold that names {holdFlushInterval}');
  }
  if (!String(k.deadConnection ?? '').includes('{probeAfter}')) {
    throw new Error('x-keepalive: needs a deadConnection that names {probeAfter}');
  }
  return {
    ...numbers,
    idleHold: fillKeepalive(prose(k.hold), numbers),
    deadConnection: fillKeepalive(prose(k.deadConnection), numbers),
  };
}

export function websocketModel(
  resolved: Json,
  wsOrigin: string,
  versionPrefix: string,
  downloadUrl: string,
): WebsocketProtocol {
  const info = asJson(resolved.info);
  const channels = asJson(resolved.channels);
  const [channel] = Object.values(channels).map(asJson);
  const operations = Object.values(asJson(resolved.operations)).map(asJson);
  const binding = asJson(asJson(channel.bindings).ws);
  const headerSchema = asJson(binding.headers) as Schema;
  const headerRequired = new Set(headerSchema.required ?? []);
  const headers: HandshakeHeader[] = Object.entries(headerSchema.properties ?? {}).map(
    ([name, s]) => ({ name, description: s.description ?? '', required: headerRequired.has(name) }),
  );

  // Direction comes from the operations: the service receives client messages, sends the rest.
  const direction = new Map<string, 'client' | 'server'>();
  for (const op of operations) {
    for (const m of (op.messages as Json[]) ?? []) {
      direction.set(String(m.name), op.action === 'receive' ? 'client' : 'server');
    }
  }

  const messages: ProtocolMessage[] = Object.values(asJson(channel.messages))
    .map(asJson)
    .map((m) => ({
      name: String(m.name),
      direction: direction.get(String(m.name)) ?? 'server',
      title: String(m.title ?? m.name),
      summary: String(m.summary ?? ''),
      description: prose(m.description),
      fields: fieldsOf(m.payload as Schema),
      examples: ((m.examples as Json[]) ?? []).map((e) => ({
        name: String(e.name ?? ''),
        summary: e.summary === undefined ? undefined : String(e.summary),
        payload: e.payload,
      })),
    }));

  return {
    title: String(info.title),
    version: String(info.version),
    description: prose(info.description),
    url: `${wsOrigin}${versionPrefix}${String(channel.address)}`,
    method: String(binding.method ?? 'GET'),
    headers,
    keepalive: prose(asJson(channel['x-keepalive']).description),
    idle: prose(asJson(channel['x-keepalive']).idle),
    ...keepaliveOf(channel['x-keepalive']),
    responseHeaders: ((channel['x-handshake-response-headers'] as Json[]) ?? []).map((h) => ({
      name: String(h.name),
      description: prose(h.description),
      required: false,
    })),
    closeCodes: closeCodesOf(channel['x-close-codes']),
    flowControl: flowControlOf(channel['x-flow-control']),
    handshakeRefusals: handshakeRefusalsOf(channel['x-handshake-refusals']),
    messages,
    downloadUrl,
  };
}
