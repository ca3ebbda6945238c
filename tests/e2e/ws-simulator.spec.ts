/**
 * The websocket session simulator and the log checker (src/components/SessionTools/), on the
 * built site: each scenario's timeline in the browser is what the real test mock sends for the
 * same client messages over a real socket, lane by lane; the log checker flags the lines a test-made
 * log breaks, with the right rule, each finding linking to its line; both word a refused field
 * in the API's Chinese, stay usable with large input, pass axe with their results shown in both
 * colour modes, and fit a 360 px screen. Tests share page visits: one page runs several
 * scenarios or logs, as a reader would.
 */
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import WebSocket from 'ws';
import { test, expect } from '../support/fixtures';
import { axeInBothModes } from '../support/axe';
import { hydrated } from '../support/hydration';
import { startWebsocketMock } from '../mock/websocket-mock';
import { scenarios, simulatorStepMs, type Step } from '../../src/protocol/scenarios';
import { logRules } from '../../src/protocol/logRules';
import { defaultModel } from '../../src/data/models';
import { formatYuan, speechCostFen } from '../../src/data/pricing';
import { excerptLineChars } from '../../src/protocol/logCheck';
import { schemaError, validatorOf } from '../../src/protocol/schemas';
import { latinOnlySentences } from '../support/toolText';

type Json = Record<string, unknown>;

/**
 * The mock runs slower than the simulator's clock, so that real timers keep the same order on a
 * busy machine (a barge-in's cancel must arrive before the next audio chunk is due).
 */
const scale = 5;
const mockStepMs = simulatorStepMs * scale;
const mockIdleMs = 5000;

interface MockRun {
  /** Server messages, in arrival order. */
  received: Json[];
  /** The session as a client would log it (the log checker's format). */
  log: string[];
  close: number | null;
}

/** Plays a scenario's steps against the real mock over a websocket, on scaled real time. */
async function runAgainstMock(steps: readonly Step[]): Promise<MockRun> {
  const mock = await startWebsocketMock({ stepMs: mockStepMs, idleTimeoutMs: mockIdleMs });
  const ws = new WebSocket(`${mock.url}/v1/speech/websocket`, {
    headers: { Authorization: 'Bearer sk-test' },
  });
  const run: MockRun = { received: [], log: [], close: null };
  let lastMessageAt = Date.now();
  let onMessage: ((m: Json) => void) | null = null;
  const closed = new Promise<void>((resolve) =>
    ws.on('close', (code) => {
      run.close = code;
      run.log.push(JSON.stringify({ dir: 'close', code }));
      resolve();
    }),
  );
  /** Contexts the client ended (last generate or cancel), and those the server ended. */
  const ending = new Set<string>();
  const ended = new Set<string>();
  ws.on('message', (data) => {
    const message = JSON.parse(data.toString()) as Json;
    if (message.type === 'done' || message.type === 'error') ended.add(String(message.context_id));
    lastMessageAt = Date.now();
    run.received.push(message);
    run.log.push(JSON.stringify({ dir: 'received', message }));
    onMessage?.(message);
  });
  await new Promise((resolve) => ws.once('open', resolve));
  const start = Date.now();
  let t = 0;
  const sleepUntil = (at: number) =>
    new Promise((resolve) => setTimeout(resolve, Math.max(0, start + at - Date.now())));
  try {
    for (const step of steps) {
      if (run.close !== null) break;
      const wait = step.wait;
      if ('ms' in wait) {
        t += wait.ms * scale;
        await sleepUntil(t);
      } else if ('until' in wait) {
        const { until } = wait;
        const seen = (m: Json) =>
          m.type === until.type &&
          m.context_id === until.context_id &&
          (until.sequence === undefined || m.sequence === until.sequence);
        if (!run.received.some(seen)) {
          await new Promise<void>((resolve) => {
            onMessage = (m) => {
              if (seen(m)) resolve();
            };
          });
          onMessage = null;
        }
        t = Date.now() - start;
      } else {
        // Quiet: every context the client ended has its done (or error), and nothing arrives
        // for a few steps (for the contexts still open).
        const settled = () => [...ending].every((id) => ended.has(id));
        while (!settled() || Date.now() - lastMessageAt < 2.5 * mockStepMs)
          await sleepUntil(Date.now() - start + 20);
        t = Date.now() - start;
      }
      if ('close' in step) {
        ws.close(1000);
        break;
      }
      if ('binary' in step) ws.send(Buffer.from([1, 2, 3]), { binary: true });
      else {
        ws.send(step.send);
        try {
          const message = JSON.parse(step.send) as Json;
          run.log.push(JSON.stringify({ dir: 'sent', message }));
          if (
            message.type === 'cancel' ||
            (message.type === 'generate' && message.continue !== true)
          ) {
            ended.delete(String(message.context_id));
            ending.add(String(message.context_id));
          }
        } catch {
          // A frame that is not JSON is not a message: a client logs what it sent as a message.
        }
      }
    }
    await Promise.race([closed, new Promise((r) => setTimeout(r, mockIdleMs * 3))]);
  } finally {
    ws.terminate();
    await mock.close();
  }
  return run;
}

