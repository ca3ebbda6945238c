/**
 * The reference pages carry their prebuilt code samples in front matter (`code_samples`), written
 * by scripts/render-code-samples.ts and read by the page (src/components/PrebuiltCodeSamples) and
 * by the llms-txt plugin. Front matter reaches the page's script (twice: as the MDX module's
 * `frontMatter` and in the doc's metadata), so it holds the text of one sample only, the one the page's HTML shows (`inlineSampleLanguage`), and for every other language the
 * URL of a plain-text file holding exactly the code, which the page fetches when the reader picks
 * that tab (`sampleFilesPath`).
 *
 * Docusaurus's MDX loader exports front matter to the page's JS through stringify-object, which
 * does not escape backslashes: `\` + newline in a curl command reached the page as `\n`, and `\"`
 * in a C# string as `"`. So the stored text holds no backslash: `%` and `\` are written as `%25`
 * and `%5C`, and read back here. tests/e2e/code-samples.spec.ts compares what the copy button
 * yields with the generator's output, byte for byte.
 */
import { codeSampleLanguages } from '../data/codeSamples';

/**
 * The language whose sample a reference page carries in its HTML and script: the first tab, the
 * one a page opens on. The other languages' samples are plain-text files under `sampleFilesPath`
 * (`/assets/code-samples/<page>/<language>.<hash>.txt`, named by the hash of their content, so
 * they are cached as immutable like the other assets), fetched when the reader picks their tab;
 * nine highlighted programs per page would weigh more than the page itself.
 */
export const inlineSampleLanguage = codeSampleLanguages[0].language;
export const sampleFilesPath = '/assets/code-samples';

export type StoredSample =
  /** The sample the page's HTML shows: its code. */
  | { readonly language: string; readonly code: string }
  /** Any other: the site path of its plain-text file. */
  | { readonly language: string; readonly src: string };

const escape = (text: string) => text.replace(/[%\\]/g, (c) => (c === '%' ? '%25' : '%5C'));
const unescape = (text: string) => text.replace(/%(25|5C)/g, (m) => (m === '%25' ? '%' : '\\'));

/** The front-matter value: JSON (valid YAML on one line) with the samples' text escaped. */
export function encodeSamples(samples: readonly StoredSample[]): string {
  return JSON.stringify(samples.map((s) => ('code' in s ? { ...s, code: escape(s.code) } : s)));
}

/** The samples as the generator wrote them, from the parsed front matter. */
export function decodeSamples(stored: readonly StoredSample[] | undefined): StoredSample[] {
  return (stored ?? []).map((s) => ('code' in s ? { ...s, code: unescape(s.code) } : s));
}
