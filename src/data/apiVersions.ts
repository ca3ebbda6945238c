/**
 * The API's versions, its history of changes and the deprecation policy, stated once:
 * `/api/introduction#versioning` renders them, and every page that promises notice of a change
 * links there. The `documents` of the latest change that names a document is that document's
 * `info.version` in api-specs/ (tests/contract/specs.spec.ts checks).
 */
import type { ApiSpecId } from './apiSpecs';

/** The API documents of api-specs/: the three OpenAPI specs and the websocket's AsyncAPI one. */
export type ApiDocumentId = ApiSpecId | 'speech-websocket';

export interface ApiVersion {
  /** The path prefix, e.g. `/v1`. */
  readonly prefix: string;
  readonly status: 'current' | 'deprecated' | 'retired';
  /** Release date, ISO 8601. */
  readonly released: string;
  /** The announced date it stops answering, when it is deprecated. */
  readonly sunset: string | null;
}

export const apiVersions: readonly ApiVersion[] = [
  { prefix: '/v1', status: 'current', released: '2024-09-10', sunset: null },
];

export const apiVersionStatusLabel: Readonly<Record<ApiVersion['status'], string>> = {
  current: '当前版本',
  deprecated: '已弃用',
  retired: '已停用',
};

/** One dated change of the API, newest last. All are backward compatible, within `/v1`. */
export interface ApiChange {
  /** Date the change went live, ISO 8601; also the entry's anchor (`version-<date>`). */
  readonly date: string;
  readonly title: string;
  /** What changed, one item per sentence group; `backticks` render as code. */
  readonly items: readonly string[];
  /** The documents this change touched, with the `info.version` they carry from then on. */
  readonly documents: Partial<Readonly<Record<ApiDocumentId, string>>>;
}

export const apiChanges: readonly ApiChange[] = [
  {
    date: '2024-09-10',
    title: '发布 `/v1`',
    items: [
      'HTTP 语音合成 `POST /v1/speech`，支持 `stream: true` 分块返回。',
      'WebSocket 语音合成 `GET /v1/speech/websocket`：上下文、`flush`、`cancel`。',
      '音色接口：克隆、列出、查询、修改、删除；余额查询 `GET /v1/user/credit`。',
    ],
    documents: { speech: '1.0.0', 'speech-websocket': '1.0.0', voices: '1.0.0', user: '1.0.0' },
  },
  {
    date: '2025-03-18',
    title: 'WebSocket 词级时间戳',
    items: [
      '上下文的第一条 `generate` 新增可选字段 `timestamps`；设为 `true` 时，服务端随音频发送 `timestamps` 消息，给出每个词的 `start_ms` 和 `end_ms`。',
    ],
    documents: { 'speech-websocket': '1.1.0' },
  },
  {
    date: '2025-09-01',
    title: '内容审核错误码与合成内容标识',
    items: [
      '新增错误码 `content_rejected`：文本或参考录音没有通过内容审核时返回。',
      '按《人工智能生成合成内容标识办法》，合成的音频带有隐式标识，见[合成内容标识](/faqs#ai-content-labels)。',
    ],
    documents: { speech: '1.1.0', 'speech-websocket': '1.2.0', voices: '1.1.0' },
  },
  {
    date: '2025-11-18',
    title: '发音控制',
    items: [
      '`text` 中可以写拼音标注（如 `曾[zeng1]`）和停顿标记（如 `[pause:500ms]`）。',
      '新增可选字段 `pronunciation_dictionary`（发音词典），HTTP 请求和上下文的第一条 `generate` 都支持。',
    ],
    documents: { speech: '1.2.0', 'speech-websocket': '1.3.0' },
  },
  {
    date: '2026-11-26',
    title: '克隆请求的幂等键、性别标签与连接 ID',
    items: [
      '`POST /v1/voices` 新增可选请求头 `Idempotency-Key`：同一个键在 24 小时内最多只创建一个音色，超时或 5xx 之后用同一个键重新提交即可。',
      '克隆请求新增可选字段 `gender`，修改音色也可以改它；不传时为 `neutral`。',
      '音色接口和余额查询在服务过载或维护时返回 503 `service_unavailable`。',
      'WebSocket 握手的每个响应都带 `X-Request-Id`：建立连接的 101 响应中，它是这条连接的连接 ID，[联系技术支持](/api/introduction#support)时提供它。',
    ],
    documents: { voices: '1.2.0', user: '1.1.0', 'speech-websocket': '1.4.0' },
  },
];

/** The document versions the history gives: the last change naming each document. */
export function documentVersion(id: ApiDocumentId): string | undefined {
  return [...apiChanges].reverse().find((c) => c.documents[id] !== undefined)?.documents[id];
}

/**
 * The deprecation policy the pages promise: how early a change is announced, where, and how
 * long an old version or field keeps working.
 */
export const deprecationPolicy = {
  /** A field, operation or version is announced this many days before it stops working. */
  noticeDays: 180,
  /** An old version prefix keeps answering at least this many months after its successor ships. */
  overlapMonths: 12,
} as const;
