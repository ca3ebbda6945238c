/**
 * The API's field check of an HTTP request, without I/O: what it answers to a request whose
 * headers, path, query or body break the operation's contract, judged from the OpenAPI operation
 * alone (types, enums, ranges, lengths, patterns, required and unknown fields, the valid
 * `output_format` combinations, pronunciation markup). The HTTP mock answers its 400s with it
 * (tests/samples/http-mock.ts) and the reference's request editor shows its answer before any
 * code is run (src/components/RequestEditor/check.ts), so the two cannot disagree. What needs the
 * server's state (the key, the rate, the voice, the balance) or the bytes of an upload is not
 * judged here; the mock checks it before or after, in the order of D68, D98 and D195.
 */
import { outputFormatError } from '../data/audioFormats';
import { errorByCode, fieldProblemMessage, type FieldProblem } from '../data/errors';
import { pronunciationError } from '../data/pronunciation';

type Json = Record<string, unknown>;

export interface CheckParameter {
  readonly name: string;
  readonly in: string;
  readonly required?: boolean;
  readonly schema?: Json;
}

/** An OpenAPI operation, its schemas dereferenced (the reference pages' API item is one). */
export interface CheckOperation {
  readonly operationId?: string;
  readonly parameters?: readonly CheckParameter[];
  readonly requestBody?: { readonly content?: Record<string, { readonly schema?: Json }> };
}

/** A request as the API reads it. */
export interface CheckRequest {
  /** Path parameters, decoded; an empty or absent one is missing. */
  readonly path?: Readonly<Record<string, string | undefined>>;
  /** Query parameters as sent (text), the first value of each. */
  readonly query?: Readonly<Record<string, string | undefined>>;
  /** Request headers, names in any letter case. */
  readonly headers?: Readonly<Record<string, string | undefined>>;
  /**
   * The body: JSON parsed, or a form's parts (a file part by the name its schema gives a file).
   * Absent for an operation without one; a body that is not JSON is not judged here.
   */
  readonly body?:
    | { readonly kind: 'json'; readonly value: unknown }
    | { readonly kind: 'form'; readonly parts: readonly { name: string; value: string }[] };
}

/** The error object the API answers (without its `request_id`), with the HTTP status. */
export interface RequestError {
  readonly status: number;
  readonly code: string;
  readonly param: string | null;
  readonly message: string;
}

/**
 * Fields that an operation checks after the others and after what the mock checks between them
 * (D68: a clone's `consent` comes after the duration of its recording). Each is answered with
 * the catalogue's example that names it.
 */
const checkedLast: Readonly<Record<string, readonly string[]>> = { createVoice: ['consent'] };

const invalidRequest = errorByCode('invalid_request')!;

const refuse = (param: string | null, message: string): RequestError => ({
  status: invalidRequest.status,
  code: invalidRequest.code,
  param,
  message,
});

const problem = (param: string, found: FieldProblem): RequestError =>
  refuse(param, fieldProblemMessage(param, found));

/** The catalogue's example of `invalid_request` that names `param`, if one is its own sentence. */
const exampleNaming = (key: string, param: string): RequestError | null => {
  const example = invalidRequest.examples?.[key];
  return example && example.param === param ? refuse(param, example.message) : null;
};

/** `a.b[0].c` for the path a, b, 0, c: a field as `param` names it. */
export function fieldName(path: readonly (string | number)[]): string {
  return path
    .map((part, i) => (typeof part === 'number' ? `[${part}]` : i > 0 ? `.${part}` : part))
    .join('');
}

const typeOf = (value: unknown): string =>
  value === null
    ? 'null'
    : Array.isArray(value)
      ? 'array'
      : typeof value === 'number'
        ? Number.isInteger(value)
          ? 'integer'
          : 'number'
        : typeof value;

const typesOf = (schema: Json): string[] =>
  schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [String(schema.type)];

const fitsType = (value: unknown, types: readonly string[]): boolean => {
  const actual = typeOf(value);
  return (
    types.length === 0 ||
    types.includes(actual) ||
    (actual === 'integer' && types.includes('number'))
  );
};

/** Lengths count code points, as the spec says (`name`, `description`: D72). */
const lengthOf = (text: string) => [...text].length;

const isFile = (schema: Json) =>
  schema.contentMediaType !== undefined || schema.format === 'binary';

/**
 * The first thing `value` breaks of `schema`, at `path`, in this order: type, const and enum,
 * then a string's length and pattern, a number's range, an array's size and items, an object's
 * required fields (in the schema's order), unknown fields (in the request's order; every object
 * with `properties` is closed), its fields in the schema's order, and its least field count.
 */