const withoutRequestId = (m: Json): Json =>
  m.type === 'error' ? { ...m, error: { ...(m.error as Json), request_id: '' } } : m;

function byLane(messages: Json[]): Record<string, Json[]> {
  const lanes: Record<string, Json[]> = {};
  for (const m of messages) {
    const lane = typeof m.context_id === 'string' ? m.context_id : '';
    (lanes[lane] ??= []).push(withoutRequestId(m));
  }
  return lanes;
}

async function openSimulator(page: Page, route: string): Promise<void> {
  await page.goto(route);
  await hydrated(page);
  await page.getByRole('button', { name: '打开连接模拟器' }).click();
  await expect(page.getByLabel('场景')).toBeVisible();
}

/** Runs `click` and waits until the tool `name` has finished the run it started. */
async function finished(page: Page, name: string, click: () => Promise<void>): Promise<void> {
  const tool = page.locator(`[data-tool="${name}"] [role=status]`);
  const before = Number((await tool.getAttribute('data-runs')) ?? 0);
  await click();
  await expect(tool).toHaveAttribute('data-runs', String(before + 1));
}

async function runScenario(page: Page, title: string): Promise<void> {
  await page.getByLabel('场景').selectOption({ label: title });
  await finished(page, 'simulator', () => page.getByRole('button', { name: '运行场景' }).click());
  await expect(page.getByRole('status').filter({ hasText: '模拟完成' })).toBeVisible();
}

/** The timeline as the page shows it: server messages, and the close code. */
async function timelineOf(page: Page): Promise<{ received: Json[]; close: number | null }> {
  const items = page.getByTestId('session-timeline').locator('li[data-dir]');
  const entries = await items.evaluateAll((lis) =>
    lis.map((li) => ({
      dir: li.getAttribute('data-dir'),
      message: li.getAttribute('data-message'),
      code: li.getAttribute('data-code'),
    })),
  );
  return {
    received: entries
      .filter((e) => e.dir === 'received' && e.message)
      .map((e) => JSON.parse(e.message!) as Json),
    close: Number(entries.find((e) => e.dir === 'close')?.code ?? NaN) || null,
  };
}

/** The texts a reader reads in the session tools: the timeline, the findings, the announcements. */
const toolTexts = (page: Page) =>
  page
    .locator(
      '[data-tool] [role=status], [data-testid="session-timeline"] li[data-dir], tr[data-line] td',
    )
    .allTextContents();

