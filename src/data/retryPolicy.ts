import { limit } from './limits';

/**
 * The one retry and reconnect policy of the API's clients: HTTP retries of the retryable error
 * codes, websocket reconnects with backoff, and resending a turn's text on a new context.
 * `/api/errors#retries` renders it (the only statement of the rule, D26); the retry examples of
 * the best-practices guide use these numbers (tests/content/examples.spec.ts checks their
 * constants against this module).
 */
export interface RetryPolicy {
  /**
   * Attempts in all, the first one included; then the client gives up and reports the failure.
   * Two counters, each capped by it (D84): a turn's attempts (each resend on a new context is one,
   * `resend`) and a connection's reconnects (`sharedConnection`); each restarts as `resetOn` says.
   * A reconnect after a close that is no failure (1000, 4000) counts in neither.
   */
  readonly maxAttempts: number;
  /** What `maxAttempts` counts, for the reader (rendered in the retry table). */
  readonly attemptsRule: string;
  /** Upper bound of the wait before the first retry (ms); it doubles with every further attempt. */
  readonly baseDelayMs: number;
  /**
   * No single backoff wait is longer than this (ms). It is the ceiling of the last retry
   * (`backoffCeilingMs(maxAttempts − 1)`), so the doubling reaches it within the attempts, and the
   * backoff's worst case, all waits at their ceilings, stays inside `realtimeBudgetMs`
   * (tests/contract/retry-policy.spec.ts computes the schedule and checks both).
   */
  readonly maxDelayMs: number;
  /**
   * Full jitter: the wait is drawn uniformly between 0 and min(maxDelayMs, baseDelayMs × 2^(n−1))
   * before retry n, so clients that failed together do not retry together.
   */
  readonly jitter: 'full';
  /**
   * `Retry-After` takes precedence over the backoff: wait its seconds, plus a random 0 to
   * baseDelayMs so that clients told the same number do not return in the same instant.
   * `maxDelayMs` bounds the backoff only, not `Retry-After` (`realtimeBudgetMs` does, in real time).
   */
  readonly retryAfterFirst: true;
  /**
   * When the counts restart (D20, D53): a connection's reconnects once it delivers its first
   * `audio`, a turn's attempts once the turn gets audio; not after a time of working (a timer
   * collided with the idle close).
   */
  readonly resetOn: 'first-audio';
  /** `resetOn` for the reader (rendered in the retry table). */
  readonly resetRule: string;
  /**
   * Real-time use (a listener is waiting for the audio): from a turn's first failure (D83) to its
   * first audio after it, every attempt and every wait fit in this many ms. A wait that would end past it, `Retry-After`
   * included (an HTTP response's or a refused handshake's), is not waited: the client gives up at
   * once and falls back (e.g. shows the reply as text). Batch work has no such budget: it waits
   * `Retry-After` however long, within `maxAttempts`. What one budget covers is
   * `realtimeBudgetScope`.
   */
  readonly realtimeBudgetMs: number;
  /** What one real-time budget covers (D83), for the reader (rendered in the retry table). */
  readonly realtimeBudgetScope: string;
  /** What to do when the next wait would end past the budget, for the reader. */
  readonly overBudget: string;
  /** Batch work has no budget, for the reader. */
  readonly batch: string;
  /** Whose count and whose budget on a connection shared by several turns (D21), for the reader. */
  readonly sharedConnection: string;
  /** A handshake is a request of the per-minute rate (D12), for the reader. */
  readonly handshakes: string;
  /** How a websocket turn is resent on a new context (D6, D8), for the reader. */
  readonly resend: string;
  /**
   * Where a resend starts (D82): everything after the last timestamped word, as sent. Rendered
   * in the `resend` row and in /api/websocket's steps after a drop.
   */
  readonly resendPoint: string;
  /** The websocket `rate_limited` (11th context, D81): waited for, not retried with backoff. */
  readonly websocketRateLimited: string;
  /** Its action in a table cell (the catalogue's kind column, the websocket code list). */
  readonly websocketRateLimitedLabel: string;
  /** A server's planned 1000 (D85): reconnect after a random wait of 0 to `baseDelayMs`. */
  readonly planned1000: string;
  /**
   * How long a client waits for a websocket handshake to complete (101 or a refusal) before it
   * counts the attempt as failed and reconnects by the policy (D138).
   */
  readonly handshakeTimeoutMs: number;
}