export function schemaProblem(
  schema: Json,
  value: unknown,
  path: readonly (string | number)[] = [],
): { path: (string | number)[]; problem: FieldProblem } | null {
  const at = (found: FieldProblem, where = path) => ({ path: [...where], problem: found });
  const types = typesOf(schema);
  if (!fitsType(value, types)) return at({ kind: 'type', types });
  if (schema.const !== undefined && value !== schema.const) {
    return at({ kind: 'enum', values: [schema.const] });
  }
  if (Array.isArray(schema.enum) && !schema.enum.includes(value)) {
    return at({ kind: 'enum', values: schema.enum });
  }
  if (typeof value === 'string') {
    const length = lengthOf(value);
    if (typeof schema.minLength === 'number' && length < schema.minLength) {
      return at({ kind: 'too-short', minLength: schema.minLength });
    }
    if (typeof schema.maxLength === 'number' && length > schema.maxLength) {
      return at({ kind: 'too-long', length, maxLength: schema.maxLength });
    }
    if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(value)) {
      return at({ kind: 'pattern', pattern: schema.pattern });
    }
  }
  if (typeof value === 'number') {
    const minimum = schema.minimum as number | undefined;
    const maximum = schema.maximum as number | undefined;
    if ((minimum !== undefined && value < minimum) || (maximum !== undefined && value > maximum)) {
      return at({ kind: 'range', minimum, maximum });
    }
  }
  if (Array.isArray(value)) {
    if (typeof schema.maxItems === 'number' && value.length > schema.maxItems) {
      return at({ kind: 'too-many', maxItems: schema.maxItems });
    }
    const items = schema.items as Json | undefined;
    if (items) {
      for (const [i, item] of value.entries()) {
        const found = schemaProblem(items, item, [...path, i]);
        if (found) return found;
      }
    }
  }
  if (typeOf(value) === 'object') {
    const object = value as Json;
    const properties = (schema.properties ?? {}) as Record<string, Json>;
    for (const name of (schema.required ?? []) as string[]) {
      if (object[name] === undefined) {
        return at({ kind: 'missing', where: 'body' }, [...path, name]);
      }
    }
    if (schema.properties && schema.additionalProperties !== true) {
      const unknown = Object.keys(object).find((name) => !(name in properties));
      if (unknown !== undefined) return at({ kind: 'unknown' }, [...path, unknown]);
    }
    for (const [name, property] of Object.entries(properties)) {
      if (object[name] === undefined) continue;
      const found = schemaProblem(property, object[name], [...path, name]);
      if (found) return found;
    }
    if (
      typeof schema.minProperties === 'number' &&
      Object.keys(object).length < schema.minProperties
    ) {
      return at({ kind: 'empty-body' });
    }
  }
  return null;
}