/** What the timeline's status says when each scenario ends, as its story says. */
const endings: Record<string, RegExp> = {
  turn: /以关闭码 1000（normal）关闭/,
  'barge-in': /以关闭码 1000（normal）关闭/,
  interleaved: /2 个上下文.*1000/,
  // Timed from the context's `done`, the server's last message (D55), not from the generate.
  idle: /60\.\d+ 秒时以关闭码 4000（idle_timeout）关闭/,
  malformed: /以关闭码 1008（policy_violation）关闭/,
};

/**
 * Each scenario, in one page: the timeline shows what the mock sent for the same messages (the
 * mock's run first: a busy browser would slow its client down), and ends as the story says.
 */
async function scenariosMatchTheMock(page: Page, ids: readonly string[]): Promise<string[]> {
  await openSimulator(page, '/guides/contexts');
  const texts: string[] = [];
  for (const scenario of ids.map((id) => scenarios.find((s) => s.id === id)!)) {
    await test.step(`${scenario.title} (${scenario.id})`, async () => {
      const mock = await runAgainstMock(scenario.steps);
      await runScenario(page, scenario.title);
      const shown = await timelineOf(page);
      expect(mock.received.length).toBeGreaterThan(0);
      expect(byLane(shown.received)).toEqual(byLane(mock.received));
      expect(shown.close).toBe(mock.close);
      await expect(page.getByRole('status').filter({ hasText: '模拟完成' })).toHaveText(
        endings[scenario.id],
      );
      texts.push(...(await toolTexts(page)));
    });
  }
  return texts;
}

test.describe('the simulator shows what the mock sends', () => {
  test('a turn, a barge-in (billed and priced) and two interleaved contexts', async ({ page }) => {
    test.setTimeout(120_000);
    await scenariosMatchTheMock(page, ['turn', 'interleaved', 'barge-in']);
    // The barge-in bills what was synthesised before the cancel, and prices it.
    const row = page.locator('tr[data-lane="turn-1"]');
    // The cost is the billed characters at the model's price, written as every page writes money.
    const billed = Number((await row.locator('td').nth(4).innerText()).replace(/,/g, ''));
    expect(billed).toBeGreaterThan(0);
    await expect(row.locator('td').nth(5)).toHaveText(
      formatYuan(speechCostFen(billed, defaultModel.id)),
    );
    await expect(page.getByTestId('session-timeline')).toContainText('字节');
  });

  test('idle timeout and malformed messages; a composed session: a raw frame that is not JSON closes with 1008', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const texts = await scenariosMatchTheMock(page, ['idle', 'malformed']);
    // The refused generate of the malformed scenario is worded as the API words it.
    expect(texts.join('\n')).toContain('invalid_request（stream），不认识的字段 stream');
    expect(latinOnlySentences(texts)).toEqual([]);

    await page.getByText('自己编写消息').click();
    // The last scenario's steps are the script: a composed session starts from an empty one.
    await page.getByRole('button', { name: '清空' }).click();
    await page.getByLabel('context_id').fill('ctx-a');
    await page.getByRole('button', { name: '添加到脚本' }).click();
    await page.getByLabel(/^原始帧/).fill('{"type": "flush"');
    await page.getByRole('button', { name: '添加原始帧' }).click();
    await finished(page, 'simulator', () => page.getByRole('button', { name: '运行脚本' }).click());
    await expect(page.getByRole('status').filter({ hasText: '模拟完成' })).toContainText('1008');
    const shown = await timelineOf(page);
    expect(shown.received[0]).toMatchObject({ type: 'audio', context_id: 'ctx-a', sequence: 0 });
    // The close ended ctx-a without a done, yet audio was made: the usage records' count is shown,
    // and the total follows the billing table instead of saying 0.
    const row = page.locator('tr[data-lane="ctx-a"]');
    await expect(row.locator('td').nth(4)).toContainText('随连接关闭结束');
    const billed = Number((await row.locator('td').nth(4).innerText()).match(/^[\d,]+/)![0]);
    expect(billed).toBeGreaterThan(0);
    await expect(page.locator('[data-tool="simulator"]').getByText(/^合计计费/)).toContainText(
      `合计计费 ${billed} 字符`,
    );
    // Synthetic audio plays through Web Audio without a console error.
    await page.getByRole('button', { name: '试听 ctx-a 的模拟音频' }).click();
  });
});

