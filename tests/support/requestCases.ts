/**
 * Requests to each HTTP operation, derived from its contract by walking the operation's schemas:
 * the operation's own example (valid), and for each constrained parameter or body field a value
 * that breaks one constraint (wrong type, out of its enum, below its minimum or above its
 * maximum, too long or too short, not matching its pattern, a required field left out, a field
 * the schema does not have, a format combination the API refuses, markup that does not parse).
 * The request editor test enters each into the editor and sends it to the HTTP mock.
 */
import { validOutputFormats } from '../../src/data/audioFormats';
import {
  documentOperation,
  type CheckOperation,
  type CheckParameter,
} from '../../src/protocol/requestCheck';
import { openApiDocuments, operationsOf } from './specs';

type Json = Record<string, unknown>;

/** A request as a reader enters it in the editor: every value as text, absent when empty. */
export interface RequestCase {
  /** What the case breaks, for the report (`limit: above maximum`). */
  readonly what: string;
  readonly path: Record<string, string>;
  readonly query: Record<string, string | undefined>;
  readonly headers: Record<string, string | undefined>;
  /** The JSON body, or the form's text fields (its file is always sent). */
  readonly body?: { kind: 'json'; value: Json } | { kind: 'form'; fields: Record<string, string> };
}

export interface OperationCases {
  readonly operationId: string;
  readonly method: string;
  readonly template: string;
  readonly operation: CheckOperation;
  readonly valid: RequestCase[];
  readonly invalid: RequestCase[];
}

const typesOf = (schema: Json): string[] =>
  schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [String(schema.type)];

const firstExample = (media: Json): unknown => {
  const named = Object.values((media.examples as Json | undefined) ?? {})[0] as Json | undefined;
  return named?.value ?? media.example;
};

/**
 * Values that break one constraint each of `schema`, with what they break; `text` for a value
 * the editor can only take as text (a parameter, a form field). Select lists (enums of a form or
 * of a parameter) cannot hold another value, so their enum is broken only in JSON.
 */
function breaking(schema: Json, valid: unknown, text: boolean): [string, unknown][] {
  const out: [string, unknown][] = [];
  const types = typesOf(schema);
  if (Array.isArray(schema.enum)) {
    if (!text) out.push(['out of enum', `${String(schema.enum[0])}_x`]);
    return out;
  }
  if (types.includes('integer') || types.includes('number')) {
    out.push(['wrong type', 'abc']);
    if (types.includes('integer') && !types.includes('number')) out.push(['not an integer', 1.5]);
    if (typeof schema.minimum === 'number') out.push(['below minimum', schema.minimum - 1]);
    if (typeof schema.maximum === 'number') out.push(['above maximum', schema.maximum + 1]);
  }
  if (types.includes('string')) {
    if (!text && !types.includes('number')) out.push(['wrong type', 42]);
    if (typeof schema.maxLength === 'number') {
      out.push(['too long', 'a'.repeat(schema.maxLength + 1)]);
    }
    if (typeof schema.minLength === 'number' && schema.minLength > 0 && !text) {
      out.push(['too short', '']);
    }
    if (typeof schema.pattern === 'string') {
      const pattern = new RegExp(schema.pattern, 'u');
      // A valid value with one character the pattern refuses, tried in turn, inside it (around a
      // header's value, whitespace is not part of it).
      for (const c of [' ', '.', '/', '+', '#']) {
        const value = `${String(valid ?? '')}${c}1`;
        if (!pattern.test(value)) out.push([`pattern (“${c}”)`, value]);
      }
    }
  }
  if (types.includes('boolean') && !text) out.push(['wrong type', 'yes']);
  if (types.includes('array')) {
    if (!text) out.push(['wrong type', 'x']);
    if (typeof schema.maxItems === 'number' && Array.isArray(valid) && valid.length > 0) {
      out.push(['too many items', Array.from({ length: schema.maxItems + 1 }, () => valid[0])]);
    }
  }
  if (types.includes('object') && !text) out.push(['wrong type', 'x']);
  return out;
}

/** Each way to break a JSON body: its fields' constraints (nested too), required, unknown. */
function bodyBreaks(schema: Json, value: Json, at: string[] = []): [string, Json][] {
  const set = (path: string[], v: unknown): Json => {
    const copy = structuredClone(value);
    let target = copy;
    for (const key of path.slice(0, -1)) target = (target[key] ??= {}) as Json;
    if (v === undefined) delete target[path[path.length - 1]];
    else target[path[path.length - 1]] = v;
    return copy;
  };
  const out: [string, Json][] = [];
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  for (const name of (schema.required ?? []) as string[]) {
    out.push([`${[...at, name].join('.')}: required, left out`, set([...at, name], undefined)]);
  }
  out.push([
    `${[...at, 'unknown_field'].join('.')}: unknown field`,
    set([...at, 'unknown_field'], 1),
  ]);
  const here = at.reduce<Json>((v, key) => (v[key] ?? {}) as Json, value);
  for (const [name, property] of Object.entries(properties)) {
    const path = [...at, name];
    if (property.properties) {
      out.push(...bodyBreaks(property, value, path).filter(([what]) => !what.endsWith('left out')));
      continue;
    }
    for (const [what, broken] of breaking(property, here[name] ?? property.example, false)) {
      out.push([`${path.join('.')}: ${what}`, set(path, broken)]);
    }
  }
  return out;
}

