/** The upstream packages whose internals the site adapts, one manifest each (see index.ts). */
export type UpstreamPackage =
  | '@docusaurus/core'
  | '@docusaurus/theme-classic'
  | '@docusaurus/theme-common'
  | 'docusaurus-plugin-openapi-docs'
  | 'docusaurus-theme-openapi-docs'
  | '@easyops-cn/docusaurus-search-local';

/**
 * One installed upstream file an adaptation depends on. Its fingerprint (the SHA-256 of its
 * content when the adaptation was last checked; of a folder, of its sorted entry names) is in
 * fingerprints.json, under the entry's id, written by `npm run adaptations -- --update <id>`.
 */
export interface UpstreamFile {
  pkg: UpstreamPackage;
  /** Relative to the package's folder in node_modules. */
  file: string;
}

export const upstream = (pkg: UpstreamPackage, file: string): UpstreamFile => ({ pkg, file });

/** Entry id → `<package>/<file>` → SHA-256, as last checked. */
export type Fingerprints = Record<string, Record<string, string>>;

/** How the site reaches into the package. */
export type Mechanism =
  | 'alias'
  | 'module swap'
  | 'factory wrapper'
  | 'swizzle (wrapped)'
  | 'swizzle (written anew)'
  | 'deep import'
  | 'copied template'
  | 'source transform'
  | 'CSS on internal classes'
  | 'internal class names in markup'
  | 'layout read by tooling';

export interface Adaptation {
  /** Unique across all manifests; the build names it when one of its upstream files changes. */
  id: string;
  mechanisms: Mechanism[];
  /** What the site changes, in one sentence. */
  what: string;
  /** The site's files that make the adaptation (repository paths); each deep import lives in one. */
  site: string[];
  /** Theme components the site shadows in src/theme for it (`CodeBlock/Content`, …). */
  swizzles?: string[];
  upstream: UpstreamFile[];
  /** What the site loses without it: a measured figure (contributing/performance.md) or the reason. */
  gain: string;
  /** When to delete it. */
  removeWhen: string;
  /** For a fix that belongs upstream: the ready-to-propose description (repository path). */
  proposal?: string;
}

export interface Manifest {
  /** The upstream project the manifest covers. */
  name: string;
  packages: UpstreamPackage[];
  adaptations: Adaptation[];
}
