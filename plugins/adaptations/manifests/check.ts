import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Adaptation, Fingerprints, Manifest, UpstreamFile, UpstreamPackage } from './types';

/**
 * The checks behind the manifests (plugins/adaptations/manifests/*.ts), run by the build
 * (`./plugin.ts`, before anything else loads), by `npm run adaptations` and by the upgrade drill:
 *
 * - every upstream file an entry names still has the content it was checked against;
 * - every adaptation in the code is in a manifest: theme components shadowed in src/theme, deep
 *   imports into the packages, and selectors on their internal class names.
 */

export interface ChangedFile {
  pkg: UpstreamPackage;
  file: string;
  /** The fingerprint on record, or `none`. */
  expected: string;
  /** The installed content's SHA-256, or `gone`. */
  actual: string;
}

export interface ChangedEntry {
  manifest: string;
  adaptation: Adaptation;
  files: ChangedFile[];
}

export interface AdaptationReport {
  changed: ChangedEntry[];
  /** Adaptations in the code that no manifest lists, and manifest lines that name nothing. */
  unlisted: string[];
}

/** SHA-256 of a file's content; of a folder, of its sorted entry names; `gone` when missing. */
export function fingerprint(nodeModules: string, { pkg, file }: UpstreamFile): string {
  const full = path.join(nodeModules, pkg, file);
  if (!existsSync(full)) return 'gone';
  const content = statSync(full).isDirectory()
    ? readdirSync(full).sort().join('\n')
    : readFileSync(full);
  return createHash('sha256').update(content).digest('hex');
}

export const fingerprintKey = ({ pkg, file }: UpstreamFile) => `${pkg}/${file}`;

/** An entry's upstream files with their fingerprints as installed now. */
export function fingerprintsOf(adaptation: Adaptation, nodeModules: string) {
  return Object.fromEntries(
    adaptation.upstream.map((u) => [fingerprintKey(u), fingerprint(nodeModules, u)]),
  );
}

/** The entries one of whose upstream files differs from its fingerprint on record, or is gone. */
export function changedEntries(
  manifests: Manifest[],
  fingerprints: Fingerprints,
  nodeModules: string,
): ChangedEntry[] {
  return manifests.flatMap((manifest) =>
    manifest.adaptations.flatMap((adaptation) => {
      const files = adaptation.upstream
        .map((u) => ({
          ...u,
          expected: fingerprints[adaptation.id]?.[fingerprintKey(u)] ?? 'none',
          actual: fingerprint(nodeModules, u),
        }))
        .filter((f) => f.actual !== f.expected);
      return files.length > 0 ? [{ manifest: manifest.name, adaptation, files }] : [];
    }),
  );
}

const upstreamPackages: UpstreamPackage[] = [
  '@docusaurus/core',
  '@docusaurus/theme-classic',
  '@docusaurus/theme-common',
  'docusaurus-plugin-openapi-docs',
  'docusaurus-theme-openapi-docs',
  '@easyops-cn/docusaurus-search-local',
];

/** Where each theme keeps the components `@theme/…` resolves to. */
const themeDirs: [UpstreamPackage, string][] = [
  ['@docusaurus/theme-classic', 'lib/theme'],
  ['docusaurus-theme-openapi-docs', 'lib/theme'],
  ['@easyops-cn/docusaurus-search-local', 'dist/client/client/theme'],
];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

function walk(dir: string, keep: (file: string) => boolean): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return walk(full, keep);
    return keep(full) ? [full] : [];
  });
}

/** The theme's module at `name` (`CodeBlock/Content`), if the package ships one. */
function themeModule(nodeModules: string, [pkg, dir]: [UpstreamPackage, string], name: string) {
  const base = path.join(nodeModules, pkg, dir, name);
  return ['.js', '.jsx', '/index.js', '/index.jsx'].some((ext) => existsSync(base + ext));
}

