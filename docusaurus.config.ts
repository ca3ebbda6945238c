import type { Config, PluginConfig } from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import type * as OpenApiPlugin from 'docusaurus-plugin-openapi-docs';
import type { PluginOptions as SearchOptions } from '@easyops-cn/docusaurus-search-local';

import apiDocsPlugin from './plugins/features/api-docs';
import rawSourcePlugin from './plugins/features/raw-source';
import { codeTheme } from './src/css/prismThemes';
import { apiSearchContext } from './src/search/contexts';
import codeColoursPlugin from './plugins/features/code-colours';
import adaptationManifestsPlugin from './plugins/adaptations/manifests/plugin';
import searchLocalClient from './plugins/adaptations/search-local';
import lazyPrismPlugin from './plugins/adaptations/lazy-prism';
import browserContextPlugin from './plugins/adaptations/browser-context';
import routePrefetchPlugin from './plugins/adaptations/route-prefetch';
import openApiSchemasPlugin from './plugins/adaptations/openapi-schemas';
import openApiParameterTitlesPlugin from './plugins/adaptations/openapi-parameter-titles';
import openApiSchemaWordingPlugin from './plugins/adaptations/openapi-schema-wording';
import openApiSha1Plugin from './plugins/adaptations/openapi-sha1';
import llmsTxtPlugin from './plugins/features/llms-txt';
import robotsTxtPlugin from './plugins/features/robots-txt';
import versionFeedPlugin from './plugins/features/version-feed';
import proseLimitsPlugin from './plugins/features/prose-limits';
import rehypeTableRegions from './plugins/features/rehype-table-regions';
import { ssrTemplate } from './src/ssr/template';
import { deployment } from './src/data/deployment';
import { glossary } from './src/data/glossary';
import { extraPrismLanguages } from './src/data/codeSamples';
import { apiSpecs, bundledSpecPath, publicSpecsDir } from './src/data/apiSpecs';
import { changesFeed } from './src/data/apiVersions';
import { underApiDocsStage } from './scripts/lib/api-docs-inputs';

/**
 * The performance patches `npm run bench:patches` measures one at a time, each by a build without
 * it (BENCH_WITHOUT=<name>); never set outside that benchmark.
 */
const benchWithout = new Set((process.env.BENCH_WITHOUT ?? '').split(',').filter(Boolean));
const benchPatches = new Set<string>();
const measured = <T>(name: string, plugin: T): T[] => {
  benchPatches.add(name);
  return benchWithout.has(name) ? [] : [plugin];
};

/**
 * The API reference: a docs instance of its own, so that the OpenAPI theme's heavy components
 * (code generators, request form) load only on /api pages, and the OpenAPI plugin that writes its
 * pages.
 */
const apiReferencePlugins: PluginConfig[] = [
  [
    '@docusaurus/plugin-content-docs',
    {
      id: 'api',
      path: underApiDocsStage('docs/api'),
      routeBasePath: 'api',
      sidebarPath: './docs/api/sidebars.ts',
      docItemComponent: '@theme/ApiItem',
      rehypePlugins: [rehypeTableRegions],
      versions: { current: { label: 'Next' } },
    },
  ],
  [
    'docusaurus-plugin-openapi-docs',
    {
      id: 'openapi',
      docsPluginId: 'api',
      config: Object.fromEntries(
        apiSpecs.map((spec) => [
          spec.id,
          {
            specPath: bundledSpecPath(spec.id),
            outputDir: underApiDocsStage(spec.outputDir),
            downloadUrl: spec.downloadUrl,
            template: 'plugins/adaptations/openapi/api-page.mustache',
            hideSendButton: true,
            showInfoPage: false,
            showSchemas: false,
            sidebarOptions: { groupPathsBy: 'tag' },
          } satisfies OpenApiPlugin.Options,
        ]),
      ),
    },
  ],
];

