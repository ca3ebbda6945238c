/**
 * The request editor answers as the API would (issue 42, D202): for each HTTP operation, requests
 * derived from its contract (tests/support/requestCases.ts) are entered into the editor and sent
 * to the HTTP mock. For an invalid one the editor shows exactly the mock's error object (status,
 * `code`, `param`, `message`) beside the code, and marks the field it names; for a valid one it
 * shows nothing and the mock accepts it. One page visit per operation.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';

import { bundledSpecPath } from '../../src/data/apiSpecs';
import { test, expect } from '../support/fixtures';
import { bodyEditor, editorForm, openEditor, typeBody } from '../support/requestEditor';
import { operationPages } from '../support/operations';
import { requestCases, type OperationCases, type RequestCase } from '../support/requestCases';
import { referenceWav } from '../samples/harness';
import { accepted, root, startHttpMock, type HttpMock, type Recorder } from '../samples/http-mock';

type Json = Record<string, unknown>;

const operations = requestCases();
const pages = operationPages();

/**
 * The invalid requests entered into an editor: six spread over the operation's list (which runs
 * field by field, constraint by constraint), not all 103. Typing each into the browser was most of
 * the suite's time for this spec (118 s for all), and the editor runs the mock's own check
 * (src/protocol/requestCheck.ts): what the browser shows is the wiring, six per page show it.
 */
const entered = 6;
const spread = <T>(cases: readonly T[]): T[] =>
  cases.length <= entered
    ? [...cases]
    : Array.from(
        { length: entered },
        (_, i) => cases[Math.round((i * (cases.length - 1)) / (entered - 1))],
      );

test('every operation has at least five invalid requests from its contract, and a valid one', () => {
  expect(operations.map((o) => o.operationId).sort()).toEqual(
    pages.map((p) => p.operationId).sort(),
  );
  for (const op of operations) {
    expect(op.invalid.length, op.operationId).toBeGreaterThanOrEqual(5);
    expect(op.valid.length, op.operationId).toBeGreaterThanOrEqual(1);
  }
});

/** What the mock answered: the status and the error object without its request ID. */
async function sendToMock(
  recorder: Recorder,
  op: OperationCases,
  c: RequestCase,
  key: string,
): Promise<{ status: number; error?: Json; accepted: boolean }> {
  const address = op.template.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(c.path[name] ?? ''),
  );
  const url = new URL(address, recorder.origin);
  for (const [name, value] of Object.entries(c.query)) {
    if (value !== undefined) url.searchParams.set(name, value);
  }
  const headers: Record<string, string> = { Authorization: `Bearer ${key}` };
  for (const [name, value] of Object.entries(c.headers))
    if (value !== undefined) headers[name] = value;
  let body: BodyInit | undefined;
  if (c.body?.kind === 'json') {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(c.body.value);
  } else if (c.body?.kind === 'form') {
    const form = new FormData();
    for (const [name, value] of Object.entries(c.body.fields)) form.append(name, value);
    form.append(
      'audio',
      new Blob([new Uint8Array(referenceWav())], { type: 'audio/wav' }),
      'reference.wav',
    );
    body = form;
  }
  const response = await fetch(url, { method: op.method, headers, body });
  const text = await response.text();
  const recorded = recorder.requests.at(-1)!;
  if (response.status < 400) return { status: response.status, accepted: accepted(recorded) };
  const { error } = JSON.parse(text) as { error: Json };
  delete error.request_id;
  return { status: response.status, error, accepted: false };
}

/** The editor's control labelled `name` (a parameter or a form field). */
const control = (page: Page, name: string): Locator =>
  editorForm(page).getByLabel(name, { exact: true });

async function setControl(page: Page, name: string, value: string | undefined): Promise<void> {
  const field = control(page, name);
  if ((await field.evaluate((e) => e.tagName)) === 'SELECT') {
    await field.selectOption(value ?? '---');
  } else {
    await field.fill(value ?? '');
  }
}

