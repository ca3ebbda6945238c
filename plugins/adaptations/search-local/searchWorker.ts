/// <reference lib="webworker" />
/**
 * The search worker. It answers as the local search's own worker does (same tokenizer, same
 * queries, same result shape), with one difference: each index comes in two files
 * (plugins/adaptations/search-local/index.ts) and a search waits for the small one only. Titles, headings,
 * descriptions and keywords answer the first keystrokes; the page text is fetched when the
 * reader pauses, and joins when it arrives.
 * A search that finds nothing in the first part, or that asks for every result (the results
 * page), waits for the whole index.
 */
import * as Comlink from 'comlink';
import lunr from 'lunr';
import {
  language,
  searchIndexUrl,
} from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/proxiedGeneratedConstants';
import { tokenize } from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/tokenize';
import { smartQueries } from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/smartQueries';
import { sortSearchResults } from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/sortSearchResults';
import { processTreeStatusOfSearchResults } from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/processTreeStatusOfSearchResults';

interface SearchDocument {
  i: number;
  t: string;
  u: string;
  h?: string;
  p?: number;
}

interface SerializedPart {
  documents: SearchDocument[];
  index: { invertedIndex: [string, unknown][] };
}

interface LoadedPart {
  /** The plugin's `SearchDocumentType`: 0 titles, 1 headings, 2 descriptions, 3 keywords, 4 text. */
  type: number;
  documents: SearchDocument[];
  byRef: Map<string, SearchDocument>;
  index: lunr.Index;
}

interface Stage {
  parts: LoadedPart[];
  /** The index's Chinese words: how a query in Chinese is cut into terms. */
  zhDictionary: string[];
}

interface Loading {
  head: Promise<Stage>;
  /** The whole index, once `startFull` has been called. */
  full: Promise<Stage>;
  /** Starts fetching the page text (the first call does). */
  startFull: () => void;
  /** The page text's pending start, put off by each search (`startFullSoon`). */
  timer?: ReturnType<typeof setTimeout>;
  /** Set once the whole index is loaded: later searches use it without waiting. */
  complete?: Stage;
}

const loadings = new Map<string, Loading>();

function partUrl(baseUrl: string, searchContext: string, part: 'head' | 'body'): string {
  const dir = searchContext ? `-${searchContext.replace(/\//g, '-')}` : '';
  const url = `${baseUrl}${searchIndexUrl.replace('{dir}', dir)}`.replace(
    /\.json(?=\?|$)/,
    `.${part}.json`,
  );
  if (new URL(url, location.origin).origin !== location.origin) {
    throw new Error('The search index must come from this site');
  }
  return url;
}

async function fetchParts(url: string): Promise<SerializedPart[]> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return (await response.json()) as SerializedPart[];
}

function loadParts(serialized: SerializedPart[], firstType: number): LoadedPart[] {
  return serialized.map(({ documents, index }, i) => ({
    type: firstType + i,
    documents,
    byRef: new Map(documents.map((doc) => [String(doc.i), doc])),
    index: lunr.Index.load(index),
  }));
}

function chineseWords(serialized: SerializedPart[], into: Set<string>): Set<string> {
  for (const { index } of serialized) {
    for (const [term] of index.invertedIndex) {
      if (/\p{Unified_Ideograph}/u.test(term[0])) into.add(term);
    }
  }
  return into;
}

/**
 * A context's index: the first part fetched at once, the page text when `startFull` is called,
 * once the first part is in (so that the two never share the bandwidth).
 */
function load(baseUrl: string, searchContext: string): Loading {
  const key = `${baseUrl}${searchContext}`;
  const known = loadings.get(key);
  if (known) return known;
  const head = fetchParts(partUrl(baseUrl, searchContext, 'head')).then((serialized) => ({
    parts: loadParts(serialized, 0),
    zhDictionary: [...chineseWords(serialized, new Set())],
  }));
  let start!: () => void;
  const started = new Promise<void>((resolve) => (start = resolve));
  const full = Promise.all([head, started]).then(async ([first]) => {
    const serialized = await fetchParts(partUrl(baseUrl, searchContext, 'body'));
    const stage = {
      parts: [...first.parts, ...loadParts(serialized, first.parts.length)],
      zhDictionary: [...chineseWords(serialized, new Set(first.zhDictionary))],
    };
    loading.complete = stage;
    return stage;
  });
  // A failed page-text load shows when a search needs it, not as an unhandled rejection.
  full.catch(() => undefined);
  const loading: Loading = {
    head,
    full,
    startFull: () => {
      clearTimeout(loading.timer);
      start();
    },
  };
  loadings.set(key, loading);
  // A failed load (the network down while the page was idle) is tried again by the next call.
  head.catch(() => loadings.delete(key));
  return loading;
}

