/**
 * The rules a client implements are rendered from the data that states them, once: the close
 * codes and when to reconnect (AsyncAPI `x-close-codes`) on /api/websocket, the per-code action
 * and the retry policy (src/data/errors.ts, src/data/retryPolicy.ts) on /api/errors, and what
 * each outcome is billed (src/data/billing.ts) on /price; support, the version history and the
 * deprecation policy on /api/introduction (src/data/support.ts, apiVersions.ts); data handling
 * and compliance on /faqs (src/data/policies.ts). A reader sees exactly the data's rows.
 */
import { test, expect } from '../support/fixtures';
import { asyncApiDocument } from '../support/specs';
import { billedAmountLabel, billingOutcomes, billingRules } from '../../src/data/billing';
import { apiErrors, errorActionLabel } from '../../src/data/errors';
import { paramThatStopsRetry } from '../../src/diagrams/errorKind';
import {
  backoffCeilingMs,
  pollingAnchor,
  pollingPolicy,
  retryPolicy,
} from '../../src/data/retryPolicy';
import { reconnectKinds, reconnectLabel, type Reconnect } from '../../src/data/websocketProtocol';
import { deployment } from '../../src/data/deployment';
import { supportAnchor, ticketItems } from '../../src/data/support';
import {
  apiChangeKindLabel,
  apiChanges,
  apiVersions,
  apiVersionStatusLabel,
  deprecationPolicy,
  versioningRules,
} from '../../src/data/apiVersions';
import {
  cloneConsentRule,
  contentLabels,
  dataUse,
  labelAppliedBy,
  requestLogLookup,
  storedData,
  voiceDeletion,
} from '../../src/data/policies';
import { rateLimitCounting, rateLimitWindow } from '../../src/data/limits';
import { debitRule } from '../../src/data/pricing';
import { readingRules } from '../../src/data/pronunciation';

/**
 * Data prose as a reader sees it: `[text](/path)` links show their text, backticked spans become
 * code (no backticks), spaces fold.
 */
const shown = (text: string): string =>
  text
    .replace(/\[([^\]]+)\]\([^)\s]+\)/g, '$1')
    .replace(/`([^`]+)`/g, '$1')
    .replace(/([\u3000-\u303f\u4e00-\u9fff\uff00-\uffef])\n/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();

interface CloseCodeData {
  code: number;
  reason: string;
  description: string;
  reconnect: Reconnect;
  minWaitSeconds?: number;
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
        reconnectLabel[c.reconnect] +
          (c.minWaitSeconds === undefined
            ? ''
            : `；第一次重连前至少等 ${c.minWaitSeconds} 秒，按 Retry-After: ${c.minWaitSeconds} 处理`),
        shown(c.action),
      ]);
    }
    // The minimum waits the document gives (1011, 1013) are all shown.
    expect(codes.filter((c) => c.minWaitSeconds !== undefined).map((c) => c.code)).toEqual([
      1011, 1013,
    ]);
  });

  test('pacing, backpressure and the absent limits are shown as the document states them', async ({
    page,
  }) => {
    await page.goto('/api/websocket#flow-control');
    const channel = (asyncApiDocument().channels as Record<string, Record<string, unknown>>).speech;
    const flow = channel['x-flow-control'] as Record<string, string>;
    const items = page.locator('ul[data-list="flow-control"] > li');
    await expect(items).toHaveCount(3);
    for (const key of ['pacing', 'backpressure', 'limits']) {
      await expect(page.locator(`li[data-rule="${key}"]`)).toContainText(shown(flow[key]));
    }
    // The handshake table names the connection's ID header, as the document describes it.
    const [header] = channel['x-handshake-response-headers'] as {
      name: string;
      description: string;
    }[];
    await expect(page.locator(`tr[data-response-header="${header.name}"] td`)).toHaveText(
      shown(header.description),
    );
  });

  test('the handshake refusals table shows the document’s statuses, codes and actions', async ({
    page,
  }) => {
    await page.goto('/api/websocket#handshake-refusals');
    const refusals = (asyncApiDocument().channels as Record<string, Record<string, unknown>>)
      .speech['x-handshake-refusals'] as {
      status: number;
      code: string;
      description: string;
      reconnect: Reconnect;
      action: string;
    }[];
    const table = page.locator('table[data-table="handshake-refusals"]');
    await expect(table.locator('tbody tr')).toHaveCount(refusals.length);
    for (const r of refusals) {
      const row = table.locator(`tr[data-status="${r.status}"]`);
      await expect(row.locator('td')).toHaveText([
        String(r.status),
        r.code,
        shown(r.description),
        reconnectLabel[r.reconnect],
        shown(r.action),
      ]);
      await expect(row.locator('td').nth(1).locator('a')).toHaveAttribute(
        'href',
        `/api/errors#error-${r.code}`,
      );
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
    const { idle, hold, holdFlushSeconds } = (
      asyncApiDocument().channels as Record<string, Record<string, unknown>>
    ).speech['x-keepalive'] as { idle: string; hold: string; holdFlushSeconds: number };
    await expect(page.locator('[data-rule="idle-timeout"]')).toHaveText(shown(idle));
    // How a context waiting for text holds the connection: the interval is the document's number.
    const holdRule = page.locator('[data-rule="idle-hold"]');
    await expect(holdRule).toHaveText(
      shown(hold.replace('{holdFlushInterval}', `${holdFlushSeconds} 秒`)),
    );
    await expect(holdRule).toContainText(`每隔 ${holdFlushSeconds} 秒`);
  });
});

