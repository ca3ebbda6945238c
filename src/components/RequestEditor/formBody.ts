type Json = Record<string, unknown>;

const formTypes = new Set(['multipart/form-data', 'application/x-www-form-urlencoded']);

/**
 * A form field's schema in the words the theme's form knows (OpenAPI 3.0's): a file is
 * `format: binary`, where OpenAPI 3.1 writes `contentMediaType` (the theme showed a text box); a
 * boolean is the text `true`/`false` a form sends, chosen from a list (the theme showed a text box
 * and sent an empty part, its code generators dropping non-string values).
 */
function inFormTerms(property: Json): Json {
  if (property.contentMediaType !== undefined && property.format === undefined) {
    return { ...property, format: 'binary' };
  }
  if (property.type === 'boolean') {
    const values =
      property.const !== undefined ? [property.const] : (property.enum ?? [true, false]);
    const text = (value: unknown) => (value === undefined ? undefined : String(value));
    return {
      ...property,
      type: 'string',
      const: undefined,
      enum: (values as unknown[]).map(String),
      example: text(property.example),
      default: text(property.default),
    };
  }
  return property;
}

/** The request body's media types, each form's fields in the theme's terms. */
export function requestBodyForTheme<T extends { content?: Record<string, Json> }>(
  requestBody: T | undefined,
): T | undefined {
  if (!requestBody?.content) return requestBody;
  const content = Object.fromEntries(
    Object.entries(requestBody.content).map(([type, media]) => {
      const schema = media.schema as Json | undefined;
      if (!formTypes.has(type) || !schema?.properties) return [type, media];
      const properties = Object.fromEntries(
        Object.entries(schema.properties as Record<string, Json>).map(([name, property]) => [
          name,
          inFormTerms(property),
        ]),
      );
      return [type, { ...media, schema: { ...schema, properties } }];
    }),
  );
  return { ...requestBody, content };
}

/** The parts of a postman-collection request touched below. */
export interface PostmanRequestParts {
  headers: { remove: (key: string) => void };
  body?: {
    mode?: string;
    formdata?: {
      each: (fn: (part: { type?: string; src?: unknown; value?: unknown }) => void) => void;
    };
  };
}

/**
 * A multipart request as HTTP clients must send it: without a fixed `Content-Type` (the client
 * writes it, with the boundary it chose; a fixed one breaks the upload), text parts typed as text
 * (some generators drop untyped parts) and each file part naming its file.
 */
export function asClientBuiltMultipart<T extends PostmanRequestParts>(request: T): T {
  if (request.body?.mode !== 'formdata') return request;
  request.headers.remove('Content-Type');
  request.body.formdata?.each((part) => {
    if (part.type !== 'file') part.type = 'text';
    else if (part.src === undefined) part.src = (part.value as { src?: string } | undefined)?.src;
  });
  return request;
}
