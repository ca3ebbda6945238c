import { createContext, useContext } from 'react';
import { codeSampleLanguages } from '@site/src/data/codeSamples';
import { finishSample, type SampleContext } from '@site/src/codegen/finishSample';

/**
 * The request the editor's code is generated for, as the samples' rules need it (method, where
 * audio is saved); set by the code panel's wrapper (src/theme/ApiExplorer/CodeSnippets).
 */
export const EditorSampleContext = createContext<SampleContext | null>(null);

export const useEditorSample = (): SampleContext | null => useContext(EditorSampleContext);

/**
 * The editor's code as the prebuilt samples are (key from the environment, audio saved): the same
 * rules, src/codegen/finishSample. The code block knows only its highlighting, one per language.
 * Where the rules no longer fit what the generator wrote, the generator's code is shown as it is:
 * the build, which runs the same rules, fails on that first.
 */
export function finishEditorSample(
  highlight: string,
  code: string,
  context: SampleContext,
): string {
  const language = codeSampleLanguages.find((l) => l.highlight === highlight)?.language;
  if (!language || !code) return code;
  try {
    return finishSample(language, code, context);
  } catch {
    return code;
  }
}

/** The readers' name of a language key of the theme's tabs (`nodejs` → Node.js). */
export const labelOfLanguage = (key: unknown): string | undefined =>
  codeSampleLanguages.find((l) => l.language === key)?.label;
