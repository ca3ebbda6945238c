import { deployment } from '../data/deployment';
import { codeSampleLanguages } from '../data/codeSamples';
import { apiErrors, glossary, type SearchError } from './searchData';
import httpOperations from '../../.generated/http-operations.json';
import { isQuestion, operationWords, rewriteQuery } from './rewriteQuery';
import type { ProtocolField } from '../data/websocketProtocol';
import { allowedValues, speechRequestFields } from './speechRequestFields';

/**
 * The order of the search's results, put in front of the local search plugin's worker
 * (plugins/adaptations/search-local). The worker is left as it is; this module only calls it
 * (`raw`) and reorders what it returns, because the plugin has no option for either problem:
 *
 * - it requires every word of the query to match within one title, heading or paragraph, and
 *   cuts a Chinese word it does not know into single characters, so a longer query often finds
 *   nothing. Each part of the query is therefore also searched alone, and a page is ranked by
 *   how much of the query it covers, anywhere on the page.
 * - its order is lunr's score, in which a long page that mentions a term many times outranks the
 *   page titled with it. Here a match in the title counts most, then a heading, then the page's
 *   `keywords`, then the description, then body text.
 *
 * One result per page comes before a second one from the same page. Status codes, error codes,
 * their aliases and their names in readers' words (`429`, `voice_not_found`, invalid_api_key,
 * 服务不可用) first give their row of the error catalogue on /api/errors; a method and a path
 * (`GET /v1/user/credit`) or its name in the spec (getVoice, get voice) first give that
 * operation's page. A request field, by name or as readers call it (采样率, mp3), puts the speech
 * reference higher. A query made of glossary terms
 * puts each term's `home` first, the section the glossary names for it (打断 → /guides/contexts).
 * A Chinese pair found nowhere that sounds like a piece of the glossary's terms is searched as
 * that piece (可隆 → 克隆, src/search/homophones.ts); a name an operation's page defines
 * (`next_cursor`) puts that page higher.
 * The suggestions and the results page call this with different limits; the order does not
 * depend on the limit, so the suggestions are the first results of the results page.
 */

/** A result as the plugin's worker returns it (its types are not exported). */
export interface SearchResult {
  document: { i: number; t: string; u: string; h?: string; s?: string; p?: number; b?: string[] };
  type: number;
  page: SearchResult['document'] | false | undefined;
  metadata: Record<string, unknown>;
  tokens: string[];
  score?: number;
  isInterOfTree?: boolean;
  isLastOfTree?: boolean;
}

export type RawSearch = (input: string, limit: number) => Promise<SearchResult[]>;

/** The plugin's document types (SearchDocumentType), and how much a match in each counts. */
const Title = 0;
const Heading = 1;
const Keywords = 3;
const fieldWeight: Record<number, number> = { 0: 8, 1: 4, 3: 3, 2: 2, 4: 1 };
/** Rows asked of the worker per search, whatever the caller's limit (enough for every page). */
const rawLimit = 100;
/** Parts of a query searched alone, at most (the plugin itself keeps 12 words of a query). */
const maxParts = 16;
/** Characters of a query searched, at most. */
const maxQueryLength = 80;

/** English words that say nothing about a topic; searched alone they only add noise. */
const stopWords = new Set(
  'a an the of to in on for with and or is are was be do does did i my me you your it its can could should would which what when where how why who this that these those use using about from by at as'.split(
    ' ',
  ),
);

const isChinese = (s: string) => /\p{Unified_Ideograph}/u.test(s);

/** The query's words as the plugin cuts them: Latin words and runs of Chinese characters. */
const words = (text: string): string[] =>
  text.toLowerCase().match(/\w+|\p{Unified_Ideograph}+/gu) ?? [];

/**
 * The parts each searched alone: every Latin word but stop words, and every Chinese run; a run
 * of more than two characters also gives its two-character pieces, which are found even when
 * the run as a whole is not (the plugin knows only the words of the index).
 */
function parts(query: string): string[] {
  const out = new Set<string>();
  for (const word of words(query)) {
    if (stopWords.has(word)) continue;
    out.add(word);
    if (isChinese(word) && word.length > 2) {
      for (let i = 0; i + 2 <= word.length; i += 1) out.add(word.slice(i, i + 2));
    }
  }
  // Each part is one more search: a pasted paragraph is searched by its first parts only.
  return [...out].slice(0, maxParts);
}

