/**
 * The API's versions, its history of changes and the deprecation policy, stated once:
 * `/api/introduction#versioning` renders them, and every page that promises notice of a change
 * links there. The `documents` of the latest change that names a document is that document's
 * `info.version` in api-specs/ (tests/contract/specs.spec.ts checks).
 */
import type { ApiSpecId } from './apiSpecs';
import { apiVersionPrefix, deployment } from './deployment';

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

/** What kind of change an entry of the history is; each renders as a label. */
export type ApiChangeKind = 'added' | 'changed' | 'legal' | 'deprecated';

export const apiChangeKindLabel: Readonly<Record<ApiChangeKind, string>> = {
  added: '新增',
  changed: '变更',
  legal: '法规要求',
  deprecated: '弃用',
};

/**
 * The versioning policy (D18), stated once on `/api/introduction#versioning`: what ships in the
 * current prefix, what needs a new one, and the one exception, changes the law requires.
 */
export const versioningPolicy = {
  /** A change the law requires is announced at least this many days before it goes live. */
  legalNoticeDays: 30,
} as const;

/** One rule of the versioning policy, the list's bold lead and its statement. */
export interface VersioningRule {
  /** Stable id (`data-versioning-rule` on the page). */
  readonly id: 'compatible' | 'incompatible' | 'legal';
  readonly label: string;
  /** The rule, for the reader; `backticks` render as code, `[text](/path)` as links. */
  readonly rule: string;
}

export const versioningRules: readonly VersioningRule[] = [
  {
    id: 'compatible',
    label: `向后兼容的变更在 \`${apiVersionPrefix}\` 中发布`,
    rule: `新增接口、新增可选的请求字段（不传时行为不变）、在响应或消息中新增字段、新增错误码，都直接发布，记入版本历史，标为“${apiChangeKindLabel.added}”或“${apiChangeKindLabel.changed}”。新增的可选字段或请求头从发布第一天起就校验格式，不合规时返回 400：不带它的请求行为不变，这不算收紧已有字段的校验。`,
  },
  {
    id: 'incompatible',
    label: '不兼容的变更使用新的路径前缀',
    rule: `删除或重命名字段、改变字段的类型、含义或默认行为、收紧已有字段的校验，都在新的版本前缀下发布，\`${apiVersionPrefix}\` 的行为不变；旧前缀怎样停用，见[弃用政策](/api/introduction#deprecation)。`,
  },
  {
    id: 'legal',
    label: `法律法规要求的变更在 \`${apiVersionPrefix}\` 中发布`,
    rule: `至少提前 ${versioningPolicy.legalNoticeDays} 天公告（写进版本历史，并发邮件通知最近使用过受影响接口的账户），即使它影响已有的客户端：施行日期由法规决定，不能等新的版本前缀。版本历史把它标为“${apiChangeKindLabel.legal}”，附迁移说明：已有的客户端要改什么。`,
  },
];

interface ApiChangeBase {
  /** Date the change went live, ISO 8601; also the entry's anchor (`version-<date>`). */
  readonly date: string;
  readonly title: string;
  /** What changed, one sentence each; `backticks` render as code, `[text](/path)` as links. */
  readonly items: readonly string[];
  /** The documents this change touched, with the `info.version` they carry from then on. */
  readonly documents: Partial<Readonly<Record<ApiDocumentId, string>>>;
}

/** A change of the policy's first kind: compatible, within the current prefix. */
export interface CompatibleChange extends ApiChangeBase {
  readonly kind: Exclude<ApiChangeKind, 'legal'>;
}

/** A change the law required, shipped in the current prefix with notice and a migration note. */
export interface LegalChange extends ApiChangeBase {
  readonly kind: 'legal';
  /** Date it was announced, ISO 8601: at least `legalNoticeDays` before `date`. */
  readonly announced: string;
  /** What an existing client has to change; same markup as `items`. */
  readonly migration: string;
}

/** One dated change of the API, newest last. */
export type ApiChange = CompatibleChange | LegalChange;

