/**
 * Where the websocket API cuts a context's text into segments (decision D2): the unit that starts
 * synthesis and is billed in full once it has (D7). The protocol model, the simulator and the
 * pages' examples all cut with `segmentText`, so they cannot disagree. Pure, no Node APIs.
 *
 * The rule, on the context's buffer (text received and not yet in a segment):
 * - A segment ends after any of `，。！？；：、…` and after a line break (`\n`).
 * - It ends after ASCII `. , ! ? ; :` only when whitespace follows, so `3.14`, `v2.1`, `14:30`
 *   and `1,000` never split. There is no abbreviation list: `Dr. Smith` splits after `Dr.`.
 *   At the end of the buffer the server cannot know yet, so it waits for the next text, a
 *   `flush` or the last `generate` (`final`).
 * - A buffer that reaches `maxSegmentLength` characters without a boundary is cut after its last
 *   whitespace, else at that length, so unpunctuated text still starts playing.
 * - With `final` (a `flush` or the last `generate` arrived), the rest is a segment too; but a
 *   `flush` (`hold`) leaves an unfinished Latin word or number at the end in the buffer (D132):
 *   letters and digits after the last other character, or a number with one `.`, `,` or `:`
 *   after it (`3.`, `14:`), which the next text may continue. The last `generate` speaks all.
 *
 * Details, each the simplest rule that keeps a segment readable:
 * - Closing marks right after a boundary (`”’」』）》】)]}"'`, and more of `，。！？；：、…`, as
 *   in `？！` or `……`) stay with the segment they close: `“好。”` is one segment. A closing mark
 *   that arrives in a later message starts the next segment (it is silent either way).
 * - Whitespace after a boundary goes with the segment it ends, so joining the segments gives
 *   the text back. A final rest that is only whitespace is dropped (nothing to speak or bill).
 * - A boundary needs something before it: a segment holds at least one character that is not
 *   whitespace or one of the marks above, so a leading line break or a lone `。` joins the next
 *   segment.
 * - Characters are Unicode code points, the unit of `textLength` and of billed characters;
 *   whitespace, closing marks and markup all count toward the length, and a segment never
 *   passes it: a closing mark that would is left to the next segment, a bracket longer than the
 *   maximum is not one unit. Billed characters are a subset of a segment's code points, so a
 *   segment never bills more than `maxSegmentLength` characters (D29, D47).
 * - With markup `pronunciation`, a tag (`[pause:300ms]`, `[zeng1]`) is one unit: no boundary or
 *   cut falls inside it or between a hint and its character; `[[` is a literal `[`. With
 *   `none`, every character is text.
 */
import type { TextMarkup } from '../data/pronunciation';
import { maxSegmentLength } from './segmentLength';

export type { TextMarkup } from '../data/pronunciation';

/** The longest segment, in characters (code points): where a buffer without a boundary is cut. */
export { maxSegmentLength } from './segmentLength';

/** Ends a segment wherever it stands. */
const fullWidthMarks = new Set([...'，。！？；：、…']);
/** Ends a segment when whitespace follows. */
const asciiMarks = new Set([...'.,!?;:']);
/** Stays with the segment a boundary ends. */
const closingMarks = new Set([...'”’」』）》】〕〗］｝)]}"\'']);
const isSpace = (s: string) => /^\s+$/u.test(s);
/** A Latin word or number the next text may continue: `chec`, `v2`, `3.`, `14:`, `1,`. */
const unfinishedWord = /[A-Za-z0-9]*(?:[0-9][.,:]|[A-Za-z0-9])$/;

interface Token {
  readonly text: string;
  /** Length in code points. */
  readonly length: number;
  /** A pinyin hint: never separated from the character before it. */
  readonly hint: boolean;
}

/** The units of a text that a cut never splits. */
function tokenize(buffer: string, markup: TextMarkup): Token[] {
  const chars = [...buffer];
  const tokens: Token[] = [];
  for (let i = 0; i < chars.length; i += 1) {
    if (markup === 'pronunciation' && chars[i] === '[') {
      if (chars[i + 1] === '[') {
        tokens.push({ text: '[[', length: 2, hint: false });
        i += 1;
        continue;
      }
      let end = i + 1;
      while (end < chars.length && chars[end] !== ']' && chars[end] !== '[') end += 1;
      // A bracket longer than a segment is not markup the server reads: never one unit.
      if (chars[end] === ']' && end + 1 - i <= maxSegmentLength) {
        const text = chars.slice(i, end + 1).join('');
        tokens.push({ text, length: end + 1 - i, hint: !text.startsWith('[pause:') });
        i = end;
        continue;
      }
    }
    tokens.push({ text: chars[i], length: 1, hint: false });
  }
  return tokens;
}