/** A parameter's text as the type its schema asks for, when it reads as one (as the API parses). */
function parsed(text: string, schema: Json): unknown {
  const types = typesOf(schema);
  if ((types.includes('integer') || types.includes('number')) && /^[+-]?\d+(\.\d+)?$/.test(text)) {
    return Number(text);
  }
  if (types.includes('boolean') && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

const headerOf = (headers: CheckRequest['headers'], name: string): string | undefined =>
  Object.entries(headers ?? {}).find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1];

function parameterError(parameter: CheckParameter, request: CheckRequest): RequestError | null {
  const { name, schema = {} } = parameter;
  const where = parameter.in as 'path' | 'query' | 'header';
  const text =
    where === 'path'
      ? request.path?.[name]
      : where === 'query'
        ? request.query?.[name]
        : where === 'header'
          ? // Whitespace around a header's value is not part of it (RFC 9110, 5.5).
            headerOf(request.headers, name)?.replace(/^[ \t]+|[ \t]+$/g, '')
          : undefined;
  if (text === undefined || (where === 'path' && text === '')) {
    return parameter.required || where === 'path'
      ? problem(name, { kind: 'missing', where })
      : null;
  }
  const found = schemaProblem(schema, where === 'header' ? text : parsed(text, schema));
  if (!found) return null;
  if (where === 'header') {
    return (
      exampleNaming(`${name.toLowerCase().replace(/^x-/, '')}-malformed`, name) ??
      problem(name, { kind: 'malformed-header' })
    );
  }
  return problem(name, found.problem);
}

/** What the API refuses in a JSON body beyond its schema: markup, the dictionary, the format. */
function bodyRulesError(schema: Json, body: Json): RequestError | null {
  const properties = (schema.properties ?? {}) as Json;
  const pronunciation =
    'text_markup' in properties || 'pronunciation_dictionary' in properties
      ? pronunciationError(body)
      : null;
  const format = 'output_format' in properties ? outputFormatError(body.output_format) : null;
  const found = pronunciation ?? format;
  return found && refuse(found.param, found.message);
}

function formError(
  schema: Json,
  parts: readonly { name: string; value: string }[],
  last: readonly string[],
  between: (() => RequestError | null) | undefined,
): RequestError | null {
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  const files = Object.keys(properties).filter((name) => isFile(properties[name]));
  const later = (name: string) => files.includes(name) || last.includes(name);
  // The text fields: a form's values are text, judged by the schema like a JSON object's.
  const fields = Object.fromEntries(
    parts.filter((p) => !later(p.name)).map((p) => [p.name, p.value]),
  );
  const found = schemaProblem(
    {
      ...schema,
      properties: Object.fromEntries(Object.entries(properties).filter(([name]) => !later(name))),
      required: ((schema.required ?? []) as string[]).filter((name) => !later(name)),
    },
    fields,
  );
  if (found) return problem(fieldName(found.path), found.problem);
  const required = (schema.required ?? []) as string[];
  for (const name of files) {
    if (required.includes(name) && !parts.some((p) => p.name === name)) {
      return problem(name, { kind: 'missing', where: 'file' });
    }
  }
  const meanwhile = between?.();
  if (meanwhile) return meanwhile;
  for (const name of last) {
    const value = parts.find((p) => p.name === name)?.value;
    const broken =
      value === undefined ? required.includes(name) : schemaProblem(properties[name], value);
    if (broken) {
      return (
        Object.entries(invalidRequest.examples ?? {})
          .map(([key]) => exampleNaming(key, name))
          .find((e) => e !== null) ?? problem(name, { kind: 'missing', where: 'body' })
      );
    }
  }
  return null;
}

/**
 * The API's answer to the request's fields, or null when they pass: header parameters, path,
 * query, then the body (its schema, then the rules no schema states). `between` runs where an
 * operation's checks leave a step to the mock (a clone's duration, D68).
 */
export function checkRequest(
  operation: CheckOperation,
  request: CheckRequest,
  between?: () => RequestError | null,
): RequestError | null {
  const parameters = operation.parameters ?? [];
  for (const where of ['header', 'path', 'query']) {
    for (const parameter of parameters.filter((p) => p.in === where)) {
      const error = parameterError(parameter, request);
      if (error) return error;
    }
  }
  const content = operation.requestBody?.content ?? {};
  const body = request.body;
  if (body?.kind === 'json') {
    const schema = Object.entries(content).find(([type]) => /json/.test(type))?.[1].schema;
    if (!schema) return null;
    if (typeOf(body.value) !== 'object') return problem('', { kind: 'type', types: ['object'] });
    const found = schemaProblem(schema, body.value);
    if (found) {
      const param = fieldName(found.path);
      return found.problem.kind === 'empty-body'
        ? refuse(null, fieldProblemMessage('', found.problem))
        : problem(param, found.problem);
    }
    return bodyRulesError(schema, body.value as Json);
  }
  if (body?.kind === 'form') {
    const schema = content['multipart/form-data']?.schema;
    if (!schema) return null;
    return formError(schema, body.parts, checkedLast[operation.operationId ?? ''] ?? [], between);
  }
  return between?.() ?? null;
}

/** A document's `$ref`s replaced by what they point at (within the document). */
function dereferenced(doc: Json, value: unknown, depth = 0): unknown {
  if (depth > 50 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => dereferenced(doc, v, depth + 1));
  const object = value as Json;
  if (typeof object.$ref === 'string' && object.$ref.startsWith('#/')) {
    const target = object.$ref
      .slice(2)
      .split('/')
      .reduce<unknown>((at, key) => (at as Json | undefined)?.[key], doc);
    return dereferenced(doc, target, depth + 1);
  }
  return Object.fromEntries(
    Object.entries(object).map(([key, v]) => [key, dereferenced(doc, v, depth + 1)]),
  );
}

/**
 * An operation of an OpenAPI document as the check reads it: its path item's parameters and its
 * own, and its request body, every `$ref` resolved.
 */
export function documentOperation(doc: Json, path: string, method: string): CheckOperation {
  const item = (doc.paths as Record<string, Json>)[path];
  const operation = item[method.toLowerCase()] as Json;
  return dereferenced(doc, {
    operationId: operation.operationId,
    parameters: [
      ...((item.parameters ?? []) as Json[]),
      ...((operation.parameters ?? []) as Json[]),
    ],
    requestBody: operation.requestBody,
  }) as CheckOperation;
}

/**
 * The path parameters of `pathname` under `template` (`/v1/voices/{voice_id}`), decoded; an
 * empty segment is an empty value. Null when the path is not the template's.
 */
export function pathParameters(template: string, pathname: string): Record<string, string> | null {
  const pieces = template.split(/\{([^}]+)\}/);
  // Odd pieces are the parameters' names, even ones the literal text between them.
  const names = pieces.filter((_, i) => i % 2 === 1);
  const pattern = pieces
    .map((piece, i) => (i % 2 === 1 ? '([^/]*)' : piece.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
    .join('');
  const match = new RegExp(`^${pattern}$`).exec(pathname);
  if (!match) return null;
  try {
    return Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1])]));
  } catch {
    return Object.fromEntries(names.map((name, i) => [name, match[i + 1]]));
  }
}
