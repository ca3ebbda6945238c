/**
 * What the API reference generation (scripts/generate-api-docs.ts) reads and writes, so that a
 * build or a dev-server start can skip it when nothing it reads has changed.
 */
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

import { apiSpecs, publicSpecsDir } from '../../src/data/apiSpecs';
import { sampleFilesPath } from '../../src/codegen/sampleFrontMatter';

/**
 * Set by the generator for its own `docusaurus gen-api-docs`: the folder it writes the pages
 * under (and the sign that the site's api-docs plugin must not start the generator again). The
 * pages are then copied into place file by file, changed files only, so that the dev server never
 * sees a page missing or half generated.
 */
export const apiDocsStageVariable = 'VOXLOOM_API_DOCS_STAGE';
export const apiDocsStage = '.generated/api-docs-stage';

/**
 * A path of the API docs (the docs instance's folder, a spec's `outputDir`), under the stage when
 * the generator runs. The OpenAPI plugin derives the pages' ids from the `outputDir`'s place in the
 * docs folder, so both move together.
 */
export const underApiDocsStage = (folder: string): string =>
  path.join(process.env[apiDocsStageVariable] ?? '', folder);

/** The two halves of the generation, which share nothing but the data and the scripts. */
export type ApiDocsPart = 'websocket' | 'http';

const shared = ['src/data', 'scripts', 'docusaurus.config.ts', 'package-lock.json'];

/**
 * Files and folders each half reads: its specs, the data they are filled from, the diagram,
 * protocol or sample code, the page template, the site config (the OpenAPI plugin's options) and
 * the locked package versions (the generators themselves).
 */
export const apiDocsInputs: Record<ApiDocsPart, readonly string[]> = {
  websocket: ['api-specs/speech-websocket.yaml', 'src/diagrams', 'src/protocol', ...shared],
  http: [
    ...apiSpecs.map((spec) => spec.sourcePath),
    'api-specs/common.yaml',
    'src/codegen',
    'plugins/adaptations/openapi',
    ...shared,
  ],
};

/** Outputs that must exist for a recorded generation of each half to count. */
export const apiDocsOutputs: Record<ApiDocsPart, readonly string[]> = {
  websocket: [
    '.generated/protocol-validators.ts',
    '.generated/websocket-protocol.json',
    '.generated/homophones.json',
    '.generated/search-terms.json',
  ],
  http: [
    ...apiSpecs.map((spec) => path.join(spec.outputDir, 'sidebar.ts')),
    path.join(publicSpecsDir, sampleFilesPath),
  ],
};

/** The digest of each half's inputs at its last complete generation, one file each. */
export const apiDocsStamp = (part: ApiDocsPart): string => `.generated/api-docs-${part}.inputs`;

function files(root: string, entry: string): string[] {
  const full = path.join(root, entry);
  if (!statSync(full, { throwIfNoEntry: false })) return [];
  if (statSync(full).isFile()) return [entry];
  return readdirSync(full, { withFileTypes: true })
    .filter((d) => d.name !== 'node_modules' && !d.name.startsWith('.'))
    .flatMap((d) => files(root, path.join(entry, d.name)))
    .sort();
}

/** SHA-256 over the paths and contents of every input file of one half. */
export function apiDocsInputsDigest(root: string, part: ApiDocsPart): string {
  const hash = createHash('sha256');
  for (const file of apiDocsInputs[part].flatMap((entry) => files(root, entry))) {
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(root, file)))
      .update('\0');
  }
  return hash.digest('hex');
}
