import { deref, openApiDocuments, operationsOf } from './specs';

type Json = Record<string, unknown>;

/** What a reader should find on the generated page of one operation, read from the specs. */
export interface OperationPage {
  readonly route: string;
  readonly specId: string;
  readonly operationId: string;
  readonly method: string;
  readonly path: string;
  /** The path with its parameters replaced by their examples, as the samples call it. */
  readonly examplePath: string;
  readonly parameters: string[];
  /** Where those parameters go: path, query, header, cookie. */
  readonly parameterLocations: string[];
  readonly bodyFields: string[];
  readonly statuses: string[];
  /** The media type of the first success response (`audio/mpeg` for speech), if it has a body. */
  readonly successMediaType?: string;
  /** Every string and number of the request example: the samples must carry them. */
  readonly exampleValues: string[];
}

function leaves(value: unknown): string[] {
  if (value === null || value === undefined) return [];
  if (typeof value === 'object') return Object.values(value as Json).flatMap(leaves);
  return [String(value)];
}

export function operationPages(): OperationPage[] {
  return openApiDocuments().flatMap(({ id, doc }) =>
    operationsOf(doc).map(({ method, path, op }) => {
      // Parameters of the path item apply to each of its operations.
      const pathItem = (doc.paths as Record<string, Json>)[path];
      const parameters = [
        ...((pathItem.parameters as Json[] | undefined) ?? []),
        ...((op.parameters as Json[] | undefined) ?? []),
      ].map((p) => deref<Json>(doc, p));
      let examplePath = path;
      for (const p of parameters.filter((p) => p.in === 'path')) {
        examplePath = examplePath.replace(`{${String(p.name)}}`, String(p.example));
      }
      const content = (deref<Json>(doc, op.requestBody)?.content as Json | undefined) ?? {};
      const [media] = Object.values(content) as Json[];
      const schema = media ? deref<Json>(doc, media.schema) : undefined;
      const namedExample = Object.values((media?.examples as Json | undefined) ?? {})[0] as
        Json | undefined;
      const properties = (schema?.properties as Json | undefined) ?? {};
      const exampleValues = namedExample
        ? leaves(namedExample.value)
        : Object.values(properties).flatMap((p) => leaves(deref<Json>(doc, p).example));
      return {
        route: `/api${String(op['x-doc-slug'])}`,
        specId: id,
        operationId: String(op.operationId),
        method: method.toUpperCase(),
        path,
        examplePath,
        parameters: parameters.map((p) => String(p.name)),
        parameterLocations: [...new Set(parameters.map((p) => String(p.in)))],
        bodyFields: Object.keys(properties),
        statuses: Object.keys(op.responses as Json),
        successMediaType: Object.entries(op.responses as Json)
          .filter(([status]) => /^2\d\d$/.test(status))
          .flatMap(([, r]) =>
            Object.keys((deref<Json>(doc, r).content as Json | undefined) ?? {}),
          )[0],
        exampleValues,
      };
    }),
  );
}
