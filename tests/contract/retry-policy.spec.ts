/**
 * The retry policy's numbers fit together: computed from src/data/retryPolicy.ts, the backoff
 * doubles up to its cap within the attempts it has (a cap it never reaches would promise a wait
 * no client makes), and the backoff alone, every wait at its ceiling, leaves room in the real-time
 * budget for the attempts themselves.
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
