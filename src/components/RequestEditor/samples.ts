import { codeSampleLanguages } from '@site/src/data/codeSamples';

/** The readers' name of a language key of the theme's tabs (`nodejs` → Node.js). */
export const labelOfLanguage = (key: unknown): string | undefined =>
  codeSampleLanguages.find((l) => l.language === key)?.label;
