/**
 * Decisions that are rules for the client to follow rather than behaviour a mock can show: each
 * is stated by its owner in the data or the document, and the built page (its Markdown form)
 * says it where the reader looks for it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test, expect } from '@playwright/test';

import { billingOutcome, billingRules } from '../../src/data/billing';
import { errorActionLabel, errorByCode } from '../../src/data/errors';
import { markdownPathOf } from '../../src/data/llms';
import { clientClockMarginMinutes, clientTimeoutMarginSeconds, limit } from '../../src/data/limits';
import { pollingPolicy, retryPolicy } from '../../src/data/retryPolicy';
import { examplesDir, read, root } from '../support/examples';
import { asyncApiDocument, openApiDocuments, operationsOf } from '../support/specs';

type Json = Record<string, unknown>;

const siteDir = path.resolve(root, process.env.SITE_DIR ?? 'build');
/** A page's text as its Markdown form has it, links reduced to their text. */
const page = (route: string): string =>
  readFileSync(path.join(siteDir, markdownPathOf(route)), 'utf8').replace(/\]\([^)\s]+\)/g, ']');
/** Data prose as the page shows it: links reduced to their text. */
const shown = (text: string): string => text.replace(/\]\([^)\s]+\)/g, ']');

test('an idle close with text to resend reconnects now; without, when text comes (D115, D159)', () => {
  const text = page('/api/websocket');
  expect(text).toContain('关闭时还有[要重发的文本]，现在就重连并重发');
  expect(text).toContain('没有（连上下文也没有，或者上下文只是在等后面的文本），就不要立即重连');
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
    /^每一次查询都计入上限，收到可以重试的错误码或网络错误的那一次也算/,
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

test('401 and 429 come after the whole body, as 413 does: a reset mid-upload is the network (D122, D134)', () => {
  const voices = openApiDocuments().find((d) => d.id === 'voices')!.doc;
  const create = operationsOf(voices).find((o) => o.op.operationId === 'createVoice')!;
  expect(String(create.op.description)).toMatch(
    /服务端仍会读完整个请求体[^。]*再返回 401 或 429[^。]*上传中途连接被重置一定是网络问题，按超时处理，用同一个键重新提交/,
  );
});

test('a consent record keeps the request ID of the 201 that created the voice (D123)', () => {
  // Revised by D179: every 201's request ID, the creating one found by `voice_id` when lost.
  expect(page('/guides/clone')).toContain('和收到的每个 201 响应的请求 ID（创建它的和重放的都记）');
});

test('whether to finish a reply after an ending error is told once, by code, and linked (D124)', () => {
  expect(page('/api/errors')).toMatch(
    /上下文因错误结束后，要不要在新的上下文中把这段话说完，看错误码[^#]*`internal_error`：[^#]*`invalid_request`：[^#]*`rate_limited`：[^#]*`content_rejected`：这一轮到此为止[^#]*`insufficient_credit`：实时场景中这一轮到此为止[^#]*`voice_clone_failed`：这一轮用这个音色说不了。实时场景中不轮询/,
  );
  for (const route of ['/guides/contexts', '/api/speech/websocket']) {
    expect(page(route), route).toContain('WebSocket 中的错误');
    expect(page(route), route).not.toMatch(/`internal_error` 和 `rate_limited` 重发/);
  }
});

test('a 409 idempotency_conflict is its own kind, never "fix the request" (D126)', () => {
  const conflict = errorByCode('idempotency_conflict')!;
  expect(conflict.kind).toBe('adopt');
  // The kinds list on /api/errors: the code sits under its own kind, not under 修正请求.
  const kinds = page('/api/errors')
    .split('\n')
    .filter((line) => /^- \*\*/.test(line));
  const under = (label: string) => kinds.find((line) => line.startsWith(`- **${label}**`)) ?? '';
  expect(under(errorActionLabel.adopt)).toContain('`idempotency_conflict`');
  expect(under(errorActionLabel['fix-request'])).not.toContain('idempotency_conflict');
  expect(under(errorActionLabel.adopt)).toContain('也不要换新键重发');
});

test('a streamed break before the time limit, counted from the body sent, is resent; at the limit, split (D127)', () => {
  expect(page('/api/errors')).toContain(
    '从客户端发完请求体算起，不到[处理时间上限]就断开的，不是超时，重试；到了上限才断开的，按这段文本超时处理，拆短后再合成',
  );
});

test('resumed audio in a compressed format is decoded, cut at end_ms and joined; forwarding asks for pcm (D130)', () => {
  const resume = page('/api/websocket');
  expect(resume).toContain(
    '其他格式不能按字节接**：每个上下文都是一段独立的音频流，有自己的文件头。把两段分别解码成采样，旧的截到 `end_ms`，新的接在后面',
  );
  expect(page('/choice-endpoints')).toContain('仍然请求 `pcm`，在你的服务端编码成 Opus 再转发');
  expect(page('/choice-endpoints')).not.toContain('可以考虑 `ogg_opus`');
});

test('a dropped context is booked at most at the characters of the text sent to it (D131)', () => {
  const { detail } = billingRules.find((r) => r.id === 'usage-records')!;
  expect(detail).toContain('按发给它的全部文本的计费字符数记账：计费不会超过它');
  expect(page('/price')).toContain(shown(detail!));
});

test('only whitespace and punctuation left after a drop: nothing is resent, no failure; no timestamps yet: resend all, keep no audio (D135)', () => {
  const resume = page('/api/websocket');
  expect(resume).toContain(
    '就是只剩空白和标点（发出的文本都已经收到音频，例如正在等工具调用），不重发，也不算失败、不计时',
  );
  expect(resume).toContain('还没有收到第一条 `timestamps`');
  expect(resume).toContain('旧上下文的音频一点也不用');
});

test('playback past end_ms: the new audio is joined anyway, its start never trimmed (D136)', () => {
  expect(page('/api/websocket')).toContain(
    '播放器在发现断线之前已经播过了 `end_ms` 时，下一个词的开头会重读一次：照样接上，不要去掉新音频的开头',
  );
});

test('a close with no context in progress only removes the connection from the pool (D137)', () => {
  const text = page('/api/websocket');
  expect(text).toContain('**关闭时没有要重发的文本，就不必马上重连**：没有进行中的上下文');
  expect(text).toContain('池中暂时用不上的连接不必关闭，空闲超时后服务端会关闭它');
  expect(text).not.toContain('所有上下文都结束、不再需要连接时');
});

test('revoking a key refuses later handshakes and leaves open connections open (D139)', () => {
  expect(page('/api/websocket')).toContain('撤销密钥不影响已经建立的连接');
});

test('a client timeout is the server’s limit plus the same network margin, in the table and every example (D151)', () => {
  const margin = clientTimeoutMarginSeconds;
  const clone = limit('cloneResponseTime').value + margin;
  const stream = limit('streamChunkGap').value + margin;
  expect(limit('cloneResponseTime').scope).toContain(`再加 ${margin} 秒（留给网络）`);
  expect(limit('streamChunkGap').scope).toContain(`再加 ${margin} 秒（留给网络）`);
  expect(page('/api/limits-and-timeouts')).toContain(`再加 ${margin} 秒（留给网络）`);
  expect(page('/guides/clone')).toContain(`再加 ${margin} 秒留给网络`);
  const example = (file: string) => read(path.join(examplesDir, file));
  expect(example('clone/clone.py')).toContain(`timeout=(5, ${clone})`);
  expect(example('clone/clone.mjs')).toContain(`* 1000 + ${clone}_000)`);
  expect(example('clone/clone.sh')).toContain(`/ 250000 + 1 + ${clone} ))`);
  expect(example('best-practices/stream_playback.py')).toContain(`timeout=(5, ${stream})`);
});

test('polling waits the longer of the interval and Retry-After, with no jitter (D152)', () => {
  expect(page('/api/errors')).toMatch(/至少等待它给出的秒数，即两者中较长的一个，不另加随机等待/);
  for (const file of ['clone/clone.py', 'clone/clone.mjs', 'clone/clone.sh']) {
    const source = read(path.join(examplesDir, file));
    // The polling loop's wait: the interval or Retry-After, whichever is longer, nothing random.
    const loop = source.slice(
      source.indexOf('Retry-After（429 总是带它）是下一次查询之前的最短等待'),
    );
    expect(loop, file).not.toBe(source);
    expect(loop.slice(0, 400), file).not.toMatch(/random|RANDOM/);
  }
});

test('voices list newest first by created_at, presets by their release time, ties by voice_id (D153)', () => {
  const list = page('/api/voices/list');
  expect(list).toContain('按 `created_at` 从新到旧排列，时间相同的按 `voice_id` 升序排列');
  expect(list).toContain('预置音色的 `created_at` 是它上线的时间');
  // The documented example keeps that order.
  const voices = openApiDocuments().find(({ doc }) => (doc.paths as Json)['/v1/voices'])!.doc;
  const listOp = ((voices.paths as Json)['/v1/voices'] as Json).get as Json;
  const content = (((listOp.responses as Json)['200'] as Json).content as Json)[
    'application/json'
  ] as Json;
  const examples = Object.values((content.examples ?? {}) as Json).map(
    (e) => ((e as Json).value as Json).data as Json[],
  );
  if (content.example) examples.push((content.example as Json).data as Json[]);
  expect(examples.length).toBeGreaterThan(0);
  for (const data of examples) {
    const keys = data.map((v) => [String(v.created_at), String(v.voice_id)]);
    const sorted = [...keys].sort((a, b) =>
      a[0] === b[0] ? a[1].localeCompare(b[1]) : b[0].localeCompare(a[0]),
    );
    expect(keys).toEqual(sorted);
  }
});

test('checking a clone after an expired key allows the clock margin and pages to it (D154)', () => {
  expect(page('/guides/clone')).toContain(
    `不早于提交时间减 ${clientClockMarginMinutes} 分钟的音色；翻页到 \`created_at\` 早于这个时间为止`,
  );
});

test('a follow-up’s malformed setting ends its context, as the protocol page says (D155)', () => {
  expect(page('/api/speech/websocket')).toContain(
    '值本身不合规（类型不对、超出范围）时，先按不合规的消息处理：这条消息被拒绝，上下文随之结束',
  );
});

test('4029 is a failure: the turn’s budget starts, a resend elsewhere is an attempt (D156)', () => {
  expect(page('/api/websocket')).toContain(
    '4029 是一次失败：这一轮的总时长从它开始计，在别的连接上的重发算一次尝试',
  );
});

test('a key’s 24 hours count, on the client, from its first submission; a same-key wait is bounded (D157)', () => {
  const create = page('/api/voices/create');
  expect(create).toContain('客户端按自己第一次提交的时间算 24 小时即可');
  expect(create).toContain('等待最长是前一个请求剩下的应答时间');
});

test('websocket rate_limited: wait for a context to end or move to another connection, on every page (D158)', () => {
  expect(retryPolicy.websocketRateLimited).toContain('改到上下文较少的另一条连接上开始');
  expect(page('/api/errors')).toContain(shown(retryPolicy.websocketRateLimited));
  expect(page('/api/limits-and-timeouts')).toContain('或者改到上下文较少的另一条连接上');
  expect(page('/api/speech/websocket')).toContain('或者改到上下文较少的另一条连接上');
  expect(page('/api/speech/websocket')).toContain('等有上下文结束或换一条连接');
});

test('a cancel whose connection closes first is billed as the close, never more than the cancel (D121)', () => {
  const reported = billingOutcome('ws-cancel').reported;
  expect(reported).toContain(
    '连接在这之前关闭、两者都没收到时，按[连接关闭](/price#billing-ws-dropped)一行计费，不会多于取消',
  );
  expect(page('/price')).toContain(shown(reported));
});

test('a close reconnects now and starts the budget only when there is text to resend (D159)', () => {
  expect(retryPolicy.realtimeBudgetScope).toContain('没有要重发的文本时不计时');
  const errors = page('/api/errors');
  expect(errors).toContain(shown(retryPolicy.realtimeBudgetScope));
  // The decision figure says the same as the page (its text alternative is in the Markdown form).
  expect(errors).toContain('还有要重发的文本时现在重连重发');
  const websocket = page('/api/websocket');
  expect(websocket).toContain('**关闭时没有要重发的文本，就不必马上重连**');
  expect(websocket).toContain('关闭时还有[要重发的文本]，现在就重连并重发');
  expect(websocket).toContain('这就是“要重发的文本”');
});

test('a resend may go at once to another usable pooled connection (D160, D181)', () => {
  expect(page('/api/websocket')).toContain(
    '立即在那里用新的 `context_id` 重发，不等最短等待、不退避（两者只约束新的握手）。',
  );
});

test('before a new context on a pooled connection: open and heard from within two ping intervals, no ping first (D161)', () => {
  const text = page('/api/websocket');
  expect(text).toMatch(
    /在池中的连接上开始新的上下文之前：它还开着、最近 \d+ 秒内收到过服务端的帧（ping 也算），就直接发送，不要先发 ping 再等/,
  );
});

test('a replacement connection takes over the closed one’s reconnect count; a new turn’s starts at 0 (D162)', () => {
  expect(retryPolicy.sharedConnection).toContain('为重发而新建的连接沿用被关闭连接的重连次数');
  expect(page('/api/errors')).toContain(shown(retryPolicy.sharedConnection));
  expect(page('/api/websocket')).toContain('**为重发新建的连接沿用重连次数**');
});

test('after 4029 a new connection waits for a close in the pool or three ping intervals (D163)', () => {
  expect(page('/api/websocket')).toMatch(
    /之后要新建连接时，等池中有连接关闭，或者等 \d+ 秒：断开而服务端还没发现的连接最多占用名额这么久/,
  );
});

test('a resend after an invalid_request that the client fixed is an attempt, timed from the error (D165)', () => {
  expect(retryPolicy.resend).toContain(
    '因 `invalid_request` 结束、修正后重发的（例如把超长的文本拆短）也一样',
  );
  expect(page('/api/errors')).toContain(shown(retryPolicy.resend));
});

test('a resumed turn’s timestamps are offset by the old audio’s cut (D166)', () => {
  expect(page('/api/websocket')).toContain(
    '新上下文的时间戳从 0 开始，它的词在整轮音频中的位置是这个 `end_ms` 加上自己的时间',
  );
});

test('a segment held by flow control is the one in synthesis: a cancel bills it, the bound holds (D180)', () => {
  const cancel = billingOutcome('ws-cancel');
  expect(cancel.detail).toContain('合成完、音频还在等 TCP 流量控制写入连接的一段，也算正在合成');
  expect(page('/price')).toContain(shown(cancel.detail));
  // The owner of the order: the next segment starts only once the last one's audio is written.
  expect(page('/api/websocket')).toContain('上一段的音频全部写入连接后，下一段开始合成');
});

test('a resend after a 1000 or 4000 is no attempt on whatever connection it goes (D181)', () => {
  expect(retryPolicy.resend).toContain(
    '算作这一轮的一次尝试（服务端的 `1000`、`4000` 之后的不算）',
  );
  expect(page('/api/websocket')).toContain(
    '算不算一次尝试和别处一样：`1000`、`4000` 之后的不算，其余的算（见第 3 步）',
  );
});

test('the dead-connection window runs from the later of the last frame and the context’s first generate (D182)', () => {
  expect(page('/api/websocket')).toContain(
    '从最后收到的一帧（消息、ping 或 pong）或这个上下文的第一条 `generate` 算起，取较晚的',
  );
  for (const file of ['contexts/client.py', 'contexts/client.mjs']) {
    expect(read(path.join(examplesDir, file)), file).toMatch(/context_started|contextStartedAt/);
  }
});

test('a close code’s least wait binds the account’s next handshake, text to resend or not (D183)', () => {
  expect(page('/api/websocket')).toContain(
    '即使没有要重发的文本，这个账户下一次新建连接也要等到最短等待过去',
  );
});

test('a resend during a held wait flushes the new context at once (D184)', () => {
  expect(page('/api/websocket')).toContain('重发之后马上对新的上下文发一条 `flush`');
  expect(read(path.join(examplesDir, 'contexts/voice_agent.py'))).toContain(
    'flushed_context != turn.context_id',
  );
});

test('“only whitespace and punctuation” is text without a Unicode letter or digit (D185)', () => {
  expect(page('/api/websocket')).toContain(
    '它没有一个字母或数字（Unicode 的 L、N 类字符；`%`、`℃`、表情符号都不算）时，就是只剩空白和标点',
  );
  expect(read(path.join(examplesDir, 'contexts/client.mjs'))).toContain('[\\p{L}\\p{N}]');
});

test('no new context on a connection within a ping interval of its idle close (D186)', () => {
  expect(page('/api/websocket')).toMatch(/离空闲超时不到一个 ping 间隔（\d+ 秒）的连接/);
});

test('reconnects: at most four after a drop; the two internal_error names told apart (D187)', () => {
  expect(retryPolicy.attemptsRule).toContain('所以一条连接断开后最多重连 4 次');
  expect(retryPolicy.maxAttempts).toBe(5);
  expect(page('/api/websocket')).toContain(
    '关闭原因 `internal_error`（`1011`）和错误码 `internal_error` 同名',
  );
});
