/** The environment variable the reference's samples, like the guides, read the API key from. */
export const apiKeyVariable = 'VOXLOOM_API_KEY';

/** A library or tool a sample needs, and how a reader installs it. */
export interface SampleRequirement {
  readonly name: string;
  /** The command that installs it; none for what ships with the language. */
  readonly install?: string;
  /** Needed only by samples whose code matches (e.g. a multipart upload's form library). */
  readonly when?: RegExp;
}

/**
 * The code-sample languages of the API reference, in the order the tabs appear. Keys and
 * variants are those of postman-code-generators (the generator behind the OpenAPI theme);
 * `label` is the name readers write; `highlight` is the Prism language used to colour the sample.
 */
export interface CodeSampleLanguage {
  readonly language: string;
  readonly label: string;
  readonly highlight: string;
  readonly logoClass: string;
  readonly variant: string;
  /** Shown beside each sample: what it needs besides the language itself. */
  readonly requirements: readonly SampleRequirement[];
}

export const codeSampleLanguages: readonly CodeSampleLanguage[] = [
  {
    language: 'curl',
    label: 'cURL',
    highlight: 'bash',
    logoClass: 'curl',
    variant: 'cURL',
    requirements: [{ name: 'curl 命令行工具' }],
  },
  {
    language: 'python',
    label: 'Python',
    highlight: 'python',
    logoClass: 'python',
    variant: 'Requests',
    requirements: [{ name: 'requests', install: 'pip install requests' }],
  },
  {
    language: 'nodejs',
    label: 'Node.js',
    highlight: 'javascript',
    logoClass: 'nodejs',
    variant: 'Axios',
    requirements: [
      { name: 'axios', install: 'npm install axios' },
      { name: 'form-data', install: 'npm install form-data', when: /require\('form-data'\)/ },
    ],
  },
  {
    language: 'go',
    label: 'Go',
    highlight: 'go',
    logoClass: 'go',
    variant: 'Native',
    requirements: [{ name: 'Go 标准库 net/http' }],
  },
  {
    language: 'csharp',
    label: 'C#',
    highlight: 'csharp',
    logoClass: 'csharp',
    variant: 'HttpClient',
    requirements: [{ name: '.NET 6 及以上（顶级语句，HttpClient 随 .NET 提供）' }],
  },
  {
    language: 'php',
    label: 'PHP',
    highlight: 'php',
    logoClass: 'php',
    variant: 'cURL',
    requirements: [{ name: 'PHP 的 curl 扩展' }],
  },
  {
    language: 'java',
    label: 'Java',
    highlight: 'java',
    logoClass: 'java',
    variant: 'OkHttp',
    requirements: [{ name: 'OkHttp', install: 'com.squareup.okhttp3:okhttp（Maven / Gradle）' }],
  },
  {
    language: 'c',
    label: 'C',
    highlight: 'c',
    logoClass: 'c',
    variant: 'libcurl',
    requirements: [{ name: 'libcurl', install: '编译时链接 -lcurl' }],
  },
  {
    language: 'rust',
    label: 'Rust',
    highlight: 'rust',
    logoClass: 'rust',
    variant: 'reqwest',
    requirements: [
      { name: 'reqwest', install: 'cargo add reqwest --features json,multipart' },
      { name: 'tokio', install: 'cargo add tokio --features macros,rt-multi-thread' },
      { name: 'serde_json', install: 'cargo add serde_json', when: /serde_json::/ },
    ],
  },
];

/** The requirements of one sample, as `requirements` lists them for its language. */
export function requirementsOf(
  language: CodeSampleLanguage,
  code: string,
): { name: string; install?: string }[] {
  return language.requirements
    .filter((r) => !r.when || r.when.test(code))
    .map(({ name, install }) => (install ? { name, install } : { name }));
}

/**
 * The Prism grammars the site registers beyond those prism-react-renderer bundles (it has python,
 * javascript, go, c, rust and json): what the samples and the guides' shell commands need.
 */
export const extraPrismLanguages: readonly string[] = ['bash', 'csharp', 'php', 'java'];
