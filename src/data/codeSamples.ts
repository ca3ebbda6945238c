/**
 * The code-sample languages of the API reference, in the order the tabs appear. Keys and
 * variants are those of postman-code-generators (the generator behind the OpenAPI theme);
 * `highlight` is the Prism language used to colour the sample.
 */
export interface CodeSampleLanguage {
  readonly language: string;
  readonly highlight: string;
  readonly logoClass: string;
  readonly variant: string;
}

export const codeSampleLanguages: readonly CodeSampleLanguage[] = [
  { language: 'curl', highlight: 'bash', logoClass: 'curl', variant: 'cURL' },
  { language: 'python', highlight: 'python', logoClass: 'python', variant: 'Requests' },
  { language: 'nodejs', highlight: 'javascript', logoClass: 'nodejs', variant: 'Axios' },
  { language: 'go', highlight: 'go', logoClass: 'go', variant: 'Native' },
  { language: 'csharp', highlight: 'csharp', logoClass: 'csharp', variant: 'HttpClient' },
  { language: 'php', highlight: 'php', logoClass: 'php', variant: 'cURL' },
  { language: 'java', highlight: 'java', logoClass: 'java', variant: 'OkHttp' },
  { language: 'c', highlight: 'c', logoClass: 'c', variant: 'libcurl' },
  { language: 'rust', highlight: 'rust', logoClass: 'rust', variant: 'reqwest' },
];

/**
 * The Prism grammars the site registers beyond those prism-react-renderer bundles (it has python,
 * javascript, go, c, rust and json): what the samples and the guides' shell commands need.
 */
export const extraPrismLanguages: readonly string[] = ['bash', 'csharp', 'php', 'java'];