const config: Config = {
  title: deployment.brandName,
  tagline: '面向实时语音对话的语音合成与音色 API',
  favicon: 'img/favicon.svg',

  url: deployment.siteUrl,
  baseUrl: '/',
  // One canonical form per page: `/x`, never `/x/`.
  trailingSlash: false,

  // The bundled OpenAPI files are served for download beside the ordinary static files.
  staticDirectories: ['static', publicSpecsDir],

  headTags: [
    // Without JavaScript tabs cannot switch: every panel (code languages, a response's schema and
    // example) is shown, one after another.
    {
      tagName: 'noscript',
      attributes: {},
      innerHTML: "<style>[role='tabpanel'][hidden]{display:block!important}</style>",
    },
    // The version history's Atom feed, discoverable from every page.
    {
      tagName: 'link',
      attributes: {
        rel: 'alternate',
        type: 'application/atom+xml',
        title: changesFeed.title,
        href: changesFeed.path,
      },
    },
  ],

  // The app's scripts start after the first paint (see the template).
  ssrTemplate,

  future: {
    // Docusaurus Faster: rspack bundles, SWC transpiles and minifies the scripts, Lightning CSS
    // minifies the styles, and the pages render in worker threads. A build without a patch
    // (BENCH_WITHOUT) skips rspack's persistent cache: its key is the config file, not the
    // plugins the file returns, so a cached build still carried the patch's module swaps.
    faster:
      benchWithout.size > 0
        ? {
            swcJsLoader: true,
            swcJsMinimizer: true,
            swcHtmlMinimizer: true,
            lightningCssMinimizer: true,
            mdxCrossCompilerCache: true,
            rspackBundler: true,
            rspackPersistentCache: false,
            ssgWorkerThreads: true,
            gitEagerVcs: true,
          }
        : true,
    // The one v4 flag Faster requires (for its worker threads): postBuild no longer receives each
    // page's head tags, which no plugin here reads. The other v4 flags stay off: they change the
    // CSS cascade (layers), the browser storage keys (readers' saved tab and colour choices) and
    // how MDX is parsed, none of which Faster needs.
    v4: { removeLegacyPostBuildHeadAttribute: true },
  },

  onBrokenLinks: 'throw',
  onBrokenAnchors: 'throw',
  onDuplicateRoutes: 'throw',

  i18n: {
    defaultLocale: 'zh-Hans',
    locales: ['zh-Hans'],
  },

  markdown: {
    hooks: {
      onBrokenMarkdownLinks: 'throw',
      onBrokenMarkdownImages: 'throw',
    },
  },

  presets: [
    [
      'classic',
      {
        docs: {
          // The guides ('tutorialSidebar'), served from the site root. The API reference is a
          // sibling folder with its own docs instance (see plugins below).
          path: 'docs/tutorial',
          routeBasePath: '/',
          sidebarPath: './sidebars.ts',
          versions: { current: { label: 'Next' } },
          tags: 'tags.yml',
          onInlineTags: 'throw',
          // Every table in a named box that scrolls on its own when too wide for the screen.
          rehypePlugins: [rehypeTableRegions],
        },
        blog: false,
        pages: {},
        theme: {
          customCss: ['./src/css/custom.css', './src/css/openapi-labels.css'],
        },
        sitemap: {
          changefreq: 'weekly',
          priority: 0.5,
        },
      } satisfies Preset.Options,
    ],
  ],

  plugins: [
    // First: stops the build when an upstream file an adaptation depends on changed, or when the
    // code adapts an upstream package without an entry in plugins/adaptations/manifests.
    adaptationManifestsPlugin,
    // The API reference generated from api-specs/ before the docs load, again on a spec edit.
    apiDocsPlugin,
    // Lets pages import the runnable example files of src/examples/ as text (`?raw`).
    rawSourcePlugin,
    // After the build: /llms.txt, /llms-full.txt and a Markdown form /x.md of every doc page.
    llmsTxtPlugin,
    // robots.txt pointing at the sitemap, from the site URL.
    robotsTxtPlugin,
    // After the build: the version history's Atom feed, from src/data/apiVersions.ts.
    versionFeedPlugin,
    // After the build: no paragraph over 300 characters, no page over 20 “见…” pointers.
    proseLimitsPlugin,
    // The code theme's colours for light and dark mode, as CSS custom properties.
    codeColoursPlugin,
    // Prism and the extra grammars load where code is highlighted in the browser, not at start-up.
    ...measured('lazy-prism', lazyPrismPlugin),
    // The re-render after hydration, when components learn they are in a browser, as a transition.
    ...measured('browser-context', browserContextPlugin),
    // Routes of the links in view prefetched when the page is idle, each chunk once.
    ...measured('route-prefetch', routePrefetchPlugin),
    // The reference pages' parameters, request body and responses in the server's HTML.
    openApiSchemasPlugin,
    // Their parameter sections headed 路径参数, 查询参数, not 'Path 参数'.
    openApiParameterTitlesPlugin,
    // Their fields' ranges and lengths worded as readers say them (取值范围：0.5 – 2.0).
    openApiSchemaWordingPlugin,
    // Their saved authorisation keyed with crypto-js's SHA1 alone, not the whole library.
    ...measured('openapi-sha1', openApiSha1Plugin),
    ...apiReferencePlugins,
  ],

  themes: [
    'docusaurus-theme-openapi-docs',
    [
      // The local search with the site's search client: its index in two parts, readers' words
      // searched as the docs' terms, the results page's query kept (plugins/adaptations/search-local).
      searchLocalClient,
      {
        hashed: true,
        language: ['en', 'zh'],
        indexDocs: true,
        indexBlog: false,
        indexPages: false,
        docsRouteBasePath: ['/'],
        docsDir: ['docs/tutorial', 'docs/api'],
        searchResultLimits: 8,
        highlightSearchTermsOnTargetPage: true,
        // Index what a reader types, not every code token: code blocks (samples in nine
        // languages, JSON bodies) are left out; inline code in prose and tables stays. A schema
        // property's type sits right after its name with no space between, and the indexer would
        // glue them into one word (`voice_idstring`): the type is left out, so the name is found.
        // Tab strips (code languages, response statuses, media types) are controls, not text:
        // indexed, every operation's status strip answered a query for any status.
        ignoreCssSelectors: ['.theme-code-block', '.openapi-schema__name', '[role="tablist"]'],
        searchContextByPaths: [{ ...apiSearchContext }],
        useAllContextsWithNoSearchContext: true,
        // The glossary's terms are words to the Chinese tokenizer, so a query for 首包延迟 or
        // 参考录音 matches them whole instead of as separate characters.
        zhUserDict: glossary
          .map((entry) => entry.term)
          .filter((term) => /^[\u4e00-\u9fff]+$/.test(term))
          .join('\n'),
      } satisfies Partial<SearchOptions>,
    ],
  ],

  themeConfig: {
    metadata: [{ name: 'keywords', content: '语音合成, TTS, 音色克隆, WebSocket, API' }],
    docs: {
      versionPersistence: 'localStorage',
      sidebar: { hideable: false, autoCollapseCategories: false },
    },
    colorMode: {
      defaultMode: 'light',
      respectPrefersColorScheme: true,
      disableSwitch: false,
    },
    announcementBar: {
      id: 'register-voucher',
      content: `${deployment.announcement.lead}<a href="${deployment.consoleUrl}" target="_blank" rel="noopener noreferrer">${deployment.announcement.linkText}</a>`,
      isCloseable: false,
    },
    navbar: {
      title: deployment.brandName,
      // The title beside it names the link: the logo is decoration (an English alt was read out).
      logo: { alt: '', src: 'img/logo.svg' },
      hideOnScroll: false,
      items: [
        { type: 'docSidebar', sidebarId: 'tutorialSidebar', position: 'left', label: '文档' },
        {
          type: 'docSidebar',
          sidebarId: 'api',
          docsPluginId: 'api',
          position: 'left',
          label: 'API 参考',
        },
        { href: deployment.consoleUrl, label: '控制台', position: 'right' },
      ],
    },
    footer: {
      style: 'dark',
      links: [],
      // The filings and agreements a compliance reader looks for, under the copyright line.
      copyright: [
        `Copyright © ${deployment.copyrightYears} ${deployment.brandName} · <a href="${deployment.icp.url}" target="_blank" rel="noopener noreferrer">${deployment.icp.text}</a>`,
        [
          ...deployment.aiFilings.map((f) => `${f.label}：${f.number}`),
          `<a href="${deployment.privacyPolicyUrl}">隐私政策</a>`,
          `<a href="${deployment.serviceAgreementUrl}">服务协议</a>`,
        ].join(' · '),
      ].join('<br>'),
    },
    tableOfContents: {
      minHeadingLevel: 2,
      maxHeadingLevel: 3,
    },
    prism: {
      // One theme for both modes, its colours CSS custom properties (see src/css/prismThemes.ts).
      theme: codeTheme,
      darkTheme: codeTheme,
      // Registered where code is highlighted in the browser (see plugins/adaptations/lazy-prism).
      additionalLanguages: [...extraPrismLanguages],
    },
  } satisfies Preset.ThemeConfig,
};

const unknownPatches = [...benchWithout].filter((name) => !benchPatches.has(name));
if (unknownPatches.length > 0) {
  throw new Error(`BENCH_WITHOUT names no measured patch: ${unknownPatches.join(', ')}`);
}

export default config;