/** A character that a boundary needs before it in its segment (not whitespace, not a mark). */
const isContent = (t: Token) =>
  t.length > 1 ||
  !(
    isSpace(t.text) ||
    fullWidthMarks.has(t.text) ||
    asciiMarks.has(t.text) ||
    closingMarks.has(t.text)
  );

/**
 * Cuts a context's buffer into segments. `final`: the last generate or a flush arrived, so the
 * rest is a segment too. `segments.join('') + rest` is the buffer, except for a final rest of
 * whitespace only, which is dropped.
 */
export function segmentText(
  buffer: string,
  options: { markup: TextMarkup; final: boolean; hold?: boolean },
): { segments: string[]; rest: string } {
  const tokens = tokenize(buffer, options.markup);
  const segments: string[] = [];
  const join = (from: number, to: number) =>
    tokens
      .slice(from, to)
      .map((t) => t.text)
      .join('');
  let start = 0;
  for (;;) {
    // A flush cannot know either whether `3.` ends a sentence: the rest decides (below).
    const end = boundaryEnd(tokens, start, options.final && !options.hold) ?? cutEnd(tokens, start);
    if (end === undefined) break;
    segments.push(join(start, end));
    start = end;
  }
  const rest = join(start, tokens.length);
  if (!options.final) return { segments, rest };
  // A flush does not read half a word (D132): what the next text may continue stays.
  const kept = options.hold ? (unfinishedWord.exec(rest)?.[0] ?? '') : '';
  const spoken = rest.slice(0, rest.length - kept.length);
  if (!isSpace(spoken) && spoken !== '') segments.push(spoken);
  return { segments, rest: kept };
}

/** Where the segment starting at token `start` ends at a boundary (D2), or undefined. */
function boundaryEnd(tokens: Token[], start: number, final: boolean): number | undefined {
  let length = 0;
  let content = false;
  /** Extends `end` over the tokens `take` accepts, keeping the segment within the maximum. */
  const extend = (end: number, take: (t: Token) => boolean) => {
    let total = tokens.slice(start, end).reduce((n, t) => n + t.length, 0);
    while (
      end < tokens.length &&
      take(tokens[end]) &&
      total + tokens[end].length <= maxSegmentLength
    ) {
      total += tokens[end].length;
      end += 1;
    }
    return end;
  };
  for (let i = start; i < tokens.length; i += 1) {
    const token = tokens[i];
    length += token.length;
    if (length > maxSegmentLength) return undefined;
    const fullWidth = fullWidthMarks.has(token.text) || token.text === '\n';
    if (content && fullWidth) {
      const closed = extend(i + 1, (t) => fullWidthMarks.has(t.text) || closingMarks.has(t.text));
      return extend(closed, (t) => isSpace(t.text));
    }
    if (content && asciiMarks.has(token.text)) {
      const closed = extend(i + 1, (t) => closingMarks.has(t.text));
      if (closed === tokens.length) return final ? closed : undefined;
      if (isSpace(tokens[closed].text)) return extend(closed, (t) => isSpace(t.text));
    }
    if (isContent(token)) content = true;
  }
  return undefined;
}

/**
 * Where a buffer that has reached the maximum without a boundary is cut: after its last
 * whitespace within the maximum (with something to speak before it), else at the maximum, never
 * between a hint and its character. Undefined while the buffer is shorter.
 */
function cutEnd(tokens: Token[], start: number): number | undefined {
  let length = 0;
  let end = start;
  let lastSpace: number | undefined;
  let content = false;
  while (end < tokens.length && length + tokens[end].length <= maxSegmentLength) {
    const token = tokens[end];
    length += token.length;
    end += 1;
    if (content && isSpace(token.text)) lastSpace = end;
    if (isContent(token)) content = true;
  }
  const remaining = tokens.slice(start).reduce((n, t) => n + t.length, 0);
  if (remaining < maxSegmentLength) return undefined;
  if (lastSpace !== undefined) return lastSpace;
  while (end > start + 1 && end < tokens.length && tokens[end].hint) end -= 1;
  return Math.max(end, start + 1);
}