/** Enters `c` into the open editor, changing only what differs from what it shows (`shown`). */
async function enter(
  page: Page,
  op: OperationCases,
  c: RequestCase,
  shown: Map<string, string | undefined>,
): Promise<void> {
  const values: [string, string | undefined][] = [
    ...Object.entries(c.path),
    ...Object.entries(c.query),
    ...Object.entries(c.headers),
  ];
  if (c.body?.kind === 'form') {
    const properties = (op.operation.requestBody?.content?.['multipart/form-data']?.schema
      ?.properties ?? {}) as Record<string, Json>;
    for (const name of Object.keys(properties)) {
      if (properties[name].contentMediaType === undefined) values.push([name, c.body.fields[name]]);
    }
  }
  for (const [name, value] of values) {
    if (shown.has(name) && shown.get(name) === value) continue;
    await setControl(page, name, value);
    shown.set(name, value);
  }
  if (c.body?.kind === 'json') {
    const text = JSON.stringify(c.body.value);
    if (shown.get('(body)') !== text) {
      await typeBody(page, text);
      shown.set('(body)', text);
    }
  }
}

test.describe('the request editor answers as the mock does', () => {
  test.describe.configure({ timeout: 180_000 });
  let mock: HttpMock;
  let recorder: Recorder;
  test.beforeAll(async () => {
    test.setTimeout(90_000);
    mock = await startHttpMock({
      specsDir: path.join(root, path.dirname(bundledSpecPath('speech'))),
      workDir: mkdtempSync(path.join(tmpdir(), 'request-check-')),
    });
  });
  test.afterAll(async () => mock?.close());
  test.beforeEach(async ({ context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    recorder = await mock.record();
  });
  test.afterEach(async () => recorder.close());

  for (const op of operations) {
    const route = pages.find((p) => p.operationId === op.operationId)!.route;
    const invalid = spread(op.invalid);
    test(`${route}: ${invalid.length} of its ${op.invalid.length} invalid requests answered as the mock does, valid ones accepted (D202)`, async ({
      page,
    }) => {
      await openEditor(page, route);
      const more = page.getByRole('button', { name: '显示可选参数' });
      if (await more.isVisible()) await more.click();
      const notice = page.locator('.request-check__object');
      const shown = new Map<string, string | undefined>();
      let sent = 0;
      for (const c of op.valid) {
        await enter(page, op, c, shown);
        const answer = await sendToMock(recorder, op, c, `sk-check-${(sent += 1)}`);
        expect(answer, `${c.what}: the mock accepts it`).toMatchObject({ accepted: true });
        await expect(notice, `${c.what}: no error in the editor`).toHaveCount(0);
      }
      for (const c of invalid) {
        await enter(page, op, c, shown);
        const answer = await sendToMock(recorder, op, c, `sk-check-${(sent += 1)}`);
        expect(answer.status, `${c.what}: the mock refuses it`).toBeGreaterThanOrEqual(400);
        const error = answer.error!;
        const object = { code: error.code, message: error.message, param: error.param };
        await expect(notice, c.what).toHaveText(
          `HTTP ${answer.status}\n${JSON.stringify({ error: object }, null, 2)}`,
        );
        // The field it names is marked and described by the message.
        const param = error.param === null ? null : String(error.param).split(/[.[]/)[0];
        const isParameter = op.operation.parameters?.some((p) => p.name === param) ?? false;
        const marked =
          c.body?.kind === 'json' && !isParameter
            ? bodyEditor(page)
            : param === 'audio'
              ? editorForm(page).locator('input[type="file"]')
              : control(page, param!);
        await expect(marked, `${c.what}: the field is marked`).toHaveAttribute(
          'aria-invalid',
          'true',
        );
        await expect(marked, c.what).toHaveAccessibleDescription(
          new RegExp(String(error.message).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
        );
      }
    });
  }
});
