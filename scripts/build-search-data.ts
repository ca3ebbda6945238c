/**
 * The data the search's ranking ships to the browser, written by `npm run gen-api`:
 *
 * `.generated/search-terms.json` (src/search/searchData.ts): the glossary and the error catalogue
 * with only the fields the ranking reads, not their prose (meanings, actions), which would
 * weigh on the results page's first load.
 *
 * `.generated/homophones.json` (src/search/homophones.ts), the table of Chinese typos by sound
 * (可隆 for 克隆, 价隔 for 价格):
 *
 * - `chars`: per toneless pinyin syllable, the common characters read so (the 3,755 of GB 2312
 *   level 1, every reading of each);
 * - `words`: per pair of syllables, the one two-character piece of the glossary's terms read
 *   so. A pair two pieces share is left out: it names neither.
 *
 * The table is built here, with pinyin-pro, so the browser loads 13 KB (brotli) of it, not the
 * library.
 */
import path from 'node:path';
import { pinyin } from 'pinyin-pro';

import { apiErrors } from '../src/data/errors';
import { glossary } from '../src/data/glossary';
import { pick, searchErrorFields, searchTermFields } from '../src/search/searchTermFields';
import { writeIfChanged } from './lib/write-if-changed';

const root = path.resolve(__dirname, '..');
const homophonesPath = '.generated/homophones.json';
const searchTermsPath = '.generated/search-terms.json';

writeIfChanged(
  path.join(root, searchTermsPath),
  `${JSON.stringify({
    glossary: glossary.map((entry) => pick(entry, searchTermFields)),
    errors: apiErrors.map((entry) => pick(entry, searchErrorFields)),
  })}\n`,
);

const readings = (c: string): string[] =>
  pinyin(c, { toneType: 'none', multiple: true, type: 'array' }).filter((s) => /^[a-z]+$/.test(s));

/** GB 2312 level 1: rows 0xB0–0xD7, the last one ending at 0xF9. */
function commonChars(): string[] {
  const gbk = new TextDecoder('gbk');
  const chars: string[] = [];
  for (let row = 0xb0; row <= 0xd7; row += 1) {
    for (let cell = 0xa1; cell <= (row === 0xd7 ? 0xf9 : 0xfe); cell += 1) {
      chars.push(gbk.decode(new Uint8Array([row, cell])));
    }
  }
  // A Node without the GBK decoder would give replacement characters, and an empty table.
  if (new Set(chars).size !== 3755 || !chars.every((c) => /\p{Unified_Ideograph}/u.test(c))) {
    throw new Error('build-search-data: this Node cannot decode GB 2312 (it needs full ICU)');
  }
  return chars;
}

const common = commonChars();
const chars: Record<string, string> = {};
for (const c of common) {
  // Two tones of one syllable are one reading here.
  for (const s of new Set(readings(c))) chars[s] = (chars[s] ?? '') + c;
}

// The docs' terms only: readers' words (选哪种, 接口都有哪些) hold everyday pairs (哪种, 都有)
// that a reader's right word (那种) would be taken for.
const pieces = new Set(
  glossary
    .map((e) => e.term)
    .flatMap((w) => w.match(/\p{Unified_Ideograph}{2,}/gu) ?? [])
    .flatMap((run) => [...run].slice(1).map((c, i) => run[i] + c)),
);
const byKey = new Map<string, Set<string>>();
for (const piece of pieces) {
  const [a, b] = [...piece];
  for (const s1 of readings(a)) {
    for (const s2 of readings(b)) {
      const key = `${s1} ${s2}`;
      byKey.set(key, (byKey.get(key) ?? new Set()).add(piece));
    }
  }
}
const words = Object.fromEntries(
  [...byKey]
    .filter(([, found]) => found.size === 1)
    .map(([key, found]) => [key, [...found][0]])
    .sort(([a], [b]) => a.localeCompare(b)),
);

// A character of a syllable no word has cannot stand for one.
const heard = new Set(Object.keys(words).flatMap((key) => key.split(' ')));
for (const s of Object.keys(chars)) if (!heard.has(s)) delete chars[s];

writeIfChanged(path.join(root, homophonesPath), `${JSON.stringify({ chars, words })}\n`);
console.log(
  `homophones: ${Object.keys(words).length} sounds of the glossary's words, ${common.length} characters`,
);