const pageOf = (r: SearchResult) => r.document.u;
/** Text of a row the reader sees (keywords rows: the keywords; others: title or paragraph). */
const lowered = new WeakMap<object, string>();
/** A row's text in lower case, worked out once per row: the ranking asks for it many times. */
const textOf = (r: SearchResult) => {
  let text = lowered.get(r.document);
  if (text === undefined) {
    text = `${r.document.t} ${r.document.s ?? ''}`.toLowerCase();
    lowered.set(r.document, text);
  }
  return text;
};
/** How the row's kind ranks for representing its page: title, heading, keywords, description, body. */
const kindRank: Record<number, number> = { 0: 0, 1: 1, 3: 2, 2: 3, 4: 4 };
/**
 * Whether a row holds the part as written (a Latin word also as its first letters, for its other
 * forms: `endpoints` in `endpoint`). The worker also returns rows that only resemble the query
 * (one edit away, or any word beginning with one character of it); those count for less.
 */
const holds = (r: SearchResult, part: string) =>
  textOf(r).includes(isChinese(part) || part.length < 6 ? part : part.slice(0, -2));
/** What a row found only by resemblance counts for, against one found as written. */
const resemblance = 0.25;

/** The route that defines the speech request's fields (the API reference of POST /v1/speech). */
const speechRequestRoute = '/api/speech/post';
// Nested fields by their own name too: `output_format.sample_rate` is searched as `sample_rate`.
const fieldNames = new Set(speechRequestFields.flatMap((f) => [f.name, ...f.name.split('.')]));
/**
 * What readers call a field instead of its name: the first words of its description (采样率,
 * 码率, 语速倍率 and 语速), and the values of the audio format (mp3, 16000). A concept with a
 * page of its own (a glossary term: 音色, 发音词典) is left to that page, with its sub-fields.
 */
const fieldWords = (() => {
  const terms = new Set(glossary.filter((e) => !e.field).map((e) => e.term));
  const fieldTerms = new Set(glossary.filter((e) => e.field).map((e) => e.term));
  const labelOf = (f: ProtocolField) => f.description.split(/[，。；：（\s]/)[0];
  const ownPages = speechRequestFields.filter((f) => terms.has(labelOf(f))).map((f) => f.name);
  const out = new Set<string>();
  for (const f of speechRequestFields) {
    if (ownPages.some((name) => f.name.startsWith(name))) continue;
    const label = labelOf(f);
    if (/^\p{Unified_Ideograph}{2,6}$/u.test(label)) {
      out.add(label);
      // A glossary term is said whole: 音频格式 does not make every 音频 a field.
      const core = label.replace(/(倍率|偏移|格式)$/, '');
      if (core.length >= 2 && !fieldTerms.has(label)) out.add(core);
    }
    if (!f.name.startsWith('output_format.')) continue;
    for (const value of allowedValues(f)) out.add(value);
  }
  return out;
})();
/**
 * Each name one or two operations' reference pages define (parameters, body and response
 * properties, as `npm run gen-api` lists them), and those pages: `next_cursor` → /api/voices/list.
 */
const fieldRoutes = new Map<string, string[]>();
// The speech request's own fields have their rule above (by name or as readers call them).
for (const o of httpOperations.filter((op) => op.route !== speechRequestRoute)) {
  for (const name of o.fields.map((f) => f.toLowerCase())) {
    fieldRoutes.set(name, [...(fieldRoutes.get(name) ?? []), o.route]);
  }
}
/** Words that say the reader asks about a request field. */
const fieldSignals = new Set([
  '参数',
  '字段',
  'parameter',
  'parameters',
  'param',
  'params',
  'field',
  'fields',
]);
/**
 * Words that say the reader asks about a request as the API reference states it (a method, a
 * body format, what it returns): the reference's pages count for a little more.
 */
const referenceSignals = [
  ...fieldSignals,
  'get',
  'post',
  'patch',
  'delete',
  'multipart',
  'form',
  'json',
  'endpoint',
  '返回',
  '响应',
  '请求体',
  '表单',
  '接口',
  '上传',
];
/**
 * The languages of the reference pages' code samples, as readers write them (Java, golang, c#):
 * beside a word for code (示例, 代码, 调用, SDK), the speech request's reference, whose samples
 * come in all of them, counts for more.
 */
const sampleLanguages = new Set(
  codeSampleLanguages
    .flatMap((l) => [l.language, l.label.toLowerCase()])
    .concat(['golang', 'node']),
);
const codeSignals = ['示例', '代码', '调用', 'sdk', 'code'];
/**
 * The brand's words. Every page names the brand, so a query of nothing else (Voxloom 是什么)
 * asks what the product is: the introduction answers it.
 */
const brandWords = new Set(
  [deployment.brandShort, ...deployment.brandName.split(/\s+/)].map((w) => w.toLowerCase()),
);
const introductionPath = '/';
/** Words that say the reader asks for a walk-through: the guides count for a little more. */
const guideSignals = ['教程', '指南', '步骤', '流程', 'tutorial', 'guide', 'walkthrough'];
/** The pages that walk a reader through a task. */
const guidePages = (page: string) => page === '/' || page.startsWith('/guides/');
/**
 * The quick reference restates the speech pages' facts on one page, so it holds most words a
 * query about speech can have. It yields to the pages it summarises unless asked for by name
 * (its glossary term, 速查).
 */
