/**
 * The one retry and reconnect policy of the API's clients: HTTP retries of the retryable error
 * codes and websocket reconnects with backoff. `/api/errors#retries` renders it; the retry
 * examples of the best-practices guide use these numbers (tests/content/examples.spec.ts checks
 * their constants against this module).
 */
export interface RetryPolicy {
  /**
   * Attempts in all, the first one included; then the client gives up and reports the failure.
   * The same bound holds for websocket reconnects: this many connection attempts in a row, the
   * first included, then give up (the count restarts after `resetAfterMs` of a working connection).
   */
  readonly maxAttempts: number;
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
  /** A websocket connection that has worked this long (ms) resets the backoff to its first step. */
  readonly resetAfterMs: number;
  /**
   * Real-time use (a listener is waiting for the audio): every attempt and every wait, from the
   * first attempt on, fit in this many ms. A wait that would end past it, `Retry-After` included,
   * is not waited: the client gives up at once and falls back (e.g. shows the reply as text).
   * Batch work has no such budget: it waits `Retry-After` however long, within `maxAttempts`.
   * What one budget covers is `realtimeBudgetScope`.
   */
  readonly realtimeBudgetMs: number;
  /**
   * What one real-time budget covers, for the reader (rendered in the retry table): one turn, the
   * one reply a listener is waiting for, across every retry and reconnect made for it.
   */
  readonly realtimeBudgetScope: string;
}

export const retryPolicy: RetryPolicy = {
  maxAttempts: 5,
  baseDelayMs: 500,
  maxDelayMs: 4_000,
  jitter: 'full',
  retryAfterFirst: true,
  resetAfterMs: 60_000,
  realtimeBudgetMs: 10_000,
  realtimeBudgetScope:
    '这个时长按“轮”计算：一轮是用户正在等待的那一段回复，每轮重新计时。从这一轮的第一次尝试（HTTP 请求、它的第一条 `generate`，或为它建立连接的握手）算起，这一轮的重试、重连、在新上下文中重发和其间的等待都算在内；下一轮重新计时。它不按上下文计算（断开后重发用的是新的上下文，仍是同一轮），也不按连接计算。',
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
}

export const pollingPolicy: PollingPolicy = {
  intervalMs: 5_000,
  // 120 rounds of 5 s: the clone processing-time limit (10 minutes, src/data/limits.ts).
  maxRounds: 120,
};

/** The anchor of the polling row on /api/errors. */
export const pollingAnchor = 'polling';
