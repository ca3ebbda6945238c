/**
 * Renders the code samples of one generated API page at build time: the operation model
 * (src/codegen/sampleOperation) built from the page's operation, fed to one template per
 * language (src/codegen/templates). The page shows these samples in its HTML.
 */
import path from 'node:path';

import { publicSpecsDir } from '../../src/data/apiSpecs';
import {
  requirementsOf,
  type CodeSampleLanguage,
  type SampleRequirement,
} from '../../src/data/codeSamples';
import { sampleFilesPath } from '../../src/codegen/sampleFrontMatter';
import { sampleOperation } from '../../src/codegen/sampleOperation';
import { renderTemplate } from '../../src/codegen/templates';

type Json = Record<string, unknown>;

export interface RenderedSample {
  readonly language: string;
  readonly label: string;
  readonly highlight: string;
  readonly code: string;
  /** What the sample needs besides the language, shown beside it. */
  readonly requirements: SampleRequirement[];
}

export function renderSamples(
  api: Json,
  languages: readonly CodeSampleLanguage[],
): Promise<RenderedSample[]> {
  const op = sampleOperation(api);
  return Promise.resolve(
    languages.map((l) => ({
      language: l.language,
      label: l.label,
      highlight: l.highlight,
      // A code block drops a final line break (so does its copy button): the sample has none.
      code: renderTemplate(l.language, op).trimEnd(),
      requirements: requirementsOf(l),
    })),
  );
}

/**
 * Where the generator writes the sample files (`/assets/code-samples/…`): in the site's generated
 * static directory (beside the downloadable specs), which the build copies to the site's root.
 */
export const sampleFilesDir = (root: string): string =>
  path.join(root, publicSpecsDir, sampleFilesPath);

/** The generated file of a sample's site path (`src` in the page's front matter). */
export function sampleFileOf(root: string, src: string): string {
  if (!src.startsWith(`${sampleFilesPath}/`) || src.includes('..')) {
    throw new Error(`not a sample file: ${src}`);
  }
  return path.join(root, publicSpecsDir, src);
}
