/**
 * The glossary and the error catalogue as the ranking reads them: only the fields it uses
 * (src/search/searchTermFields.ts), from `.generated/search-terms.json`
 * (scripts/build-search-data.ts), so the ranking's chunk does not carry their prose.
 */
import data from '../../.generated/search-terms.json';
import type { SearchError, SearchTerm } from './searchTermFields';

export type { SearchError, SearchTerm } from './searchTermFields';

export const glossary = data.glossary as readonly SearchTerm[];
export const apiErrors = data.errors as readonly SearchError[];
