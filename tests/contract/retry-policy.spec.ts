/**
 * The retry policy's numbers fit together: computed from src/data/retryPolicy.ts, the backoff
 * doubles up to its cap within the attempts it has (a cap it never reaches would promise a wait
 * no client makes), and the backoff alone, every wait at its ceiling, leaves room in the real-time
 * budget for the attempts themselves. The websocket rules beside the numbers say what the decisions
 * say: the reconnect count restarts on a reconnected connection's first audio, not on a timer
 * (D20); the real-time budget runs per turn from its first failure to the first audio after it
 * (D83); two counters, each capped (D84); websocket `rate_limited` (D81), resend point (D82), 1000 (D85).
 */
import { test, expect } from '@playwright/test';
import { backoffCeilingMs, backoffSchedule, retryPolicy } from '../../src/data/retryPolicy';

test('the backoff reaches its cap at the last retry, not before and not never', () => {
  const p = retryPolicy;
  const schedule = backoffSchedule(p);
  expect(schedule).toHaveLength(p.maxAttempts - 1);
  // Each wait's ceiling doubles from the base: retry n waits at most base × 2^(n−1).
  expect(schedule[0]).toBe(p.baseDelayMs);
  for (let n = 2; n <= schedule.length; n += 1) {
    expect(schedule[n - 1]).toBe(Math.min(p.maxDelayMs, schedule[n - 2] * 2));
  }
  // The last retry's ceiling is the cap; the one before it is still below.
  expect(schedule.at(-1)).toBe(p.maxDelayMs);
  expect(schedule.at(-2)!).toBeLessThan(p.maxDelayMs);
  // One more attempt would wait no longer than the last: the cap is where doubling stops.
  expect(backoffCeilingMs(p.maxAttempts, p)).toBe(p.maxDelayMs);
});

test('the whole backoff fits inside the real-time budget', () => {
  const worstCase = backoffSchedule().reduce((sum, ms) => sum + ms, 0);
  expect(worstCase).toBeLessThan(retryPolicy.realtimeBudgetMs);
});

test('the reconnect count restarts on a connection’s first audio, not after a time (D20)', () => {
  const p = retryPolicy;
  expect(p.resetOn).toBe('first-audio');
  // The old timer (“stable for 60 s”) collided with the 60 s idle close: no time is left in it.
  expect(Object.keys(p)).not.toContain('resetAfterMs');
  expect(p.resetRule).toContain('`audio`');
  expect(p.resetRule).not.toMatch(/\d+\s*(?:秒|分钟)|稳定/);
});

test('one real-time budget runs from a turn’s first failure to its first audio after it (D83, D21, D114)', () => {
  const p = retryPolicy;
  expect(p.realtimeBudgetScope).toMatch(/^按轮计时/);
  // D114, as D159 narrows it: a server's 1000 or 4000 is no failure and no attempt, but with
  // text to resend it starts the turn's budget; with none, nothing is timed.
  expect(p.realtimeBudgetScope).toMatch(/`1000` 和 `4000` 不算失败、之后的重连也不算尝试/);
  expect(p.realtimeBudgetScope).toMatch(/还有\[要重发的文本\][^。]*也从这时计时/);
  // D83: it starts at the first failure, not at the first attempt; no failure, no clock.
  expect(p.realtimeBudgetScope).toContain('第一次失败时算起');
  expect(p.realtimeBudgetScope).toContain('没有失败的一轮不计时');
  expect(p.realtimeBudgetScope).not.toContain('第一次尝试');
  expect(p.realtimeBudgetScope).toContain('第一块音频');
  expect(p.realtimeBudgetScope).toContain('重新计时');
  // On a shared connection the reconnects are the connection's, the budget the turn's.
  expect(p.sharedConnection).toMatch(/重连次数按连接计，总时长按轮计/);
});

test('two counters, each capped by the attempt limit, each restarting on its own first audio (D53, D84)', () => {
  const p = retryPolicy;
  expect(p.attemptsRule).toContain('分开计两个数，上限都是这个次数');
  expect(p.attemptsRule).not.toContain('共用');
  // A reconnect after a close that is no failure counts in neither.
  expect(p.attemptsRule).toMatch(/`1000`[^。]*`4000`[^。]*都不加/);
  // A turn's attempts (each resend on a new context is one) and a connection's reconnects.
  expect(p.attemptsRule).toContain('一轮');
  expect(p.attemptsRule).toContain('重连');
  expect(p.resetRule).toMatch(/连接的重连次数[^。]*`audio`/);
  expect(p.resetRule).toMatch(/一轮的尝试次数[^。]*`audio`/);
});

test('websocket rate_limited waits for a context to end, not a backoff (D81)', () => {
  const rule = retryPolicy.websocketRateLimited;
  expect(rule).toContain('不按退避重试');
  expect(rule).toMatch(/`done`[^。]*结束上下文的 `error`/);
  expect(rule).toContain('计入这一轮的总时长');
  expect(rule).toContain('每次重新开始算一次尝试');
});

test('a resend starts after the last timestamped word, as sent (D82)', () => {
  expect(retryPolicy.resendPoint).toContain('最后一个词之后的全部文本');
  expect(retryPolicy.resendPoint).toContain('标点和空白都保留');
});

test('after a server 1000 the client waits a random 0 to baseDelayMs (D85)', () => {
  expect(retryPolicy.planned1000).toContain(`0 到 ${retryPolicy.baseDelayMs / 1000} 秒之间随机`);
});