export const apiChanges: readonly ApiChange[] = [
  {
    date: '2024-09-10',
    kind: 'added',
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
    kind: 'added',
    title: 'WebSocket 词级时间戳',
    items: [
      '上下文的第一条 `generate` 新增可选字段 `timestamps`；设为 `true` 时，服务端随音频发送 `timestamps` 消息，给出每个词的 `start_ms` 和 `end_ms`。',
    ],
    documents: { 'speech-websocket': '1.1.0' },
  },
  {
    date: '2025-09-01',
    kind: 'legal',
    announced: '2025-07-01',
    title: '内容审核错误码与合成内容标识',
    items: [
      '新增错误码 `content_rejected`：文本或参考录音没有通过内容审核时返回。',
      '按《人工智能生成合成内容标识办法》，合成的音频在文件元数据中带有隐式标识，见[合成内容标识](/faqs#ai-content-labels)。',
    ],
    migration:
      '隐式标识写在音频容器的元数据中：`wav` 的文件头多了一个 `LIST` 块，`mp3` 开头多了 ID3v2 标签。读取 `wav` 时逐块解析，从 `fmt` 块取格式、从 `data` 块取采样，不要跳过固定的 44 字节文件头；自己解析 `mp3` 帧的，先跳过 ID3v2 标签。处理 `content_rejected` 的方法见[错误码](/api/errors#error-content_rejected)。',
    documents: { speech: '1.1.0', 'speech-websocket': '1.2.0', voices: '1.1.0' },
  },
  {
    date: '2025-11-18',
    kind: 'added',
    title: '发音控制',
    items: [
      '新增可选字段 `text_markup`，HTTP 请求和上下文的第一条 `generate` 都支持；默认值 `none` 下 `text` 的每个字符都是文本，`[` 照常朗读，不需要转义，已有客户端的行为不变。',
      '`text_markup` 设为 `pronunciation` 时，`text` 中可以写拼音标注（如 `曾[zeng1]`）和停顿标记（如 `[pause:500ms]`），`[[` 表示一个 `[`。',
      '新增可选字段 `pronunciation_dictionary`（发音词典），HTTP 请求和上下文的第一条 `generate` 都支持，不论 `text_markup` 取什么值都生效。',
    ],
    documents: { speech: '1.2.0', 'speech-websocket': '1.3.0' },
  },
  {
    date: '2026-11-26',
    kind: 'added',
    title: '克隆请求的幂等键、性别标签与连接 ID',
    items: [
      '`POST /v1/voices` 新增可选请求头 `Idempotency-Key`：同一个键在 24 小时内只对应一次克隆，超时或 5xx 之后用同一个键重新提交即可。重新提交相同的请求返回 201 和这个音色现在的状态，带响应头 `Idempotent-Replayed: true`；同一个键用于内容不同的请求时返回 409 `idempotency_conflict`，响应头 `Location` 指向这个键创建的音色。',
      '克隆请求新增可选字段 `gender`，修改音色也可以改它；不传时为 `neutral`。',
      '音色接口和余额查询在服务过载或维护时返回 503 `service_unavailable`。',
      'WebSocket 握手的每个响应都带 `X-Request-Id`：建立连接的 101 响应中，它是这条连接的连接 ID，[联系技术支持](/api/introduction#support)时提供它。',
    ],
    documents: { voices: '1.2.0', user: '1.1.0', 'speech-websocket': '1.4.0' },
  },
  {
    date: '2026-11-28',
    kind: 'added',
    title: '错误消息的计费字符数、限流响应头、克隆失败原因、可用余额与客户端请求 ID',
    items: [
      '`error` 消息新增字段 `billed_characters`：结束上下文的错误给出这个上下文的计费字符数，与 `done` 的同名字段含义相同；不结束任何上下文的错误为 `null`。',
      'HTTP 接口的每个响应都带 `X-RateLimit-Limit`、`X-RateLimit-Remaining` 和 `X-RateLimit-Reset`，不再只是 `POST /v1/speech` 的成功响应和 429 响应；每个 503 响应都带 `Retry-After`。',
      '音色对象新增字段 `failure_reason`：克隆失败（`failed`）时的原因，其他状态为 `null`。',
      '`GET /v1/user/credit` 新增字段 `available_balance`（可用余额）：下一次余额检查用的金额，已经减去还没有扣除的用量和预留的费用。',
      'HTTP 接口都接受可选请求头 `X-Client-Request-Id`（客户端为这次请求生成的 ID）：响应头中原样返回，并记在控制台的用量明细和请求日志中，连接在响应头到达之前断开时，按它找到这次请求。不合规时返回 400 `invalid_request`，`param` 为 `X-Client-Request-Id`。',
      '文档更正，服务端行为不变：一条连接上的 `context_id` 只能用一次，上下文结束后再发给它的消息都返回 `invalid_request`。此前文档说结束后可以再次使用，是错误的。',
      '文档更正，服务端行为不变：后续 `generate` 改变上下文的设置时返回 `invalid_request`，`param` 指出字段；`output_format` 只接受[输出格式](/api/introduction#output-formats)表中的组合；克隆按文件内容识别音频格式，不看声明的媒体类型和文件名。',
    ],
    documents: { speech: '1.3.0', voices: '1.3.0', user: '1.2.0', 'speech-websocket': '1.5.0' },
  },
];

/** The page that holds the policy and the history. */
/** How a legal change's migration note is introduced, on the page and in the feed. */
export const migrationNote = {
  label: '迁移说明',
  announced: (date: string): string => `（${date} 公告）：`,
};

export const versionHistoryPath = '/api/introduction';

/** The id of a change's entry in the version history, on that page (the feed links it too). */
export const changeAnchor = (date: string): string => `version-${date}`;

/**
 * The history as an Atom feed, a file beside the pages (plugins/features/version-feed writes it
 * after the build); every page's head links it.
 */
export const changesFeed = {
  path: '/api/changes.atom',
  title: `${deployment.brandName} API 版本历史`,
  author: deployment.brandName,
} as const;

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
