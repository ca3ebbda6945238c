/**
 * What a client does after each outcome (/api/errors#retries): every error code of
 * src/data/errors.ts under its action kind, every close code of the AsyncAPI document
 * (`x-close-codes`) under its reconnect kind with its least wait, and the retry policy's numbers
 * (src/data/retryPolicy.ts). Nothing is listed here by hand but the short wording of each kind.
 */
import type { ApiErrorCode, ErrorActionKind } from '../data/errors';
import type { RetryPolicy } from '../data/retryPolicy';
import type { CloseCode, Reconnect } from '../data/websocketProtocol';
import { paramThatStopsRetry } from './errorKind';
import { plain } from './sequence';
import {
  arrow,
  box,
  boxHeight,
  boxWidth,
  line,
  svgDocument,
  type Line,
  type RenderedDiagram,
} from './svg';

export interface DecisionData {
  readonly errors: readonly ApiErrorCode[];
  readonly kinds: readonly ErrorActionKind[];
  readonly kindLabel: Readonly<Record<ErrorActionKind, string>>;
  readonly closeCodes: readonly CloseCode[];
  readonly reconnectKinds: readonly Reconnect[];
  readonly reconnectLabel: Readonly<Record<Reconnect, string>>;
  readonly policy: RetryPolicy;
}

/** How strongly a box says go on: the colour of its action. */
type Verdict = 'go' | 'wait' | 'stop';

interface Row {
  readonly outcomes: readonly string[];
  readonly left: readonly Line[];
  readonly right: readonly Line[];
  readonly verdict: Verdict;
  readonly kind: string;
}

const seconds = (ms: number) => `${ms / 1000} 秒`;

