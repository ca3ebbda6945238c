/**
 * Prepares the API documents for the site (run by `npm run gen-api`, before start and build;
 * all output is gitignored):
 *
 * - each OpenAPI spec of `api-specs/` is bundled into one self-contained file (shared components
 *   of `common.yaml` inlined, `servers` filled from the deployment module, so the API origin is
 *   written in one place only; each error response's example and error code filled from the
 *   error catalogue, see `withErrorExamples`); the reference is generated from these bundles,
 *   and readers download them;
 * - the AsyncAPI document of the websocket is validated with @asyncapi/parser, published with
 *   its references kept (its server from the deployment module), and, resolved, turned into the
 *   flat model the websocket pages render.
 */
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { bundle, createConfig } from '@redocly/openapi-core';
import { Parser, fromFile } from '@asyncapi/parser';
import { parse, stringify } from 'yaml';

import {
  apiSpecs,
  bundledSpecPath,
  publishedSpecPath,
  publicSpecsDir,
  speechRequestFieldsPath,
  httpOperationsPath,
  websocketSpec,
} from '../src/data/apiSpecs';
import { apiVersionPrefix, deployment } from '../src/data/deployment';
import { errorByCode } from '../src/data/errors';
import { limit, type LimitKey } from '../src/data/limits';
import { fieldsOf, fillKeepalive, keepaliveNumbersOf, websocketModel } from './lib/websocket-model';
import { maxSegmentLength } from '../src/protocol/segment';
import { deref as derefRef } from './lib/json-ref';
import { writeIfChanged } from './lib/write-if-changed';

const root = path.resolve(__dirname, '..');

async function bundleOpenApi(): Promise<void> {
  const config = await createConfig({});
  const operations: {
    method: string;
    path: string;
    operationId: string;
    route: string;
    fields: string[];
  }[] = [];
  for (const spec of apiSpecs) {
    const { bundle: result, problems } = await bundle({
      ref: path.join(root, spec.sourcePath),
      config,
    });
    const errors = problems.filter((p) => p.severity === 'error');
    if (errors.length > 0) {
      throw new Error(`${spec.sourcePath}: ${errors.map((p) => p.message).join('; ')}`);
    }
    const { openapi, info, ...rest } = withErrorExamples(
      result.parsed as Record<string, unknown>,
      spec.sourcePath,
    );
    const published = {
      openapi,
      info,
      servers: [{ url: deployment.httpApiOrigin, description: '生产环境' }],
      ...rest,
    };
    const target = path.join(root, bundledSpecPath(spec.id));
    writeIfChanged(target, stringify(published, { lineWidth: 0 }));
    writeIfChanged(
      path.join(root, publishedSpecPath(spec.id)),
      stringify(withAbsoluteLinks(published), { lineWidth: 0 }),
    );
    console.log(`bundled ${spec.sourcePath} -> ${path.relative(root, target)}`);
    for (const [opPath, item] of Object.entries(asJson(rest.paths))) {
      for (const [method, op] of Object.entries(asJson(item))) {
        const slug = asJson(op)['x-doc-slug'];
        if (typeof slug !== 'string') continue;
        // The search knows an operation by this name too (get voice → /api/voices/get).
        const operationId = asJson(op).operationId;
        if (typeof operationId !== 'string') {
          throw new Error(
            `${spec.sourcePath}: ${method.toUpperCase()} ${opPath} has no operationId`,
          );
        }
        operations.push({
          method: method.toUpperCase(),
          path: opPath,
          operationId,
          route: `/api${slug}`,
          fields: fieldNamesOf(rest, asJson(item), asJson(op)),
        });
      }
    }
  }
  // A name most voice pages define (voice_id, status) says nothing about which one a reader
  // means: each operation keeps the names it and at most one other operation define.
  const definedBy = new Map<string, number>();
  for (const f of operations.flatMap((o) => o.fields))
    definedBy.set(f, (definedBy.get(f) ?? 0) + 1);
  for (const o of operations) o.fields = o.fields.filter((f) => (definedBy.get(f) ?? 0) <= 2);
  writeIfChanged(path.join(root, httpOperationsPath), `${JSON.stringify(operations, null, 2)}\n`);
  await writeSpeechRequestFields(config);
}