const quickReferencePath = '/api/speech-endpoint';
const quickReferenceYield = 0.5;
/**
 * The operations' names as their specs give them (`getVoice`), in words without a plural s:
 * readers of SDKs and other vendors' docs search for get voice, list_voices, delete-voice.
 */
const singular = (w: string) => (w.length > 3 ? w.replace(/s$/, '') : w);
const latinWords = (text: string) => (operationWords(text).match(/[a-z]+/g) ?? []).map(singular);
const operationNames = httpOperations.map((o) => ({
  name: latinWords(o.operationId).join(' '),
  route: o.route,
}));
/** The pages of the operations a query names (get voice → /api/voices/get). */
const operationsNamed = (input: string) => {
  const typed = ` ${latinWords(input).join(' ')} `;
  return operationNames.filter((o) => typed.includes(` ${o.name} `)).map((o) => o.route);
};
/** The frequently asked questions. */
const faqPath = '/faqs';
/** The glossary's terms that have a home (lower case, longest first), and the home's page. */
const homeTerms = glossary
  .flatMap((e) => (e.home ? [{ term: e.term.toLowerCase(), page: e.home.split('#')[0] }] : []))
  .sort((a, b) => b.term.length - a.term.length);
/**
 * What a query made wholly of terms with a home adds to the home's score. Chosen on the tuning
 * half and the fresh sets: their figures rose from 1 to 2.5–4 and no further at 6.
 */
const homeWeight = 4;
const isLetter = (c: string) => /[\p{L}\p{N}]/u.test(c);

/**
 * Per home page, the share of the query's letters that its terms make up (the query after the
 * rewrite, so readers' words count as their terms). A term inside a longer one counts once, for
 * the longer; a Latin term only as a whole word.
 */
function homeShares(query: string): Map<string, number> {
  const letters = [...query].filter(isLetter).length || 1;
  const taken = new Array<boolean>(query.length).fill(false);
  const shares = new Map<string, number>();
  for (const { term, page } of homeTerms) {
    for (let at = query.indexOf(term); at >= 0; at = query.indexOf(term, at + 1)) {
      const end = at + term.length;
      if (/\w/.test(term[0]) && /\w/.test(query[at - 1] ?? '')) continue;
      if (/\w/.test(term[term.length - 1]) && /\w/.test(query[end] ?? '')) continue;
      if (taken.slice(at, end).some(Boolean)) continue;
      taken.fill(true, at, end);
      const share = [...term].filter(isLetter).length / letters;
      shares.set(page, (shares.get(page) ?? 0) + share);
    }
  }
  return shares;
}
/** The API reference's pages. */
const referencePrefix = '/api/';

/**
 * Latin words a reader may misspell: the glossary's English terms and synonyms, the error codes
 * and the speech request's fields. The worker forgives one edit; a swap of two letters
 * (websokcet, sampel_rate) is two, so a word found nowhere is replaced by the nearest of these.
 */
const vocabulary = [
  ...new Set(
    [
      ...glossary.flatMap((e) => [e.english, ...(e.synonyms ?? [])]),
      ...apiErrors.map((e) => e.code),
      ...fieldNames,
      'websocket',
    ].flatMap((w) => w.toLowerCase().match(/[a-z][a-z0-9_]{3,}/g) ?? []),
  ),
];

/** A known word is never corrected into another (credits is not credit). */
const known = new Set(vocabulary);

/** Edit distance counting a swap of neighbours as one edit (optimal string alignment). */
function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
      }
    }
  }
  return d[a.length][b.length];
}

/** The known word a misspelt Latin word stands for (two edits at most, one for short words). */
function correct(word: string): string | undefined {
  if (word.length < 5 || !/^[a-z_]+$/.test(word) || known.has(word)) return undefined;
  const allowed = word.length >= 7 ? 2 : 1;
  let bestWord: string | undefined;
  let bestDistance = allowed + 1;
  for (const known of vocabulary) {
    if (Math.abs(known.length - word.length) > allowed) continue;
    const d = distance(word, known);
    if (d > 0 && d < bestDistance) [bestWord, bestDistance] = [known, d];
  }
  return bestWord;
}

/** Chinese particles and question characters: a page is not about them. */
const particles = new Set([...'的了吗呢吧啊是在和与及把被就都也还要会能可我你他它们这那个些么']);