/**
 * How long the page text waits after the reader focuses the box or types. Parsing it holds the
 * worker (for most of a second at ten times the pages, on a phone), so it waits for a pause in
 * the typing rather than hold up the suggestions of the first keystrokes.
 */
const pageTextPauseMs = 500;

function startFullSoon(loading: Loading): void {
  if (loading.complete) return;
  clearTimeout(loading.timer);
  loading.timer = setTimeout(loading.startFull, pageTextPauseMs);
}

/**
 * Results already computed, per stage of the index (the first part, then the whole): a query's
 * ranking (src/search/searchRanked.ts) searches each of its words alone, and the next query,
 * or the next keystroke, asks for most of the same words again.
 */
const answered = new WeakMap<Stage, Map<string, unknown[]>>();
/** Searches remembered per stage, at most; the oldest go first. */
const maxAnswered = 500;

function run(stage: Stage, input: string, limit: number): unknown[] {
  let known = answered.get(stage);
  if (!known) answered.set(stage, (known = new Map()));
  const key = `${limit}\u0000${input}`;
  let results = known.get(key);
  if (!results) {
    results = search(stage, input, limit);
    if (known.size >= maxAnswered) known.delete(known.keys().next().value!);
    known.set(key, results);
  }
  return results;
}

function search(stage: Stage, input: string, limit: number): unknown[] {
  const tokens = tokenize(input, language);
  if (tokens.length === 0) return [];
  const titles = stage.parts[0];
  const results: {
    document: SearchDocument;
    type: number;
    page: SearchDocument | false | undefined;
    metadata: Record<string, unknown>;
    tokens: string[];
    score: number;
  }[] = [];
  const seen = new Set<SearchDocument>();
  for (const query of smartQueries(tokens, stage.zhDictionary)) {
    for (const part of stage.parts) {
      const found = part.index.query((q) => {
        for (const { value, wildcard, presence, editDistance } of query.term) {
          // lunr treats a present `editDistance` key as fuzzy, even when undefined.
          q.term(value, { wildcard, presence, ...(editDistance ? { editDistance } : {}) });
        }
      });
      for (const match of found.slice(0, limit)) {
        if (results.length >= limit) break;
        const document = part.byRef.get(match.ref);
        if (!document || seen.has(document)) continue;
        seen.add(document);
        results.push({
          document,
          type: part.type,
          page: part.type !== 0 && titles.documents.find((doc) => doc.i === document.p),
          metadata: match.matchData.metadata,
          tokens: query.tokens,
          score: match.score,
        });
      }
      if (results.length >= limit) break;
    }
    if (results.length >= limit) break;
  }
  sortSearchResults(results);
  processTreeStatusOfSearchResults(results);
  return results;
}

export class SearchWorker {
  /**
   * Loads the first part of the index ahead of the reader (the search bar calls it when the page
   * is idle); the page text waits for the reader.
   */
  async preload(baseUrl: string, searchContext: string): Promise<void> {
    await load(baseUrl, searchContext).head;
  }

  /**
   * Resolves once a first suggestion can be given: the small part of the index is loaded. The
   * reader is at the box: the page text follows when they pause.
   */
  async fetchIndexes(baseUrl: string, searchContext: string): Promise<void> {
    const loading = load(baseUrl, searchContext);
    startFullSoon(loading);
    await loading.head;
  }

  /** Resolves once the whole index, page text included, is loaded (it does not start it). */
  async whenComplete(baseUrl: string, searchContext: string): Promise<void> {
    await load(baseUrl, searchContext).full;
  }

  async search(
    baseUrl: string,
    searchContext: string,
    input: string,
    limit: number,
    complete = false,
  ): Promise<unknown[]> {
    const loading = load(baseUrl, searchContext);
    if (loading.complete) return run(loading.complete, input, limit);
    if (!complete) {
      const early = run(await loading.head, input, limit);
      if (early.length > 0) {
        startFullSoon(loading);
        return early;
      }
    }
    // The results page, or a query the first part cannot answer: the page text now.
    loading.startFull();
    return run(await loading.full, input, limit);
  }
}

Comlink.expose(SearchWorker);
