/**
 * The index's texts as readers see them in the suggestions and on the results page: plain text.
 * A page's description comes from its front matter, and the reference pages take theirs from the
 * specs, whose prose carries inline markup (`code` spans, [links](/path), **strong**); the plugin
 * indexes it as written, and both lists show it raw. The split step (index.ts) rewrites each
 * description as plain text and moves the positions the index holds for its words (where the
 * lists highlight them) to the same words in the new text.
 */
import { proseParts } from '../../../src/data/prose';

/** `text` as plain text, and for each offset of `text` (and its end) the offset in the result. */
export function plainText(text: string): { text: string; offsets: number[] } {
  const kept = new Array<boolean>(text.length).fill(true);
  const drop = (from: number, to: number) => kept.fill(false, from, to);
  const walk = (source: string, at: number): void => {
    let cursor = at;
    for (const part of proseParts(source)) {
      if (part.kind === 'code') {
        drop(cursor, cursor + 1);
        drop(cursor + 1 + part.text.length, cursor + 2 + part.text.length);
        cursor += part.text.length + 2;
      } else if (part.kind === 'link') {
        drop(cursor, cursor + 1);
        walk(part.text, cursor + 1);
        const rest = cursor + 1 + part.text.length;
        drop(rest, rest + part.href.length + 3);
        cursor = rest + part.href.length + 3;
      } else {
        for (const strong of part.text.matchAll(/\*\*(?=\S)(.+?)(?<=\S)\*\*/g)) {
          const start = cursor + strong.index;
          drop(start, start + 2);
          drop(start + 2 + strong[1].length, start + 4 + strong[1].length);
        }
        cursor += part.text.length;
      }
    }
  };
  walk(text, 0);
  const offsets: number[] = [];
  let out = '';
  for (let i = 0; i < text.length; i += 1) {
    offsets.push(out.length);
    if (kept[i]) out += text[i];
  }
  offsets.push(out.length);
  return { text: out, offsets };
}

/** A part of a serialized index (lunr's JSON with the plugin's documents). */
interface IndexPart {
  documents: { i: number; t: string }[];
  index: { invertedIndex: [string, Record<string, unknown>][] };
}

type Positions = Record<string, { position?: [number, number][] }>;

/** Rewrites the documents of `part` as plain text, their words' positions with them. */
export function plainSnippets(part: IndexPart): void {
  const moved = new Map<string, number[]>();
  for (const document of part.documents) {
    const plain = plainText(document.t);
    if (plain.text === document.t) continue;
    document.t = plain.text;
    moved.set(String(document.i), plain.offsets);
  }
  if (moved.size === 0) return;
  for (const [, fields] of part.index.invertedIndex) {
    const byDocument = fields.t as Positions | undefined;
    for (const [ref, match] of Object.entries(byDocument ?? {})) {
      const offsets = moved.get(ref);
      if (!offsets || !match.position) continue;
      // A word inside dropped markup (a link's target) keeps an empty position where it was.
      match.position = match.position.map(([start, length]) => {
        const from = offsets[Math.min(start, offsets.length - 1)];
        const to = offsets[Math.min(start + length, offsets.length - 1)];
        return [from, to - from];
      });
    }
  }
}
