/**
 * Renders the code samples of one generated API page at build time: the operation model
 * (src/codegen/sampleOperation) built from the page's operation, fed to one template per
 * language (src/codegen/templates). The page shows these samples in its HTML.
 */
import {
  requirementsOf,
  type CodeSampleLanguage,
  type SampleRequirement,
} from '../../src/data/codeSamples';
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
