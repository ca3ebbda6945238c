/**
 * The fields of the glossary and the error catalogue that the ranking reads. The generator keeps
 * only these in `.generated/search-terms.json` (scripts/build-search-data.ts), and the ranking
 * types what it reads by them (src/search/searchData.ts), so the list is written once.
 */
import type { ApiErrorCode } from '../data/errors';
import type { GlossaryEntry } from '../data/glossary';

export const searchTermFields = ['term', 'english', 'avoid', 'synonyms', 'home', 'field'] as const;
export const searchErrorFields = ['code', 'status', 'name', 'searchAliases'] as const;

export type SearchTerm = Pick<GlossaryEntry, (typeof searchTermFields)[number]>;
export type SearchError = Pick<ApiErrorCode, (typeof searchErrorFields)[number]>;

/** `entry` with only `fields`, in their order. */
export const pick = <T, K extends keyof T>(entry: T, fields: readonly K[]): Pick<T, K> =>
  Object.fromEntries(fields.map((f) => [f, entry[f]])) as Pick<T, K>;
