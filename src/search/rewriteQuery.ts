import { glossary } from '../data/glossary';

/**
 * What the search looks for when a reader types a query: the words readers use, turned into the
 * docs' own terms (the glossary's `avoid` and `synonyms`), and a question reduced to its keywords.
 * The local search requires every word of a query to match, so one word the docs never use
 * (怎么, 发音人, pricing) is enough to lose the page that answers it. Runs in the browser, in front of
 * the search plugin's worker (plugins/adaptations/search-query-rewrite, through src/search/searchRanked.ts).
 */

/** Question words and particles that carry no topic, longest first. */
const questionWords = [
  '是什么意思',
  '什么意思',
  '是什么',
  '什么是',
  '为什么',
  '什么时候',
  '在哪里',
  '在哪',
  '哪里',
  '怎么办',
  '怎么样',
  '怎么',
  '怎样',
  '如何',
  '哪些',
  '哪个',
  '有没有',
  '能不能',
  '可不可以',
  '可以',
  '请问',
  '支持',
  '一下',
  '吗',
  '呢',
  '？',
  '?',
];

/** Reader's word (lower case) → the docs' term, longest first so 声音复刻 wins over 声音. */
const synonyms: readonly (readonly [string, string])[] = glossary
  .flatMap((entry) =>
    [...entry.avoid, ...(entry.synonyms ?? [])].map(
      (word) => [word.toLowerCase(), entry.term] as const,
    ),
  )
  .sort((a, b) => b[0].length - a[0].length);

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const isLatin = (word: string) => /^[a-z0-9_]+$/.test(word);

export function rewriteQuery(query: string): string {
  let text = query.toLowerCase();
  for (const [word, term] of synonyms) {
    // Latin words match whole words only: `stream` is not a synonym inside `streaming`.
    const pattern = isLatin(word)
      ? new RegExp(`(^|[^a-z0-9_])${escape(word)}(?![a-z0-9_])`, 'g')
      : new RegExp(escape(word), 'g');
    text = text.replace(pattern, (match, before: string | undefined) =>
      isLatin(word) ? `${before ?? ''} ${term} ` : ` ${term} `,
    );
  }
  for (const word of questionWords) text = text.split(word).join(' ');
  const rewritten = text.replace(/\s+/g, ' ').trim();
  // A query of nothing but question words is searched as typed.
  return rewritten || query;
}
