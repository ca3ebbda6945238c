import { binaryContent } from './schemaConstraints';

/**
 * Request and response bodies as the reference pages show them (src/theme/RequestSchema and
 * ResponseSchema hand these to the theme's components).
 */
type Json = Record<string, unknown>;

export interface Body {
  content?: Record<string, Json>;
  [key: string]: unknown;
}

/** Schemas whose example the theme must not generate (see src/theme/ResponseExamples). */
const noGeneratedExample = new WeakSet<object>();

/** Whether the theme may show an example it generates from this schema. */
export const mayGenerateExample = (schema: unknown): boolean =>
  !(schema && typeof schema === 'object' && noGeneratedExample.has(schema));

/** A schema without `required`: requiredness is a request's, a response's fields just are. */
function withoutRequired(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutRequired);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key, v]) => !(key === 'required' && (Array.isArray(v) || typeof v === 'boolean')))
      .map(([key, v]) => [key, key === 'example' || key === 'examples' ? v : withoutRequired(v)]),
  );
}

const shown = new WeakMap<Body, Body>();

/**
 * The body with no example generated from a schema where there is none to generate: the spec
 * has a real one, the body is binary (audio has no text example) or a form (not JSON). A
 * response's schema loses `required`.
 */
export function bodyAsShown(
  body: Body | undefined,
  side: 'request' | 'response',
): Body | undefined {
  if (!body?.content) return body;
  let result = shown.get(body);
  if (result) return result;
  const content = Object.fromEntries(
    Object.entries(body.content).map(([mediaType, media]) => {
      if (!media.schema) return [mediaType, media];
      const schema = (
        side === 'response' ? withoutRequired(media.schema) : { ...media.schema }
      ) as Json;
      if (
        media.example !== undefined ||
        media.examples !== undefined ||
        binaryContent(schema) ||
        mediaType === 'multipart/form-data'
      ) {
        noGeneratedExample.add(schema);
      }
      return [mediaType, { ...media, schema }];
    }),
  );
  result = { ...body, content };
  shown.set(body, result);
  return result;
}
