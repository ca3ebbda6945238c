/**
 * What a reference code sample needs to know about its operation, read from the OpenAPI
 * operation (as the generated page's `api` front matter holds it: parameters and bodies already
 * dereferenced) and from src/data. The templates (src/codegen/templates/) turn it into a
 * complete program per language; nothing in them names an operation, a value or a URL.
 * Plain TypeScript with no Node APIs: the browser can build samples with it too.
 */
import { audioContainers } from '../data/audioFormats';
import { deployment } from '../data/deployment';
import { limit } from '../data/limits';
import { referenceAudioLimits } from '../data/referenceAudio';

type Json = Record<string, unknown>;

/**
 * Where a rerun finds the key of the clone it resubmits: a sample uses this variable's value
 * when it is set, else a new UUID, and prints the key it sends.
 */
export const idempotencyKeyVariable = 'VOXLOOM_IDEMPOTENCY_KEY';

/** What a sample prints before it sends a clone, after the key. */
export const idempotencyKeyNote = `（超时或 5xx 时，把环境变量 ${idempotencyKeyVariable} 设为这个值再运行，用同一个键重新提交）`;

/** The file name the multipart samples upload; the reader replaces it with their recording. */
export const sampleUploadFile = 'reference.wav';

/** Where a sample whose response is audio saves it (e.g. `speech.mp3`); none for JSON. */
export function audioFileOf(mediaType: string | undefined): string | undefined {
  const container = audioContainers.find((c) => c.mediaType === mediaType);
  return container && `speech.${container.extension}`;
}

export interface NameValue {
  readonly name: string;
  readonly value: string;
}

export type SampleBody =
  /** The spec's first request example, sent as JSON. */
  | { readonly kind: 'json'; readonly value: unknown }
  /** The form's example values, and its one file part. */
  | {
      readonly kind: 'form';
      readonly fields: readonly NameValue[];
      readonly file: { readonly name: string; readonly filename: string };
    };

export type SampleResponse =
  | { readonly kind: 'audio'; readonly file: string }
  | { readonly kind: 'json' }
  /** 204: no body. */
  | { readonly kind: 'empty' };

export interface SampleOperation {
  readonly operationId: string;
  /** Upper case. */
  readonly method: string;
  /** Origin, path with its parameters' examples, and the query string. */
  readonly url: string;
  /** Header parameters sent with their example (the `Idempotency-Key` is not one of them). */
  readonly headers: readonly NameValue[];
  /** Whether the request carries an `Idempotency-Key`, new per run (D14). */
  readonly idempotencyKey: boolean;
  readonly body: SampleBody | null;
  readonly response: SampleResponse;
  /** Whether the success response states `X-Billed-Characters`. */
  readonly billedCharacters: boolean;
  /** The whole request's time limit, in seconds, and why it is that long (a comment), if not obvious. */
  readonly timeoutSeconds: number;
  readonly timeoutNote?: string;
}

/** A plain request gets this long: the API answers it at once. */
export const defaultTimeoutSeconds = 30;
/** Upload speed the clone's time limit assumes (2 Mbit/s), in bytes per second. */
const uploadBytesPerSecond = 250_000;

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  example?: unknown;
  schema?: Json & { default?: unknown; example?: unknown };
}

const firstExample = (media: Json): unknown => {
  const named = Object.values((media.examples as Json | undefined) ?? {})[0] as Json | undefined;
  return named?.value ?? media.example;
};

