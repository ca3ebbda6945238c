// The part of the local search's hook (which ships no types) that useSearchQuery.ts uses.
declare module '@easyops-cn/docusaurus-search-local/dist/client/client/theme/hooks/useSearchQuery' {
  export default function useSearchQuery(): {
    searchValue: string;
    searchContext: string;
    searchVersion: string;
    updateSearchPath(searchValue: string): void;
    updateSearchContext(value: string): void;
    generateSearchPageLink(searchValue: string): string;
  };
}