/** The valid request of an operation: its examples, as the editor opens with them. */
function exampleCase(
  parameters: readonly CheckParameter[],
  bodyMedia?: [string, Json],
): RequestCase {
  const valueOf = (p: CheckParameter & { example?: unknown }) =>
    p.schema?.default ?? p.example ?? p.schema?.example;
  const text = (v: unknown) => (v === undefined ? undefined : String(v));
  const at = (where: string) =>
    Object.fromEntries(
      parameters.filter((p) => p.in === where).map((p) => [p.name, text(valueOf(p))]),
    );
  let body: RequestCase['body'];
  if (bodyMedia?.[0] === 'application/json') {
    body = { kind: 'json', value: firstExample(bodyMedia[1]) as Json };
  } else if (bodyMedia) {
    const properties = ((bodyMedia[1].schema as Json).properties ?? {}) as Record<string, Json>;
    body = {
      kind: 'form',
      fields: Object.fromEntries(
        Object.entries(properties)
          .filter(([, p]) => p.example !== undefined)
          .map(([name, p]) => [name, String(p.example)]),
      ),
    };
  }
  return {
    what: 'the example',
    path: at('path') as Record<string, string>,
    query: at('query'),
    headers: at('header'),
    body,
  };
}

/** An output format the API refuses although each of its fields is in its enum (D17). */
function refusedFormat(schema: Json): Json | undefined {
  const props = ((schema.properties as Json).output_format as Json | undefined)?.properties as
    Record<string, Json> | undefined;
  if (!props) return undefined;
  const valid = new Set(validOutputFormats().map((f) => JSON.stringify(f)));
  for (const container of props.container.enum as string[]) {
    for (const rate of props.sample_rate.enum as number[]) {
      for (const bitRate of props.bit_rate.enum as number[]) {
        const format = { container, sample_rate: rate, bit_rate: bitRate };
        const asValid = validOutputFormats().some(
          (f) => f.container === container && f.sample_rate === rate,
        );
        if (asValid && !valid.has(JSON.stringify(format)) && container === 'mp3') return format;
      }
    }
  }
  return undefined;
}

export function requestCases(): OperationCases[] {
  return openApiDocuments().flatMap(({ doc }) =>
    operationsOf(doc).map(({ method, path, op }) => {
      const operation = documentOperation(doc, path, method);
      const parameters = operation.parameters ?? [];
      const media = Object.entries(operation.requestBody?.content ?? {})[0] as
        [string, Json] | undefined;
      const base = exampleCase(parameters, media);
      const invalid: RequestCase[] = [];
      const withChange = (what: string, change: Partial<RequestCase>): RequestCase => ({
        ...base,
        ...change,
        what,
      });
      for (const p of parameters) {
        const where = p.in as 'path' | 'query' | 'header';
        const current = (
          base[where === 'header' ? 'headers' : where] as Record<string, string | undefined>
        )[p.name];
        if (where === 'path') {
          invalid.push(withChange(`${p.name}: empty`, { path: { ...base.path, [p.name]: '' } }));
          continue;
        }
        for (const [what, value] of breaking(p.schema ?? {}, current ?? 'a', true)) {
          invalid.push(
            withChange(`${p.name}: ${what}`, {
              [where === 'header' ? 'headers' : where]: {
                ...base[where === 'header' ? 'headers' : where],
                [p.name]: String(value),
              },
            }),
          );
        }
      }
      const valid = [base];
      if (base.body?.kind === 'json') {
        const schema = media![1].schema as Json;
        for (const [what, value] of bodyBreaks(schema, base.body.value)) {
          invalid.push(withChange(what, { body: { kind: 'json', value } }));
        }
        const format = refusedFormat(schema);
        if (format) {
          invalid.push(
            withChange('output_format: a combination the API refuses', {
              body: { kind: 'json', value: { ...base.body.value, output_format: format } },
            }),
          );
        }
        const properties = schema.properties as Json;
        if ('text_markup' in properties) {
          invalid.push(
            withChange('text: a pinyin hint without its tone', {
              body: {
                kind: 'json',
                value: { ...base.body.value, text: '银行[hang]', text_markup: 'pronunciation' },
              },
            }),
          );
          valid.push(
            withChange('text: brackets without markup are text', {
              body: {
                kind: 'json',
                value: { ...base.body.value, text: '请看注释[1]。', text_markup: 'none' },
              },
            }),
          );
        }
        if (Object.keys(properties).length > 0 && schema.minProperties === 1) {
          invalid.push(withChange('an empty body', { body: { kind: 'json', value: {} } }));
        }
      } else if (base.body?.kind === 'form') {
        const schema = media![1].schema as Json;
        const properties = schema.properties as Record<string, Json>;
        const fields = base.body.fields;
        for (const name of (schema.required ?? []) as string[]) {
          if (!(name in fields)) continue; // the file part: always sent
          const rest = Object.fromEntries(Object.entries(fields).filter(([n]) => n !== name));
          invalid.push(
            withChange(`${name}: required, left out`, { body: { kind: 'form', fields: rest } }),
          );
        }
        for (const [name, property] of Object.entries(properties)) {
          if (!(name in fields)) continue;
          for (const [what, value] of breaking(property, fields[name], true)) {
            invalid.push(
              withChange(`${name}: ${what}`, {
                body: { kind: 'form', fields: { ...fields, [name]: String(value) } },
              }),
            );
          }
        }
      }
      for (const p of parameters.filter((p) => p.in === 'path')) {
        // Any text is one segment once encoded: it reaches the same operation, never another.
        valid.push(
          withChange(`${p.name}: another endpoint's path`, {
            path: { ...base.path, [p.name]: '../user/credit' },
          }),
        );
      }
      return {
        operationId: String(op.operationId),
        method: method.toUpperCase(),
        template: path,
        operation,
        valid,
        invalid,
      };
    }),
  );
}
