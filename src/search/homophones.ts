/**
 * Chinese typos by sound: an input method gives a character of the right sound and the wrong
 * meaning (可隆 for 克隆, 价隔 for 价格, 因色 for 音色). The ranking imports this module, with its
 * table (scripts/build-search-data.ts), on first need, as a chunk of its own: a search that finds
 * every piece it is given never fetches it.
 */
import table from '../../.generated/homophones.json';

/** Toneless syllables each common character is read as. */
let readings: Map<string, string[]> | undefined;

function readingsOf(c: string): string[] {
  if (!readings) {
    readings = new Map();
    for (const [syllable, chars] of Object.entries(table.chars as Record<string, string>)) {
      for (const ch of chars) readings.set(ch, [...(readings.get(ch) ?? []), syllable]);
    }
  }
  return readings.get(c) ?? [];
}

/**
 * The glossary's two-character piece a pair of characters sounds like, when exactly one does
 * and it is not the pair itself.
 */
export function soundsLike(pair: string): string | undefined {
  const [a, b] = [...pair];
  if (!a || !b) return undefined;
  const words = table.words as Record<string, string>;
  const found = new Set<string>();
  for (const s1 of readingsOf(a)) {
    for (const s2 of readingsOf(b)) {
      const word = words[`${s1} ${s2}`];
      if (word) found.add(word);
    }
  }
  const [word] = found;
  return found.size === 1 && word !== pair ? word : undefined;
}
