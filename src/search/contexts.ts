/**
 * The search contexts: the API reference is searched on its own from its pages. The search
 * plugin's `searchContextByPaths` (docusaurus.config.ts) and the search bar's scope chip
 * (src/theme/SearchBar) both read it from here.
 */
export const apiSearchContext = { label: 'API 参考', path: 'api' } as const;
