import { connect } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

/**
 * Raw HTTP/1.1 over a socket, for requests that fetch and Playwright's request context would
 * normalise or refuse to send: undecoded `..`, `%00`, invalid UTF-8 bytes, odd methods, a
 * hostile Host header, an absolute-form target.
 */
export interface RawResponse {
  readonly status: number;
  /** Header names in lower case; repeated headers joined with ", ". */
  readonly headers: Readonly<Record<string, string>>;
  /** The body as sent (still compressed if Content-Encoding says so). */
  readonly body: Buffer;
  /** The body decoded from its Content-Encoding, as text. */
  readonly text: string;
}

export interface RawOptions {
  readonly method?: string;
  /** Sent as Host unless `null` (no Host header at all). Defaults to the base URL's host. */
  readonly host?: string | null;
  readonly headers?: Readonly<Record<string, string>>;
  /** Sent after the head, with its Content-Length. */
  readonly body?: string;
}

function decode(body: Buffer, encoding: string | undefined): Buffer {
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'gzip') return gunzipSync(body);
  return body;
}

function dechunk(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const eol = body.indexOf('\r\n', at);
    const size = parseInt(body.subarray(at, eol).toString('latin1'), 16);
    if (!size) return Buffer.concat(parts);
    parts.push(body.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
}

/** Sends one request whose target (path and query) goes out byte for byte as given. */
export function rawRequest(
  baseURL: string,
  target: string | Buffer,
  options: RawOptions = {},
): Promise<RawResponse> {
  const url = new URL(baseURL);
  const method = options.method ?? 'GET';
  const host = options.host === undefined ? url.host : options.host;
  const lines = [
    ...(host === null ? [] : [`Host: ${host}`]),
    ...Object.entries(options.headers ?? {}).map(([k, v]) => `${k}: ${v}`),
    ...(options.body === undefined ? [] : [`Content-Length: ${Buffer.byteLength(options.body)}`]),
    'Connection: close',
  ];
  const head = Buffer.concat([
    Buffer.from(`${method} `, 'latin1'),
    typeof target === 'string' ? Buffer.from(target, 'latin1') : target,
    Buffer.from(` HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`, 'latin1'),
    Buffer.from(options.body ?? '', 'utf8'),
  ]);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname);
    const chunks: Buffer[] = [];
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer within 10 s')));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const raw = Buffer.concat(chunks);
      const split = raw.indexOf('\r\n\r\n');
      if (split < 0) return reject(new Error(`no response head: ${raw.toString('latin1')}`));
      const [statusLine, ...headerLines] = raw.subarray(0, split).toString('latin1').split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of headerLines) {
        const colon = line.indexOf(':');
        const name = line.slice(0, colon).trim().toLowerCase();
        const value = line.slice(colon + 1).trim();
        headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
      }
      let body: Buffer = raw.subarray(split + 4);
      if (headers['transfer-encoding'] === 'chunked') body = dechunk(body);
      const status = Number(statusLine.split(' ')[1]);
      const text =
        method === 'HEAD' ? '' : decode(body, headers['content-encoding']).toString('utf8');
      resolve({ status, headers, body, text });
    });
    socket.write(head);
  });
}

/** A GET with the headers a browser sends that matter here. */
export const get = (
  baseURL: string,
  target: string,
  headers: Record<string, string> = {},
): Promise<RawResponse> => rawRequest(baseURL, target, { headers });

/** The directives of a Content-Security-Policy header, each with its list of sources. */
export function parseCsp(header: string | undefined): Record<string, string[]> {
  const policy: Record<string, string[]> = {};
  for (const directive of (header ?? '').split(';')) {
    const [name, ...sources] = directive.trim().split(/\s+/);
    if (name) policy[name.toLowerCase()] = sources;
  }
  return policy;
}
