import {
  audioFileOf,
  sampleUploadFile,
  type NameValue,
  type SampleBody,
  type SampleOperation,
  type SampleResponse,
} from '@site/src/codegen/sampleOperation';

/** The parts of the request the theme builds from the editor's form (postman-collection's) read here. */
export interface EditorRequest {
  readonly method: string;
  readonly url: {
    toString(): string;
    readonly query: {
      all(): readonly { key: string | null; value?: unknown; disabled?: boolean }[];
    };
  };
  getHeaders(options: { enabled: boolean }): Record<string, unknown>;
  readonly body?: {
    readonly mode?: string;
    readonly raw?: string;
    readonly formdata?: {
      all(): readonly { key: string; type?: string; value?: unknown; src?: unknown }[];
    };
  };
}

/**
 * Headers a template writes itself (the key from the environment, a new `Idempotency-Key` per
 * run, the body's type) or that the client sets (a multipart boundary): not copied from the form.
 */
const writtenByTemplates = new Set(['authorization', 'idempotency-key', 'content-type', 'cookie']);

/**
 * The request's URL, its query written as the templates write it: each value as text, encoded
 * (postman-collection's own `toString` leaves out a value that is not a string, such as the
 * number the form holds for `limit`).
 */
function urlOf(url: EditorRequest['url'], path?: EditorPath): string {
  const query = url.query
    .all()
    .filter((q) => q.key && !q.disabled)
    .map((q) =>
      q.value === undefined || q.value === null
        ? q.key!
        : `${q.key!}=${encodeURIComponent(String(q.value))}`,
    );
  const [address] = url.toString().split('?');
  const encoded = path ? encodedAddress(address, path) : address;
  return query.length > 0 ? `${encoded}?${query.join('&')}` : encoded;
}

/** The operation's path template and the form's path parameters. */
export interface EditorPath {
  readonly template: string;
  readonly params: readonly { name: string; value?: unknown }[];
}

/**
 * The address with each path parameter encoded (`../user/credit` stays one segment of
 * `/v1/voices/{voice_id}`, not a way into another endpoint), an empty one empty: the theme
 * writes values as typed, and `:voice_id` for an empty one.
 */
function encodedAddress(address: string, { template, params }: EditorPath): string {
  const valueOf = (name: string) => {
    const value = params.find((p) => p.name === name)?.value;
    return value === undefined || value === null ? '' : String(value);
  };
  const asTheme = template.replace(
    /\{([^}]+)\}/g,
    (_, name: string) => valueOf(name) || `:${name}`,
  );
  if (!address.endsWith(asTheme)) return address;
  const path = template.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(valueOf(name)),
  );
  return `${address.slice(0, address.length - asTheme.length)}${path}`;
}

/** The file name of a form's file part: the theme writes the chosen file as `/path/to/<name>`. */
const fileNameOf = (src: unknown): string | undefined =>
  typeof src === 'string' && src !== '' ? src.split('/').pop() : undefined;

/**
 * The operation as the reader edited it in the request editor: `base` (the page's operation,
 * src/codegen/sampleOperation) with the method, URL, headers, body and response of the request
 * the theme builds from the form (`request`) and the media type it asks for (`accept`), so that
 * the same templates (src/codegen/templates/) write the editor's code as the page's samples.
 * Undefined when the body is not JSON the templates can write.
 */
export function editorOperation(
  base: SampleOperation,
  request: EditorRequest,
  accept: string | undefined,
  path?: EditorPath,
): SampleOperation | undefined {
  const headers: NameValue[] = Object.entries(request.getHeaders({ enabled: true }))
    .filter(([name]) => !writtenByTemplates.has(name.toLowerCase()))
    .map(([name, value]) => ({ name, value: String(value) }));

  let body: SampleBody | null = null;
  const sent = request.body;
  if (sent?.mode === 'raw' && sent.raw) {
    try {
      body = { kind: 'json', value: JSON.parse(sent.raw) as unknown };
    } catch {
      return undefined;
    }
  } else if (sent?.mode === 'formdata' && base.body?.kind === 'form') {
    const parts = sent.formdata?.all() ?? [];
    const file = parts.find((p) => p.type === 'file');
    body = {
      kind: 'form',
      fields: parts
        .filter((p) => p.type !== 'file' && p.value !== undefined && p.value !== '')
        .map((p) => ({ name: p.key, value: String(p.value) })),
      file: {
        name: file?.key ?? base.body.file.name,
        filename: fileNameOf(file?.src) ?? sampleUploadFile,
      },
    };
  }

  // Audio is saved under its container's name (speech.wav for audio/wav), as the form asks.
  const audioFile = base.response.kind === 'audio' ? audioFileOf(accept) : undefined;
  const response: SampleResponse = audioFile ? { kind: 'audio', file: audioFile } : base.response;

  return {
    ...base,
    method: request.method.toUpperCase(),
    url: urlOf(request.url, path),
    headers,
    body,
    response,
  };
}