/**
 * Each error response of the shared components names its code (`x-error-code`), or the codes
 * and cases it can carry (`x-errors`: `{ code, example? }`, `example` a key of the code's
 * `examples` in the catalogue). Its example (or examples, one per case) is that envelope from the
 * error catalogue (src/data/errors.ts), with the request id of the `X-Request-Id` header's
 * example, and its description starts with the codes. So every status shows an example of its
 * own error, and no message or code is typed in the specs as well.
 */
function withErrorExamples(doc: Record<string, unknown>, source: string): Record<string, unknown> {
  const components = asJson(doc.components);
  const requestId = asJson(asJson(asJson(components.headers)['X-Request-Id']).schema).example;
  if (typeof requestId !== 'string') throw new Error(`${source}: no X-Request-Id example`);
  const responses = Object.entries(asJson(components.responses)).map(([name, value]) => {
    const response = asJson(value);
    const { 'x-error-code': single, 'x-errors': many, ...rest } = response;
    const cases: { code: string; example?: string }[] =
      single !== undefined
        ? [{ code: String(single) }]
        : Array.isArray(many)
          ? many.map((c) => asJson(c) as { code: string; example?: string })
          : [];
    if (cases.length === 0) return [name, response];
    const envelopes = cases.map(({ code, example }) => {
      const entry = errorByCode(code);
      if (!entry) throw new Error(`${source}: response ${name} names an unknown error ${code}`);
      const chosen = example === undefined ? entry.example : entry.examples?.[example];
      if (!chosen)
        throw new Error(`${source}: response ${name}: ${code} has no example ${example}`);
      const { message, param } = chosen;
      return {
        key: example === undefined ? code : `${code}-${example}`,
        // The example's tab label: which code, and which field it names.
        summary: param === null || param === undefined ? code : `${code}（param 为 ${param}）`,
        value: { error: { code, message, param, request_id: requestId } },
      };
    });
    const content = asJson(response.content);
    const json = asJson(content['application/json']);
    if (!json.schema || json.example !== undefined || json.examples !== undefined) {
      throw new Error(`${source}: response ${name} needs a JSON schema and no example of its own`);
    }
    const codes = [...new Set(cases.map((c) => `\`${c.code}\``))].join('、');
    return [
      name,
      {
        ...rest,
        // The published document names one code (`x-error-code`) or all of them (`x-error-codes`),
        // never the first of several as if it were the only one.
        ...(new Set(cases.map((c) => c.code)).size === 1
          ? { 'x-error-code': cases[0].code }
          : { 'x-error-codes': [...new Set(cases.map((c) => c.code))] }),
        description: `错误码 ${codes}：${String(response.description)}`,
        content: {
          ...content,
          'application/json': {
            ...json,
            ...(envelopes.length === 1
              ? { example: envelopes[0].value }
              : {
                  examples: Object.fromEntries(
                    envelopes.map((e) => [e.key, { summary: e.summary, value: e.value }]),
                  ),
                }),
          },
        },
      },
    ];
  });
  if (responses.length === 0) return doc;
  return { ...doc, components: { ...components, responses: Object.fromEntries(responses) } };
}

/** The fields of the HTTP speech request, for pages that show them outside the generated page. */
async function writeSpeechRequestFields(config: Awaited<ReturnType<typeof createConfig>>) {
  const speech = apiSpecs.find((s) => s.id === 'speech')!;
  const { bundle: result } = await bundle({
    ref: path.join(root, speech.sourcePath),
    config,
    dereference: true,
  });
  const schemas = asJson(asJson(asJson(result.parsed).components).schemas);
  const fields = fieldsOf(asJson(schemas.SpeechRequest));
  writeIfChanged(path.join(root, speechRequestFieldsPath), `${JSON.stringify(fields, null, 2)}\n`);
}

/** Drops the keys @asyncapi/parser adds to the documents it resolves. */
function withoutParserKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutParserKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !key.startsWith('x-parser-'))
        .map(([key, v]) => [key, withoutParserKeys(v)]),
    );
  }
  return value;
}

