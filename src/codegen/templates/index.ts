/**
 * One template per language of the reference's samples: each writes a complete program from the
 * operation model (src/codegen/sampleOperation), keyed as src/data/codeSamples lists them.
 */
import type { SampleOperation } from '../sampleOperation';
import { c } from './c';
import { csharp } from './csharp';
import { curl } from './curl';
import { go } from './go';
import { java } from './java';
import { nodejs } from './nodejs';
import { php } from './php';
import { python } from './python';
import { rust } from './rust';

export const templates: Record<string, (op: SampleOperation) => string> = {
  curl,
  python,
  nodejs,
  go,
  csharp,
  php,
  java,
  c,
  rust,
};

/** The sample of `language` for the operation. */
export function renderTemplate(language: string, op: SampleOperation): string {
  const template = templates[language];
  if (!template) throw new Error(`no sample template for ${language}`);
  return template(op);
}
