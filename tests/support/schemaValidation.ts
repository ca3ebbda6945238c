import Ajv2020 from 'ajv/dist/2020';
import Ajv07 from 'ajv';
import addFormats from 'ajv-formats';

type Json = Record<string, unknown>;

// OpenAPI 3.1 annotations (`example`, `xml`, …) are not JSON Schema keywords.
const openApiKeywords = ['example', 'xml', 'externalDocs', 'discriminator', 'contentMediaType'];

/** An Ajv instance that knows `doc` (an OpenAPI or AsyncAPI document), for its schemas. */
export function ajvFor(doc: Json, draft: '2020' | '07') {
  const ajv =
    draft === '2020'
      ? new Ajv2020({ strict: false, allErrors: true })
      : new Ajv07({ strict: false, allErrors: true });
  addFormats(ajv);
  for (const k of openApiKeywords) {
    // Some drafts already know a keyword (e.g. contentMediaType); only add the unknown ones.
    try {
      ajv.addKeyword(k);
    } catch {
      /* already defined by this draft */
    }
  }
  ajv.addSchema({ ...doc, $id: 'doc' }, 'doc');
  return ajv;
}

/** Local refs inside a bundled document point into the registered `doc` schema. */
export function rebase(schema: Json): Json {
  return JSON.parse(JSON.stringify(schema).replace(/"\$ref":"#\//g, '"$ref":"doc#/')) as Json;
}
