import { upstream, type Manifest } from './types';

/** Docusaurus core (@docusaurus/core): its client runtime, its page template, its module layout. */
export const core: Manifest = {
  name: 'Docusaurus core',
  packages: ['@docusaurus/core'],
  adaptations: [
    {
      id: 'browser-context',
      mechanisms: ['alias'],
      what: 'Core’s browser-context provider is aliased to one that flips `useIsBrowser()` in a transition.',
      site: [
        'plugins/adaptations/browser-context/index.ts',
        'plugins/adaptations/browser-context/BrowserContext.tsx',
        'plugins/adaptations/lib/coreClientFile.ts',
      ],
      upstream: [upstream('@docusaurus/core', 'lib/client/browserContext.js')],
      gain: 'speed: reference page TBT 92 → 8 ms (median of 7 Lighthouse runs, ranges 17 ms apart; score 99 both): the re-render after hydration runs in slices',
      removeWhen: 'core makes the re-render after hydration a transition',
      proposal: 'contributing/upstream/browser-context.md',
    },
    {
      id: 'route-prefetch',
      mechanisms: ['module swap', 'deep import'],
      what: 'Core’s client entry and route prefetcher get wrappers that prefetch in idle 8 ms slices, each URL once.',
      site: [
        'plugins/adaptations/route-prefetch/index.ts',
        'plugins/adaptations/route-prefetch/routePrefetch.ts',
        'plugins/adaptations/route-prefetch/prefetchOnce.ts',
        'plugins/adaptations/lib/coreClientFile.ts',
        'plugins/adaptations/lib/replaceImport.ts',
      ],
      upstream: [
        upstream('@docusaurus/core', 'lib/client/clientEntry.js'),
        upstream('@docusaurus/core', 'lib/client/docusaurus.js'),
        upstream('@docusaurus/core', 'lib/client/prefetch.js'),
      ],
      gain: 'speed: guide TBT 34 → 5 ms (7 runs, ranges 9 ms apart); without it a guide appends some 250 duplicate prefetch links (tests/e2e/startup.spec.ts)',
      removeWhen: 'core prefetches in idle slices and remembers a URL when it asks for it',
      proposal: 'contributing/upstream/route-prefetch.md',
    },
    {
      id: 'ssr-template',
      mechanisms: ['deep import'],
      what: 'The static pages’ template is core’s own, read from its file, with the scripts preloaded and started after the first paint.',
      site: ['src/ssr/template.ts'],
      upstream: [upstream('@docusaurus/core', 'lib/ssg/ssgTemplate.html.js')],
      gain: 'speed: home LCP 2.26–2.29 s → 1.24–1.36 s (contributing/performance.md, “Scripts start after the first paint”)',
      removeWhen:
        'core can defer its scripts past the first paint (a `ssrTemplate` is a documented option; only reading core’s default is internal)',
    },
    {
      id: 'lint-virtual-modules',
      mechanisms: ['layout read by tooling'],
      what: 'ESLint resolves `@docusaurus/Link` and the other virtual modules to the files of core’s `lib/client/exports`, as core’s aliases do.',
      site: ['eslint.config.mjs'],
      upstream: [upstream('@docusaurus/core', 'lib/client/exports')],
      gain: 'reason: without it the dependency rule cannot tell a virtual module from an undeclared package',
      removeWhen: 'core publishes its virtual modules in `exports` (or an ESLint resolver)',
    },
  ],
};
