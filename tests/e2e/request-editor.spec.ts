/**
 * The live request editor of every reference page yields requests the API accepts: a reader opens
 * it, changes the form, copies the curl program the samples' templates write for the edited
 * request, and that program, run against the mock that enforces the OpenAPI contract
 * (tests/samples/http-mock.ts), is accepted. What the form shows is what the program sends,
 * multipart bodies carry the boundary curl chose, and for speech `Accept` is the media type of
 * the container the body asks for, and the audio is saved under that container's name. Before any
 * edit, the editor's code in every language is the page's own sample, `Accept` aside.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';

import { audioContainers, validOutputFormats } from '../../src/data/audioFormats';
import { apiKeyVariable, codeSampleLanguages } from '../../src/data/codeSamples';
import { bundledSpecPath } from '../../src/data/apiSpecs';
import { deployment } from '../../src/data/deployment';
import { test, expect } from '../support/fixtures';
import { bodyEditor, editorForm, openEditor, typeBody } from '../support/requestEditor';
import { operationPages, type OperationPage } from '../support/operations';
import { generatedOperation } from '../support/samples';
import { sampleOperation } from '../../src/codegen/sampleOperation';
import { renderTemplate } from '../../src/codegen/templates';
import { deref, openApiDocuments } from '../support/specs';
import { referenceWav } from '../samples/harness';
import { accepted, root, startHttpMock, type HttpMock, type Recorder } from '../samples/http-mock';

type Json = Record<string, unknown>;

/** A request as it reached the mock, with what the recorder does not keep. */
interface Sent {
  readonly method: string;
  readonly url: URL;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: Buffer;
}

