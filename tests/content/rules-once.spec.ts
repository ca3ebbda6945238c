/**
 * One rule, stated once (issue 18): every rule a client implements is told on its owner page, and
 * every other page says what to do in a clause and links the owner. Each fingerprint below matches
 * the wording of one rule's statement; the test reads the built pages' Markdown forms (the prose:
 * code blocks dropped) and fails when a fingerprint shows up on a route that does not own the
 * rule, in a sentence that does not link the owner. The examples are the restatements that were
 * removed: each fingerprint must still match them, so it cannot quietly stop matching anything.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test, expect } from '@playwright/test';

import { deployment } from '../../src/data/deployment';
import { markdownPathOf } from '../../src/data/llms';
import { docRoutes } from '../support/routes';
import { root } from '../support/examples';

const siteDir = path.resolve(root, process.env.SITE_DIR ?? 'build');

/**
 * The sentences of a page's Markdown form (fenced code dropped; a line, such as a table row, ends
 * a sentence too), each as shown (links reduced to their text) and with the routes it links to.
 */
function sentencesOf(route: string): { text: string; links: string[] }[] {
  return readFileSync(path.join(siteDir, markdownPathOf(route)), 'utf8')
    .replace(/^(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1\s*$/gm, '')
    .split(/(?<=[。！？])|\n/)
    .map((sentence) => ({
      text: sentence.replace(/\]\([^)\s]+\)/g, ']'),
      links: [...sentence.matchAll(/\]\(([^)\s#]+)[^)\s]*\)/g)].map(
        (m) => new URL(m[1], deployment.siteUrl).pathname,
      ),
    }));
}

interface Rule {
  readonly rule: string;
  /** The routes allowed to state it; none for wording that no page may use any more. */
  readonly owners: readonly string[];
  readonly fingerprints: readonly RegExp[];
  /** Restatements the fingerprints catch (each fingerprint matches at least one). */
  readonly examples: readonly string[];
}

const websocket = '/api/websocket';
const limitsPage = '/api/limits-and-timeouts';
const price = '/price';
const errors = '/api/errors';
/** Where the model and the audio-format tables render (src/components/DataTables.tsx). */
const tablesPage = '/api/introduction';
/** The generated references of `POST` and `DELETE /v1/voices` (api-specs/voices.yaml). */
const createVoice = '/api/voices/create';
const deleteVoice = '/api/voices/delete';
/** The websocket messages' reference (api-specs/speech-websocket.yaml). */
const websocketMessages = '/api/speech/websocket';
/** Data handling and compliance, rendered from src/data/policies.ts. */
const faqs = '/faqs';

/** The idle timeout's length in prose (“空闲 60 秒”). */
const idleLength = /空闲\s*\d+\s*(?:秒|分钟)/;

const rules: readonly Rule[] = [
  {
    rule: 'idle timeout: its length (a limit, also in the limits table)',
    owners: [websocket, limitsPage],
    fingerprints: [idleLength],
    examples: ['连接空闲 60 秒后会被关闭'],
  },
  {
    rule: 'idle timeout: what resets it, what to do after it (/api/websocket#idle-timeout)',
    owners: [websocket],
    fingerprints: [
      /(?:发送音频|音频发完)[^。]{0,20}(?:不计时|才开始)/,
      /ping[^。]{0,20}pong[^。]{0,30}不[^。]{0,6}重置/,
      /协议没有保活消息/,
      /(?:空闲|idle_timeout)[^。]{0,40}不要立即重连/,
    ],
    examples: [
      '连接空闲后会被关闭（服务端发送音频期间不计时）',
      'ping 和 pong 都不会重置它',
      '规则见空闲超时：不要立即重连，也不要发送消息保活（协议没有保活消息）。',
    ],
  },
  {
    rule: 'ping/pong keepalive: its interval (a limit, also in the limits table)',
    owners: [websocket, limitsPage],
    fingerprints: [/每隔\s*\d+\s*秒[^。]{0,6}ping/],
    examples: ['服务端每隔 20 秒发送一次 ping 帧'],
  },
  {
    rule: 'ping/pong keepalive: who answers what (/api/websocket#keepalive)',
    owners: [websocket],
    fingerprints: [/ping\s*帧[^。]{0,20}回复\s*pong/],
    examples: ['服务端定期发送 ping 帧，客户端要回复 pong'],
  },
  {
    rule: 'handshake refusals, 401 and the rest (/api/websocket#handshake-refusals)',
    owners: [websocket],
    fingerprints: [/握手.{0,10}401/],
    examples: ['WebSocket 握手同样以 HTTP 401 被拒绝', '鉴权失败时握手以 HTTP 401 被拒绝'],
  },
  {
    rule: 'too many connections: the handshake succeeds, then a close (/api/websocket#close-codes)',
    owners: [websocket],
    fingerprints: [/握手(?:本身)?(?:会|照常)?成功/, /握手后立即被关闭/],
    examples: ['超出时握手本身会成功', '超过连接数上限时，连接在握手后立即被关闭'],
  },
  {
    rule: 'billing of every outcome: cancel, error, drop (/price#when-charged)',
    owners: [price],
    fingerprints: [/已经?合成(?:的|出)[^，。；]{0,8}计费/, /照常计费/, /重试会再计费/],
    examples: [
      '已合成的部分照常计费',
      '只有取消前已经合成的部分计费',
      '否则服务端会继续合成，并照常计费。',
      '重试会再计费一次',
    ],
  },
  {
    rule: 'what a cancel, an ending error or a server failure bills, segment by segment (D7, D29, /price#when-charged)',
    owners: [price],
    fingerprints: [
      /正在合成的一段[^，。；]{0,4}计费/,
      /出错的一段[^。]{0,10}不计费/,
      /多计费\s*\d+\s*个字符/,
    ],
    examples: [
      '音频已经收到的段和收到 cancel 时正在合成的一段计费',
      '服务端出错的一段不计费',
      '取消最多比已收到的音频多计费 200 个字符',
    ],
  },
  {
    rule: 'a cancel ends with done or the ending error, whichever comes first (D79, D103, /api/speech/websocket#message-cancel)',
    owners: ['/api/speech/websocket'],
    fingerprints: [
      /`?cancel`?[^。；]{0,40}(?:发送|写出)[^。；]{0,10}`?done`?(?![^。；]{0,4}或)/,
      /cancel\s*之后、`?done`?\s*到达之前/,
    ],
    examples: [
      '用 cancel 取消上下文后，服务端同样会发送 done。',
      '服务端收到 `cancel` 就发送 `done`；但它在收到 `cancel` 之前可能已经发出结束这个上下文的 `error`',
      'cancel 之后、done 到达之前，不向这个 context_id 发送 generate 或 flush',
    ],
  },
  {
    rule: 'billing counts segments, not “a piece of text” (B27): the billing term is 段',
    owners: [],
    fingerprints: [/一段文本开始合成/],
    examples: ['一段文本开始合成，就按它的全部字符计费'],
  },
  {
    rule: 'a top-up is usable at once; insufficient_credit is not retried (D23, /price#billing-rule-top-up)',
    owners: [price],
    fingerprints: [/充值[^。]{0,6}(?:立即|马上)(?:可用|生效)/],
    examples: ['充值立即可用：控制台显示支付成功后，下一个请求就按新的余额检查。'],
  },
  {
    rule: 'the reconnect count, the per-turn budget and a shared connection (D9, D20, D21, /api/errors#retries)',
    owners: [errors],
    fingerprints: [/重连次数[^。]{0,24}清零/, /重连次数按连接计/, /为续说重新计时/],
    examples: [
      '重连次数在重连后的连接送来第一条 audio 时清零',
      '几轮共用一条连接时，重连次数按连接计，总时长按轮计',
      '音频开始之后回复中途失败的，从失败时起为续说重新计时。',
    ],
  },
  {
    rule: 'a connection working for a time resets the backoff: replaced by the first audio (D20)',
    owners: [],
    fingerprints: [/(?:稳定|正常)工作\s*\d+\s*秒/],
    examples: ['WebSocket 连接稳定工作 60 秒后，下一次重连从第一步重新开始'],
  },
  {
    rule: 'counting characters: whitespace, one per character (/price#characters)',
    owners: [price],
    fingerprints: [/空白(?:字符)?不计费/, /各算一个字符/],
    examples: ['每个汉字、字母、数字和标点各算一个字符，空白不计费。'],
  },
  {
    rule: 'X-Billed-Characters is the billed count of the whole text, not what was charged (decision 2)',
    owners: [],
    fingerprints: [/X-Billed-Characters[^。]{0,20}实际扣费|实际扣费的字符数/],
    examples: ['响应头 `X-Billed-Characters`，是这次请求实际扣费的字符数'],
  },
  {
    rule: 'after an idle or normal close, the next turn gets a connection as connection planning says, not once there is text (audit 6 C2)',
    owners: [],
    fingerprints: [/有文本(?:要合成)?时再(?:建立连接|连)/],
    examples: ['不必立即重连；有文本要合成时再建立连接。', '等有文本时再连'],
  },
  {
    rule: 'connection pool: open on demand, reuse while open, drop when closed (decision 1)',
    owners: [websocket],
    fingerprints: [/服务启动时建好/, /长期复用/],
    examples: ['一个连接池，在服务启动时建好', '在会话之间共享、长期复用'],
  },
  {
    rule: 'the model table, rendered once from src/data/models.ts',
    owners: [tablesPage],
    fingerprints: [/^\|\s*`?model`?\s*\|[^\n]*典型首包延迟/m],
    examples: ['| `model` | 名称 | 特点 | 典型首包延迟 | 适合 |'],
  },
  {
    rule: 'a DELETE whose answer was lost: resend it; a 404 on the resend means deleted (D96, the delete reference)',
    owners: [deleteVoice],
    fingerprints: [
      /可能已经删除，?也可能没有/,
      /重发收到[^。；]{0,30}(?:说明|表示)[^。；]{0,10}已经删除/,
      /(?:重试|重发)删除[^。；|]{0,30}按删除成功处理/,
    ],
    examples: [
      '删除请求超时或返回 5xx 时，可能已经删除，也可能没有：重发同一个删除请求，重发收到 `voice_not_found` 说明已经删除。',
      '超时或 5xx 之后可能已经删除，也可能没有：重发同一个删除请求。',
      '例外：删除请求超时、连接断开或返回 5xx 后，可能已经删除，也可能没有，要重发同一个删除请求；重发收到这个错误，说明上一次已经删除了它，按删除成功处理。',
      '只有一个例外：重试删除时收到 `voice_not_found`，按删除成功处理。',
    ],
  },
  {
    rule: 'the clone `Idempotency-Key`: one voice per key, 24 hours from creation, replays, 409, forgotten on delete (D75, D78, D93, D100, its description on the create reference)',
    owners: [createVoice],
    fingerprints: [
      // The version history announcing the key (“新增…”) records a change; it restates nothing.
      /(?<!新增[^。]{0,40})24\s*小时内最多只?(?:新建|创建)一个音色/,
      /24\s*小时从音色创建时算起/,
      /服务端(?:同时)?忘记(?:这个键|创建它的)/,
      /比较时先补上默认值|录音比较文件内容/,
      /用同一个键和同样的内容重新提交[^。；]{0,6}返回的是同一个音色/,
    ],
    examples: [
      '一个键在 24 小时内最多新建一个音色、占用一个名额',
      '24 小时从音色创建时算起，过后服务端忘记这个键，再用它提交会新建音色；音色删除时也一样。',
      '删除音色时，服务端同时忘记创建它的 `Idempotency-Key`，之后再用这个键提交会新建音色。',
      '24 小时过后服务端忘记这个键，重新提交前先按下文确认。',
      '字段的值比较时先补上默认值，录音比较文件内容。',
      '用同一个键和同样的内容重新提交，返回的是同一个音色。',
    ],
  },
  {
    rule: 'polling a clone: its interval, its cap, a failed round (D24, the polling row on /api/errors#polling)',
    owners: [errors],
    fingerprints: [
      /每\s*\d+\s*秒查一次/,
      /最多\s*\d+\s*轮/,
      /最多查\s*\d+\s*次/,
      /比处理时间上限多查?一[轮次]/,
    ],
    examples: [
      '每 5 秒查一次，最多 121 轮，比处理时间上限多查一轮。',
      '轮询有自己的上限：最多查 121 次。',
    ],
  },
  {
    rule: 'timestamps: what a word is, what its `text` is, what its times count from (/api/speech/websocket#message-timestamps)',
    owners: [websocketMessages],
    fingerprints: [/不是读出来的形式/, /中文按分词[^。]{0,30}不是逐字/, /相对该?上下文音频的开头/],
    examples: [
      '其中每个词有 `text`、`start_ms` 和 `end_ms`，时间相对该上下文音频的开头，单位为毫秒。',
      '中文按分词给出词，不是逐字；`text` 是原文的写法，不是读出来的形式。',
      '`start_ms`、`end_ms`：这个词在音频中的开始和结束时间，单位为毫秒，**相对该上下文音频的开头**。',
    ],
  },
  {
    rule: 'what deleting a voice removes and keeps: backups, the consent record, the fee (D15, D43, /faqs#voice-deletion from src/data/policies.ts)',
    owners: [faqs],
    fingerprints: [
      /备份中的副本[^。]{0,16}\d+\s*天/,
      /授权(?:确认)?记录[^。]{0,30}保存\s*\d+\s*年/,
      /克隆费不退/,
    ],
    examples: [
      '音色模型和参考录音立即从在线存储中删除，备份中的副本在 30 天内随备份轮换清除。',
      '授权确认记录（谁在什么时候声明了授权，不含录音）作为证据保存 3 年。',
      '已扣的克隆费不退。',
      '删除后名额立即腾出，已扣的克隆费不退。',
    ],
  },
  {
    rule: 'G.711: which phone networks use A-law and μ-law (D17, the combinations table of src/data/audioFormats.ts)',
    owners: [tablesPage],
    fingerprints: [/中国大陆的电话网络/, /北美和日本的电话网络/],
    examples: [
      '`pcm_alaw`（G.711 A 律，电话音频：接入中国大陆的电话网络时推荐用它）或 `pcm_mulaw`（G.711 μ 律，电话音频：北美和日本的电话网络用它）',
    ],
  },
  {
    rule: 'the context limit is full (websocket `rate_limited`): wait for a context to end, then start anew (D81, D111, /api/errors#websocket-rate-limited)',
    owners: [errors],
    fingerprints: [
      /等[^。；]{0,12}(?:有(?:一个)?上下文收到|收到一个)\s*`?done`?[^。；]{0,24}(?:再|后)[^。；]{0,3}用新的\s*`?context_id`?/,
    ],
    examples: [
      '等到这条连接上有上下文收到 `done` 或结束上下文的 `error` 后，再用新的 `context_id` 开始。',
      '等这条连接上有一个上下文收到 `done` 或结束上下文的 `error`，再用新的 `context_id` 开始。',
      '等收到一个 `done`（或结束上下文的 `error`）后，再用新的 `context_id` 开始。',
      '不退避，等这条连接上有上下文收到 `done` 或结束上下文的 `error` 后，用新的 `context_id` 重新开始这段话，或者换一条上下文较少的连接；',
    ],
  },
  {
    rule: 'the per-connection context limit: what a context past it gets (/api/limits-and-timeouts#concurrent-contexts)',
    owners: [limitsPage],
    fingerprints: [/为新上下文返回[^。]{0,6}`?error`?\s*消息/],
    examples: [
      '超出时服务端为新上下文返回 `error` 消息（错误码 `rate_limited`），连接保持打开；名额什么时候释放，见 [`done`](/api/speech/websocket#message-done)。',
    ],
  },
  {
    rule: 'where a clone key is kept: with the fingerprint, in storage every tab shares (D167, the clone guide’s retry section; the reference links it)',
    owners: ['/guides/clone'],
    fingerprints: [/(?:localStorage|sessionStorage)/],
    examples: [
      '服务端只转发、不保存上传时，连同这次提交的指纹（录音文件的 SHA-256 和各字段的值）存在浏览器的 `sessionStorage` 中。',
      '你的服务端为这次上传建的记录，或浏览器的 `localStorage`（不要用 `sessionStorage`，它每个标签页各有一份）。',
    ],
  },
  {
    rule: 'a gateway’s 502 or 504 may carry no headers, X-Request-Id included (/api/introduction#response-headers)',
    owners: ['/api/introduction'],
    fingerprints: [/502、504[^。，]{0,6}(?:没有请求 ID|一个(?:响应头)?也不带)/],
    examples: [
      '网关直接返回的 502、504 没有请求 ID。',
      '途中的网关直接返回的 502、504 可能一个也不带，包括 `X-Request-Id`。',
    ],
  },
  {
    rule: 'the balance fields are the balance now, never “after the last hourly debit” (D170)',
    owners: [],
    fingerprints: [/最近一次整点扣费后/],
    examples: ['`total_balance`：最近一次整点扣费后的余额，与控制台显示的余额一致。'],
  },
  {
    rule: 'money is computed to 0.001 fen, never in whole fen (D169, /price#billing-rule-money)',
    owners: [],
    fingerprints: [/换算成整数“分”再/],
    examples: [
      '在代码里请用十进制类型（如 Python 的 `decimal.Decimal`）或换算成整数“分”再比较和计算。',
    ],
  },
  {
    rule: 'the audio-format table, rendered once from src/data/audioFormats.ts',
    owners: [tablesPage],
    fingerprints: [/^\|\s*`?container`?\s*\|\s*HTTP 响应的 Content-Type/m],
    examples: ['| `container` | HTTP 响应的 Content-Type | 可设置 | 适合 |'],
  },
];

/** Every doc route is checked. */
const checkedRoutes: readonly string[] = docRoutes.map((r) => r.path);

test.beforeAll(() => {
  expect(existsSync(path.join(siteDir, markdownPathOf('/'))), 'build the site first').toBe(true);
});

test('each fingerprint catches the restatements it stands for', () => {
  for (const { rule, fingerprints, examples } of rules) {
    for (const fingerprint of fingerprints) {
      expect(
        examples.some((e) => fingerprint.test(e)),
        `${rule}: ${fingerprint}`,
      ).toBe(true);
    }
  }
});

test('the owners are pages of the site and the checked routes are doc routes', () => {
  const routes = docRoutes.map((r) => r.path);
  for (const route of [...rules.flatMap((r) => r.owners), ...checkedRoutes]) {
    expect(routes, route).toContain(route);
  }
});

const matchesOf = (fingerprint: RegExp, text: string): string[] =>
  [...text.matchAll(new RegExp(fingerprint.source, `${fingerprint.flags.replace('g', '')}g`))].map(
    (m) => m[0],
  );

/**
 * A sentence may name a rule it does not own in one clause when it links the owner (“空闲 60 秒后
 * 关闭，怎样计时见空闲超时”); without that link, it restates the rule. Wording no page may use
 * (no owner) is never allowed.
 */
for (const route of checkedRoutes) {
  test(`${route} states no rule it does not own (D26, D103)`, () => {
    const sentences = sentencesOf(route);
    const found = rules
      .filter(({ owners }) => !owners.includes(route))
      .flatMap(({ rule, owners, fingerprints }) =>
        sentences
          .filter(({ links }) => !links.some((l) => owners.includes(l)))
          .flatMap(({ text }) =>
            fingerprints.flatMap((f) => matchesOf(f, text).map((m) => `${rule}: “${m}”`)),
          ),
      );
    expect(found).toEqual([]);
  });
}