/** The query's units (Latin words but stop words, Chinese characters) and where they are. */
function queryUnits(query: string): { text: string; start: number; end: number }[] {
  const units: { text: string; start: number; end: number }[] = [];
  for (const m of query.matchAll(/\w+|\p{Unified_Ideograph}+/gu)) {
    const start = m.index ?? 0;
    if (!isChinese(m[0])) {
      if (!stopWords.has(m[0])) units.push({ text: m[0], start, end: start + m[0].length });
      continue;
    }
    [...m[0]].forEach((c, i) => units.push({ text: c, start: start + i, end: start + i + 1 }));
  }
  return units;
}

/**
 * Words that make an identifier read as an error code: a reader who types one the API does not
 * have (invalid_voice_id, auth_failed) guesses at a code and is answered by the catalogue.
 */
const errorWords = new Set([
  'invalid',
  'error',
  'failed',
  'failure',
  'exceeded',
  'too',
  'not',
  'unsupported',
  'missing',
  'denied',
  'forbidden',
  'expired',
  'unauthorized',
  'insufficient',
  'rejected',
  'unavailable',
  'timeout',
]);

/**
 * The worker cuts a run of Chinese characters in every way its words allow, which takes
 * exponentially long in the run's length: long runs are searched as pieces of 16, each once (a
 * piece said again adds nothing but another cut: 音色音色… pasted).
 */
const piecesOf16 = (text: string) =>
  text.replace(/\p{Unified_Ideograph}{17,}/gu, (run) =>
    [...new Set(run.match(/.{1,16}/gu))].join(' '),
  );

/** The error catalogue's page and its title (docs/api/errors.mdx). */
const cataloguePath = '/api/errors';
const catalogueTitle = '错误码';

/** A run's two-character pieces (a single character stands for itself). */
const bigrams = (run: string): string[] =>
  run.length < 2 ? [run] : [...run].slice(1).map((c, i) => run[i] + c);

/**
 * Per error name, which of its characters belong to a glossary term (the concepts it is about),
 * computed once: the rest says what went wrong.
 */
const chineseTerms = glossary
  .map((e) => e.term)
  .filter((t) => /^\p{Unified_Ideograph}{2,}$/u.test(t));
const conceptMasks = new Map(
  apiErrors.map((e) => {
    const mask = new Array<boolean>(e.name.length).fill(false);
    for (const term of chineseTerms) {
      for (let at = e.name.indexOf(term); at >= 0; at = e.name.indexOf(term, at + 1)) {
        mask.fill(true, at, at + term.length);
      }
    }
    return [e.name, mask] as const;
  }),
);

/** A text's Chinese runs as two-character pieces. */
const chinesePieces = (text: string) =>
  (text.match(/\p{Unified_Ideograph}+/gu) ?? []).flatMap(bigrams);
const namePieces = new Map(apiErrors.map((e) => [e.name, chinesePieces(e.name)]));

/**
 * Whether a query (its `chinesePieces`) says an error's name in its own words: three quarters of
 * its Chinese pieces, two at least, are in the name, and they make up two fifths of the name at least (服务不可用
 * for 服务不可用或处理超时); a concept the name mentions (并发上限 in 超出速率或并发上限) is
 * about the limit, not the error. So one of the pieces found says what went wrong, outside the
 * glossary's terms in the name: 上传参考录音 is about the recording, not its being 过大.
 */
function namesError(pieces: readonly string[], name: string): boolean {
  const found = pieces.filter((p) => name.includes(p));
  const nameWords = namePieces.get(name) ?? [];
  const named = nameWords.filter((p) => pieces.includes(p)).length;
  const concept = conceptMasks.get(name) ?? [];
  const saysWhat =
    concept.every(Boolean) ||
    found.some((p) => {
      for (let at = name.indexOf(p); at >= 0; at = name.indexOf(p, at + 1)) {
        if (concept.slice(at, at + p.length).some((c) => !c)) return true;
      }
      return false;
    });
  return (
    found.length >= 2 &&
    found.length / pieces.length >= 0.75 &&
    named / nameWords.length >= 0.4 &&
    saysWhat
  );
}

/** Latin words joined by underscores, between underscores: `_insufficient_credit_`. */
const identifierForm = (text: string) =>
  `_${text
    .toLowerCase()
    .replace(/[^a-z0-9\p{Unified_Ideograph}]+/gu, '_')
    .replace(/^_|_$/g, '')}_`;

/** Each error's code and aliases as `identifierForm` writes them (Chinese aliases as they are). */
const aliasForms = new Map(
  apiErrors.map((e) => [
    e.code,
    [e.code, ...(e.searchAliases ?? [])].map((a) => (isChinese(a) ? a : identifierForm(a))),
  ]),
);

/**
 * The catalogue rows a query names: by code (also spelt with spaces: insufficient credit), by
 * HTTP status, by a search alias (invalid_api_key, 欠费), or by name (as typed or rewritten).
 */