/** The backoff's base (ms): `planned1000` names it too. */
const baseDelayMs = 500;

export const retryPolicy: RetryPolicy = {
  maxAttempts: 5,
  attemptsRule:
    '含第一次请求或第一次连接，用完后放弃并报告失败；所以一条连接断开后最多重连 4 次。WebSocket 上分开计两个数，上限都是这个次数：一轮回复的尝试次数（在新上下文中的每次重发算一次）和一条连接的重连次数。一次断开后重连并重发，两个计数各加一。服务端的 `1000`（计划内停机）或 `4000`（空闲超时）之后的重连不是失败，两个计数都不加。',
  baseDelayMs,
  maxDelayMs: 4_000,
  jitter: 'full',
  retryAfterFirst: true,
  resetOn: 'first-audio',
  resetRule:
    '连接的重连次数在重连后的连接送来第一条 `audio` 时清零，一轮的尝试次数在这一轮收到 `audio` 时清零：之后再失败，从第 1 次、第一步退避重新算。只完成了握手、还没有送来音频的连接，不算恢复。',
  realtimeBudgetMs: 10_000,
  realtimeBudgetScope:
    '按轮计时（一轮是用户正在等的一段回复），从这一轮第一次失败时算起，到失败之后的第一块音频为止，其间的重试、重连、重发和等待都算在内。失败指迫使客户端重试或重连的错误、关闭或握手被拒绝；没有关闭帧的断线，从发出[检查连接的 ping](/api/websocket#dead-connection) 时算起。服务端的 `1000` 和 `4000` 不算失败、之后的重连也不算尝试；但关闭时还有[要重发的文本](/api/websocket#contexts-after-reconnect)，听的人就在等，这一轮也从这时计时。没有要重发的文本时不计时：发出的文本都有了音频，只是在等后面的文本。没有失败的一轮不计时：大模型生成得慢、等待工具调用都不是失败。音频开始之后再失败，从那次失败起重新计时。',
  overBudget:
    '下一次等待会超出剩余时间时，放弃这一轮并降级，例如改为显示文字回复，不再等待、也不再尝试。`Retry-After`（HTTP 响应的或握手被拒绝时的）比剩余时间还长时也一样，例如 `Retry-After: 20`。',
  batch: '没有总时长：按 `Retry-After` 等待，只受最多尝试次数的约束。',
  sharedConnection:
    '几轮共用一条连接时，重连次数按连接计，总时长按轮计：一轮的总时长用完就降级，即使这条连接还在为后面的轮次重连。为重发而新建的连接沿用被关闭连接的重连次数；为新的一轮新建的连接从 0 开始。',
  handshakes:
    '每次握手都计入 API 密钥的[每分钟请求数](/api/limits-and-timeouts#rate-limits)，重连也不例外。握手被拒绝时按状态码处理，与 HTTP 请求相同：429 和 5xx 退避后重连（网关没有错误对象的 502、504 按 500 处理），其余的不重连。',
  resend:
    '上下文因 `internal_error` 或连接关闭而结束时，用新的 `context_id` 重发[最后一个有时间戳的词之后的文本](/api/websocket#contexts-after-reconnect)，算作这一轮的一次尝试（服务端的 `1000`、`4000` 之后的不算）；因 `invalid_request` 结束、修正后重发的（例如把超长的文本拆短）也一样，这一轮的总时长从这条 `error` 开始计。重发的文本按[什么时候扣费](/price#when-charged)中的规则计费。',
  resendPoint:
    '重发最后一条 `timestamps` 的最后一个词之后的全部文本，照你发送时的原样，标点和空白都保留。这个词是收到音频的最后一个词。`text_markup` 为 `pronunciation` 时，紧跟在这个词后面的拼音标注（如 `[zeng1]`）和停顿标记（如 `[pause:300ms]`）属于这个词，一并跳过；重发的文本从它们之后开始。',
  websocketRateLimited:
    'WebSocket 上的 `rate_limited`（连接上的上下文已满）不按退避重试：等这条连接上有上下文收到 `done` 或结束上下文的 `error`，再用新的 `context_id` 开始；也可以不等，改到上下文较少的另一条连接上开始。这是一次失败：等待计入这一轮的总时长，每次重新开始算一次尝试，在哪条连接上开始都一样。',
  websocketRateLimitedLabel:
    '等有上下文结束或换一条连接，再用新的 `context_id` 开始（不按退避重试）',
  handshakeTimeoutMs: 5_000,
  planned1000: `服务端的 \`1000\` 是计划内停机，不是失败，重连不算一次尝试；但关闭时还有要重发的文本时，这一轮的总时长从这时开始计。先在 0 到 ${baseDelayMs / 1000} 秒之间随机等待一段时间，免得所有客户端同时重连，再重连并重发没说完的文本。`,
};

