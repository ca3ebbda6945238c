import httpOperations from '../../.generated/http-operations.json';
import { glossary } from './searchData';
import { allowedValues, speechRequestFields } from './speechRequestFields';

/**
 * What the search looks for when a reader types a query: the words readers use, turned into the
 * docs' own terms (the glossary's `avoid` and `synonyms`), and a question reduced to its keywords.
 * The local search requires every word of a query to match, so one word the docs never use
 * (怎么, 发音人, pricing) is enough to lose the page that answers it. Runs in the browser, in front of
 * the search plugin's worker (plugins/adaptations/search-local, through src/search/searchRanked.ts).
 */

/** Question words and particles that carry no topic, longest first. */
const questionWords = [
  '是什么意思',
  '什么意思',
  '是啥意思',
  '啥意思',
  '是什么',
  '是啥',
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

/**
 * Words of degree that carry no topic but hold a term's characters (大概要多少钱 is not 概要):
 * dropped before the readers' words are looked up.
 */
const fillers = ['大概', '大约', '大致'];

/**
 * Reader's word → the docs' term, in lower case, longest first so 声音复刻 wins over 声音. A term
 * maps to itself, so that a term the query already says is not read as a shorter reader's word
 * inside it (首包 in 首包延迟, 密钥 in API 密钥).
 */
const synonyms: readonly (readonly [string, string])[] = glossary
  .flatMap((entry) =>
    [entry.term, ...entry.avoid, ...(entry.synonyms ?? [])].map(
      (word) => [word.toLowerCase(), entry.term.toLowerCase()] as const,
    ),
  )
  .sort((a, b) => b[0].length - a[0].length);

/** The sample rates the speech request accepts (8000, 16000, …), from its spec. */
const sampleRates = new Set(
  speechRequestFields.filter((f) => f.name === 'output_format.sample_rate').flatMap(allowedValues),
);

/** A sample rate as readers write it (16k, 44.1 kHz) as the spec writes it (16000, 44100). */
const sampleRatesInHertz = (text: string) =>
  text.replace(/(\d+(?:\.\d+)?)\s*k(?:hz)?(?![a-z])/g, (match, khz: string) => {
    const hertz = String(Math.round(Number(khz) * 1000));
    return sampleRates.has(hertz) ? hertz : match;
  });

/** Whether a query is asked as a question (怎么…、…吗、why …), as the FAQ's headings are. */
export function isQuestion(query: string): boolean {
  const text = query.toLowerCase().trim();
  return (
    questionWords.some((w) => w !== '支持' && w !== '一下' && text.includes(w)) ||
    /^(how|what|why|which|where|when|can|could|does|do|is|are|should)\b/.test(text)
  );
}

/** Each word belongs to one entry: tests/content/pages.spec.ts holds the glossary to it. */
const termOf = new Map(synonyms);
/**
 * The readers' words by their first character, longest first, as `synonyms` orders them. Not
 * one pattern of every word: compiling it was the slowest step of the first keystroke.
 */
const byFirst = new Map<string, (readonly [string, string])[]>();
for (const pair of synonyms) byFirst.set(pair[0][0], [...(byFirst.get(pair[0][0]) ?? []), pair]);

/**
 * Latin words match whole words only: `stream` is not a synonym inside `streaming`, nor `hd`
 * inside `loom-hd-v2`, nor `voices` inside `/v1/voices`.
 */
const latin = (word: string) => /^[a-z0-9_ -]+$/.test(word);
const joins = (c: string | undefined) => c !== undefined && /[\w./-]/.test(c);

/**
 * Each reader's word in `text` as its term, scanning left to right and taking the longest word
 * at each place, so that a term put in is never read again as a reader's word (密钥 in API 密钥).
 * A term stays where it is, as typed (克隆音色 is still one run of characters).
 */
function replaceReadersWords(text: string): string {
  let out = '';
  for (let at = 0; at < text.length;) {
    let end = -1;
    const found = (byFirst.get(text[at]) ?? []).find(([word]) => {
      end = wordEnd(text, word, at);
      return end >= 0 && !(latin(word) && (joins(text[at - 1]) || joins(text[end])));
    });
    if (!found) {
      out += text[at];
      at += 1;
      continue;
    }
    const word = found[0];
    const term = termOf.get(word)!;
    out += term === word ? text.slice(at, end) : ` ${term} `;
    at = end;
  }
  return out;
}

const isChineseWord = (word: string) => /^\p{Unified_Ideograph}+$/u.test(word);

/**
 * Where `word` ends if `text` has it at `at`, else -1. Spaces typed between the characters of a
 * Chinese reader's word do not part it (上传 参考音频).
 */
function wordEnd(text: string, word: string, at: number): number {
  if (text.startsWith(word, at)) return at + word.length;
  if (!isChineseWord(word)) return -1;
  let i = at;
  for (const c of word) {
    if (i > at) while (text[i] === ' ') i += 1;
    if (text[i] !== c) return -1;
    i += 1;
  }
  return i;
}

/** An operation's name as its spec writes it (getVoice), in words (get voice). */
export const operationWords = (operationId: string): string =>
  operationId.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
/**
 * The operations' names in any case, and as get_voice or get-voice, spelt as words: the index
 * has the words, not the name.
 */
const operationNames = new Map(
  httpOperations.map((o) => [o.operationId.toLowerCase(), operationWords(o.operationId)]),
);
const spellOperationNames = (text: string) =>
  text.replace(/[a-z]+(?:[_-][a-z]+)*/g, (w) => operationNames.get(w.replace(/[_-]/g, '')) ?? w);

export function rewriteQuery(query: string): string {
  let text = spellOperationNames(sampleRatesInHertz(query.toLowerCase()));
  for (const word of fillers) text = text.split(word).join(' ');
  text = replaceReadersWords(text);
  for (const word of questionWords) text = text.split(word).join(' ');
  const rewritten = text.replace(/\s+/g, ' ').trim();
  // A query of nothing but question words is searched as typed.
  return rewritten || query;
}
