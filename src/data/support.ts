/**
 * Technical support, stated once: `/api/introduction#support` renders it, and every page that
 * sends a reader to support links there (`supportAnchor`; a test checks that no page names
 * support without the link). The channels themselves (address, status page) are deployment
 * values, in src/data/deployment.ts.
 */

/** Where every "contact support" of the site points. */
export const supportAnchor = '/api/introduction#support';

/** One thing a support ticket should carry, in the order a reader gathers them. */
export interface TicketItem {
  /** Stable id (`data-ticket-item` on the page). */
  readonly id: string;
  /** What to give, as the list's bold lead. */
  readonly label: string;
  /** Where to find it and how to give it; `backticks` render as code. */
  readonly detail: string;
}

export const ticketItems: readonly TicketItem[] = [
  {
    id: 'request-id',
    label: '请求 ID',
    detail:
      'HTTP 响应头 `X-Request-Id` 或错误对象的 `request_id`；WebSocket 上是 `error` 消息的 `request_id`，没有出错的上下文给出连接 ID（握手响应头 `X-Request-Id`）和 `context_id`。失败多次时给出每一次的请求 ID。',
  },
  {
    id: 'time',
    label: '发生时间',
    detail: '精确到秒，并注明时区，例如 `2025-11-18 14:03:27 +08:00`。',
  },
  {
    id: 'endpoint',
    label: '接口',
    detail: 'HTTP 方法和路径，例如 `POST /v1/speech`；或 WebSocket 地址和消息类型。',
  },
  {
    id: 'model-voice',
    label: '模型与音色',
    detail: '请求中的 `model` 和 `voice_id`。',
  },
  {
    id: 'request',
    label: '请求内容',
    detail:
      '去掉 `Authorization` 请求头之后的请求体或消息，例如 `text`、`output_format`；文本含有个人信息时先替换掉。',
  },
  {
    id: 'result',
    label: '实际结果',
    detail:
      'HTTP 状态码或关闭码、错误码和 `message`；合成结果有问题时附上音频文件，指出有问题的位置。',
  },
  {
    id: 'expected',
    label: '期望结果',
    detail: '你期望得到什么，例如某个词应该怎样读、首包延迟通常是多少。',
  },
  {
    id: 'client',
    label: '客户端环境',
    detail: '编程语言和版本，使用的 HTTP 或 WebSocket 库及其版本。',
  },
];

/** How soon support answers a ticket sent by email. */
export const supportResponse = {
  /** First answer within this many working days (Beijing time, Monday to Friday). */
  firstResponseWorkingDays: 1,
} as const;