/** Records each request's headers and body, then passes it on to the mock's recorder. */
async function captureProxy(
  target: string,
): Promise<{ origin: string; sent: Sent[]; server: Server }> {
  const sent: Sent[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      sent.push({
        method: req.method ?? 'GET',
        url: new URL(req.url ?? '/', target),
        headers: req.headers,
        body,
      });
      const upstream = httpRequest(
        new URL(req.url ?? '/', target),
        { method: req.method, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', (error) => res.writeHead(502).end(String(error)));
      upstream.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, sent, server };
}

const pages = operationPages();

/** The operation's id and its request body's media type, from the bundled specs. */
function specOf(op: OperationPage): { operationId: string; bodyType?: string } {
  for (const { doc } of openApiDocuments()) {
    const operation = (doc.paths as Record<string, Record<string, Json>>)[op.path]?.[
      op.method.toLowerCase()
    ];
    if (!operation) continue;
    const content = deref<Json | undefined>(doc, operation.requestBody)?.content as Json;
    return { operationId: String(operation.operationId), bodyType: Object.keys(content ?? {})[0] };
  }
  throw new Error(`${op.method} ${op.path} is in no spec`);
}
const byId = (operationId: string) => pages.find((p) => specOf(p).operationId === operationId)!;

const form = editorForm;

/**
 * The curl command of the editor's code panel, as its copy button puts it on the clipboard, once
 * the panel shows each of `shows` (the code is regenerated after each change).
 */
async function copiedCurl(page: Page, ...shows: string[]): Promise<string> {
  const panel = page.locator('.openapi-right-panel__container');
  await panel.locator('.openapi-tabs__code-item--curl').click();
  for (const text of shows) {
    await expect(panel.locator('.openapi-explorer__code-block').first()).toContainText(text);
  }
  await panel.locator('.openapi-explorer__code-block-copy-btn').click();
  return page.evaluate(() => navigator.clipboard.readText());
}

/** The value each labelled control of the request form shows ('' when empty or unset). */
async function shownValues(page: Page): Promise<Record<string, string>> {
  return form(page).evaluate((root) => {
    const out: Record<string, string> = {};
    for (const label of Array.from(root.querySelectorAll<HTMLLabelElement>('label[for]'))) {
      const control = root.querySelector<HTMLInputElement | HTMLSelectElement>(
        `#${CSS.escape(label.htmlFor)}`,
      );
      if (!control || control.type === 'password') continue;
      out[label.textContent!.trim()] = control.value === '---' ? '' : control.value;
    }
    return out;
  });
}

async function selectByLabel(page: Page, label: string, value: string): Promise<void> {
  await form(page).getByLabel(label, { exact: true }).selectOption(value);
}

test.describe('the request editor yields requests the API accepts', () => {
  test.describe.configure({ timeout: 120_000 });
  let mock: HttpMock;
  let recorder: Recorder;
  let proxy: Awaited<ReturnType<typeof captureProxy>>;
  let workDir: string;

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    workDir = mkdtempSync(path.join(tmpdir(), 'request-editor-'));
    mock = await startHttpMock({
      specsDir: path.join(root, path.dirname(bundledSpecPath('speech'))),
      workDir,
    });
  });
  test.afterAll(async () => mock?.close());
  test.beforeEach(async ({ context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    recorder = await mock.record();
    proxy = await captureProxy(recorder.origin);
  });
  test.afterEach(async () => {
    proxy.server.closeAllConnections();
    await new Promise((resolve) => proxy.server.close(resolve));
    await recorder.close();
  });

  /**
   * Runs the copied command against the mock (the API origin replaced, the uploaded file's path
   * pointed at the file the reader chose) and returns the one request it sent, accepted.
   */
  async function run(
    curl: string,
    operationId: string,
    files: Record<string, Buffer> = {},
    saves?: string,
  ): Promise<Sent> {
    recorder.requests.length = 0;
    proxy.sent.length = 0;
    const dir = mkdtempSync(path.join(workDir, 'run-'));
    let command = curl.replaceAll(deployment.httpApiOrigin, proxy.origin);
    for (const [name, content] of Object.entries(files)) {
      writeFileSync(path.join(dir, name), content);
      command = command.replace(new RegExp(`@"?[^"'\\s;]*${name}"?`, 'g'), `@"${name}"`);
    }
    // Asynchronously: the mock's proxies answer from this process.
    const result = await promisify(execFile)('bash', ['-c', command], {
      cwd: dir,
      timeout: 30_000,
      env: { ...process.env, VOXLOOM_API_KEY: 'sk-test-editor' },
    }).catch((error: Error) => error);
    expect(result instanceof Error ? result.message : 'exit 0', command).toBe('exit 0');
    expect(
      recorder.requests.map((r) => ({ operationId: r.operationId, violations: r.violations })),
      command,
    ).toEqual([{ operationId, violations: [] }]);
    expect(accepted(recorder.requests[0]), `status ${recorder.requests[0].status}`).toBe(true);
    expect(proxy.sent).toHaveLength(1);
    if (saves) expect(existsSync(path.join(dir, saves)), `${saves} saved`).toBe(true);
    return proxy.sent[0];
  }

  /** Each parameter the form shows is sent as shown; one the form leaves empty is not sent. */
  function expectParametersAsShown(op: OperationPage, shown: Record<string, string>, sent: Sent) {
    for (const name of op.parameters) {
      expect(Object.keys(shown), `the form shows ${name}`).toContain(name);
      const segment = op.path.split('/').indexOf(`{${name}}`);
      const value =
        segment >= 0
          ? decodeURIComponent(sent.url.pathname.split('/')[segment])
          : name === clientRequestId
            ? String(sent.headers[name.toLowerCase()] ?? '')
            : (sent.url.searchParams.get(name) ?? '');
      expect(value, `${name} as the form shows it`).toBe(shown[name]);
    }
  }

  /**
   * The optional header every operation takes (D168): one new value per request, so the form,
   * like the samples, leaves it empty.
   */
  const clientRequestId = 'X-Client-Request-Id';
  const special = ['createVoice', 'createSpeech'];
  for (const op of pages.filter((p) => !special.includes(specOf(p).operationId))) {
    test(`${op.route}: the form as changed is the request sent`, async ({ page }) => {
      await openEditor(page, op.route);
      if (op.parameters.some((name) => !op.path.includes(`{${name}}`))) {
        await page.getByRole('button', { name: '显示可选参数' }).click();
      }
      const prefilled = await shownValues(page);
      // A reader's changes: their key, another voice, another page size and type, a new name.
      await form(page).getByLabel('Bearer 令牌').fill('sk-test-editor');
      let shows = deployment.httpApiOrigin;
      if (op.parameters.includes('voice_id')) {
        shows = 'voice_custom_2b9x7q';
        await form(page).getByLabel('voice_id', { exact: true }).fill('voice_custom_2b9x7q');
      }
      if (op.parameters.includes('limit')) {
        await form(page).getByLabel('limit', { exact: true }).fill('5');
        await selectByLabel(page, 'type', 'custom');
        shows = 'limit=5';
      }
      let typed: unknown;
      if (specOf(op).bodyType) {
        typed = { ...JSON.parse((await bodyEditor(page).textContent()) ?? ''), name: '客服小周' };
        await typeBody(page, JSON.stringify(typed));
        shows = '客服小周';
      }
      const shown = await shownValues(page);
      const sent = await run(await copiedCurl(page, shows), specOf(op).operationId);
      expect(sent.method).toBe(op.method);
      expectParametersAsShown(op, shown, sent);
      if (typed !== undefined) expect(JSON.parse(sent.body.toString('utf8'))).toEqual(typed);
      // The values the page starts with are in the form, not only in the code.
      for (const name of op.parameters.filter((n) => n !== 'cursor' && n !== clientRequestId)) {
        expect(prefilled[name], `${name} is prefilled in the form`).not.toBe('');
      }
    });
  }

  test('/api/voices/create: the chosen file and the form’s fields are uploaded as multipart', async ({
    page,
  }) => {
    const op = byId('createVoice');
    await openEditor(page, op.route);
    const audio = form(page).locator('input[type="file"]');
    await expect(audio, 'a file input for the reference recording').toHaveCount(1);
    const wav = referenceWav();
    await audio.setInputFiles({ name: 'my-voice.wav', mimeType: 'audio/wav', buffer: wav });
    // consent is a text field of the form (`true` in any letter case, D65).
    await form(page).getByLabel('consent', { exact: true }).fill('true');
    await form(page).getByLabel('name', { exact: true }).fill('客服小周');
    const shown = await shownValues(page);
    const sent = await run(await copiedCurl(page, 'my-voice.wav'), 'createVoice', {
      'my-voice.wav': wav,
    });
    const contentType = String(sent.headers['content-type']);
    expect(contentType).toMatch(/^multipart\/form-data; ?boundary=\S+$/);
    const parts = await new Response(new Uint8Array(sent.body), {
      headers: { 'content-type': contentType },
    }).formData();
    const uploaded = parts.get('audio') as File;
    expect(uploaded.name).toBe('my-voice.wav');
    expect(Buffer.from(await uploaded.arrayBuffer()).equals(wav)).toBe(true);
    // Every text field as the form shows it: what it shows is what is sent. The operation's
    // header parameters (`Idempotency-Key`) go as headers, not as parts.
    const headerParams = op.parameters;
    const fields = Object.entries(shown).filter(
      ([name]) => name !== 'Content-Type' && !headerParams.includes(name),
    );
    expect(fields.map(([name]) => name)).toEqual(expect.arrayContaining(['name', 'consent']));
    for (const [name, value] of fields) expect(parts.get(name), name).toBe(value || null);
    // Except the idempotency key: the sample makes a fresh one per run (D14), never the example's.
    for (const name of headerParams.filter((n) => n in shown && n !== 'Idempotency-Key')) {
      expect(sent.headers[name.toLowerCase()], name).toBe(shown[name] || undefined);
    }
    const key = String(sent.headers['idempotency-key']);
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
    expect(key).not.toBe(shown['Idempotency-Key']);
    expect(parts.get('consent')).toBe('true');
  });

  test('/api/speech/post: Accept follows the container the body asks for', async ({ page }) => {
    const op = byId('createSpeech');
    await openEditor(page, op.route);
    const example = JSON.parse((await bodyEditor(page).textContent()) ?? '') as Json;
    // The body the editor starts from sets only the fields its container uses.
    const start = example.output_format as Json;
    const startUses = audioContainers.find((c) => c.container === start.container)!.uses;
    expect(Object.keys(start)).not.toContain(startUses === 'encoding' ? 'bit_rate' : 'encoding');
    // Each container with a field it uses, set to a value the spec lists; wav and pcm first.
    const order = [...audioContainers].sort((a, b) => b.uses.localeCompare(a.uses));
    for (const { container, mediaType, uses, extension } of order) {
      // The last valid combination of the container (src/data/audioFormats.ts): its highest rate.
      const format = validOutputFormats()
        .filter((f) => f.container === container)
        .at(-1)!;
      const body = {
        ...example,
        output_format: { container, sample_rate: format.sample_rate, [uses]: format[uses] },
      };
      await typeBody(page, JSON.stringify(body));
      await expect(form(page).getByText(mediaType, { exact: true })).toBeVisible();
      const curl = await copiedCurl(page, `"container": "${container}"`, `Accept: ${mediaType}`);
      // The audio is saved under the name of its container, as the prebuilt samples do.
      const sent = await run(curl, 'createSpeech', {}, `speech.${extension}`);
      expect(sent.headers.accept, container).toBe(mediaType);
      expect(JSON.parse(sent.body.toString('utf8'))).toEqual(body);
    }
  });
});

test.describe('invalid JSON in the body editor', () => {
  test.beforeEach(async ({ context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  });
  for (const op of pages.filter((p) => specOf(p).bodyType === 'application/json')) {
    test(`${op.route}: is flagged in zh-Hans and no code is made from it`, async ({ page }) => {
      await openEditor(page, op.route);
      const editor = bodyEditor(page);
      const code = page.locator('.openapi-explorer__code-block');
      await expect(code.first()).toBeVisible();
      const valid = JSON.stringify(JSON.parse((await editor.textContent()) ?? ''));
      // A comma missing after the first field: JSON.parse stops at the second field's name.
      const [first, second] = Object.keys(JSON.parse(valid) as Json);
      const at = valid.indexOf(`"${second}"`);
      const broken = `${valid.slice(0, at - 1)} ${valid.slice(at)}`;
      await typeBody(page, broken);
      const alert = form(page).getByRole('alert');
      const message = `请求体不是有效的 JSON（第 1 行第 ${at + 1} 列附近），改正之前不会生成代码。`;
      await expect(alert).toHaveText(message);
      await expect(editor).toHaveAttribute('aria-invalid', 'true');
      await expect(editor).toHaveAccessibleName('请求体');
      await expect(editor).toHaveAccessibleDescription(new RegExp(message));
      // No code at all while the body is broken: neither from the broken text nor the last one.
      await expect(code).toHaveCount(0);
      await expect(page.getByText('请求体改为有效的 JSON 后，这里会重新生成代码。')).toBeVisible();
      await typeBody(page, valid);
      await expect(alert).toHaveCount(0);
      await expect(editor).not.toHaveAttribute('aria-invalid', 'true');
      await expect(code.first()).toContainText(`"${first}"`);
    });
  }
});

test('the editor’s code reads as the prebuilt samples: readers’ language names, key from the environment', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openEditor(page, byId('createSpeech').route);
  const panel = page.locator('.openapi-right-panel__container');
  const tabs = panel.locator('.openapi-tabs__code-list-container').first().getByRole('tab');
  await expect(tabs).toHaveText(codeSampleLanguages.map((l) => l.label));
  for (const { label } of codeSampleLanguages) {
    await tabs.filter({ hasText: label }).first().click();
    const code = panel.locator('.openapi-explorer__code-block').first();
    await expect(code).toContainText(apiKeyVariable);
    await panel.locator('.openapi-explorer__code-block-copy-btn').first().click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied, label).toContain(apiKeyVariable);
    expect(copied, label).not.toMatch(/Bearer <[^>\s]+>/);
    expect(copied, label).toContain('speech.mp3');
  }
});

for (const operationId of ['getVoice', 'listVoices']) {
  test(`${operationId}: before any edit, the editor's code is what the samples' templates write, with the form's \`Accept\``, async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const op = byId(operationId);
    // The page's operation, as its samples are written from it, plus the header the theme's form
    // sends (the media type it accepts), which the page's samples leave to the API.
    const base = sampleOperation(generatedOperation(op.specId, operationId));
    const edited = {
      ...base,
      headers: [...base.headers, { name: 'Accept', value: op.successMediaType! }],
    };
    await openEditor(page, op.route);
    const panel = page.locator('.openapi-right-panel__container');
    for (const { language, label, logoClass } of codeSampleLanguages) {
      await panel.locator(`.openapi-tabs__code-item--${logoClass}`).click();
      await panel.locator('.openapi-explorer__code-block-copy-btn').first().click();
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied, label).toBe(renderTemplate(language, edited).trimEnd());
    }
  });
}
