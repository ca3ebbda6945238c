/**
 * Renders the code samples of one generated API page at build time, with the same machinery the
 * OpenAPI theme runs in the browser (its `buildPostmanRequest` and postman-code-generators), fed
 * with the spec's examples instead of the theme's schema placeholders. The page shows these
 * samples in its HTML; the theme's live generators load only when a reader edits the request.
 */
import { createRequire } from 'node:module';
import { requirementsOf, type CodeSampleLanguage } from '../../src/data/codeSamples';
import { audioFileOf, finishSample } from '../../src/codegen/finishSample';

const require = createRequire(__filename);
const themeLib = 'docusaurus-theme-openapi-docs/lib/theme/ApiExplorer';
// The theme's own request builder: the live editor produces the same code for the same values.
const buildPostmanRequest = require(`${themeLib}/buildPostmanRequest`).default as (
  postman: unknown,
  state: Record<string, unknown>,
) => unknown;
const { generateLanguageSet, mergeArraysbyLanguage } = require(
  `${themeLib}/CodeSnippets/languages`,
);
const codegen = require('postman-code-generators') as {
  convert: (
    language: string,
    variant: string,
    request: unknown,
    options: unknown,
    callback: (error: unknown, snippet: string) => void,
  ) => void;
};
const sdk = require('postman-collection') as { Request: new (json: unknown) => unknown };

type Json = Record<string, unknown>;

/** The parts of a postman-collection Request this module touches. */
interface PostmanRequest {
  headers: { remove: (key: string) => void };
  body?: { formdata?: { each: (fn: (part: { type?: string }) => void) => void } };
}

export interface RenderedSample {
  readonly language: string;
  readonly label: string;
  readonly highlight: string;
  readonly code: string;
  /** What the sample needs besides the language, shown beside it. */
  readonly requirements: { name: string; install?: string }[];
}

/** The file name the multipart samples upload; the reader replaces it with their recording. */
export const sampleUploadFile = 'reference.wav';

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  example?: unknown;
  schema?: Json & { default?: unknown; example?: unknown };
}

/** Parameters prefilled as the theme prefills its form: schema default, then example. */
function params(api: Json): Record<string, (Parameter & { value?: unknown })[]> {
  const out: Record<string, (Parameter & { value?: unknown })[]> = {
    path: [],
    query: [],
    header: [],
    cookie: [],
  };
  for (const p of (api.parameters as Parameter[] | undefined) ?? []) {
    const value = p.schema?.default ?? p.example ?? p.schema?.example;
    out[p.in].push(value === undefined ? p : { ...p, value: String(value) });
  }
  return out;
}

/** The request body from the spec's first example (JSON) or property examples (multipart). */
function body(api: Json, contentType: string | undefined): Json {
  const media = ((api.requestBody as Json | undefined)?.content as Json | undefined)?.[
    contentType ?? ''
  ] as Json | undefined;
  if (!media) return { type: 'empty' };
  if (contentType === 'application/json') {
    const named = Object.values((media.examples as Json | undefined) ?? {})[0] as Json | undefined;
    const value = named?.value ?? media.example;
    if (value === undefined) throw new Error(`${String(api.operationId)}: no request example`);
    return { type: 'raw', content: { type: 'text', value: JSON.stringify(value, null, 2) } };
  }
  if (contentType === 'multipart/form-data') {
    const schema = media.schema as Json & { properties: Record<string, Json> };
    const content: Record<string, Json> = {};
    for (const [key, prop] of Object.entries(schema.properties)) {
      if (prop.contentMediaType || prop.format === 'binary') {
        content[key] = { type: 'file', value: { src: sampleUploadFile }, src: sampleUploadFile };
      } else if (prop.example !== undefined) {
        content[key] = { type: 'text', value: String(prop.example) };
      }
    }
    return { type: 'form', content };
  }
  throw new Error(`${String(api.operationId)}: unsupported request type ${String(contentType)}`);
}

function convert(language: Json, request: unknown): Promise<string> {
  return new Promise((resolve, reject) => {
    codegen.convert(
      String(language.language),
      String(language.variant),
      request,
      language.options,
      (error, snippet) => (error ? reject(error) : resolve(snippet)),
    );
  });
}

export async function renderSamples(
  api: Json,
  languages: readonly CodeSampleLanguage[],
): Promise<RenderedSample[]> {
  // buildPostmanRequest reads the page origin; the server below replaces it.
  (globalThis as { window?: unknown }).window ??= { location: { origin: 'http://localhost' } };
  const requestBody = api.requestBody as Json | undefined;
  const contentType = Object.keys((requestBody?.content as Json | undefined) ?? {})[0];
  const accept = Object.entries((api.responses as Json | undefined) ?? {})
    .filter(([status]) => /^2\d\d$/.test(status))
    .flatMap(([, r]) => Object.keys(((r as Json).content as Json | undefined) ?? {}))[0];
  const p = params(api);
  const scheme = Object.keys(((api.security as Json[] | undefined) ?? [{}])[0] ?? {})[0];
  const request = buildPostmanRequest(new sdk.Request(api.postman), {
    queryParams: p.query,
    pathParams: p.path,
    cookieParams: p.cookie,
    headerParams: p.header,
    contentType,
    accept,
    body: body(api, contentType),
    server: (api.servers as Json[])[0],
    auth: scheme
      ? {
          selected: scheme,
          options: { [scheme]: [{ key: scheme, type: 'http', scheme: 'bearer' }] },
          data: { [scheme]: {} },
        }
      : { options: {}, data: {} },
    encoding: (requestBody?.content as Json | undefined)?.[contentType ?? '']
      ? ((requestBody!.content as Json)[contentType!] as Json).encoding
      : undefined,
  }) as PostmanRequest;
  if (contentType === 'multipart/form-data') {
    // The HTTP clients write this header themselves, with the boundary; a fixed one breaks the
    // upload. Text parts need an explicit type, or some generators (python, csharp) drop them.
    request.headers.remove('Content-Type');
    request.body?.formdata?.each((part) => {
      if (part.type !== 'file') part.type = 'text';
    });
  }
  const merged = mergeArraysbyLanguage(
    languages,
    (generateLanguageSet() as Json[]).filter((l) =>
      languages.some((ours) => ours.language === l.language),
    ),
  ) as Json[];
  const context = { method: String(api.method).toUpperCase(), audioFile: audioFileOf(accept) };
  return Promise.all(
    languages.map(async (ours) => {
      const language = merged.find((l) => l.language === ours.language)!;
      const code = finishSample(ours.language, await convert(language, request), context);
      return {
        language: ours.language,
        label: ours.label,
        highlight: ours.highlight,
        code,
        requirements: requirementsOf(ours, code),
      };
    }),
  );
}
