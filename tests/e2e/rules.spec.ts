/**
 * The rules a client implements are rendered from the data that states them, once: the close
 * codes and when to reconnect (AsyncAPI `x-close-codes`) on /api/websocket, the per-code action
 * and the retry policy (src/data/errors.ts, src/data/retryPolicy.ts) on /api/errors, and what
 * each outcome is billed (src/data/billing.ts) on /price. A reader sees exactly the data's rows.
 */
import { test, expect } from '../support/fixtures';
import { asyncApiDocument } from '../support/specs';
import { billedAmountLabel, billingOutcomes } from '../../src/data/billing';
import { apiErrors, errorActionLabel } from '../../src/data/errors';
import { backoffCeilingMs, retryPolicy } from '../../src/data/retryPolicy';
import { reconnectKinds, reconnectLabel, type Reconnect } from '../../src/data/websocketProtocol';

/** Data prose as a reader sees it: backticked spans become code (no backticks), spaces fold. */
const shown = (text: string): string =>
  text
    .replace(/`([^`]+)`/g, '$1')
    .replace(/([\u3000-\u303f\u4e00-\u9fff\uff00-\uffef])\n/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();

interface CloseCodeData {
  code: number;
  reason: string;
  description: string;
  reconnect: Reconnect;
  action: string;
}
const closeCodes = (): CloseCodeData[] =>
  (asyncApiDocument().channels as Record<string, Record<string, unknown>>).speech[
    'x-close-codes'
  ] as CloseCodeData[];

test.describe('/api/websocket', () => {
  test('the close-code table shows every code with its reconnect rule and action', async ({
    page,
  }) => {
    await page.goto('/api/websocket');
    const table = page.locator('table[data-table="close-codes"]');
    await expect(table.locator('thead th')).toHaveText([
      '关闭码',
      '原因',
      '含义',
      '重连',
      '怎么做',
    ]);
    const codes = closeCodes();
    await expect(table.locator('tbody tr')).toHaveCount(codes.length);
    for (const c of codes) {
      const cells = table.locator(`tr[data-close-code="${c.code}"] td`);
      await expect(cells).toHaveText([
        String(c.code),
        c.reason,
        shown(c.description),
        reconnectLabel[c.reconnect],
        shown(c.action),
      ]);
    }
  });

  test('when to reconnect lists each kind with exactly its close codes', async ({ page }) => {
    await page.goto('/api/websocket');
    const rules = page.locator('ul[data-list="reconnect-rules"] > li');
    await expect(rules).toHaveCount(reconnectKinds.length);
    for (const kind of reconnectKinds) {
      const item = page.locator(`ul[data-list="reconnect-rules"] > li[data-reconnect="${kind}"]`);
      await expect(item.locator('strong')).toHaveText(reconnectLabel[kind]);
      const listed = await item
        .locator('[data-close-code]')
        .evaluateAll((spans) => spans.map((s) => Number(s.getAttribute('data-close-code'))));
      expect(listed).toEqual(
        closeCodes()
          .filter((c) => c.reconnect === kind)
          .map((c) => c.code),
      );
    }
  });

  test('the idle timeout is told under keepalive, as the document says', async ({ page }) => {
    await page.goto('/api/websocket#idle-timeout');
    const idle = (
      (asyncApiDocument().channels as Record<string, Record<string, unknown>>).speech[
        'x-keepalive'
      ] as { idle: string }
    ).idle;
    await expect(page.locator('[data-rule="idle-timeout"]')).toHaveText(shown(idle));
  });
});

test.describe('/api/errors', () => {
  test('the catalogue shows each code’s client action', async ({ page }) => {
    await page.goto('/api/errors');
    const table = page.locator('table[data-table="errors"]');
    await expect(table.locator('tbody tr')).toHaveCount(apiErrors.length);
    for (const e of apiErrors) {
      const row = table.locator(`tr#error-${e.code}`);
      await expect(row.locator('td').nth(1)).toHaveText(e.code);
      await expect(row.locator(`td[data-kind]`)).toHaveText(errorActionLabel[e.kind]);
      await expect(row.locator('td').nth(4)).toHaveText(shown(e.action));
    }
  });

  test('the retry policy shows the module’s numbers', async ({ page }) => {
    await page.goto('/api/errors#retries');
    const table = page.locator('table[data-table="retry-policy"]');
    const p = retryPolicy;
    await expect(table.locator('tr[data-param="maxAttempts"] td')).toContainText(
      `${p.maxAttempts} 次`,
    );
    await expect(table.locator('tr[data-param="baseDelayMs"] td')).toContainText(
      `${p.baseDelayMs / 1000} 秒`,
    );
    await expect(table.locator('tr[data-param="maxDelayMs"] td')).toHaveText(
      `${p.maxDelayMs / 1000} 秒`,
    );
    await expect(table.locator('tr[data-param="resetAfterMs"] td')).toContainText(
      `${p.resetAfterMs / 1000} 秒`,
    );
    const ceilings = Array.from({ length: p.maxAttempts - 1 }, (_, i) =>
      String(backoffCeilingMs(i + 1) / 1000),
    );
    await expect(table.locator('tr[data-param="jitter"] td')).toContainText(
      ceilings.map((c) => `${c} 秒`).join('、'),
    );
  });
});

test('/price shows the billing table’s rows, each with its anchor', async ({ page }) => {
  await page.goto('/price#when-charged');
  const table = page.locator('table[data-table="billing"]');
  await expect(table.locator('tbody tr')).toHaveCount(billingOutcomes.length);
  for (const o of billingOutcomes) {
    await expect(table.locator(`tr#billing-${o.id} td`)).toHaveText([
      o.api,
      shown(o.outcome),
      billedAmountLabel[o.billed],
      shown(o.detail),
      shown(o.reported),
    ]);
  }
});