async function publishAsyncApi(): Promise<void> {
  const sourcePath = path.join(root, websocketSpec.sourcePath);
  const { document, diagnostics } = await fromFile(new Parser(), sourcePath).parse();
  // Severity 0 is an error; the only other diagnostic expected is an informational
  // recommendation to move to a newer AsyncAPI version.
  const errors = diagnostics.filter((d) => d.severity === 0);
  if (!document || errors.length > 0) {
    throw new Error(
      `${websocketSpec.sourcePath}: ${errors.map((d) => `${d.message} at ${d.path.join('.')}`).join('; ')}`,
    );
  }
  // Numbers the prose names by placeholder, written once in the data modules: the segmenter's
  // length (src/protocol/segment.ts) and the ping interval (src/data/limits.ts) with the two
  // multiples the keepalive rule gives (the close comes two to three intervals after a stall).
  const ping = limit('websocketPingInterval');
  const placeholders: Record<string, string> = {
    '{maxSegmentLength}': String(maxSegmentLength),
    '{pingInterval}': `${ping.value} ${ping.unit}`,
    '{twoPingIntervals}': `${2 * ping.value} ${ping.unit}`,
    '{threePingIntervals}': `${3 * ping.value} ${ping.unit}`,
  };
  const fillPlaceholders = (json: string): string =>
    Object.entries(placeholders).reduce(
      (text, [name, value]) => text.replaceAll(name, value),
      json,
    );
  const resolved = JSON.parse(
    fillPlaceholders(JSON.stringify(withoutParserKeys(document.json()))),
  ) as Record<string, unknown>;
  const keepalive = asJson(asJson(asJson(resolved.channels).speech)['x-keepalive']);
  /**
   * A document as readers get it: the keepalive numbers written out wherever they are named, the
   * server from the deployment module, the connection's limits beside the keepalive rule.
   */
  const finished = (json: string, security: unknown): Record<string, unknown> => {
    const publishing = JSON.parse(fillKeepalive(json, keepaliveNumbersOf(keepalive))) as Record<
      string,
      unknown
    >;
    // A placeholder nobody fills would reach readers as `{name}`: fail the build instead.
    const unfilled = /\{[A-Za-z]+\}/.exec(JSON.stringify(publishing));
    if (unfilled) throw new Error(`${websocketSpec.sourcePath}: no value for ${unfilled[0]}`);
    const { asyncapi, info, ...rest } = publishing;
    const wsUrl = new URL(deployment.wsApiOrigin);
    const doc = {
      asyncapi,
      info,
      servers: {
        production: {
          host: wsUrl.host,
          protocol: wsUrl.protocol.replace(':', ''),
          pathname: apiVersionPrefix,
          description: '生产环境',
          security: [security],
        },
      },
      ...rest,
    };
    // The connection's limits, as the limits table states them (src/data/limits.ts): a reader of
    // the document alone finds them beside the keepalive rule, not only on the site.
    asJson(asJson((doc as Record<string, unknown>).channels).speech)['x-limits'] =
      websocketLimitKeys.map((key) => {
        const { subject, value, unit, scope, onExceed } = limit(key);
        return { key, subject, value, unit, scope, onExceed };
      });
    return doc;
  };
  // The site's own copy, resolved (the pages and tests read it without following references).
  writeIfChanged(
    path.join(root, websocketSpec.bundlePath),
    stringify(
      finished(
        JSON.stringify(resolved),
        asJson(asJson(resolved.components).securitySchemes).BearerAuth,
      ),
      { lineWidth: 0 },
    ),
  );
  // The download keeps the source's references: AsyncAPI 3 wants an operation's channel and
  // messages as references, and a copy per operation would make the file ten times larger.
  const source = fillPlaceholders(
    JSON.stringify(
      withSiblingFilesInlined(
        parse(await readFile(sourcePath, 'utf8')),
        withoutParserKeys(document.json()),
      ),
    ),
  );
  writeIfChanged(
    path.join(root, websocketSpec.publishedPath),
    stringify(
      withAbsoluteLinks(finished(source, { $ref: '#/components/securitySchemes/BearerAuth' })),
      { lineWidth: 0 },
    ),
  );
  const model = websocketModel(
    resolved,
    deployment.wsApiOrigin,
    apiVersionPrefix,
    websocketSpec.downloadUrl,
  );
  writeIfChanged(path.join(root, websocketSpec.modelPath), `${JSON.stringify(model, null, 2)}\n`);
  console.log(`validated ${websocketSpec.sourcePath} -> ${websocketSpec.bundlePath}`);
}

