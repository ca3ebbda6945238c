// Lint for the site's TypeScript and React code; `npm run lint` allows no warnings.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import docusaurus from '@docusaurus/eslint-plugin';
import globals from 'globals';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

// Docusaurus's virtual modules (`@docusaurus/Link`, `@docusaurus/useBaseUrl`, …) are webpack
// aliases of files of @docusaurus/core, one per file of its `lib/client/exports`, as core itself
// builds them; resolved to those files, imports of them count as imports of @docusaurus/core.
const require = createRequire(import.meta.url);
const coreExports = path.join(
  path.dirname(require.resolve('@docusaurus/core/package.json')),
  'lib/client/exports',
);
const docusaurusAliases = new Map(
  readdirSync(coreExports)
    .filter((file) => /\.(js|tsx?)$/.test(file) && !file.endsWith('.d.ts'))
    .map((file) => [`@docusaurus/${file.replace(/\.\w+$/, '')}`, path.join(coreExports, file)]),
);
const docusaurusResolver = {
  interfaceVersion: 3,
  name: 'docusaurus-aliases',
  resolve: (source) =>
    docusaurusAliases.has(source)
      ? { found: true, path: docusaurusAliases.get(source) }
      : { found: false },
};

// A type-only package (`hast`, `mdast`) has no package of its own: its types live in
// `@types/<name>`. Resolved there when nothing else resolves it, a type import of it is checked
// against package.json like any other (as `@types/<name>`), instead of passing unseen.
const definitelyTypedResolver = {
  interfaceVersion: 3,
  name: 'definitely-typed',
  resolve(source, file) {
    const bare = /^((?:@[\w.-]+\/)?[\w.-]+)(?:\/.*)?$/.exec(source);
    if (!bare || source.startsWith('.')) return { found: false };
    const typesName = `@types/${bare[1].replace(/^@/, '').replace('/', '__')}`;
    try {
      const manifest = createRequire(file).resolve(`${typesName}/package.json`);
      const { types, typings } = JSON.parse(readFileSync(manifest, 'utf8'));
      return {
        found: true,
        path: path.join(path.dirname(manifest), types ?? typings ?? 'index.d.ts'),
      };
    } catch {
      return { found: false };
    }
  },
};

export default tseslint.config(
  {
    ignores: [
      'build/',
      '.docusaurus/',
      '.docusaurus-*/',
      '.generated/',
      '.tmp/',
      'node_modules/',
      'docs/api/generated/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  {
    // Every package the code imports (type-only imports and `require` included) is declared in
    // package.json, not merely installed as another package's dependency, where any update can
    // move or drop it. `@site/`, `@theme/`, `@theme-original/`, `@theme-init/` and `@generated/`
    // are the site's own files and the themes' components, not packages. The rule passes over what
    // does not resolve at all (a missing package fails `tsc` and the build instead).
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    plugins: { 'import-x': importX, 'site-deps': importX },
    settings: {
      'import-x/internal-regex': '^@(site|theme|theme-original|theme-init|generated)/',
      'import-x/resolver-next': [
        docusaurusResolver,
        // Type-only packages (`@docusaurus/types`) resolve by their `types` field.
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.d.ts', '.mjs', '.js', '.cjs', '.json'],
          conditionNames: ['types', 'import', 'require', 'node', 'default'],
          mainFields: ['types', 'typings', 'module', 'main'],
        }),
        definitelyTypedResolver,
      ],
    },
    rules: {
      'import-x/no-extraneous-dependencies': ['error', { includeTypes: true }],
    },
  },
  {
    // What Docusaurus loads or bundles (the config, sidebars, plugins, components and theme) takes
    // its runtime imports from `dependencies`; `devDependencies` serve the scripts around the
    // build, the tests, the benchmark and types. The same rule a second time, under another name,
    // for this one check.
    files: [
      'src/**/*.{ts,tsx,js,mjs}',
      'plugins/**/*.{ts,tsx,js,mjs}',
      'docs/**/*.ts',
      'docusaurus.config.ts',
      'sidebars.ts',
    ],
    // The guides' examples are the readers' programs; the tests run them with dev dependencies.
    ignores: ['src/examples/**'],
    rules: {
      'site-deps/no-extraneous-dependencies': [
        'error',
        { devDependencies: false, includeTypes: false },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { react, 'react-hooks': reactHooks, '@docusaurus': docusaurus },
    settings: { react: { version: 'detect' } },
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs['jsx-runtime'].rules,
      ...reactHooks.configs.recommended.rules,
      ...docusaurus.configs.all.rules,
    },
  },
  {
    // Content components render zh-Hans page content of a single-locale site, not theme chrome:
    // their labels are copy, like the MDX around them, so they are not routed through translate().
    files: ['src/components/**/*.tsx'],
    rules: { '@docusaurus/no-untranslated-text': 'off' },
  },
);