/** The upper bound of the wait before retry `n` (1-based), in ms, before the jitter. */
export function backoffCeilingMs(n: number, policy: RetryPolicy = retryPolicy): number {
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (n - 1));
}

/** The ceilings of the waits before retries 1 to `maxAttempts − 1`, in ms: the whole schedule. */
export function backoffSchedule(policy: RetryPolicy = retryPolicy): number[] {
  return Array.from({ length: policy.maxAttempts - 1 }, (_, i) => backoffCeilingMs(i + 1, policy));
}

/**
 * Polling a resource's status (a clone's `status` until `ready` or `failed`) is not a retry:
 * a failed round (a retryable code or a network error) is not retried with backoff, the next
 * round simply comes at the interval; a `Retry-After` sets the minimum wait before it. The loop
 * has its own cap instead of `maxAttempts`. Rendered as the “轮询” row of the retry table
 * (`/api/errors#polling`); the clone examples use these numbers (tests/content/examples.spec.ts).
 */
export interface PollingPolicy {
  /** The wait between two rounds (ms). */
  readonly intervalMs: number;
  /** Rounds in all; then the client stops and reports that the resource is not ready yet. */
  readonly maxRounds: number;
  /** What counts toward the cap and what ends polling at once, for the reader (D118, D125). */
  readonly stopsOn: string;
}

const pollIntervalMs = 5_000;
const cloneProcessingLimit = limit('cloneProcessingTime');
if (cloneProcessingLimit.unit !== '分钟') throw new Error('cloneProcessingTime: expected minutes');

export const pollingPolicy: PollingPolicy = {
  intervalMs: pollIntervalMs,
  // The clone processing-time limit (src/data/limits.ts) plus one round: a clone still processing
  // at the limit turns `failed` (D67), and the last round sees it.
  maxRounds: (cloneProcessingLimit.value * 60_000) / pollIntervalMs + 1,
  stopsOn:
    '每一次查询都计入上限，收到可以重试的错误码或网络错误的那一次也算；用一次[列出音色](/api/voices/list)查几个音色时，这一次对每个还在等待的音色都算一次。收到 404 `voice_not_found`（音色在轮询期间被删除）、其他不能重试的错误（如 400、401、403）或不认识的 `status` 值时，立即停止轮询并报告，不要当作暂时性错误继续查；列表（`type=custom`）里没有了的音色已被删除，同样停止并报告。',
};

/** The anchor of the polling row on /api/errors. */
export const pollingAnchor = 'polling';
