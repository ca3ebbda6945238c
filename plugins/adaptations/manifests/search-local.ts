import { upstream, type Manifest } from './types';

const pkg = '@easyops-cn/docusaurus-search-local';
const client = (file: string) => upstream(pkg, `dist/client/client/${file}`);

/** The local search (@easyops-cn/docusaurus-search-local). */
export const searchLocal: Manifest = {
  name: 'local search',
  packages: [pkg],
  adaptations: [
    {
      id: 'search-client',
      mechanisms: [
        'factory wrapper',
        'module swap',
        'deep import',
        'swizzle (wrapped)',
        'CSS on internal classes',
        'source transform',
      ],
      what: 'The site owns the search client as one unit (plugins/adaptations/search-local): the plugin’s factory wrapped to write each index in two parts, its descriptions as plain text; its bar and results page get the site’s `searchByWorker` (query rewrite, ranking, its own worker on the plugin’s tokenizer and query builder; the bar searches the whole site from a search context, the context’s pages first while they score well) and a `useSearchQuery` that reads the URL before writing it; SearchBar and SearchPage wrapped (zh-Hans accessible names, the scope chip, the idle preload of the index’s first part); their inputs’ literal English `aria-label` translated at build time, so the server’s HTML names them in zh-Hans; the shortcut hint’s colours.',
      site: [
        'plugins/adaptations/search-local/index.ts',
        'plugins/adaptations/search-local/plainSnippets.ts',
        'plugins/adaptations/search-local/searchByWorker.ts',
        'plugins/adaptations/search-local/searchPageByWorker.ts',
        'plugins/adaptations/search-local/searchWorker.ts',
        'plugins/adaptations/search-local/search-local-internals.d.ts',
        'plugins/adaptations/search-local/useSearchQuery.ts',
        'plugins/adaptations/search-local/namedInputs.cjs',
        'plugins/adaptations/search-local/search-query.d.ts',
        'plugins/adaptations/lib/replaceImport.ts',
        'src/theme/SearchBar/index.tsx',
        'src/theme/SearchPage/index.tsx',
        'src/css/custom.css',
      ],
      swizzles: ['SearchBar', 'SearchPage'],
      upstream: [
        upstream(pkg, 'dist/server/server/index.js'),
        upstream(pkg, 'dist/server/server/utils/postBuildFactory.js'),
        upstream(pkg, 'dist/server/server/utils/generate.js'),
        client('theme/searchByWorker.js'),
        client('theme/worker.js'),
        client('theme/hooks/useSearchQuery.js'),
        client('theme/SearchBar/index.jsx'),
        client('theme/SearchBar/SearchBar.jsx'),
        client('theme/SearchBar/SearchBar.module.css'),
        client('theme/SearchPage/index.js'),
        client('theme/SearchPage/SearchPage.jsx'),
        client('utils/proxiedGeneratedConstants.js'),
        client('utils/tokenize.js'),
        client('utils/smartQueries.js'),
        client('utils/sortSearchResults.js'),
        client('utils/processTreeStatusOfSearchResults.js'),
      ],
      gain: 'behaviour: readers’ words searched as the docs’ terms and ranked (held-back relevance floor, tests/e2e/search-relevance.spec.ts), the results page keeps its query (tests/e2e/search.spec.ts), named controls (tests/a11y); speed: first suggestion 515 → 248 ms at 1×, 1,173 → 261 ms at 10× the pages (npm run bench:search)',
      removeWhen:
        'the plugin takes a query transform and a ranking hook, loads its index in parts, reads the URL before writing it and names its inputs; the unit then shrinks to those options',
      proposal: 'contributing/upstream/search-local.md',
    },
  ],
};
