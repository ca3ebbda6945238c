/**
 * The reference pages carry their prebuilt code samples in front matter (`code_samples`), written
 * by scripts/render-code-samples.ts and read by the page (src/components/PrebuiltCodeSamples) and
 * by the llms-txt plugin. Docusaurus's MDX loader exports front matter to the page's JS through
 * stringify-object, which does not escape backslashes: `\` + newline in a curl command reached
 * the page as `\n`, and `\"` in a C# string as `"`. So the stored text holds no backslash: `%`
 * and `\` are written as `%25` and `%5C`, and read back here. tests/e2e/code-samples.spec.ts
 * compares what the copy button yields with the generator's output, byte for byte.
 */

export interface StoredSample {
  readonly language: string;
  readonly label: string;
  readonly highlight: string;
  readonly code: string;
  readonly requirements: readonly {
    name: string;
    install?: string;
    /** A file the project needs, e.g. Rust's Cargo.toml lines. */
    file?: { name: string; language: string; content: string };
  }[];
}

const escape = (text: string) => text.replace(/[%\\]/g, (c) => (c === '%' ? '%25' : '%5C'));
const unescape = (text: string) => text.replace(/%(25|5C)/g, (m) => (m === '%25' ? '%' : '\\'));

/** The front-matter value: JSON (valid YAML on one line) with the samples' text escaped. */
export function encodeSamples(samples: readonly StoredSample[]): string {
  return JSON.stringify(samples.map((s) => ({ ...s, code: escape(s.code) })));
}

/** The samples as the generator wrote them, from the parsed front matter. */
export function decodeSamples(stored: readonly StoredSample[] | undefined): StoredSample[] {
  return (stored ?? []).map((s) => ({ ...s, code: unescape(s.code) }));
}