async function openChecker(page: Page, route = '/api/websocket'): Promise<void> {
  if (route) {
    await page.goto(route);
    await hydrated(page);
  }
  await page.getByRole('button', { name: '打开日志检查器' }).click();
  await expect(page.getByLabel(/^连接日志/)).toBeVisible();
}

async function checkLog(page: Page, log: string): Promise<{ line: number; rule: string }[]> {
  await page.getByLabel(/^连接日志/).fill(log);
  await finished(page, 'log-checker', () => page.getByRole('button', { name: '检查日志' }).click());
  return page.locator('tr[data-line]').evaluateAll((rows) =>
    rows.map((r) => ({
      line: Number(r.getAttribute('data-line')),
      rule: r.getAttribute('data-rule')!,
    })),
  );
}

/**
 * A finding's line number links to that line of the log, shown below with its number: following
 * the link scrolls the line into view and focuses it.
 */
async function followLineLink(page: Page, line: number, text: string): Promise<void> {
  await page.locator(`tr[data-line="${line}"] td`).first().getByRole('link').click();
  const target = page.locator(`#log-line-${line}`);
  await expect(target).toBeFocused();
  await expect(target).toBeInViewport();
  const shown = text.length > excerptLineChars ? `${text.slice(0, excerptLineChars)}…` : text;
  await expect(target).toHaveText(`${line}${shown}`);
}