export function decisionDiagram(d: DecisionData): RenderedDiagram {
  const { policy } = d;
  const kindDetail: Record<ErrorActionKind, { lines: Line[]; verdict: Verdict }> = {
    retry: {
      lines: [
        [{ text: 'Retry-After', code: true }, { text: ' 优先，否则指数退避加随机抖动' }],
        `最多尝试 ${policy.maxAttempts} 次，实时场景限时 ${seconds(policy.realtimeBudgetMs)}`,
      ],
      verdict: 'go',
    },
    poll: { lines: ['不要重发，轮询资源，就绪后再发'], verdict: 'wait' },
    'fix-request': {
      lines: ['不要原样重试，修正请求后再发'],
      verdict: 'stop',
    },
    'fix-account': { lines: ['不要重试，先处理密钥、余额或音色名额'], verdict: 'stop' },
    recreate: { lines: ['不要重试：资源已不可用，重新创建一个'], verdict: 'stop' },
    adopt: {
      lines: [
        [
          { text: '不要重发，也不要换新键；沿用 ' },
          { text: 'Location', code: true },
          { text: ' 指向的结果' },
        ],
      ],
      verdict: 'stop',
    },
  };
  const reconnectDetail: Record<Reconnect, { lines: Line[]; verdict: Verdict }> = {
    backoff: {
      lines: [
        [
          { text: '同一套退避；重连后的连接收到第一条 ' },
          { text: 'audio', code: true },
          { text: ' 时从头算' },
        ],
        [{ text: '在新连接上用新的 ' }, { text: 'context_id', code: true }, { text: ' 重发' }],
      ],
      verdict: 'go',
    },
    'when-needed': {
      lines: ['从连接池移除；还有要重发的文本时现在重连重发', '否则下一轮需要时再新建'],
      verdict: 'wait',
    },
    never: { lines: ['先修正原因，否则重连还会被关闭'], verdict: 'stop' },
  };

  const errorRows: Row[] = d.kinds
    .map((kind) => {
      const codes = d.errors.filter((e) => e.kind === kind);
      // D63: a retryable code whose retry depends on `param` shows the condition in its own
      // line, and its other case appears under “fix the request”.
      const left: Line[] = codes.map((e) =>
        paramThatStopsRetry(e)
          ? [
              { text: e.code, code: true },
              { text: `（${e.status}），` },
              { text: 'param', code: true },
              { text: ' 为 ' },
              { text: 'null', code: true },
              { text: ' 时' },
            ]
          : [{ text: e.code, code: true }, { text: `（${e.status}）` }],
      );
      if (kind === 'fix-request')
        for (const e of d.errors) {
          const param = paramThatStopsRetry(e);
          if (param)
            left.push([
              { text: e.code, code: true },
              { text: `（${e.status}），` },
              { text: 'param', code: true },
              { text: ' 为 ' },
              { text: param, code: true },
              { text: ' 时' },
            ]);
        }
      if (kind === 'retry')
        left.push(
          '没有收到响应的网络错误',
          '在 200 之后中途断开的流式响应（超过处理时间上限的除外）',
        );
      return {
        outcomes: codes.map((e) => e.code),
        left,
        right: [d.kindLabel[kind], ...kindDetail[kind].lines],
        verdict: kindDetail[kind].verdict,
        kind,
      };
    })
    .filter((row) => row.outcomes.length > 0);
  const closeRows: Row[] = d.reconnectKinds
    .map((kind) => {
      const codes = d.closeCodes.filter((c) => c.reconnect === kind);
      return {
        outcomes: codes.map((c) => String(c.code)),
        left: codes.map((c): Line => [
          { text: String(c.code), code: true },
          { text: '（' },
          { text: c.reason, code: true },
          { text: c.minWaitSeconds ? `，第一次重连前至少等 ${c.minWaitSeconds} 秒）` : '）' },
        ]),
        right: [d.reconnectLabel[kind], ...reconnectDetail[kind].lines],
        verdict: reconnectDetail[kind].verdict,
        kind,
      };
    })
    .filter((row) => row.outcomes.length > 0);

  // The error rows are the HTTP actions: a websocket `error` message has no request to send
  // again, and its action is per code (the catalogue's rows, /api/errors#websocket-errors), so
  // the head says so in a second line rather than drawing those codes twice.
  const sections: { head: Line[]; rows: Row[]; id: string }[] = [
    {
      id: 'error-code',
      head: [
        [{ text: '收到 HTTP 错误：按 ' }, { text: 'code', code: true }],
        [
          { text: 'WebSocket 的 ' },
          { text: 'error', code: true },
          { text: ' 消息：按错误码一览中各行的 WebSocket 做法' },
        ],
      ],
      rows: errorRows,
    },
    { id: 'close-code', head: ['WebSocket 连接被关闭：按关闭码'], rows: closeRows },
  ];

  const margin = 12;
  const trunk = 18;
  const all = sections.flatMap((s) => s.rows);
  const leftW = Math.max(...all.map((r) => boxWidth(r.left, 150)));
  const rightW = Math.max(...all.map((r) => boxWidth(r.right, 150)));
  const leftX = margin + trunk + 22;
  const rightX = leftX + leftW + 44;
  const width = Math.max(
    rightX + rightW + margin,
    ...sections.map((s) => margin + boxWidth(s.head) + margin),
  );

  const parts: string[] = [];
  let y = margin;
  for (const section of sections) {
    parts.push(
      box(margin, y, boxWidth(section.head), section.head, {
        cls: 'dg-head-box',
        data: { section: section.id },
      }),
    );
    const top = y + boxHeight(section.head.length);
    y = top + 14;
    let lastMid = top;
    for (const row of section.rows) {
      const h = Math.max(boxHeight(row.left.length), boxHeight(row.right.length));
      const mid = y + h / 2;
      parts.push(
        arrow([
          [margin + trunk, mid],
          [leftX - 2, mid],
        ]),
      );
      parts.push(
        box(leftX, y, leftW, row.left, {
          h,
          align: 'start',
          data: { outcomes: row.outcomes.join(' '), kind: row.kind },
        }),
      );
      parts.push(
        arrow([
          [leftX + leftW + 2, mid],
          [rightX - 2, mid],
        ]),
      );
      parts.push(box(rightX, y, rightW, row.right, { h, cls: `dg-${row.verdict}` }));
      lastMid = mid;
      y += h + 12;
    }
    parts.push(line(margin + trunk, top, margin + trunk, lastMid));
    y += 14;
  }
  const height = y - 14 - 12 + margin;

  const steps = sections.flatMap((s) => [
    `${s.head.map(plain).join('；')}。`,
    ...s.rows.map(
      (r) =>
        `${r.left.map(plain).join('、')}：${plain(r.right[0])}。${r.right.slice(1).map(plain).join('；')}。`,
    ),
  ]);
  return {
    name: 'decision',
    caption: '出错之后怎么做：每个错误码和关闭码对应的重试或重连',
    steps,
    svg: svgDocument('decision', width, height, parts.join('')),
  };
}
