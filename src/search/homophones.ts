/**
 * Chinese typos by sound: an input method gives a character of the right sound and the wrong
 * meaning (可隆 for 克隆, 价隔 for 价格, 因色 for 音色). The table (scripts/build-homophones.ts) is
 * loaded on first need, as its own chunk, so a search that finds every piece it is given never
 * fetches it.
 */
interface HomophoneTable {
  /** Toneless syllable → the common characters read so. */
  readonly chars: Record<string, string>;
  /** Two syllables (`ke long`) → the one piece of the glossary's words read so (克隆). */
  readonly words: Record<string, string>;
}

let readings: Promise<{ of: Map<string, string[]>; words: Record<string, string> }> | undefined;

function load() {
  readings ??= import('../../.generated/homophones.json').then(
    ({ default: table }: { default: HomophoneTable }) => {
      const of = new Map<string, string[]>();
      for (const [syllable, chars] of Object.entries(table.chars)) {
        for (const c of chars) of.set(c, [...(of.get(c) ?? []), syllable]);
      }
      return { of, words: table.words };
    },
  );
  return readings;
}

/**
 * The glossary's two-character piece a pair of characters sounds like, when exactly one does
 * and it is not the pair itself.
 */
export async function soundsLike(pair: string): Promise<string | undefined> {
  const [a, b] = [...pair];
  if (!a || !b) return undefined;
  const { of, words } = await load();
  const found = new Set<string>();
  for (const s1 of of.get(a) ?? []) {
    for (const s2 of of.get(b) ?? []) {
      const word = words[`${s1} ${s2}`];
      if (word) found.add(word);
    }
  }
  const [word] = found;
  return found.size === 1 && word !== pair ? word : undefined;
}