/** The class names an OpenAPI theme stylesheet defines (`openapi-schema__name`, …). */
function openApiClassNames(nodeModules: string): Set<string> {
  const names = new Set<string>();
  const lib = path.join(nodeModules, 'docusaurus-theme-openapi-docs/lib');
  for (const file of walk(lib, (f) => /\.s?css$/.test(f))) {
    for (const m of readFileSync(file, 'utf8').matchAll(/\.(openapi[\w-]*)/g)) names.add(m[1]);
  }
  return names;
}

/** The classic theme's documented stable class names (`ThemeClassNames`): public, not internal. */
function stableClassNames(nodeModules: string): Set<string> {
  const file = path.join(nodeModules, '@docusaurus/theme-common/lib/utils/ThemeClassNames.js');
  if (!existsSync(file)) return new Set();
  return new Set([...readFileSync(file, 'utf8').matchAll(/'(theme-[\w-]+)'/g)].map((m) => m[1]));
}

/** What in one of the site's files reaches into an upstream package's internals. */
function findingsIn(
  text: string,
  isCss: boolean,
  openApiClasses: Set<string>,
  stableClasses: Set<string>,
): string[] {
  const found = new Set<string>();
  const pkgs = upstreamPackages.map(escape).join('|');
  const patterns = [
    /@theme-(?:original|init)\/[\w/-]+/g,
    new RegExp(`(?:${pkgs})/(?:lib|dist|src)/[\\w./-]+`, 'g'),
    /@docusaurus\/theme-common\/internal/g,
    new RegExp(`require\\.resolve\\(['"\`](?:${pkgs})`, 'g'),
    // A third-party theme's inner modules (`@theme/ApiItem/hooks`, `@theme/utils/tabsUtils`).
    /@theme\/(?:Api\w*|utils|Schema\w*|Params\w*|Request\w*|Response\w*|SearchBar|SearchPage)\/[\w/-]+/g,
    // A selector on a CSS module's hashed class name.
    /\[class[*^$]?=['"]?[\w-]+/g,
  ];
  for (const pattern of patterns) for (const m of text.matchAll(pattern)) found.add(m[0]);
  for (const m of text.matchAll(/(?<![\w@/-])(openapi[\w-]*)/g)) {
    if (openApiClasses.has(m[1])) found.add(`class ${m[1]}`);
  }
  const themeClass = isCss ? /\.(theme-[\w-]+)/g : /['"`. ](theme-[\w-]+)/g;
  for (const m of text.matchAll(themeClass)) {
    if (!stableClasses.has(m[1]) && !/^theme-(original|init)$/.test(m[1])) {
      found.add(`class ${m[1]}`);
    }
  }
  return [...found];
}

/** The site's files the scan reads: what Docusaurus bundles or loads, and the lint config. */
function siteFiles(projectRoot: string): string[] {
  const code = (f: string) => /\.(tsx?|css|mjs|mustache)$/.test(f);
  return [
    ...walk(path.join(projectRoot, 'src'), code).filter(
      (f) => !f.includes(`${path.sep}examples${path.sep}`),
    ),
    ...walk(path.join(projectRoot, 'plugins'), code).filter(
      (f) => !f.includes(`${path.sep}manifests${path.sep}`),
    ),
    path.join(projectRoot, 'docusaurus.config.ts'),
    path.join(projectRoot, 'eslint.config.mjs'),
  ].filter((f) => existsSync(f));
}

/**
 * Adaptations in the code that no manifest lists: a theme component shadowed in src/theme, or a
 * file with a deep import or an internal class name, that no entry names; and entries naming a
 * site file or a swizzle that does not exist.
 */
export function findUnlisted(
  manifests: Manifest[],
  projectRoot: string,
  nodeModules: string,
): string[] {
  const entries = manifests.flatMap((m) => m.adaptations);
  const claimedFiles = new Set(entries.flatMap((a) => a.site));
  const claimedSwizzles = new Set(entries.flatMap((a) => a.swizzles ?? []));
  const problems: string[] = [];

  const themeRoot = path.join(projectRoot, 'src/theme');
  const siteModules = new Set<string>();
  for (const file of walk(themeRoot, (f) => /\.(tsx?|jsx?)$/.test(f) && !f.endsWith('.d.ts'))) {
    const name = path
      .relative(themeRoot, file)
      .split(path.sep)
      .join('/')
      .replace(/\.\w+$/, '')
      .replace(/\/index$/, '');
    siteModules.add(name);
    const owner = themeDirs.find((theme) => themeModule(nodeModules, theme, name));
    if (owner && !claimedSwizzles.has(name)) {
      problems.push(`src/theme/${name} shadows ${owner[0]}'s ${name}, and no manifest lists it`);
    }
  }
  for (const name of claimedSwizzles) {
    if (!siteModules.has(name)) {
      problems.push(`a manifest lists swizzle ${name}, which src/theme lacks`);
    } else if (!themeDirs.some((theme) => themeModule(nodeModules, theme, name))) {
      problems.push(
        `swizzle ${name}: no theme ships ${name} any more, so src/theme/${name} shadows nothing`,
      );
    }
  }

  const openApiClasses = openApiClassNames(nodeModules);
  const stableClasses = stableClassNames(nodeModules);
  for (const file of siteFiles(projectRoot)) {
    const rel = path.relative(projectRoot, file).split(path.sep).join('/');
    const findings = findingsIn(
      readFileSync(file, 'utf8'),
      file.endsWith('.css'),
      openApiClasses,
      stableClasses,
    );
    if (findings.length > 0 && !claimedFiles.has(rel)) {
      problems.push(
        `${rel} reaches into upstream internals (${findings.join(', ')}), and no manifest lists it`,
      );
    }
  }
  // Every file of an adaptation plugin belongs to an entry (the shared lib/ and these manifests
  // aside): a new module swap cannot hide in a folder of its own.
  const adaptationsDir = path.join(projectRoot, 'plugins/adaptations');
  for (const file of walk(adaptationsDir, () => true)) {
    const rel = path.relative(projectRoot, file).split(path.sep).join('/');
    if (/^plugins\/adaptations\/(lib|manifests)\//.test(rel)) continue;
    if (!claimedFiles.has(rel))
      problems.push(`${rel} adapts an upstream package, and no manifest lists it`);
  }
  for (const rel of claimedFiles) {
    if (!existsSync(path.join(projectRoot, rel))) {
      problems.push(`a manifest lists ${rel}, which does not exist`);
    }
  }
  const ids = entries.map((a) => a.id);
  for (const id of new Set(ids.filter((id, i) => ids.indexOf(id) !== i))) {
    problems.push(`two manifest entries are called ${id}`);
  }
  for (const a of entries) {
    if (a.proposal && !existsSync(path.join(projectRoot, a.proposal))) {
      problems.push(`${a.id}: its proposal ${a.proposal} does not exist`);
    }
  }
  return problems;
}

export function checkAdaptations(
  manifests: Manifest[],
  fingerprints: Fingerprints,
  projectRoot: string,
  nodeModules = path.join(projectRoot, 'node_modules'),
): AdaptationReport {
  return {
    changed: changedEntries(manifests, fingerprints, nodeModules),
    unlisted: findUnlisted(manifests, projectRoot, nodeModules),
  };
}

/** The report as the build prints it; empty when all is well. */
export function describeReport({ changed, unlisted }: AdaptationReport): string {
  const lines: string[] = [];
  if (changed.length > 0) {
    lines.push(
      `${changed.length} upstream adaptation(s) depend on files that changed: check each still applies and still gains (contributing/architecture.md#upstream-adaptations), then \`npm run adaptations -- --update <id>\``,
    );
    for (const { manifest, adaptation, files } of changed) {
      lines.push(`  ${adaptation.id} (${manifest}): ${adaptation.what}`);
      for (const f of files) {
        const state =
          f.actual === 'gone' ? 'gone' : f.expected === 'none' ? 'never fingerprinted' : 'changed';
        lines.push(`    ${f.pkg}/${f.file}: ${state}`);
      }
      lines.push(`    remove when: ${adaptation.removeWhen}`);
    }
  }
  if (unlisted.length > 0) {
    lines.push(
      'Adaptations of upstream internals missing from plugins/adaptations/manifests, or entries naming nothing:',
    );
    for (const u of unlisted) lines.push(`  ${u}`);
  }
  return lines.join('\n');
}
