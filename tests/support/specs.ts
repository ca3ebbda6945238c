import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

import { apiSpecs, bundledSpecPath, websocketSpec } from '../../src/data/apiSpecs';
import { deref as derefRef } from '../../scripts/lib/json-ref';

/** The documents as the site publishes them (written by `npm run gen-api`). */
const root = path.resolve(__dirname, '../..');
type Json = Record<string, unknown>;

export const readYaml = (file: string): Json =>
  parse(readFileSync(path.join(root, file), 'utf8')) as Json;

export const openApiDocuments = (): { id: string; doc: Json }[] =>
  apiSpecs.map((spec) => ({ id: spec.id, doc: readYaml(bundledSpecPath(spec.id)) }));

export const asyncApiDocument = (): Json => readYaml(websocketSpec.bundlePath);

/** Follows a local `#/...` reference inside a bundled document. */
export const deref = <T = Json>(doc: Json, value: unknown): T => derefRef<T>(doc, value);

export interface Operation {
  readonly method: string;
  readonly path: string;
  readonly op: Json;
}

export function operationsOf(doc: Json): Operation[] {
  const methods = ['get', 'post', 'put', 'patch', 'delete'];
  return Object.entries(doc.paths as Json).flatMap(([p, item]) =>
    Object.entries(item as Json)
      .filter(([m]) => methods.includes(m))
      .map(([method, op]) => ({ method, path: p, op: op as Json })),
  );
}
