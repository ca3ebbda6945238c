import { upstream, type Manifest } from './types';

/** The classic theme (@docusaurus/theme-classic) and its shared code (@docusaurus/theme-common). */
export const themeClassic: Manifest = {
  name: 'Docusaurus classic theme',
  packages: ['@docusaurus/theme-classic', '@docusaurus/theme-common'],
  adaptations: [
    {
      id: 'lazy-prism',
      mechanisms: ['alias'],
      what: 'The theme’s start-up registration of Prism grammars is aliased to nothing; the highlighter loads where code is rendered in the browser.',
      site: [
        'plugins/adaptations/lazy-prism/index.ts',
        'plugins/adaptations/lazy-prism/client.ts',
        'src/theme/CodeBlock/Content/prismLanguages.ts',
      ],
      upstream: [
        upstream('@docusaurus/theme-classic', 'lib/prism-include-languages.js'),
        upstream('@docusaurus/theme-classic', 'lib/theme/prism-include-languages.js'),
        upstream('@docusaurus/theme-classic', 'lib/index.js'),
      ],
      gain: 'speed: guide Lighthouse 98 → 100, TBT 163 → 42 ms, first-load JS 244.8 → 210.5 KB gzip (7 runs, each beyond the noise)',
      removeWhen: 'the theme registers grammars lazily itself',
      proposal: 'contributing/upstream/lazy-prism.md',
    },
    {
      id: 'code-block',
      mechanisms: ['swizzle (written anew)', 'swizzle (wrapped)', 'deep import'],
      what: 'CodeBlock written anew (no remount after hydration; hydrated blocks keep the server’s markup), Content and Line/Token wrapped (tokens coloured by class, plain text without an element).',
      site: [
        'src/theme/CodeBlock/index.tsx',
        'src/theme/CodeBlock/Content/index.tsx',
        'src/theme/CodeBlock/Content/Highlighted.tsx',
        'src/theme/CodeBlock/Content/ServerContent.tsx',
        'src/theme/CodeBlock/Line/Token/index.tsx',
      ],
      swizzles: ['CodeBlock', 'CodeBlock/Content', 'CodeBlock/Line/Token'],
      upstream: [
        upstream('@docusaurus/theme-classic', 'lib/theme/CodeBlock/index.js'),
        upstream('@docusaurus/theme-classic', 'lib/theme/CodeBlock/Content/index.js'),
        upstream('@docusaurus/theme-classic', 'lib/theme/CodeBlock/Content/String.js'),
        upstream('@docusaurus/theme-classic', 'lib/theme/CodeBlock/Line/Token/index.js'),
        upstream('@docusaurus/theme-common', 'lib/internal.js'),
        upstream('@docusaurus/theme-common', 'lib/utils/codeBlockUtils.js'),
      ],
      gain: 'speed and bytes: guide HTML 337 → 184 KB (/guides/contexts), main.js 178 → 146 KB gzip with lazy-prism; no second highlighting pass at hydration (contributing/performance.md)',
      removeWhen: 'the theme hydrates code blocks without a remount and colours tokens by class',
      proposal: 'contributing/upstream/code-block.md',
    },
    {
      id: 'tabs',
      mechanisms: ['swizzle (written anew)', 'deep import'],
      what: 'Tabs written anew on the OpenAPI theme’s tab utilities: no remount after hydration (a stored choice still applies), and the OpenAPI theme’s tab context provided to its components.',
      site: [
        'src/theme/Tabs/index.tsx',
        'src/theme/openapi-theme-utils.d.ts',
        'src/components/PrebuiltCodeSamples.tsx',
      ],
      swizzles: ['Tabs'],
      upstream: [
        upstream('@docusaurus/theme-classic', 'lib/theme/Tabs/index.js'),
        upstream('docusaurus-theme-openapi-docs', 'lib/theme/Tabs/index.js'),
        upstream('docusaurus-theme-openapi-docs', 'lib/theme/utils/tabsUtils.js'),
        upstream('docusaurus-theme-openapi-docs', 'lib/theme/utils/scrollUtils.js'),
      ],
      gain: 'speed: no remount of every tab set after hydration (one synchronous render that highlighted every block again; contributing/performance.md “No remount after hydration”); behaviour: a tab choice kept across pages (tests/e2e/code-blocks.spec.ts)',
      removeWhen: 'both themes’ Tabs hydrate without a remount',
    },
    {
      id: 'page-additions',
      mechanisms: ['swizzle (wrapped)'],
      what: 'Two “safe to wrap” components, each rendered as is with the site’s content beside it: DocItem/Content (the copy-page control above every doc page’s article) and NotFound/Content (a search for the missing path’s words and the main entry points under the theme’s own not-found text).',
      site: [
        'src/theme/DocItem/Content/index.tsx',
        'src/theme/DocItem/Content/CopyPage.tsx',
        'src/theme/NotFound/Content/index.tsx',
      ],
      swizzles: ['DocItem/Content', 'NotFound/Content'],
      upstream: [
        upstream('@docusaurus/theme-classic', 'lib/theme/DocItem/Content/index.js'),
        upstream('@docusaurus/theme-classic', 'lib/theme/NotFound/Content/index.js'),
      ],
      gain: 'reason: the 复制页面 control and the Markdown link (tests/e2e copy-page tests); a reader on a broken link gets a search and a way on (tests/e2e/routes.spec.ts); both components are “safe to wrap” in the theme’s swizzle config',
      removeWhen: 'the theme offers a slot above the article and below the not-found text',
    },
    {
      id: 'mdx-components',
      mechanisms: ['swizzle (wrapped)'],
      what: 'MDXComponents wrapped: adds the TableRegion box that plugins/features/rehype-table-regions puts every table in.',
      site: ['src/theme/MDXComponents/index.tsx'],
      swizzles: ['MDXComponents'],
      upstream: [upstream('@docusaurus/theme-classic', 'lib/theme/MDXComponents/index.js')],
      gain: 'reason: a wide table scrolls in its own named box, never the page (tests/e2e/layout-tables.spec.ts); the documented way to add an MDX component',
      removeWhen:
        'never: this is the documented extension point; kept in the manifest because it spreads the theme’s map',
    },
  ],
};
