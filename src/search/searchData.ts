/**
 * The glossary and the error catalogue as the ranking reads them: only the fields it uses, from
 * `.generated/search-terms.json` (scripts/build-search-data.ts), so the ranking's chunk does not
 * carry their prose.
 */
import data from '../../.generated/search-terms.json';
import type { ApiErrorCode } from '../data/errors';
import type { GlossaryEntry } from '../data/glossary';

export type SearchTerm = Omit<GlossaryEntry, 'meaning'>;
export type SearchError = Pick<ApiErrorCode, 'code' | 'status' | 'name' | 'searchAliases'>;

export const glossary = data.glossary as readonly SearchTerm[];
export const apiErrors = data.errors as readonly SearchError[];
