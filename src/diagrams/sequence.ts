/**
 * A sequence diagram: participants side by side, a lifeline under each, one row per message
 * (an arrow with its name and a second line of detail) or per note across the lifelines.
 * The same rows give the diagram's text alternative, one list item each.
 */
import {
  arrow,
  box,
  boxHeight,
  boxWidth,
  line,
  lineWidth,
  spans,
  svgDocument,
  text,
  type Line,
  type RenderedDiagram,
} from './svg';

export interface Participant {
  readonly id: string;
  /** Name, then smaller lines under it. */
  readonly lines: readonly Line[];
}

export type SequenceRow =
  | {
      readonly kind: 'message';
      readonly from: string;
      readonly to: string;
      readonly label: Line;
      readonly detail?: Line;
      /** Drawn dashed: a message the receiver discards. */
      readonly dashed?: boolean;
    }
  | { readonly kind: 'note'; readonly text: Line };

/** A line as the text alternative writes it: code in backticks. */
export const plain = (l: Line): string =>
  spans(l)
    .map((s) => (s.code ? `\`${s.text}\`` : s.text))
    .join('');

/** `a` then `b`, a space between them where Latin meets Chinese (the copy rules). */
export const spaced = (a: string, b: string): string =>
  /[A-Za-z0-9]$/.test(a) !== /^[A-Za-z0-9]/.test(b) ? `${a} ${b}` : `${a}${b}`;

const margin = 12;
const gutter = 28;

export function renderSequence(
  name: string,
  caption: string,
  participants: readonly Participant[],
  rows: readonly SequenceRow[],
): RenderedDiagram {
  const index = new Map(participants.map((p, i) => [p.id, i]));
  const at = (id: string): number => {
    const i = index.get(id);
    if (i === undefined) throw new Error(`diagram ${name}: no participant ${id}`);
    return i;
  };
  const widths = participants.map((p) => boxWidth(p.lines, 150));
  // Each gap between neighbouring lifelines fits the widest label of the messages across it.
  const gaps = participants.slice(1).map((_, i) => (widths[i] + widths[i + 1]) / 2 + 16);
  for (const row of rows) {
    if (row.kind !== 'message') continue;
    const [a, b] = [at(row.from), at(row.to)].sort((x, y) => x - y);
    if (a === b) throw new Error(`diagram ${name}: a message to itself`);
    const need =
      Math.max(lineWidth(row.label), row.detail ? lineWidth(row.detail) : 0) + 2 * gutter;
    const have = gaps.slice(a, b).reduce((s, g) => s + g, 0);
    if (need > have) gaps[b - 1] += need - have;
  }
  const xs = [margin + widths[0] / 2];
  gaps.forEach((g) => xs.push(xs[xs.length - 1] + g));
  const width = xs[xs.length - 1] + widths[widths.length - 1] / 2 + margin;
  const headHeight = Math.max(...participants.map((p) => boxHeight(p.lines.length)));

  const parts: string[] = [];
  participants.forEach((p, i) => {
    parts.push(box(xs[i] - widths[i] / 2, margin, widths[i], p.lines, { h: headHeight }));
  });
  let y = margin + headHeight + 18;
  const body: string[] = [];
  for (const row of rows) {
    if (row.kind === 'note') {
      const left = xs[0] - widths[0] / 2;
      const right = xs[xs.length - 1] + widths[widths.length - 1] / 2;
      body.push(box(left, y, right - left, [row.text], { cls: 'dg-note' }));
      y += boxHeight(1) + 14;
      continue;
    }
    const x1 = xs[at(row.from)];
    const x2 = xs[at(row.to)];
    const mid = (x1 + x2) / 2;
    // A message's group: its labels, then its arrow, which spans them (tests check).
    const labels = [text(row.label, mid, y + 14)];
    let arrowY = y + 24;
    if (row.detail) {
      labels.push(text(row.detail, mid, y + 33, { cls: 'dg-muted' }));
      arrowY += 18;
    }
    const end = x2 > x1 ? x2 - 2 : x2 + 2;
    body.push(
      `<g class="dg-msg">${labels.join('')}${arrow(
        [
          [x1, arrowY],
          [end, arrowY],
        ],
        { dashed: row.dashed },
      )}</g>`,
    );
    y = arrowY + 14;
  }
  const height = y + margin;
  xs.forEach((x) => parts.push(line(x, margin + headHeight, x, height - margin, 'dg-life')));

  const names = new Map(participants.map((p) => [p.id, plain(p.lines[0])]));
  const steps = rows.map((row) =>
    row.kind === 'note'
      ? plain(row.text)
      : `${names.get(row.from)} → ${names.get(row.to)}：${plain(row.label)}` +
        (row.detail ? `（${plain(row.detail)}）` : '') +
        (row.dashed ? '，收到后丢弃' : ''),
  );
  return {
    name,
    caption,
    steps,
    svg: svgDocument(name, width, height, [...parts, ...body].join('')),
  };
}
