// The parts of the local search's client (which ships no types) that our search worker uses.
declare module '@easyops-cn/docusaurus-search-local/dist/client/client/utils/proxiedGeneratedConstants' {
  /** `search-index{dir}.json?_=<hash>`: `{dir}` is `-<context>` or empty. */
  export const searchIndexUrl: string;
  export const language: string[];
}
declare module '@easyops-cn/docusaurus-search-local/dist/client/client/utils/tokenize' {
  export function tokenize(text: string, language: string[]): string[];
}
declare module '@easyops-cn/docusaurus-search-local/dist/client/client/utils/smartQueries' {
  export interface QueryTerm {
    value: string;
    wildcard?: number;
    presence?: number;
    editDistance?: number;
  }
  export function smartQueries(
    tokens: string[],
    zhDictionary: string[],
  ): { term: QueryTerm[]; tokens: string[] }[];
}
declare module '@easyops-cn/docusaurus-search-local/dist/client/client/utils/sortSearchResults' {
  export function sortSearchResults(results: unknown[]): void;
}
declare module '@easyops-cn/docusaurus-search-local/dist/client/client/utils/processTreeStatusOfSearchResults' {
  export function processTreeStatusOfSearchResults(results: unknown[]): void;
}
// lunr ships no types; the worker loads serialized indexes and queries them.
declare module 'lunr' {
  namespace lunr {
    interface Result {
      ref: string;
      score: number;
      matchData: { metadata: Record<string, unknown> };
    }
    interface Query {
      term(term: string, options: Record<string, unknown>): Query;
    }
    class Index {
      static load(serialized: unknown): Index;
      query(build: (query: Query) => void): Result[];
    }
  }
  export default lunr;
}