/**
 * Replaces each reference into a sibling file (`./speech.yaml#/…`) by what the parser resolved
 * at the same place, so the download stands alone; the document's own `#/…` references stay.
 */
function withSiblingFilesInlined(value: unknown, resolvedHere: unknown): unknown {
  if (!value || typeof value !== 'object') return value;
  const ref = (value as { $ref?: unknown }).$ref;
  if (typeof ref === 'string' && !ref.startsWith('#')) {
    if (resolvedHere === undefined) {
      throw new Error(`${websocketSpec.sourcePath}: cannot inline ${ref}`);
    }
    return resolvedHere;
  }
  const at = (key: string | number): unknown =>
    (resolvedHere as Record<string | number, unknown> | undefined)?.[key];
  if (Array.isArray(value)) return value.map((v, i) => withSiblingFilesInlined(v, at(i)));
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, withSiblingFilesInlined(v, at(k))]),
  );
}

const asJson = (value: unknown): Record<string, unknown> =>
  (value ?? {}) as Record<string, unknown>;

/** The limits that bind a websocket connection, published with the AsyncAPI document. */
const websocketLimitKeys: readonly LimitKey[] = [
  'requestsPerMinute',
  'websocketConnections',
  'contextsPerConnection',
  'websocketIdleTimeout',
  'websocketPingInterval',
  'textLength',
];

/**
 * A document for download: its Markdown links to the site's pages (`](/price#…)`) made absolute
 * on the deployment's site, so that they work in the API tools readers import it into.
 */
function withAbsoluteLinks<T>(document: T): T {
  return JSON.parse(
    JSON.stringify(document).replace(
      /\]\((\/[^)\s]*)\)/g,
      (_, link: string) => `](${new URL(link, deployment.siteUrl).href})`,
    ),
  ) as T;
}

/**
 * The names an operation's page defines, for the search (a field named in a query lands on its
 * page): its parameters, and the properties of its JSON or form body and of its 2xx response,
 * nested ones by their own name (`data[].status` as `status`).
 */
function fieldNamesOf(
  doc: Record<string, unknown>,
  pathItem: Record<string, unknown>,
  op: Record<string, unknown>,
): string[] {
  const deref = (node: unknown) => asJson(derefRef(doc, node));
  const names = new Set<string>();
  const visit = (schema: unknown, depth: number) => {
    const s = deref(schema);
    if (s.items) visit(s.items, depth);
    for (const [name, property] of Object.entries(asJson(s.properties))) {
      names.add(name);
      if (depth < 2) visit(property, depth + 1);
    }
  };
  for (const parameter of [
    ...((pathItem.parameters as unknown[] | undefined) ?? []),
    ...((op.parameters as unknown[] | undefined) ?? []),
  ]) {
    const name = deref(parameter).name;
    if (typeof name === 'string') names.add(name);
  }
  for (const media of Object.values(asJson(deref(op.requestBody).content))) {
    visit(asJson(media).schema, 0);
  }
  for (const [status, response] of Object.entries(asJson(op.responses))) {
    if (!status.startsWith('2')) continue;
    for (const media of Object.values(asJson(deref(response).content))) {
      visit(asJson(media).schema, 0);
    }
  }
  return [...names].sort();
}

/** `--openapi` or `--asyncapi` does one half (the generator runs the two side by side). */
async function main(): Promise<void> {
  const [openApi, asyncApi] = ['--openapi', '--asyncapi'].map((flag) =>
    process.argv.includes(flag),
  );
  await mkdir(path.join(root, publicSpecsDir, 'api-specs'), { recursive: true });
  await mkdir(path.join(root, path.dirname(bundledSpecPath('speech'))), { recursive: true });
  if (openApi || !asyncApi) await bundleOpenApi();
  if (asyncApi || !openApi) await publishAsyncApi();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
