import codeJson from '../../../i18n/zh-Hans/code.json';
import { deref as derefRef } from '../../../scripts/lib/json-ref';
import { unwrapLines as unwrap, yamlProse } from '../../../scripts/lib/yaml-prose';
import { parametersTitleIdOf } from '../../adaptations/openapi-parameter-titles/messageIds';
import {
  binaryContent,
  schemaConstraints,
  type ConstrainedSchema,
} from '../../../src/components/schemaConstraints';

/**
 * The Markdown of an API operation page, written from the bundled OpenAPI document (the page's
 * HTML is the theme's interactive layout, tabs and collapsible schemas), with the code samples
 * rendered at build time (scripts/render-code-samples.ts) from the page's front matter.
 */
type Json = Record<string, unknown>;

/** A schema as this module reads it: the constraints are `schemaConstraints`' own fields. */
export interface Schema extends Omit<ConstrainedSchema, 'items' | 'enum'> {
  description?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  example?: unknown;
  minProperties?: number;
  $ref?: string;
}

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: Schema;
  example?: unknown;
}

interface Example {
  summary?: string;
  value?: unknown;
}

interface MediaType {
  schema?: Schema;
  example?: unknown;
  examples?: Record<string, Example>;
}

interface Header {
  description?: string;
  schema?: Schema;
}

interface Response {
  description?: string;
  headers?: Record<string, Header>;
  content?: Record<string, MediaType>;
}

export interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; description?: string; content?: Record<string, MediaType> };
  responses?: Record<string, Response>;
  security?: Record<string, unknown>[];
  'x-doc-slug'?: string;
}

export interface OpenApiDocument {
  servers?: { url: string }[];
  security?: Record<string, unknown>[];
  paths?: Record<string, Record<string, unknown>>;
  components?: Json;
}

/** One operation of a document, with the path-level parameters it inherits. */
export interface OperationEntry {
  readonly document: OpenApiDocument;
  readonly method: string;
  readonly path: string;
  readonly operation: Operation;
  readonly pathParameters: Parameter[];
}

/**
 * A code sample as the page shows it: scripts/render-code-samples.ts stores one in the page's
 * front matter and the others in files of the site (src/codegen/sampleFrontMatter).
 */
export interface CodeSample {
  readonly language: string;
  readonly label: string;
  readonly highlight: string;
  readonly code: string;
}

const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

export function operationsOf(document: OpenApiDocument): OperationEntry[] {
  return Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    methods
      .filter((m) => item[m])
      .map((method) => ({
        document,
        method,
        path,
        operation: item[method] as Operation,
        pathParameters: (item.parameters as Parameter[] | undefined) ?? [],
      })),
  );
}

/** Follows a local `$ref`, typed by the value it is given. */
const deref = <T>(document: OpenApiDocument, value: T): T => derefRef<T>(document, value);

/** Multi-line YAML prose as Markdown: paragraphs and list items kept, each unwrapped. */
export const prose = (value: unknown): string => yamlProse(value, { listItems: true });

/** A table cell: one line (paragraphs run together as wrapped lines do), pipes escaped. */
const cell = (value: string): string => unwrap(value).replace(/\|/g, '\\|');
const code = (value: unknown): string =>
  `\`${typeof value === 'string' ? value : JSON.stringify(value)}\``;
const table = (head: string[], rows: string[][]): string =>
  [head, head.map(() => '-'), ...rows].map((r) => `| ${r.map(cell).join(' | ')} |`).join('\n');