/** The sample's view of one operation (`api`: the generated page's operation object). */
export function sampleOperation(api: Json): SampleOperation {
  const operationId = String(api.operationId);
  const parameters = (api.parameters as Parameter[] | undefined) ?? [];
  // As the theme prefills its form: the schema's default, then the example.
  const valueOf = (p: Parameter) => p.schema?.default ?? p.example ?? p.schema?.example;
  let path = String(api.path);
  const query: string[] = [];
  const headers: NameValue[] = [];
  let idempotencyKey = false;
  for (const p of parameters) {
    const value = valueOf(p);
    if (p.name === 'Idempotency-Key') idempotencyKey = true;
    else if (value === undefined) continue;
    else if (p.in === 'path') path = path.replace(`{${p.name}}`, encodeURIComponent(String(value)));
    else if (p.in === 'query') query.push(`${p.name}=${encodeURIComponent(String(value))}`);
    else if (p.in === 'header') headers.push({ name: p.name, value: String(value) });
  }
  const url = `${deployment.httpApiOrigin}${path}${query.length ? `?${query.join('&')}` : ''}`;

  const content = ((api.requestBody as Json | undefined)?.content ?? {}) as Record<string, Json>;
  let body: SampleBody | null = null;
  if (content['application/json']) {
    const value = firstExample(content['application/json']);
    if (value === undefined) throw new Error(`${operationId}: no request example`);
    body = { kind: 'json', value };
  } else if (content['multipart/form-data']) {
    const schema = content['multipart/form-data'].schema as { properties: Record<string, Json> };
    const fields: NameValue[] = [];
    let file: { name: string; filename: string } | undefined;
    for (const [name, prop] of Object.entries(schema.properties)) {
      if (prop.contentMediaType || prop.format === 'binary') {
        file = { name, filename: sampleUploadFile };
      } else if (prop.example !== undefined) fields.push({ name, value: String(prop.example) });
    }
    if (!file) throw new Error(`${operationId}: a form without a file part`);
    body = { kind: 'form', fields, file };
  } else if (Object.keys(content).length > 0) {
    throw new Error(`${operationId}: unsupported request type ${Object.keys(content)[0]}`);
  }

  const [, success] = Object.entries((api.responses ?? {}) as Record<string, Json>).find(
    ([status]) => /^2\d\d$/.test(status),
  ) ?? [undefined, {} as Json];
  const mediaType = Object.keys((success.content as Json | undefined) ?? {})[0];
  const audioFile = audioFileOf(mediaType);
  const response: SampleResponse = audioFile
    ? { kind: 'audio', file: audioFile }
    : mediaType
      ? { kind: 'json' }
      : { kind: 'empty' };
  const billedCharacters = Object.keys((success.headers as Json | undefined) ?? {}).some(
    (h) => h.toLowerCase() === 'x-billed-characters',
  );

  let timeoutSeconds = defaultTimeoutSeconds;
  let timeoutNote: string | undefined;
  if (response.kind === 'audio') {
    // A synthesis may take the whole processing limit: wait a little longer than that.
    const processing = limit('httpTimeout').value;
    timeoutSeconds = processing + 10;
    timeoutNote = `合成最长处理 ${processing} 秒，超时略长于它`;
  } else if (body?.kind === 'form') {
    const answer = limit('cloneResponseTime').value;
    const upload = Math.ceil(referenceAudioLimits.maxBytes / uploadBytesPerSecond);
    timeoutSeconds = upload + answer + 5;
    timeoutNote = `上传录音（最大的文件按上行 2 Mbit/s 约 ${upload} 秒）加上服务端 ${answer} 秒的应答时限`;
  }

  return {
    operationId,
    method: String(api.method).toUpperCase(),
    url,
    headers,
    idempotencyKey,
    body,
    response,
    billedCharacters,
    timeoutSeconds,
    timeoutNote,
  };
}

/** The JSON body as the samples write it: two-space indents, characters as they are. */
export const jsonText = (value: unknown): string => JSON.stringify(value, null, 2);

/**
 * A JSON value written as another language's literal (Python's dict, a JavaScript object):
 * `key` writes an object key, `scalar` a string, number, boolean or null.
 */
export function literal(
  value: unknown,
  write: { key: (name: string) => string; scalar: (value: unknown) => string; indent: string },
  depth = 0,
): string {
  const inner = write.indent.repeat(depth + 1);
  const outer = write.indent.repeat(depth);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const items = value.map((v) => `${inner}${literal(v, write, depth + 1)}`);
    return `[\n${items.join(',\n')},\n${outer}]`;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Json);
    if (entries.length === 0) return '{}';
    const items = entries.map(
      ([k, v]) => `${inner}${write.key(k)}: ${literal(v, write, depth + 1)}`,
    );
    return `{\n${items.join(',\n')},\n${outer}}`;
  }
  return write.scalar(value);
}

/** The API key's variable, as every sample reads it. */
export { apiKeyVariable } from '../data/codeSamples';
