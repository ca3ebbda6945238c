/**
 * Where a websocket resend starts, as `retryPolicy.resendPoint` states it (D82, D101, D110):
 * everything after the last timestamped word, as sent, punctuation and whitespace kept. The words
 * of `timestamps` are found in the text with its markup removed when `text_markup` is
 * `pronunciation`, in the text as sent otherwise (D59). With `pronunciation`, the hints and pauses
 * right after the last heard word belong to it and are skipped with it, so a resend never starts
 * with a hint that has no character (which the server refuses) nor replays a pause already heard.
 * Pure, no Node APIs: the protocol tests run it against the model's own `timestamps`.
 */
import type { TextMarkup } from '../data/pronunciation';

/** A hint or a pause at the start of a string (`[[` is a literal `[`, not a tag). */
const leadingTag = /^\[[^[\]]*\]/;

/**
 * The text read aloud (as `spokenText` reads it) and, for each of its UTF-16 units, the index in
 * `sent` just after the characters it was read from.
 */
function spokenWithEnds(sent: string, markup: TextMarkup): { spoken: string; ends: number[] } {
  if (markup === 'none') {
    return { spoken: sent, ends: Array.from({ length: sent.length }, (_, i) => i + 1) };
  }
  let spoken = '';
  const ends: number[] = [];
  for (let i = 0; i < sent.length;) {
    if (sent.startsWith('[[', i)) {
      spoken += '[';
      ends.push(i + 2);
      i += 2;
      continue;
    }
    const tag = leadingTag.exec(sent.slice(i));
    if (tag) {
      i += tag[0].length;
      continue;
    }
    spoken += sent[i];
    ends.push(i + 1);
    i += 1;
  }
  return { spoken, ends };
}

/**
 * The text to resend on a new context: what follows the last of `words` (the `timestamps` words
 * received, in order) in `sent` (all the text sent for the turn). Each word is looked for after
 * the previous one; a word not found is passed over. Without words, the whole text.
 */
export function resendText(sent: string, words: readonly string[], markup: TextMarkup): string {
  const { spoken, ends } = spokenWithEnds(sent, markup);
  let heard = 0;
  for (const word of words) {
    const found = word === '' ? -1 : spoken.indexOf(word, heard);
    if (found >= 0) heard = found + word.length;
  }
  if (heard === 0) return sent;
  let from = ends[heard - 1];
  if (markup === 'pronunciation') {
    // A hint or pause right after the last heard word is that word's: skip it with the word.
    let tag: RegExpExecArray | null;
    while ((tag = leadingTag.exec(sent.slice(from)))) from += tag[0].length;
  }
  return sent.slice(from);
}