const fence = (lang: string, body: string, meta = ''): string => {
  // A fence longer than any backtick run in the body.
  const longest = Math.max(2, ...(body.match(/`+/g) ?? []).map((m) => m.length));
  const marks = '`'.repeat(longest + 1);
  return `${marks}${lang}${meta ? ` ${meta}` : ''}\n${body.replace(/\n+$/, '')}\n${marks}`;
};

function typeOf(document: OpenApiDocument, raw: Schema): string {
  const schema = deref(document, raw);
  const variants = schema.oneOf ?? schema.anyOf;
  if (variants) return variants.map((v) => typeOf(document, v)).join(' | ');
  const base = Array.isArray(schema.type)
    ? schema.type.join(' | ')
    : schema.type === 'array' && schema.items
      ? `${typeOf(document, schema.items)}[]`
      : (schema.type ?? (schema.properties ? 'object' : 'any'));
  return schema.format ? `${base}(${schema.format})` : base;
}

/** A field's type as the page shows it: binary content by what it holds (文件, 音频). */
const typeCell = (document: OpenApiDocument, schema: Schema): string =>
  binaryContent(schema)?.kind ?? code(typeOf(document, schema));

/** What the page shows under a field, worded as there (src/components/schemaConstraints). */
function constraintsOf(schema: Schema): string[] {
  const out: string[] = [];
  if (schema.const !== undefined) out.push(`固定值：${code(schema.const)}`);
  out.push(...schemaConstraints(schema).map(({ label, text }) => `${label}：${text}`));
  if (schema.default !== undefined) out.push(`默认值：${code(schema.default)}`);
  if (schema.minProperties !== undefined) out.push(`至少包含 ${schema.minProperties} 个字段`);
  if (schema.example !== undefined) out.push(`示例：${code(schema.example)}`);
  return out;
}

/** Sentences joined as Chinese text is: no space after full-width punctuation. */
const sentences = (...parts: string[]): string =>
  parts
    .filter(Boolean)
    .reduce(
      (out, part) =>
        out === '' || /[\u3000-\u303f\uff00-\uffef]$/.test(out) ? out + part : `${out} ${part}`,
      '',
    );

const explain = (description: unknown, constraints: string[]): string =>
  sentences(prose(description), constraints.join('；'));

/** `allOf` parts merged into one object schema. */
function merged(document: OpenApiDocument, raw: Schema): Schema {
  const schema = deref(document, raw);
  if (!schema.allOf) return schema;
  const parts = schema.allOf.map((p) => merged(document, p));
  return {
    ...schema,
    allOf: undefined,
    type: 'object',
    properties: Object.assign({}, ...parts.map((p) => p.properties), schema.properties),
    required: [...parts.flatMap((p) => p.required ?? []), ...(schema.required ?? [])],
  };
}

type Side = 'request' | 'response';

/**
 * Rows of a field table: nested objects as `a.b`, items of arrays of objects as `a[].b`. A
 * request's rows say whether the field is required; a response's fields just are.
 */
function fieldRows(
  document: OpenApiDocument,
  raw: Schema,
  side: Side,
  prefix = '',
  depth = 0,
): string[][] {
  const schema = merged(document, raw);
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).flatMap(([key, rawChild]) => {
    const child = merged(document, rawChild);
    const name = `${prefix}${key}`;
    const nullable = (child.oneOf ?? child.anyOf)?.find((v) => deref(document, v).type !== 'null');
    const row = [
      code(name),
      typeCell(document, child),
      ...(side === 'request' ? [required.has(key) ? '是' : '否'] : []),
      explain(child.description, constraintsOf(nullable ? deref(document, nullable) : child)),
    ];
    if (depth > 8) return [row];
    const items = child.type === 'array' && child.items ? merged(document, child.items) : undefined;
    const nested = child.properties
      ? fieldRows(document, child, side, `${name}.`, depth + 1)
      : items?.properties
        ? fieldRows(document, items, side, `${name}[].`, depth + 1)
        : [];
    return [row, ...nested];
  });
}

/** A body schema: a field table for objects, a sentence for anything else (e.g. audio). */
function schemaMarkdown(document: OpenApiDocument, raw: Schema, side: Side): string {
  const schema = merged(document, raw);
  const items =
    schema.type === 'array' && schema.items ? merged(document, schema.items) : undefined;
  const object = schema.properties ? schema : items?.properties ? items : undefined;
  const lines: string[] = [];
  const about = explain(schema.description, constraintsOf(schema));
  const binary = binaryContent(schema);
  if (object === items && items) lines.push(sentences('数组，每一项的字段如下。', about));
  else if (binary) {
    // "响应体：MP3 音频。" when the schema says what the bytes are.
    const body = side === 'request' ? '请求体' : '响应体';
    lines.push(about ? `${body}：${about}` : `${body}为${binary.kind}。`);
  } else if (!object) lines.push(sentences(`类型 ${code(typeOf(document, schema))}。`, about));
  else if (about) lines.push(about);
  if (object) {
    const head = side === 'request' ? ['字段', '类型', '必填', '说明'] : ['字段', '类型', '说明'];
    lines.push(table(head, fieldRows(document, object, side)));
  }
  return lines.join('\n\n');
}

function examplesMarkdown(media: MediaType): string[] {
  const examples: [string, Example][] = media.examples
    ? Object.entries(media.examples)
    : media.example !== undefined
      ? [['', { value: media.example }]]
      : [];
  return examples.map(([name, example]) => {
    // The summary is the label a reader sees on the page's tab; the key is only its id.
    const title = (example.summary ?? name).replace(/。$/, '');
    const body = fence('json', JSON.stringify(example.value, null, 2));
    return title ? `示例：${title}\n\n${body}` : `示例：\n\n${body}`;
  });
}

// Headed as on the page (see plugins/adaptations/openapi-parameter-titles).
const messages = codeJson as Record<string, { message: string }>;
const parameterGroups: [string, string][] = ['path', 'query', 'header', 'cookie'].map((place) => [
  place,
  messages[parametersTitleIdOf(place)].message,
]);

function parametersMarkdown(entry: OperationEntry): string[] {
  const { document } = entry;
  const byKey = new Map<string, Parameter>();
  for (const raw of [...entry.pathParameters, ...(entry.operation.parameters ?? [])]) {
    const p = deref(document, raw);
    byKey.set(`${p.in}:${p.name}`, p);
  }
  const params = [...byKey.values()];
  // A description with a list does not fit a table cell (Markdown cells hold one line): the cell
  // keeps its first paragraph, and the whole description follows the table under the name.
  const hasList = (text: string | undefined): boolean => /\n\s*(?:[-*] |\d+\. )/.test(text ?? '');
  return parameterGroups.flatMap(([place, label]) => {
    const group = params.filter((p) => p.in === place);
    const rows = group.map((p) => {
      const schema = deref(document, p.schema ?? {});
      const constraints = constraintsOf(
        p.example === undefined ? schema : { ...schema, example: p.example },
      );
      const description = hasList(p.description)
        ? `${(p.description ?? '').trim().split(/\n\s*\n/)[0]} 详见表后的 ${code(p.name)}。`
        : p.description;
      return [
        code(p.name),
        typeCell(document, schema),
        p.required ? '是' : '否',
        explain(description, constraints),
      ];
    });
    const details = group
      .filter((p) => hasList(p.description))
      .flatMap((p) => [`#### ${code(p.name)}`, prose(p.description)]);
    return rows.length
      ? [`### ${label}`, table(['名称', '类型', '必填', '说明'], rows), ...details]
      : [];
  });
}

function securityMarkdown(entry: OperationEntry): string[] {
  const { document, operation } = entry;
  const requirements = operation.security ?? document.security ?? [];
  const schemes = (document.components?.securitySchemes ?? {}) as Record<string, Json>;
  const names = requirements.flatMap((r) => Object.keys(r));
  if (names.length === 0) return ['鉴权：不需要。'];
  return names.map((name) => {
    // The scheme's description says how to authenticate; its type is only the fallback.
    const scheme = schemes[name] ?? {};
    const kind = scheme.type === 'http' ? `HTTP ${String(scheme.scheme ?? '')}` : scheme.type;
    return `鉴权：${prose(scheme.description) || `${String(kind ?? name)}。`}`;
  });
}

/**
 * The body of a media type. A schema already shown on the page is not shown again: the text names
 * the section that shows it (`section`, the heading the body is under, e.g. 400).
 */
function mediaMarkdown(
  document: OpenApiDocument,
  type: string,
  media: MediaType,
  shown: Map<string, string>,
  side: Side,
  section: string,
): string[] {
  const out = [`媒体类型 ${code(type)}。`];
  const ref = media.schema?.$ref;
  // A schema shown for the request is shown again for a response, without requiredness.
  const key = ref && `${side} ${ref}`;
  const where = key && shown.get(key);
  if (where) {
    const about = prose(deref(document, media.schema!).description);
    const name = code(ref.split('/').pop());
    const fields = /^\d{3}$/.test(where) ? `与上文 ${where} 响应相同` : `见上文“${where}”一节`;
    out[0] += `结构为 ${name}${about ? `（${about.replace(/。$/, '')}）` : ''}，字段${fields}。`;
  } else if (media.schema) {
    if (key) shown.set(key, section);
    out.push(schemaMarkdown(document, media.schema, side));
  }
  return [...out, ...examplesMarkdown(media)];
}

/**
 * The response headers of an operation, each described once for the page with the statuses
 * that carry it (most headers, `X-Request-Id` first, come with every response).
 */
function headersMarkdown(
  document: OpenApiDocument,
  responses: (readonly [string, Response])[],
): string | undefined {
  // A header by its name, type and description, with the statuses whose responses carry it.
  const described = new Map<
    string,
    { name: string; type: string; about: string; statuses: string[] }
  >();
  for (const [status, response] of responses) {
    for (const [name, h] of Object.entries(response.headers ?? {})) {
      const header = deref(document, h);
      const type = header.schema ? `${code(typeOf(document, header.schema))}，` : '';
      const about = prose(header.description);
      const key = JSON.stringify([name, type, about]);
      const entry = described.get(key) ?? { name, type, about, statuses: [] };
      entry.statuses.push(status);
      described.set(key, entry);
    }
  }
  if (described.size === 0) return undefined;
  const list = [...described.values()].map(({ name, type, about, statuses }) => {
    // Which responses carry it, worded neutrally: a description may say when a status has it.
    const where = statuses.length === responses.length ? '所有响应' : `${statuses.join('、')} 响应`;
    return `- ${code(name)}（${type}${where}）：${about}`;
  });
  return `响应头：\n\n${list.join('\n')}`;
}

/**
 * Links of the spec's descriptions (`/api/errors#catalogue`) made absolute, so that the text
 * stands on its own when pasted; code blocks and code spans are left as they are.
 */
export const absoluteLinks = (markdown: string, base: string): string =>
  markdown.replace(
    /^(`{3,})[^\n]*\n[\s\S]*?^\1[ \t]*$|`[^`\n]*`|\]\((?![a-z][\w+.-]*:)([^)\s]+)\)/gm,
    (match, _fence, target?: string) => (target ? `](${new URL(target, base).href})` : match),
  );

export interface OperationPage {
  readonly title: string;
  readonly entry: OperationEntry;
  readonly samples: readonly CodeSample[];
  /** Absolute URL of the downloadable document the operation belongs to. */
  readonly specUrl: string;
  /** Absolute URL of the operation's page, which the descriptions' links are resolved against. */
  readonly pageUrl: string;
}

/** The languages of the samples the Markdown keeps: one shell, one program. */
const sampleLanguages = ['curl', 'python'];

export function operationMarkdown({
  title,
  entry,
  samples,
  specUrl,
  pageUrl,
}: OperationPage): string {
  const { document, operation } = entry;
  const server = document.servers?.[0]?.url;
  const shown = new Map<string, string>();
  const parts: string[] = [`# ${title}`, code(`${entry.method.toUpperCase()} ${entry.path}`)];
  if (operation.description) parts.push(prose(operation.description));
  if (server) parts.push(`服务器：${code(server)}，完整地址 ${code(`${server}${entry.path}`)}。`);
  parts.push(...securityMarkdown(entry));

  parts.push('## 请求', ...parametersMarkdown(entry));
  const body = operation.requestBody && deref(document, operation.requestBody);
  if (body) {
    const heading = `请求体${body.required ? '（必填）' : ''}`;
    parts.push(`### ${heading}`);
    if (body.description) parts.push(prose(body.description));
    for (const [type, media] of Object.entries(body.content ?? {})) {
      parts.push(...mediaMarkdown(document, type, media, shown, 'request', heading));
    }
  } else if (parts.at(-1) === '## 请求') {
    parts.push('没有参数和请求体。');
  }

  parts.push('## 响应');
  const responses = Object.entries(operation.responses ?? {}).map(
    ([status, raw]) => [status, deref(document, raw)] as const,
  );
  const headers = headersMarkdown(
    document,
    responses.map(([status, r]) => [status, r]),
  );
  if (headers) parts.push(headers);
  for (const [status, response] of responses) {
    parts.push(`### ${status}`);
    if (response.description) parts.push(prose(response.description));
    const content = Object.entries(response.content ?? {});
    if (content.length === 0) parts.push('没有响应体。');
    for (const [type, media] of content) {
      parts.push(...mediaMarkdown(document, type, media, shown, 'response', status));
    }
  }

  const kept = samples.filter((s) => sampleLanguages.includes(s.language));
  const others = samples.filter((s) => !sampleLanguages.includes(s.language));
  if (kept.length) {
    parts.push('## 示例代码');
    // The web page shows every language; say so, so that no reader thinks these are all.
    if (others.length) {
      parts.push(
        `这里给出 ${kept.map((s) => s.label).join(' 和 ')} 的示例；[网页版](${pageUrl})还有 ${others.map((s) => s.label).join('、')} 的示例。`,
      );
    }
    for (const sample of kept)
      parts.push(`### ${sample.label}`, fence(sample.highlight, sample.code));
  }

  parts.push(`本接口所在的完整 OpenAPI 文档：[${specUrl.split('/').pop()}](${specUrl})`);
  return absoluteLinks(parts.join('\n\n'), pageUrl);
}