test.describe('/api/errors', () => {
  test('the catalogue shows each code’s client action (D23, D63, D81, D92)', async ({ page }) => {
    await page.goto('/api/errors');
    const table = page.locator('table[data-table="errors"]');
    await expect(table.locator('tbody tr')).toHaveCount(apiErrors.length);
    for (const e of apiErrors) {
      const row = table.locator(`tr#error-${e.code}`);
      await expect(row.locator('td').nth(1).locator('code')).toHaveText(e.code);
      await expect(row.locator('td').nth(1)).toContainText(e.name);
      // D63: the one code whose retry depends on `param` says so in its own row.
      const stop = paramThatStopsRetry(e);
      // D81: the websocket rate_limited is waited for, not retried with backoff, in the row too.
      const websocket =
        e.code === 'rate_limited' && e.onWebsocket
          ? `（HTTP）；WebSocket 上${shown(retryPolicy.websocketRateLimitedLabel)}`
          : '';
      await expect(row.locator(`td[data-kind]`)).toHaveText(
        (stop
          ? `${errorActionLabel[e.kind]}（param 为 null 时）；${errorActionLabel['fix-request']}（param 为 ${stop} 时）`
          : errorActionLabel[e.kind]) + websocket,
      );
      await expect(row.locator('td').nth(4)).toHaveText(shown(e.action));
    }
  });

  test('the websocket section lists exactly the codes an error message can carry', async ({
    page,
  }) => {
    await page.goto('/api/errors#websocket-errors');
    const items = page.locator('ul[data-list="websocket-error-codes"] > li');
    const codes = apiErrors.filter((e) => e.onWebsocket);
    expect(codes.length).toBeGreaterThan(0);
    expect(codes.length).toBeLessThan(apiErrors.length);
    await expect(items).toHaveText(
      codes.map(
        (e) =>
          `${e.code}：${e.code === 'rate_limited' ? shown(retryPolicy.websocketRateLimitedLabel) : errorActionLabel[e.kind]}`,
      ),
    );
    // Each code links to its row of the catalogue.
    const targets = await items
      .locator('a[href*="#error-"]')
      .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).hash));
    expect(targets).toEqual(codes.map((e) => `#error-${e.code}`));
  });

  test('the retry policy shows the module’s numbers (D26)', async ({ page }) => {
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
    const reset = table.locator('tr[data-param="resetOn"]');
    await expect(reset).toHaveAttribute('data-reset-on', 'first-audio');
    await expect(reset.locator('td')).toContainText(shown(p.resetRule));
    await expect(table.locator('tr[data-param="realtimeBudgetMs"] td')).toContainText(
      `${p.realtimeBudgetMs / 1000} 秒：`,
    );
    const ceilings = Array.from({ length: p.maxAttempts - 1 }, (_, i) =>
      String(backoffCeilingMs(i + 1) / 1000),
    );
    await expect(table.locator('tr[data-param="jitter"] td')).toContainText(
      ceilings.map((c) => `${c} 秒`).join('、'),
    );
  });

  test('polling is not a retry: its own row, interval and cap, linked from the clone guide', async ({
    page,
  }) => {
    await page.goto(`/api/errors#${pollingAnchor}`);
    const row = page.locator(`table[data-table="retry-policy"] tr#${pollingAnchor}`);
    await expect(row).toHaveAttribute('data-param', 'polling');
    await expect(row.locator('td')).toContainText('不是重试');
    await expect(row.locator('td')).toContainText(`每 ${pollingPolicy.intervalMs / 1000} 秒查一次`);
    await expect(row.locator('td')).toContainText(`最多查 ${pollingPolicy.maxRounds} 次`);
    await expect(row.locator('td')).toContainText('至少等待');
    await page.goto('/guides/clone#polling');
    await expect(page.locator(`main a[href="/api/errors#${pollingAnchor}"]`).first()).toBeVisible();
  });

  test('the real-time budget row says what one budget covers', async ({ page }) => {
    await page.goto('/api/errors#retries');
    await expect(
      page.locator(
        'table[data-table="retry-policy"] tr[data-param="realtimeBudgetScope"] [data-rule="realtime-budget-scope"]',
      ),
    ).toHaveText(shown(retryPolicy.realtimeBudgetScope));
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

test('/price shows every billing rule once, each with its anchor (D23, D86, D99)', async ({
  page,
}) => {
  await page.goto('/price#when-charged');
  const items = page.locator('ul[data-list="billing-rules"] > li');
  await expect(items).toHaveCount(billingRules.length);
  for (const r of billingRules) {
    const item = page.locator(`li#billing-rule-${r.id}`);
    await expect(item).toHaveAttribute('data-billing-rule', r.id);
    await expect(item).toHaveText(`${r.topic}：${shown(r.rule)}${shown(r.detail ?? '')}`);
  }
  // The rows that cannot report a count send the reader to the usage records rule.
  for (const id of ['http-client-disconnect', 'ws-dropped']) {
    await expect(
      page.locator(`tr#billing-${id} a[href$="#billing-rule-usage-records"]`),
    ).toHaveCount(1);
  }
});

test.describe('/api/introduction', () => {
  test('the support section shows the deployment’s address and status page, and the ticket’s items', async ({
    page,
  }) => {
    await page.goto(supportAnchor);
    const email = page.locator('ul[data-list="support-channels"] a[data-support-email]');
    await expect(email).toHaveText(deployment.supportEmail);
    await expect(email).toHaveAttribute('href', `mailto:${deployment.supportEmail}`);
    const status = page.locator('ul[data-list="support-channels"] a[data-status-page]');
    await expect(status).toHaveText(deployment.statusPageUrl);
    await expect(status).toHaveAttribute('href', deployment.statusPageUrl);
    const items = page.locator('ol[data-list="ticket-items"] > li');
    await expect(items).toHaveCount(ticketItems.length);
    for (const [i, t] of ticketItems.entries()) {
      await expect(items.nth(i)).toHaveAttribute('data-ticket-item', t.id);
      await expect(items.nth(i)).toHaveText(`${t.label}：${shown(t.detail)}`);
    }
  });

  test('the version table and the change history are the data’s, newest change first', async ({
    page,
  }) => {
    await page.goto('/api/introduction#versions');
    const versions = page.locator('table[data-table="api-versions"] tbody tr');
    await expect(versions).toHaveCount(apiVersions.length);
    for (const [i, v] of apiVersions.entries()) {
      await expect(versions.nth(i).locator('td')).toHaveText([
        v.prefix,
        apiVersionStatusLabel[v.status],
        v.released,
        v.sunset ?? '未定',
      ]);
    }
    const changes = page.locator('table[data-table="api-changes"] tbody tr');
    const newestFirst = [...apiChanges].reverse();
    await expect(changes).toHaveCount(newestFirst.length);
    for (const [i, c] of newestFirst.entries()) {
      const row = changes.nth(i);
      await expect(row).toHaveAttribute('id', `version-${c.date}`);
      await expect(row.locator('td').first()).toHaveText(c.date);
      await expect(row.locator('td').nth(1).locator(':scope > strong')).toHaveText(shown(c.title));
      await expect(row.locator('td').nth(1).locator(':scope > ul > li')).toHaveText(
        c.items.map(shown),
      );
      await expect(row.locator('[data-kind]')).toHaveText(apiChangeKindLabel[c.kind]);
      const migration = row.locator('[data-migration]');
      if (c.kind === 'legal') {
        await expect(migration).toHaveText(
          `迁移说明（${c.announced} 公告）：${shown(c.migration)}`,
        );
      } else {
        await expect(migration).toHaveCount(0);
      }
    }
    await page.goto('/api/introduction#versioning');
    await expect(page.locator('ul[data-list="versioning-rules"] > li')).toHaveText(
      versioningRules.map((r) => `${shown(r.label)}：${shown(r.rule)}`),
    );
  });

  test('the deprecation policy shows the data’s notice and overlap', async ({ page }) => {
    await page.goto('/api/introduction#deprecation');
    const policy = page.locator('ul[data-list="deprecation-policy"]');
    await expect(policy.locator('[data-value="noticeDays"]')).toHaveText(
      String(deprecationPolicy.noticeDays),
    );
    await expect(policy.locator('[data-value="overlapMonths"]')).toHaveText(
      String(deprecationPolicy.overlapMonths),
    );
  });
});

test.describe('/faqs#data-and-compliance', () => {
  test('what is stored, what deleting a voice removes and who labels AI audio are the data’s (D19, D43)', async ({
    page,
  }) => {
    await page.goto('/faqs#data-and-compliance');
    const stored = page.locator('table[data-table="stored-data"] tbody tr');
    await expect(stored).toHaveCount(storedData.length);
    for (const [i, d] of storedData.entries()) {
      await expect(stored.nth(i).locator('td')).toHaveText([
        shown(d.data),
        shown(d.kept),
        shown(d.purpose),
      ]);
    }
    await expect(page.locator('[data-rule="request-log-lookup"]')).toHaveText(
      shown(requestLogLookup),
    );
    await expect(page.locator('ul[data-list="voice-deletion"] > li')).toHaveText(
      voiceDeletion.map(shown),
    );
    await expect(page.locator('ul[data-list="data-use"] > li')).toHaveText(
      dataUse.map((d) => `${d.label}：${shown(d.rule)}`),
    );
    await expect(page.locator('[data-rule="clone-consent"]')).toHaveText(shown(cloneConsentRule));
    const filings = page.locator('ul[data-list="compliance-documents"] [data-filing]');
    await expect(filings).toHaveText(deployment.aiFilings.map((f) => `${f.label}：${f.number}`));
    const labels = page.locator('table[data-table="content-labels"] tbody tr');
    await expect(labels).toHaveCount(contentLabels.length);
    for (const [i, l] of contentLabels.entries()) {
      await expect(labels.nth(i).locator('td')).toHaveText([
        l.label,
        l.what,
        labelAppliedBy[l.by],
        l.detail.map(shown).join(''),
      ]);
    }
  });
});

test('single-source rules render their data: rate-limit counting and window, debits, readings', async ({
  page,
}) => {
  await page.goto('/api/limits-and-timeouts#rate-limits');
  await expect(page.locator('[data-rule="rate-limit-counting"]')).toHaveText(
    shown(rateLimitCounting),
  );
  await expect(page.locator('[data-rule="rate-limit-window"]')).toHaveText(shown(rateLimitWindow));
  await page.goto('/price#debits');
  await expect(page.locator('[data-rule="debits"]')).toHaveText(shown(debitRule.text));
  await page.goto('/guides/best-practices#readings');
  const readings = page.locator('ul[data-list="reading-rules"] > li');
  await expect(readings).toHaveText(readingRules.map((r) => `${r.topic}：${shown(r.rule)}`));
});
