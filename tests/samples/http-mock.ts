/**
 * The HTTP API mocked from its contract: Prism (`prism mock --errors`) serves one document merged
 * from the three bundled OpenAPI specs, validates every request against it (4xx with the spec's
 * error example and an `sl-violations` header on a violation) and answers valid ones from the
 * spec's examples. Each sample talks to its own recording proxy in front of Prism, so the harness
 * knows exactly which requests a sample sent and whether the mock accepted them. The proxy also
 * applies the rules of pronunciation control that a JSON schema cannot state (markup grammar in
 * `text`, one syllable per character in the dictionary: src/data/pronunciation.ts) and answers
 * a breach as the API does: 400 `invalid_request` naming the field in `param`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, readFileSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { parse, stringify } from 'yaml';

import { apiSpecs } from '../../src/data/apiSpecs';
import { pronunciationError, type PronunciationError } from '../../src/data/pronunciation';

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

/** Operations whose JSON body carries pronunciation control. */
const pronunciationOperations = new Set(['createSpeech']);

/** The pronunciation error of an authorised JSON request to such an operation, or null. */
export function pronunciationRefusal(
  operationId: string | null,
  headers: { authorization?: string; 'content-type'?: string },
  body: Buffer,
): PronunciationError | null {
  if (!operationId || !pronunciationOperations.has(operationId)) return null;
  // Authentication comes first: Prism answers a request without a key with 401.
  if (!/^Bearer .+$/.test(headers.authorization ?? '')) return null;
  if (!/^application\/json\b/i.test(headers['content-type'] ?? '')) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return null; // Prism reports a body that is not JSON
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
  return pronunciationError(parsed as Json);
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
            operationId: operationOf(method, url),
            status,
            violations,
            authorization: req.headers.authorization ?? null,
          });
        const refusal = pronunciationRefusal(
          operationOf(method, url),
          req.headers,
          Buffer.concat(chunks),
        );
        if (refusal) {
          record(400, [`${refusal.param}: ${refusal.message}`]);
          const requestId = `req_mock_${requests.length}`;
          res.writeHead(400, { 'Content-Type': 'application/json', 'X-Request-Id': requestId }).end(
            JSON.stringify({
              error: { code: 'invalid_request', ...refusal, request_id: requestId },
            }),
          );
          return;
        }
        const body = forPrism(Buffer.concat(chunks), String(req.headers['content-type'] ?? ''));
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
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        );
        upstream.on('error', (error) => {
          record(502, [`the mock did not answer: ${String(error)}`]);
          res.writeHead(502).end(String(error));
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

  return {
    prismOrigin: `http://127.0.0.1:${port}`,
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
