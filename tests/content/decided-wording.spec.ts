/**
 * Decisions that are rules for the client to follow rather than behaviour a mock can show: each
 * is stated by its owner in the data or the document, and the built page (its Markdown form)
 * says it where the reader looks for it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test, expect } from '@playwright/test';

import { billingRules } from '../../src/data/billing';
import { errorByCode } from '../../src/data/errors';
import { markdownPathOf } from '../../src/data/llms';
import { pollingPolicy } from '../../src/data/retryPolicy';
import { root } from '../support/examples';
import { asyncApiDocument, openApiDocuments, operationsOf } from '../support/specs';

const siteDir = path.resolve(root, process.env.SITE_DIR ?? 'build');
/** A page's text as its Markdown form has it, links reduced to their text. */
const page = (route: string): string =>
  readFileSync(path.join(siteDir, markdownPathOf(route)), 'utf8').replace(/\]\([^)\s]+\)/g, ']');
/** Data prose as the page shows it: links reduced to their text. */
const shown = (text: string): string => text.replace(/\]\([^)\s]+\)/g, ']');

test('an idle close with a context in progress reconnects now; without one, when text comes (D115)', () => {
  const text = page('/api/websocket');
  expect(text).toMatch(/关闭时没有进行中的上下文，不要立即重连/);
  expect(text).toMatch(/还有进行中的上下文时，有人在等这段回复：现在就重连/);
});

test('a hold starts with the wait, its first flush speaks the buffer, no context needs none (D116)', () => {
  const channel = (asyncApiDocument().channels as Record<string, Record<string, unknown>>).speech;
  const hold = (channel['x-keepalive'] as { hold: string }).hold;
  expect(hold).toContain('第一条在等待开始时发');
  expect(hold).toContain('第一条 `flush` 把缓冲区里的文本作为一段开始合成');
  expect(hold).toContain('还没有开始上下文的等待');
  expect(page('/api/websocket')).toContain('第一条在等待开始时发');
});

test('content_rejected mid-reply ends the reply: no resend, no continuation (D117)', () => {
  const action = errorByCode('content_rejected')!.action;
  expect(action).toContain('不要在新的上下文中重发或接着说剩下的文本');
  expect(page('/api/errors')).toContain(shown(action));
});

test('every polling round counts toward the cap; a 404 or an unknown status ends polling at once (D118, D125)', () => {
  expect(pollingPolicy.stopsOn).toMatch(
    /^每一轮都计入上限，收到可以重试的错误码或网络错误的那一轮也算/,
  );
  expect(pollingPolicy.stopsOn).toMatch(
    /404 `voice_not_found`[^。]*不认识的 `status`[^。]*立即停止轮询/,
  );
  expect(page('/api/errors')).toContain(shown(pollingPolicy.stopsOn));
});

test('every clone fee charged is a usage record by voice_id (D119)', () => {
  const rule = billingRules.find((r) => r.id === 'usage-records')!.rule;
  expect(rule).toContain('每次计费的克隆各有一条，按 `voice_id`');
  expect(page('/price')).toContain(shown(rule));
});

test('a 402 or 403 on a same-key resend: the key has no voice now (D120)', () => {
  const voices = openApiDocuments().find((d) => d.id === 'voices')!.doc;
  const create = operationsOf(voices).find((o) => o.op.operationId === 'createVoice')!;
  expect(String(create.op.description)).toContain(
    '这个键现在没有对应的音色：它从没创建过音色，或者创建的音色已经删除',
  );
});

test('401 and 429 may come before the body is read: a reset mid-upload is a timeout (D122)', () => {
  const voices = openApiDocuments().find((d) => d.id === 'voices')!.doc;
  const create = operationsOf(voices).find((o) => o.op.operationId === 'createVoice')!;
  expect(String(create.op.description)).toMatch(
    /401 或 429 可能在请求体传完之前返回[^。]*按超时处理，用同一个键重新提交/,
  );
});

test('a consent record keeps the request ID of the 201 that created the voice (D123)', () => {
  expect(page('/guides/clone')).toContain('创建它的那次 201 响应的请求 ID');
});

test('whether to finish a reply after an ending error is told once, by code, and linked (D124)', () => {
  expect(page('/api/errors')).toMatch(
    /上下文因错误结束后，要不要在新的上下文中把这段话说完，看错误码[^\n]*`internal_error`[^\n]*`invalid_request`[^\n]*`rate_limited`[^\n]*`content_rejected` 和 `insufficient_credit` 这一轮到此为止/,
  );
  for (const route of ['/guides/contexts', '/api/speech/websocket']) {
    expect(page(route), route).toContain('WebSocket 中的错误');
    expect(page(route), route).not.toMatch(/`internal_error` 和 `rate_limited` 重发/);
  }
});