test.describe('the log checker', () => {
  test('a session the mock ran passes; broken copies are flagged on the right lines, which their numbers link to', async ({
    page,
  }) => {
    const good = (await runAgainstMock(scenarios[0].steps)).log;
    await openChecker(page);
    expect(await checkLog(page, good.join('\n'))).toEqual([]);
    await expect(page.getByRole('status').filter({ hasText: '没有发现问题' })).toBeVisible();
    await expect(page.locator('[data-log-line]')).toHaveCount(0);
    // The example log the page shows for the format passes too.
    const example = await page.locator('pre code').filter({ hasText: '"dir":"close"' }).innerText();
    expect(await checkLog(page, example)).toEqual([]);

    // A line that is not JSON.
    const malformed = [...good.slice(0, 2), '{"dir": "sent", "message": {', ...good.slice(2)];
    expect(await checkLog(page, malformed.join('\n'))).toEqual([{ line: 3, rule: 'log-line' }]);
    await followLineLink(page, 3, malformed[2]);
    // Two lines either side are shown; the rest is named as left out.
    await expect(page.locator('[data-log-line]')).toHaveCount(5);
    await expect(page.locator('[data-tool="log-checker"] ol')).toContainText(
      `省略第 6–${malformed.length} 行`,
    );

    // An unknown field in the first generate.
    const first = JSON.parse(good[0]) as { message: Json };
    const unknown = [
      JSON.stringify({ dir: 'sent', message: { ...first.message, stream: true } }),
      ...good.slice(1),
    ];
    const flagged = await checkLog(page, unknown.join('\n'));
    expect(flagged[0]).toEqual({ line: 1, rule: 'schema' });
    await expect(page.locator('tr[data-line="1"]')).toContainText('stream');

    // A field out of its range: the API's wording, not the validator's.
    const outOfRange = { ...first.message, speed: 3 };
    const validate = validatorOf('generate')!;
    expect(validate(outOfRange)).toBe(false);
    const refused = [JSON.stringify({ dir: 'sent', message: outOfRange }), ...good.slice(1)];
    // The refused generate opens no context: the lines of its context are flagged after it.
    expect((await checkLog(page, refused.join('\n')))[0]).toEqual({ line: 1, rule: 'schema' });
    await expect(page.locator('tr[data-line="1"] td').last()).toHaveText(
      `generate 不符合协议：${schemaError(validate.errors).message}`,
    );
    await expect(page.locator('tr[data-line="1"] td').last()).toContainText('字段 speed');
    const details = await page.locator('tr[data-line] td').allTextContents();
    expect(latinOnlySentences(details)).toEqual([]);
    // The scan catches a validator's English (it would fail on the old wording).
    expect(latinOnlySentences(['generate 不符合协议：data/speed must be <= 2'])).toHaveLength(1);

    // An audio chunk lost: the next one is out of sequence.
    const audioLines = good
      .map((line, i) => [line, i] as const)
      .filter(([line]) => line.includes('"type":"audio"'));
    const lost = audioLines[1][1];
    const gap = good.filter((_, i) => i !== lost);
    expect(await checkLog(page, gap.join('\n'))).toEqual([
      { line: audioLines[2][1], rule: 'sequence' },
    ]);
    await followLineLink(page, audioLines[2][1], gap[audioLines[2][1] - 1]);

    // Another generate after the final one (before the close).
    const closeAt = good.findIndex((l) => l.includes('"dir":"close"'));
    const late = [
      ...good.slice(0, closeAt),
      JSON.stringify({
        dir: 'sent',
        message: { type: 'generate', context_id: 'turn-1', text: '还有一句。' },
      }),
      ...good.slice(closeAt),
    ];
    // The context had ended with its done: a later generate (no voice_id) is for an ended context.
    expect(await checkLog(page, late.join('\n'))).toEqual([
      { line: closeAt + 1, rule: 'ended-context' },
    ]);
    // A generate after the final one, before the done.
    const doneAt = good.findIndex((l) => l.includes('"type":"done"'));
    const early = [
      ...good.slice(0, doneAt),
      JSON.stringify({
        dir: 'sent',
        message: { type: 'generate', context_id: 'turn-1', text: '还有一句。' },
      }),
      ...good.slice(doneAt),
    ];
    expect(await checkLog(page, early.join('\n'))).toEqual([
      { line: doneAt + 1, rule: 'generate-after-final' },
    ]);
    // The server's answer names context_id and ends nothing: the context's done still belongs.
    const answered = [
      ...early.slice(0, doneAt + 1),
      JSON.stringify({
        dir: 'received',
        message: {
          type: 'error',
          context_id: 'turn-1',
          error: {
            code: 'invalid_request',
            message: '上下文 turn-1 已收到最后一段文本',
            param: 'context_id',
            request_id: 'req_1',
          },
          // Ends nothing, so it bills nothing (D7, D28).
          billed_characters: null,
        },
      }),
      ...early.slice(doneAt + 1),
    ];
    expect(await checkLog(page, answered.join('\n'))).toEqual([
      { line: doneAt + 1, rule: 'generate-after-final' },
    ]);
    // Each rule links to the section that states it.
    const link = page
      .locator(`tr[data-line="${doneAt + 1}"] td`)
      .nth(1)
      .getByRole('link');
    await expect(link).toHaveAttribute(
      'href',
      logRules.find((r) => r.id === 'generate-after-final')!.href,
    );
  });

  test('a 50,000-line log is checked in the worker; a huge file gets a clear message', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const lines: string[] = [];
    for (let i = 0; lines.length < 50_000; i += 1) {
      const id = `c-${i}`;
      lines.push(
        JSON.stringify({
          dir: 'sent',
          message: { type: 'generate', context_id: id, text: '你好。', voice_id: 'x' },
        }),
        JSON.stringify({
          dir: 'received',
          message: { type: 'audio', context_id: id, sequence: 0, data: 'AAAA' },
        }),
        JSON.stringify({
          dir: 'received',
          message: { type: 'done', context_id: id, billed_characters: 3 },
        }),
      );
    }
    lines.length = 50_000;
    lines[40_000] = 'not json';
    // Files on disk, handed over by path: no megabytes through the browser's protocol.
    const dir = mkdtempSync(path.join(tmpdir(), 'log-checker-'));
    try {
      const session = path.join(dir, 'session.jsonl');
      writeFileSync(session, lines.join('\n'));
      const huge = path.join(dir, 'huge.jsonl');
      writeFileSync(huge, '');
      truncateSync(huge, 21 * 1024 * 1024); // sparse
      await openChecker(page);
      // Long tasks on the main thread while the log is read and checked (the check is the
      // worker's). Counted from the input's change event: handing the file over is Playwright's.
      await page.evaluate(() => {
        const w = window as unknown as { longest: number; from: number };
        w.longest = 0;
        w.from = Infinity;
        document
          .querySelector('input[type=file]')!
          .addEventListener('change', () => (w.from = performance.now()), { once: true });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) {
            if (entry.startTime >= w.from) w.longest = Math.max(w.longest, entry.duration);
          }
        }).observe({ type: 'longtask' });
      });
      await page.getByLabel('或选择日志文件').setInputFiles(session);
      await expect(page.getByRole('status').filter({ hasText: '检查了 50,000 行' })).toBeVisible({
        timeout: 90_000,
      });
      // The page stayed responsive: no long task near what checking 50,000 lines takes.
      const longest = await page.evaluate(() => (window as unknown as { longest: number }).longest);
      console.log(`longest main-thread task during the check: ${Math.round(longest)} ms`);
      expect(longest).toBeLessThan(1000);
      await expect(page.locator('tr[data-line="40001"]')).toHaveAttribute('data-rule', 'log-line');
      // The line is shown though the log was too large for the text box.
      await followLineLink(page, 40_001, 'not json');

      await page.getByLabel('或选择日志文件').setInputFiles(huge);
      await expect(page.locator('[data-tool="log-checker"] [role=status]')).toHaveText(/文件太大/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

test('with results shown: a refused field in the API’s words, axe on the tools in both modes, 360 px', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await openSimulator(page, '/api/websocket');
  await runScenario(page, '两个上下文交错');
  await page.getByText('自己编写消息').click();
  await page.getByRole('button', { name: '清空' }).click();
  // A field out of range, as a raw frame: the simulated server's error is the API's wording.
  const frame = { type: 'generate', context_id: 'x', text: '你好。', voice_id: 'x', speed: 3 };
  const validate = validatorOf('generate')!;
  expect(validate(frame)).toBe(false);
  const { message, param } = schemaError(validate.errors);
  await page.getByLabel(/^原始帧/).fill(JSON.stringify(frame));
  await page.getByRole('button', { name: '添加原始帧' }).click();
  await finished(page, 'simulator', () => page.getByRole('button', { name: '运行脚本' }).click());
  const refusal = page.locator('[data-testid="session-timeline"] li[data-dir="received"]').first();
  await expect(refusal).toContainText(`error：invalid_request（${param}），${message}`);

  await openChecker(page, '');
  await finished(page, 'log-checker', () =>
    page.getByRole('button', { name: '载入示例日志（打断场景）' }).click(),
  );
  await expect(page.getByRole('status').filter({ hasText: '没有发现问题' })).toBeVisible();
  await page
    .getByLabel(/^连接日志/)
    .fill(`{"dir":"sent","message":{"type":"flush","context_id":"nope"}}\nnot json`);
  await finished(page, 'log-checker', () => page.getByRole('button', { name: '检查日志' }).click());
  await expect(page.getByRole('status').filter({ hasText: '发现 2 个问题' })).toBeVisible();
  expect(latinOnlySentences(await toolTexts(page))).toEqual([]);

  // The page around the tools is the accessibility project's (tests/a11y/).
  expect(await axeInBothModes(page, '[data-tool]')).toEqual([]);

  await page.setViewportSize({ width: 360, height: 800 });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
