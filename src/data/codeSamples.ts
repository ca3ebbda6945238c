/** The environment variable the reference's samples, like the guides, read the API key from. */
export const apiKeyVariable = 'VOXLOOM_API_KEY';

/** A library or tool a sample needs, and how a reader installs it. */
export interface SampleRequirement {
  readonly name: string;
  /** The command that installs it; none for what ships with the language. */
  readonly install?: string;
  /** A file the project needs (Rust's `Cargo.toml` lines), shown as a code block. */
  readonly file?: { readonly name: string; readonly language: string; readonly content: string };
}

/**
 * The `[dependencies]` of the Rust samples' Cargo.toml. reqwest's default features bring TLS
 * for https. The harness builds the samples with Debian's reqwest 0.11 (tests/samples/), so they
 * use only what 0.11 and 0.12 share.
 */
export const rustDependencies = [
  '[dependencies]',
  'reqwest = { version = "0.12", features = ["json", "multipart"] }',
  'serde_json = "1"',
  'tokio = { version = "1", features = ["macros", "rt-multi-thread"] }',
].join('\n');

/**
 * The code-sample languages of the API reference, in the order the tabs appear. The reference's
 * samples and the live request editor's code come from one template per language
 * (src/codegen/templates/). `label` is the name readers write; `highlight` is the Prism language used to colour the sample.
 */
export interface CodeSampleLanguage {
  readonly language: string;
  readonly label: string;
  readonly highlight: string;
  readonly logoClass: string;
  /** Shown beside each sample: what it needs besides the language itself. */
  readonly requirements: readonly SampleRequirement[];
}

export const codeSampleLanguages: readonly CodeSampleLanguage[] = [
  {
    language: 'curl',
    label: 'cURL',
    highlight: 'bash',
    logoClass: 'curl',
    requirements: [
      { name: 'bash 和 curl 命令行工具' },
      { name: 'jq（读出错误对象）', install: 'apt-get install jq' },
    ],
  },
  {
    language: 'python',
    label: 'Python',
    highlight: 'python',
    logoClass: 'python',
    requirements: [{ name: 'requests', install: 'pip install requests' }],
  },
  {
    language: 'nodejs',
    label: 'Node.js',
    highlight: 'javascript',
    logoClass: 'nodejs',
    requirements: [{ name: 'Node.js 18 及以上（内置 fetch；保存为 .mjs 文件运行，无需安装依赖）' }],
  },
  {
    language: 'go',
    label: 'Go',
    highlight: 'go',
    logoClass: 'go',
    requirements: [{ name: 'Go 1.16 及以上，只用标准库 net/http' }],
  },
  {
    language: 'csharp',
    label: 'C#',
    highlight: 'csharp',
    logoClass: 'csharp',
    requirements: [
      {
        name: '.NET 8（顶级语句：代码放进 Program.cs，只用框架自带的类）',
        install: 'dotnet new console',
      },
    ],
  },
  {
    language: 'php',
    label: 'PHP',
    highlight: 'php',
    logoClass: 'php',
    requirements: [{ name: 'PHP 7.4 及以上和 curl 扩展' }],
  },
  {
    language: 'java',
    label: 'Java',
    highlight: 'java',
    logoClass: 'java',
    requirements: [{ name: 'Java 11 及以上，只用标准库 java.net.http（java 类名.java 直接运行）' }],
  },
  {
    language: 'c',
    label: 'C',
    highlight: 'c',
    logoClass: 'c',
    requirements: [{ name: 'libcurl 7.84 及以上', install: '编译时链接 -lcurl' }],
  },
  {
    language: 'rust',
    label: 'Rust',
    highlight: 'rust',
    logoClass: 'rust',
    requirements: [
      {
        name: '在 Cargo.toml 中加入下面几行',
        file: { name: 'Cargo.toml', language: 'toml', content: rustDependencies },
      },
    ],
  },
];

/** The requirements shown beside a sample of `language`. */
export function requirementsOf(language: CodeSampleLanguage): SampleRequirement[] {
  return language.requirements.map((r) => ({ ...r }));
}

/**
 * The Prism grammars the site registers beyond those prism-react-renderer bundles (it has python,
 * javascript, go, c, rust and json): what the samples and the guides' shell commands need.
 */
export const extraPrismLanguages: readonly string[] = ['bash', 'csharp', 'php', 'java'];

/**
 * The tab group of every code-language choice: the guides' tabs (`groupId="language"`), the
 * reference samples and the request editor's code share it, so a language picked in one is the
 * one the others open on (the theme stores the choice under this name).
 */
export const codeLanguageGroup = 'language';