function errorRows(query: string, typed: string): SearchError[] {
  const tokens = words(query);
  const typedForm = identifierForm(typed);
  const queryPieces = chinesePieces(query);
  const typedPieces = chinesePieces(typed);
  return apiErrors.filter(
    (e) =>
      tokens.includes(e.code) ||
      tokens.includes(String(e.status)) ||
      aliasForms
        .get(e.code)!
        .some((a) => (isChinese(a) ? typed.includes(a) : typedForm.includes(a))) ||
      namesError(queryPieces, e.name) ||
      namesError(typedPieces, e.name),
  );
}

/**
 * A scoped search (the search bar on the API reference) ranks the whole site, then puts first,
 * in their order, the scope's pages that score at least this share of the best page's score;
 * every other page follows in the whole site's order. A scope with a good answer answers first;
 * one without (计费 asked on /api/errors) still offers the page that has it.
 */
export const scopeShare = 0.5;

export interface RankOptions {
  /** The search context the reader searches from (its path, `api`), if any. */
  scope?: string;
  /** Whether `input` is already a reader's query with its typos by sound mended. */
  mended?: boolean;
}

export async function searchRanked(
  raw: RawSearch,
  input: string,
  limit: number,
  options: RankOptions = {},
): Promise<SearchResult[]> {
  const { scope, mended = false } = options;
  // A reader's query is a few words; a pasted page would only make the worker cut it for long.
  input = input.slice(0, maxQueryLength);
  // A Latin word found nowhere as written: the known word it is a misspelling of, if any; an
  // identifier close to none (rate_limit_exceeded), its words. Corrected before the rewrite, so
  // that the known word is then read as a reader's word (balence → balance → 余额).
  let corrected = input.toLowerCase();
  // The words of identifiers found nowhere (model_id): a reader who types one asks for a field.
  const splitIdentifiers: string[] = [];
  for (const word of words(corrected)) {
    if (isChinese(word) || stopWords.has(word)) continue;
    const fix = correct(word);
    if (!fix && !word.includes('_')) continue;
    // Found as written, or as its stem (cloned, voices): `holds` would take sampel for sample
    // by their first letters.
    const stem = word.replace(/(ed|es|ing|d|s)$/, '');
    const forms = stem.length >= 4 ? [word, stem] : [word];
    const found = (await raw(word, rawLimit)).some((r) => forms.some((f) => textOf(r).includes(f)));
    if (found) continue;
    // A guessed error code is searched as its words and the catalogue's title.
    const guess = !fix && word.split('_').some((w) => errorWords.has(w));
    corrected = corrected.replace(
      word,
      fix ?? `${word.split('_').join(' ')}${guess ? ` ${catalogueTitle}` : ''}`,
    );
    // Two words that do not read as an error name a field (model_id).
    if (!fix && !guess && word.split('_').length === 2) splitIdentifiers.push(...word.split('_'));
  }
  // Cut after the rewrite, which parts a run at the terms it finds: a cut inside a word
  // (哪个接口) would lose it.
  const query = piecesOf16(rewriteQuery(corrected));
  // The query as typed too: the rewrite may lose a literal form (a path, a code) it contains.
  const typed = piecesOf16(input.toLowerCase().trim());
  const [strict, asTyped] = await Promise.all([
    raw(query, rawLimit),
    query === typed ? [] : raw(typed, rawLimit),
  ]);
  const queryParts = parts(query);
  // Chinese pieces that are not words of the query count only where they appear as written.
  const literal = new Set(queryParts.filter((p) => isChinese(p) && !words(query).includes(p)));
  const byPart = new Map<string, SearchResult[]>();
  if (queryParts.length > 1 || strict.length === 0) {
    // Asked all at once: the worker answers them one after another without waiting for this
    // thread between them.
    const answers = await Promise.all(queryParts.map((part) => raw(part, rawLimit)));
    queryParts.forEach((part, k) => {
      const rows = answers[k].filter((r) => !literal.has(part) || textOf(r).includes(part));
      if (rows.length > 0) byPart.set(part, rows);
    });
  } else if (queryParts.length === 1) {
    byPart.set(queryParts[0], strict);
  }
  // A pair of Chinese characters found nowhere as written, that sounds like a piece of the
  // glossary's terms found in the docs (可隆 → 克隆): searched again with that piece.
  if (!mended) {
    const asWritten = (p: string) => (byPart.get(p) ?? []).some((r) => textOf(r).includes(p));
    const foundAsWritten = async (text: string) =>
      (await raw(text, rawLimit)).some((r) => textOf(r).includes(text));
    const spans = (p: string) =>
      [...query.matchAll(new RegExp(p, 'g'))].map((m) => [m.index, m.index + p.length]);
    const written = queryParts
      .filter((p) => isChinese(p) && p.length >= 2 && asWritten(p))
      .flatMap(spans);
    let mendedInput = input;
    for (const pair of queryParts.filter((p) => isChinese(p) && p.length === 2)) {
      if (asWritten(pair)) continue;
      const { soundsLike } = await import('./homophones');
      const word = soundsLike(pair);
      if (!word || !(await foundAsWritten(word))) continue;
      // A pair that shares a character with a piece found as written is mended only where the
      // two, mended, are found as written too: 语音克龙 is 语音克隆, but 说余额 is not 粤语额.
      let joins = true;
      for (const [at, end] of spans(pair)) {
        for (const [a, b] of written.filter(([s, e]) => at < e && s < end)) {
          const span = query.slice(Math.min(a, at), at) + word + query.slice(end, Math.max(b, end));
          if (!(await foundAsWritten(span))) joins = false;
        }
      }
      if (!joins) continue;
      mendedInput = mendedInput.split(pair).join(word);
    }
    if (mendedInput !== input)
      return searchRanked(raw, mendedInput, limit, { ...options, mended: true });
  }

  // A keywords row several pages share (the site's own keywords, on pages that have none) says
  // nothing about any one of them.
  const keywordPages = new Map<string, Set<string>>();
  for (const r of [...strict, ...[...byPart.values()].flat()]) {
    if (r.type !== Keywords) continue;
    keywordPages.set(r.document.t, (keywordPages.get(r.document.t) ?? new Set()).add(pageOf(r)));
  }
  const shared = (r: SearchResult) =>
    r.type === Keywords && (keywordPages.get(r.document.t)?.size ?? 0) > 2;

  // The query's units: each Latin word and each Chinese character. A page covers a unit when a
  // row of it matched a word (as the worker cut it) spanning the unit; overlapping parts thus
  // count once. Per page and unit: the best field it is found in.
  const units = queryUnits(query);
  const best = new Map<string, number[]>();
  const cover = (r: SearchResult, token: string, w: number) => {
    const fields = best.get(pageOf(r)) ?? new Array<number>(units.length).fill(0);
    for (let at = query.indexOf(token); at >= 0; at = query.indexOf(token, at + 1)) {
      units.forEach((u, k) => {
        if (u.start < at + token.length && at < u.end) fields[k] = Math.max(fields[k], w);
      });
    }
    best.set(pageOf(r), fields);
  };
  for (const [part, rows] of [...byPart, ['', strict] as const]) {
    for (const r of rows) {
      if (shared(r)) continue;
      const field = fieldWeight[r.type] ?? 1;
      const tokens = literal.has(part) ? [part] : r.tokens?.length ? r.tokens : [part];
      for (const token of tokens) cover(r, token, field * (holds(r, token) ? 1 : resemblance));
    }
  }
  // How much each unit says: one found on every page (or a particle) says little, one found
  // nowhere nothing: the query is searched without it.
  const unitPages = units.map((_, k) => [...best.values()].filter((f) => f[k] > 0).length);
  // A character of a longer Chinese run that no word found in the index spans (调 of 调语速,
  // where 语速 is a word and 调语 is not) is matched only inside other words (调用): it says
  // little about the page.
  const foundWords = [...byPart].flatMap(([p, rows]) =>
    isChinese(p) && p.length >= 2 && rows.some((r) => textOf(r).includes(p)) ? [p] : [],
  );
  const orphan = (u: (typeof units)[number]) => {
    if (!isChinese(u.text)) return false;
    const run =
      query.slice(0, u.end).match(/\p{Unified_Ideograph}*$/u)![0].length +
      (query.slice(u.end).match(/^\p{Unified_Ideograph}*/u)?.[0].length ?? 0);
    if (run < 3) return false;
    return !foundWords.some((w) => {
      for (let at = query.indexOf(w); at >= 0; at = query.indexOf(w, at + 1)) {
        if (at < u.end && u.start < at + w.length) return true;
      }
      return false;
    });
  };
  const weights = units.map((u, k) =>
    unitPages[k] === 0
      ? 0
      : Math.log(1 + 20 / unitPages[k]) * (particles.has(u.text) ? 0.2 : 1) * (orphan(u) ? 0.3 : 1),
  );
  const total = weights.reduce((a, b) => a + b, 0) || 1;

  // A page where one row holds every word of the query, as written.
  const queryWords = words(query).filter((w) => !stopWords.has(w));
  const whole = (r: SearchResult) => queryWords.every((w) => holds(r, w));
  const strictPages = new Set(strict.filter(whole).map(pageOf));
  // How much of a page's title the query's parts account for: 删除音色 for 删除克隆的音色.
  // Many rows share a title: each text is measured once.
  const coverages = new Map<string, number>();
  const coverageOf = (text: string) => {
    const known = coverages.get(text);
    if (known !== undefined) return known;
    const marks = new Array<boolean>(text.length).fill(false);
    for (const part of byPart.keys()) {
      for (let at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + 1)) {
        marks.fill(true, at, at + part.length);
      }
    }
    const letters = [...text].filter(isLetter).length;
    const covered = marks.filter((m, i) => m && isLetter(text[i])).length;
    const coverage = letters > 0 ? covered / letters : 0;
    coverages.set(text, coverage);
    return coverage;
  };
  const titleCoverage = new Map<string, number>();
  // Likewise of the page's best heading: a section named by the query (降低首包延迟) before a
  // question that only mentions its words (首包延迟有多少，怎样降低？).
  const headingCoverage = new Map<string, number>();
  for (const r of [...strict, ...asTyped, ...[...byPart.values()].flat()]) {
    const title = (r.type === Title ? r.document.t : r.page ? r.page.t : '').toLowerCase();
    titleCoverage.set(pageOf(r), coverageOf(title));
    if (r.type === Heading) {
      const heading = coverageOf(r.document.t.toLowerCase());
      headingCoverage.set(pageOf(r), Math.max(headingCoverage.get(pageOf(r)) ?? 0, heading));
    }
  }
  // Pages with a row holding the query as typed, as one phrase (`GET /v1/voices`).
  const phrase = input.toLowerCase().trim();
  const phrasePattern =
    phrase.length >= 3 && /\s|\//.test(phrase)
      ? new RegExp(`${phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w/{])`)
      : undefined;
  const phrasePages = new Set(
    phrasePattern
      ? [...strict, ...asTyped, ...[...byPart.values()].flat()]
          .filter((r) => phrasePattern.test(textOf(r)))
          .map(pageOf)
      : [],
  );
  // A method and a path (GET /v1/user/credit, PATCH /v1/voices/voice_abc): that operation's own
  // page, before the pages that list it in a table.
  const operation = phrase.match(/^(get|post|put|patch|delete)\s+(\/\S+)$/);
  const operationPages = new Set([
    ...(operation
      ? httpOperations
          .filter(
            (o) =>
              o.method.toLowerCase() === operation[1] &&
              new RegExp(`^${o.path.replace(/\{[^}]+\}/g, '[^/]+')}/?$`).test(operation[2]),
          )
          .map((o) => o.route)
      : []),
    ...operationsNamed(input),
  ]);
  // A field of the speech request named (with its underscore, alone, or beside 参数), or called
  // as readers do (采样率, mp3): its reference page.
  const queryWordList = words(query);
  const namesField = (w: string) =>
    w.includes('_') || queryWordList.length === 1 || queryWordList.some((v) => fieldSignals.has(v));
  const namedFields = [
    ...splitIdentifiers,
    ...queryWordList.filter((w) => fieldRoutes.has(w) && namesField(w)),
  ];
  // A name two pages define counts for each of them by half.
  const fieldShare = new Map<string, number>();
  for (const w of new Set(namedFields)) {
    const routes = fieldRoutes.get(w) ?? [];
    for (const route of routes) {
      fieldShare.set(route, (fieldShare.get(route) ?? 0) + 1 / routes.length);
    }
  }
  const fieldQuery =
    splitIdentifiers.some((w) => fieldNames.has(w)) ||
    queryWordList.some((w) => fieldNames.has(w) && namesField(w)) ||
    [...fieldWords].some((w) =>
      isChinese(w) ? query.includes(w) : queryWordList.includes(w.toLowerCase()),
    );
  // A question: the FAQ, whose headings are readers' questions, a little higher where one of
  // them matches.
  const question = isQuestion(input);
  const referenceQuery = referenceSignals.some((w) =>
    isChinese(w) ? input.includes(w) : words(input).includes(w),
  );
  const languageQuery =
    codeSignals.some((w) => (isChinese(w) ? query.includes(w) : queryWordList.includes(w))) &&
    (input.toLowerCase().match(/[a-z#.]+/g) ?? []).some((w) => sampleLanguages.has(w));
  const brandOnly =
    queryWordList.length > 0 && queryWordList.every((w) => brandWords.has(w) || stopWords.has(w));
  const guideQuery = guideSignals.some((w) =>
    isChinese(w) ? input.includes(w) : words(input.toLowerCase()).includes(w),
  );
  // The FAQ answers a question when one of its headings matches it better than any other page's
  // heading does; where a guide has a section named by the query, the FAQ only points to it.
  const faqHeading = headingCoverage.get(faqPath) ?? 0;
  const faqAnswers =
    faqHeading > 0 && [...headingCoverage].every(([page, c]) => page === faqPath || c < faqHeading);
  // The page the glossary names as the home of a term the query is made of.
  const homes = homeShares(query);
  const score = (page: string) => {
    const fields = best.get(page) ?? [];
    let covered = 0;
    let field = 0;
    fields.forEach((w, k) => {
      // A word met only in body text covers it by half: an overview page that mentions every
      // topic in passing should not tie with the page a topic's heading or keywords name.
      covered += weights[k] * Math.min(1, w / 2);
      field += weights[k] * w;
    });
    const coverage = covered / total;
    return (
      (strictPages.has(page) ? 1 : 0) +
      coverage * 2 +
      field / (8 * total) +
      (titleCoverage.get(page) ?? 0) * 2 +
      (headingCoverage.get(page) ?? 0) * 0.5 +
      (page === faqPath && question && faqAnswers ? 0.4 : 0) +
      Math.min(1, homes.get(page) ?? 0) * homeWeight +
      (phrasePages.has(page) ? 1.5 : 0) +
      (operationPages.has(page) ? 2 : 0) +
      (page === speechRequestRoute && fieldQuery ? 1 : 0) +
      (page === speechRequestRoute && languageQuery ? 1 : 0) +
      Math.min(1, fieldShare.get(page) ?? 0) +
      (page.startsWith(referencePrefix) && referenceQuery ? 0.5 : 0) +
      (page === introductionPath && brandOnly ? homeWeight : 0) +
      (guidePages(page) && guideQuery ? 0.5 : 0) -
      (page === quickReferencePath && !homes.has(page) ? quickReferenceYield : 0)
    );
  };

  // Every row met, strict ones first; the best row of each page represents it.
  const rows: SearchResult[] = [];
  const seen = new Set<number>();
  for (const r of [...strict, ...asTyped, ...[...byPart.values()].flat()]) {
    if (seen.has(r.document.i) || shared(r)) continue;
    seen.add(r.document.i);
    rows.push({ ...r, tokens: r.tokens?.length ? r.tokens : queryParts });
  }
  const order = rows.map((r, i) => ({ r, i }));
  order.sort(
    (a, b) =>
      (whole(b.r) ? 1 : 0) - (whole(a.r) ? 1 : 0) ||
      kindRank[a.r.type] - kindRank[b.r.type] ||
      a.i - b.i,
  );
  const pageScore = new Map<string, number>();
  for (const { r } of order)
    if (!pageScore.has(pageOf(r))) pageScore.set(pageOf(r), score(pageOf(r)));
  const ranked = [...pageScore.keys()].sort((a, b) => pageScore.get(b)! - pageScore.get(a)!);
  // From a search context, its pages that score well come first (scopeShare).
  const top = pageScore.get(ranked[0]) ?? 0;
  const inScope = (page: string) =>
    !!scope && (page === `/${scope}` || page.startsWith(`/${scope}/`));
  const scoresWell = (page: string) => inScope(page) && pageScore.get(page)! >= top * scopeShare;
  const pages = [...ranked.filter(scoresWell), ...ranked.filter((p) => !scoresWell(p))];
  const firsts: SearchResult[] = [];
  const seconds: SearchResult[] = [];
  for (const page of pages) {
    const ofPage = order.filter(({ r }) => pageOf(r) === page).map(({ r }) => r);
    firsts.push(ofPage[0]);
    seconds.push(...ofPage.slice(1));
  }

  // A status or an error code: its catalogue row, anchored, before anything else.
  const catalogue: SearchResult[] = [];
  const onCatalogue = (rs: SearchResult[]) => rs.find((r) => pageOf(r) === cataloguePath);
  for (const [k, e] of errorRows(query, input).entries()) {
    // Until the page text has loaded, the index holds titles and headings, not the rows: the
    // catalogue page is then found by its title.
    const onErrors =
      onCatalogue(rows) ??
      onCatalogue(await raw(e.code, rawLimit)) ??
      onCatalogue(await raw(catalogueTitle, rawLimit));
    const page = onErrors && (onErrors.type === Title ? onErrors.document : onErrors.page);
    if (!page) continue;
    catalogue.push({
      document: {
        i: -100 - k,
        t: `${e.code}（${e.name}，HTTP ${e.status}）`,
        u: cataloguePath,
        h: `#error-${e.code}`,
        p: page.i,
      },
      type: Heading,
      page,
      // The results page highlights the row's title at these positions, and fails without one.
      metadata: { [e.code]: { t: { position: [[0, e.code.length]] } } },
      tokens: [e.code, String(e.status)],
    });
  }

  // The catalogue's rows are suggestions of its page: its other row waits like any second one.
  const again = (r: SearchResult) => catalogue.length > 0 && pageOf(r) === cataloguePath;
  return [...catalogue, ...firsts.filter((r) => !again(r)), ...firsts.filter(again), ...seconds]
    .slice(0, limit)
    .map((r) => ({ ...r, isInterOfTree: false, isLastOfTree: false }));
}
