/**
 * The OpenAPI specifications of the reference. Each source in `api-specs/` is bundled (shared
 * components inlined, servers filled in from the deployment module) by
 * `scripts/bundle-specs.ts`; the bundle is what the reference is generated from and what
 * readers download.
 */
export type ApiSpecId = 'speech' | 'voices' | 'user';

export interface ApiSpec {
  /** Key of the spec in the OpenAPI plugin's config, and the generated folder's name. */
  readonly id: ApiSpecId;
  /** Label of the download link. */
  readonly title: string;
  /** Hand-written source, relative to the site root. */
  readonly sourcePath: string;
  /** Generated reference pages (gitignored, rebuilt by `npm run gen-api`). */
  readonly outputDir: string;
  /** Public URL of the bundled, downloadable file. */
  readonly downloadUrl: string;
}

/** Gitignored static directory that holds the documents the site serves for download. */
export const publicSpecsDir = '.generated/public';

/**
 * Where the bundle of a spec is written, relative to the site root: what the reference pages,
 * the mocks and the tests read. Its links are the site's own (`/price#…`), as the pages need them.
 */
export const bundledSpecPath = (id: ApiSpecId): string => `.generated/api-specs/${id}.yaml`;

/**
 * The same bundle as readers download it (`/api-specs/<id>.yaml`): every link absolute on the
 * deployment's site, so the document reads the same once imported into an API tool.
 */
export const publishedSpecPath = (id: ApiSpecId): string =>
  `${publicSpecsDir}/api-specs/${id}.yaml`;

const spec = (id: ApiSpecId, title: string): ApiSpec => ({
  id,
  title,
  sourcePath: `api-specs/${id}.yaml`,
  outputDir: `docs/api/generated/${id}`,
  downloadUrl: `/api-specs/${id}.yaml`,
});

export const apiSpecs: readonly ApiSpec[] = [
  spec('speech', '语音合成 OpenAPI 文档'),
  spec('voices', '音色 OpenAPI 文档'),
  spec('user', '用户 OpenAPI 文档'),
];

/** The AsyncAPI document of the speech websocket, bundled and served like the OpenAPI specs. */
export const websocketSpec = {
  title: 'WebSocket AsyncAPI 文档',
  sourcePath: 'api-specs/speech-websocket.yaml',
  downloadUrl: '/api-specs/speech-websocket.yaml',
  bundlePath: '.generated/api-specs/speech-websocket.yaml',
  /** The download, its links absolute (see `publishedSpecPath`). */
  publishedPath: `${publicSpecsDir}/api-specs/speech-websocket.yaml`,
  /** The flat model pages render (see src/data/websocketProtocol.ts). */
  modelPath: '.generated/websocket-protocol.json',
} as const;

/** The fields of the HTTP speech request, flattened from the speech spec by `npm run gen-api`. */
export const speechRequestFieldsPath = '.generated/speech-request-fields.json';

/** Each HTTP operation's method, path and reference route, written by `npm run gen-api`. */
export const httpOperationsPath = '.generated/http-operations.json';
