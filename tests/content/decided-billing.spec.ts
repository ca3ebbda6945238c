/**
 * The billing and cloning decisions of the fourth and sixth clone readers' audits (issue 40) that are rules
 * for the client or facts of the console rather than behaviour a mock can show: each is stated
 * by its owner (a data module or the contract), and the built pages (their Markdown forms) say it
 * where the reader looks for it, in one wording. The behaviour behind them (hourly records,
 * months, vouchers, the per-request check, a key's 409, a deleted voice's fee) is shown by the
 * HTTP mock's specs (tests/samples/http-speech.spec.ts, tests/samples/http-voices.spec.ts).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test, expect } from '@playwright/test';
import { parse } from 'yaml';

import { versioningRules } from '../../src/data/apiVersions';
import {
  billingOutcome,
  billingRules,
  consoleLists,
  csvExport,
  csvExportRule,
  disputeWindowDays,
  recordsFinalMinutes,
} from '../../src/data/billing';
import { errorByCode, voiceLimitMessage } from '../../src/data/errors';
import { limit } from '../../src/data/limits';
import { glossary } from '../../src/data/glossary';
import { markdownPathOf } from '../../src/data/llms';
import { requestLogRetentionDays } from '../../src/data/policies';
import {
  billedCharacters,
  billedZeroWidth,
  codePointOf,
  freeWhitespace,
  whitespaceRule,
} from '../../src/data/pricing';
import { pollingPolicy, retryPolicy } from '../../src/data/retryPolicy';
import { examplesDir, python, root } from '../support/examples';

/** An OpenAPI response object, as far as its headers go. */
interface ResponseObject {
  readonly $ref?: string;
  readonly headers?: Record<string, unknown>;
}

const siteDir = path.resolve(root, process.env.SITE_DIR ?? 'build');
/** A page's text as its Markdown form has it, links reduced to their text. */
const page = (route: string): string =>
  readFileSync(path.join(siteDir, markdownPathOf(route)), 'utf8').replace(/\]\([^)\s]+\)/g, ']');
/** Data prose as the page shows it: links reduced to their text. */
const shown = (text: string): string => text.replace(/\]\([^)\s]+\)/g, ']');
const rule = (id: string): string => billingRules.find((r) => r.id === id)!.rule;
/** The part of a page's Markdown form under one heading, up to the next heading of its level. */
function section(route: string, heading: string): string {
  const text = page(route);
  const start = text.indexOf(heading);
  expect(start, `${heading} on ${route}`).toBeGreaterThanOrEqual(0);
  const level = /^#+/.exec(heading)![0];
  const next = text.slice(start + heading.length).search(new RegExp(`\\n${level} `));
  return next < 0 ? text.slice(start) : text.slice(start, start + heading.length + next);
}

test('the console’s usage records and hourly debits are listed field by field on /price; there is no usage API (D140)', () => {
  const price = page('/price');
  const reconciliation = section('/price', '### 对账');
  for (const list of consoleLists) {
    expect(reconciliation).toContain(`**${list.name}**：${shown(list.lines)}`);
    for (const f of list.fields) {
      expect(reconciliation).toContain(`| ${f.field} | ${shown(f.meaning)} |`);
    }
  }
  const usage = consoleLists.find((l) => l.id === 'usage-records')!;
  expect(usage.lines).toContain('导出为 CSV 文件');
  expect(usage.fields.map((f) => f.field)).toEqual([
    '小时',
    '接口',
    '模型',
    '标识',
    '客户端请求 ID',
    '计费字符数',
    '金额',
  ]);
  const debits = consoleLists.find((l) => l.id === 'debits')!;
  expect(debits.fields.map((f) => f.field)).toEqual([
    '类型',
    '小时',
    '模型',
    '计费字符数',
    '金额',
    '代金券支付',
    '充值余额支付',
    '未扣金额',
  ]);
  expect(debits.lines).toContain('充值、代金券的发放和过期、争议退款也各一行');
  expect(debits.lines).toContain('月初余额加上这个月各行的金额，等于月末余额');
  // A record is one request or context in one hour, so an hour's debit can be matched.
  expect(rule('reconcile')).toContain('跨过整点的上下文有两条记录');
  expect(reconciliation).toContain(shown(rule('reconcile')));
  expect(rule('usage-records')).toContain('API 没有查询用量的接口');
  expect(price).toContain(shown(rule('usage-records')));
});

test('hours and months are Beijing time; request logs are kept 90 days, past the dispute window of a month and 30 days (D141)', () => {
  expect(rule('billing-month')).toContain('北京时间（UTC+8）');
  expect(rule('billing-month')).toContain(
    '31 日 23:30 开始合成的段，在次月 1 日 0 点扣除，仍算在 31 日所在的月份',
  );
  expect(page('/price')).toContain(shown(rule('billing-month')));
  expect(requestLogRetentionDays).toBe(90);
  expect(disputeWindowDays).toBe(30);
  // The longest month and the window fit in the logs' retention.
  expect(requestLogRetentionDays).toBeGreaterThanOrEqual(31 + disputeWindowDays);
  expect(rule('disputes')).toContain(`在它所属的月份结束后 ${disputeWindowDays} 天内`);
  expect(section('/price', '## 发票与计费争议')).toContain(shown(rule('disputes')));
  const faqs = page('/faqs');
  expect(faqs).toContain('从不记文本和音频，保存 90 天');
  expect(faqs).toContain('| 90 天，之后删除；不含文本和音频 |');
  // No page keeps the request logs, or the disputes, at 30 days.
  for (const route of ['/faqs', '/price']) {
    expect(page(route), route).not.toMatch(/请求日志[^。\n]{0,40}30 天|保存期限（30 天）/);
  }
});

test('`available_balance` is defined once, on the credit reference, as 可用余额; the pages name it (D142)', () => {
  const credit = page('/api/user/credit');
  expect(credit).toContain(
    '可用余额：下一次余额检查用的金额，按分向下取整，不小于 `0.00`。服务端比较的就是这个数',
  );
  expect(credit).toContain('它等于 `total_balance` 减去还没有扣除的用量');
  expect(credit).toContain('`total_balance`：账户现在的余额，与控制台显示的余额一致');
  const term = glossary.find((e) => e.term === '可用余额');
  expect(term?.home).toBe('/api/user/credit');
  const routes = ['/api/user/credit', '/price', '/faqs', '/api/errors', '/api/voices/create'];
  for (const route of routes) {
    const text = page(route);
    expect(text, route).not.toMatch(/现在能用的钱|与账单和发票对得上|本小时和还没有扣费的各小时/);
    expect(text, route).not.toMatch(/余额减去本小时还没有扣除的用量/);
    if (route !== '/api/user/credit') {
      // The pages name it and link the definition; none lists what it subtracts.
      expect(text, route).toMatch(/可用余额\]?（`available_balance`）|\[可用余额\]/);
      expect(text, route).not.toMatch(/available_balance`?[^。\n]{0,30}减去/);
    }
  }
  for (const id of ['balance-check', 'clone-charge', 'low-balance-alert']) {
    expect(rule(id), id).toContain('[可用余额](/api/user/credit)（`available_balance`）');
    expect(rule(id), id).not.toMatch(/还没有扣除的用量/);
  }
  expect(errorByCode('insufficient_credit')!.action).toContain(
    '[可用余额](/api/user/credit)（`available_balance`）',
  );
});

test('/price says per API when the balance is checked: HTTP once per request, WebSocket per segment (D143)', () => {
  const zero = section('/price', '## 余额不足时');
  expect(zero).toMatch(
    /^## 余额不足时\s+\*\*HTTP 请求在合成之前按整段文本的费用检查一次余额，WebSocket 上下文在每一段合成之前按这一段的费用检查\*\*/,
  );
  expect(zero).toContain('- **HTTP 请求**：余额不够时，整个请求不合成、不计费');
  expect(zero).toContain('- **WebSocket 上下文**：可能合成到一半时余额不够');
  expect(zero).not.toContain('余额（含代金券）不够合成下一段时');
  expect(page('/api/speech/post')).toContain('整段文本的费用超过[可用余额]时返回 402');
});

test('a key is one submitted form, kept with it; an edit is a new clone; the deletion exception and the 409 are told (D144)', () => {
  const create = page('/api/voices/create');
  expect(create).toContain(
    '同一个键在 24 小时内最多只创建一个音色；这个音色删除之后，服务端忘记这个键',
  );
  expect(create).toContain('原样重新提交这次提交和它的键');
  expect(create).toContain('指纹不同，就是一次新的提交，用新的键');
  expect(create).toContain(
    '用户换了录音或改了名称再提交，是一次新的克隆，生成新的键。上一次提交如果已经创建了音色，它仍然保留，变为 `ready` 时已经计费；不需要就[删除]它',
  );
  expect(create).toContain('409 以外的 4xx');
  expect(create).not.toContain('任何 4xx');
  const conflict = errorByCode('idempotency_conflict')!.action;
  expect(conflict).not.toContain('两次提交之间录音或字段变了');
  expect(conflict).toContain('重新提交要原样发送保存的请求，用户改了录音或名称要用新的键');
  expect(page('/guides/clone')).toContain('用户改了录音或名称再提交，是一次新的克隆，用新的键');
});

test('someone waiting on a clone upload: the batch retry rule, each wait shown with a cancel, the key kept after (D145)', () => {
  const retry = section('/guides/clone', '### 失败后重试');
  expect(retry).toContain(
    `按[重试策略]中批量任务的规则自动重试：尝试次数有上限，\`Retry-After\` 多长都照等，不受实时场景 ${retryPolicy.realtimeBudgetMs / 1000} 秒总时长的限制`,
  );
  expect(retry).toContain('每次等待都显示给用户（第几次、还要等多久），并提供取消');
  expect(retry).toContain('次数用完或用户取消时，保留这次提交的键和请求（字段和录音文件）');
  expect(retry).toContain(
    '之后由用户选择什么时候重新提交；最后一次响应带 `Retry-After` 时，不早于它',
  );
  expect(retry).not.toContain('稍后用同一个键');
  expect(retry).not.toContain('4xx 错误对象');
});

test('a voice deleted as it finished: only the usage records tell whether its fee was charged (D146)', () => {
  expect(page('/api/voices/delete')).toContain(
    '删除的响应不说明是哪一种，也没有接口能查到：只有[用量明细]能看出来，每次计费的克隆按 `voice_id` 有一条记录，没有这个音色的记录就是没有计费',
  );
});

test('billed characters drop exactly the Unicode White_Space characters; zero-width ones are billed (D147)', () => {
  for (const { char, name } of freeWhitespace) {
    expect(billedCharacters(`好${char}的`, 'none'), name).toBe(2);
  }
  for (const { char, name } of billedZeroWidth) {
    expect(billedCharacters(`好${char}的`, 'none'), name).toBe(3);
  }
  // Every code point: free exactly when it has the White_Space property (U+0085 too, not U+FEFF).
  const wrong: string[] = [];
  for (let c = 0; c <= 0x10ffff; c += 1) {
    if (c >= 0xd800 && c <= 0xdfff) continue;
    const char = String.fromCodePoint(c);
    const free = /\p{White_Space}/u.test(char);
    if (billedCharacters(char, 'none') !== (free ? 0 : 1)) wrong.push(codePointOf(char));
  }
  expect(wrong).toEqual([]);
  expect(billedCharacters('\u0085', 'none')).toBe(0);
  expect(billedCharacters('\ufeff', 'none')).toBe(1);
  const characters = section('/price', '## 怎样计算字符');
  expect(characters).toContain(`**空白字符不计费**：${shown(whitespaceRule)}`);
  for (const { char } of [...freeWhitespace, ...billedZeroWidth]) {
    expect(characters).toContain(codePointOf(char));
  }
});

test('several vouchers: earliest expiry first, an hour paid by those valid at its start, the balance never below zero (D148)', () => {
  expect(rule('vouchers')).toContain('有几张代金券时，先用过期时间最早的');
  expect(rule('vouchers')).toContain(
    '一小时的用量由这一小时开始时还有效的代金券支付，所以在这一小时里过期的代金券，仍然支付这一小时的用量',
  );
  expect(rule('balance-check')).toContain('预留的费用不对应某一张代金券');
  expect(rule('balance-check')).toContain('只扣到 0，余额不会变成负数');
  expect(section('/price', '### 余额的组成与扣费顺序')).toContain(shown(rule('vouchers')));
  expect(page('/api/user/credit')).toContain('按过期时间升序排列，也就是扣费时使用的顺序');
});

test('after insufficient_credit a real-time turn ends; a batch job resends the unheard text after a top-up (D149)', () => {
  expect(rule('top-up')).toContain(
    '批量任务（例如有声书）重发[最后一个有时间戳的词之后的文本](/api/websocket#contexts-after-reconnect)，WebSocket 上用新的 `context_id`；实时对话中，收到这个错误的一轮到此为止',
  );
  const zero = section('/price', '## 余额不足时');
  expect(zero).toContain(
    '收到这个错误之后，实时对话中这一轮到此为止；批量任务（例如有声书）在充值之后重发[最后一个有时间戳的词之后的文本]',
  );
  expect(zero).toContain(shown(rule('top-up')));
  const faq = section('/faqs', '### 余额用完会怎样');
  expect(faq).toContain('- **实时对话**（有人在等这段回复）：这一轮到此为止');
  expect(faq).toContain(
    '- **批量任务**（例如合成有声书）：充值之后重发[最后一个有时间戳的词之后的文本]',
  );
});

test('an HTTP client that disconnects before the first byte is billed the segments that had started, stated without “通常”', () => {
  const price = page('/price');
  expect(price).toContain(
    '在收到第一个字节之前断开，计费的同样是断开时已经开始合成的段，合成已经结束时就是全部文本',
  );
  expect(price).not.toContain('通常已经全部计费');
});

/** Runs a clone example against a server whose new voice has a status the example does not know. */
async function unknownStatus(command: string[], file: string): Promise<string> {
  const server = createServer((req, res) => {
    req.resume();
    const voice = { voice_id: 'voice_custom_m5', status: 'archived', name: '客服小林' };
    res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify(voice));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const cwd = mkdtempSync(path.join(tmpdir(), 'clone-status-'));
  writeFileSync(path.join(cwd, 'reference.wav'), Buffer.from('RIFF....WAVEfmt '));
  try {
    return await new Promise<string>((resolve) => {
      const child = spawn(command[0], [...command.slice(1), path.join(examplesDir, file)], {
        cwd,
        env: {
          ...process.env,
          PYTHONDONTWRITEBYTECODE: '1',
          VOXLOOM_API_KEY: 'sk-test',
          VOXLOOM_API_BASE: `http://127.0.0.1:${port}`,
        },
      });
      let output = '';
      child.stdout.on('data', (d: Buffer) => (output += d.toString()));
      child.stderr.on('data', (d: Buffer) => (output += d.toString()));
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      child.on('close', (status) => {
        clearTimeout(timer);
        resolve(`${output}\nexit ${String(status)}`);
      });
    });
  } finally {
    server.close();
  }
}

for (const [file, command] of [
  ['clone/clone.py', [python]],
  ['clone/clone.mjs', ['node']],
  ['clone/clone.sh', ['bash']],
] as const) {
  test(`${file} reports a status it does not know as such, not as polling rounds used up`, async () => {
    const output = await unknownStatus([...command], file);
    expect(output).toContain('查到这个示例不认识的状态（status=archived），停止轮询');
    expect(output).not.toContain('次后仍未就绪');
    expect(output).toMatch(/exit [1-9]/);
  });
}

test('a clone key belongs to the submission’s fingerprint, kept 24 h where every tab reads it; the clone guide says the same (D167)', () => {
  const create = page('/api/voices/create');
  expect(create).toContain(
    '一个键对应一次提交的指纹（录音文件的 SHA-256 和各字段的值）。用户提交时先算指纹，在所有标签页共用的存储里找它的键',
  );
  expect(create).toContain('和指纹一起保存 24 小时；存在哪里，见[克隆自定义音色：失败后重试]');
  // The storage advice lives in the guide; the reference keeps a line linking it.
  expect(create).not.toContain('localStorage');
  expect(create).toContain(
    '指纹相同，就用同一个键，后到的请求等前一个结束，或者得到重放（见下文“同时到达”）；指纹不同，就是一次新的提交，用新的键',
  );
  expect(create).toContain('音色删除后，删掉保存的键');
  // No page keeps a key per tab any more, nor says a key is one press of the button.
  for (const route of ['/api/voices/create', '/guides/clone', '/faqs']) {
    expect(page(route), route).not.toMatch(/sessionStorage` 中|一个键是一次提交/);
  }
  expect(section('/guides/clone', '### 失败后重试')).toContain(
    '键按提交内容的指纹保存在所有标签页共用的地方，连点、刷新页面和第二个标签页提交同样的内容都沿用它',
  );
  expect(section('/guides/clone', '### 失败后重试')).toContain(
    '**键保存在所有标签页共用的存储里**：你的服务端为这次上传建的记录，或浏览器的 `localStorage`；不要用 `sessionStorage`，它每个标签页各有一份',
  );
});

test('X-Client-Request-Id: a shared header of every HTTP operation, echoed, in the usage records; the request ID section adds it (D168)', () => {
  for (const route of [
    '/api/speech/post',
    '/api/voices/create',
    '/api/voices/list',
    '/api/voices/get',
    '/api/voices/update',
    '/api/voices/delete',
    '/api/user/credit',
  ]) {
    expect(page(route), route).toContain('X-Client-Request-Id');
  }
  expect(page('/api/speech/post')).toContain(
    '不合规时返回 400 `invalid_request`，`param` 为 `X-Client-Request-Id`',
  );
  const usage = consoleLists.find((l) => l.id === 'usage-records')!;
  expect(usage.fields.find((f) => f.field === '客户端请求 ID')?.meaning).toContain(
    '`X-Client-Request-Id`',
  );
  const ids = section('/api/introduction', '## 请求 ID');
  expect(ids).toContain('请求 ID 由服务端生成，客户端不需要自己生成');
  expect(ids).toContain(
    '每个 HTTP 请求都可以带请求头 `X-Client-Request-Id`，值是你生成的 ID（例如 UUID），发送前记进日志',
  );
  expect(rule('usage-records')).toContain('HTTP 请求按请求 ID 或它带的 `X-Client-Request-Id`');
});

test('balances are now’s: top-ups, grants and expiries at once, usage at each hourly debit; no “after the last debit” definition (D170)', () => {
  const credit = page('/api/user/credit');
  expect(credit).toContain(
    '`total_balance`：账户现在的余额，与控制台显示的余额一致。充值、代金券的发放和过期立即计入；用量在每个整点扣费时扣除',
  );
  expect(credit).toContain('充值余额，现在的金额：充值立即计入，用量在整点扣费时扣除。');
  expect(credit).toContain('发放立即计入，过期的立即不再计入，用量在整点扣费时扣除');
  for (const route of ['/api/user/credit', '/price', '/faqs']) {
    expect(page(route), route).not.toContain('最近一次整点扣费后');
  }
});

test('money is exact to 0.001 fen: a decimal type or integers of 0.001 fen; a cost above the returned available balance is a certain 402 (D169)', () => {
  const money = rule('money');
  expect(money).toContain('一次请求的费用精确到 0.001 分');
  expect(money).toContain('以 0.001 分为单位的整数计算，不要换算成整数“分”');
  expect(money).toContain(
    '费用超过返回的 `available_balance` 时，这期间余额没有别的变动的话，请求一定收到 402',
  );
  expect(section('/price', '### 查询余额')).toContain(shown(money));
  expect(page('/price')).not.toContain('或换算成整数“分”再比较和计算');
  expect(page('/api/user/credit')).toContain(
    '费用（精确到 0.001 分）不超过它的请求不会因余额收到 `insufficient_credit`，超过它的一定收到',
  );
});

test('month end: a debit row is dated by its usage hour; a month closes after its last hourly debit; the list shows opening and closing (D171)', () => {
  const debits = consoleLists.find((l) => l.id === 'debits')!;
  expect(debits.lines).toContain('每个月的列表以月初余额开头、月末余额结尾');
  expect(debits.lines).toContain(
    '月末余额是这个月最后一小时的扣费之后的余额，过去某个月月末的余额就在这里查',
  );
  expect(debits.fields.find((f) => f.field === '小时')?.meaning).toContain(
    '月末最后一小时的用量在次月 0 点扣除，仍记在这个月',
  );
  expect(rule('billing-month')).toContain(
    '一个月的月末余额，是这个月最后一小时的用量扣除之后的余额',
  );
  expect(page('/price')).toContain(shown(debits.lines));
});

test('金额 is what was taken and makes the identity; 未扣金额 stands beside it, outside (D172)', () => {
  const fields = consoleLists.find((l) => l.id === 'debits')!.fields;
  const meaning = (field: string) => fields.find((f) => f.field === field)!.meaning;
  expect(meaning('金额')).toContain('扣费一行是实际扣下的金额，等于代金券支付与充值余额支付之和');
  expect(meaning('金额')).toContain('月初余额加上各行的金额等于月末余额');
  expect(meaning('未扣金额')).toContain('扣费一行中应扣而没有扣到的部分，不再追收，也不算在金额里');
  expect(meaning('未扣金额')).not.toContain('四舍五入到分；其他类型');
});

test('a voucher expiring within an hour: out of the balance at expiry, pays the hour, its expiry row after that debit (D173)', () => {
  expect(rule('vouchers')).toContain('它一过期就不再计入余额和可用余额');
  expect(rule('vouchers')).toContain(
    '扣费记录接着写一行代金券过期，小时是这一小时，金额是它剩下的部分',
  );
  expect(section('/price', '### 余额的组成与扣费顺序')).toContain(shown(rule('vouchers')));
});

test('the balance alert compares available_balance, like a program would (D174)', () => {
  expect(rule('low-balance-alert')).toContain(
    '[可用余额](/api/user/credit)（`available_balance`）低于它时向账户的通知邮箱发送提醒',
  );
  expect(page('/price')).toContain(shown(rule('low-balance-alert')));
});

test('voices list: ties by voice_id ascending; a voice deleted while paging just stops appearing, no other is skipped or repeated; cursor, order and statuses as bullets (D176)', () => {
  const list = page('/api/voices/list');
  expect(list).toMatch(/^- \*\*游标\*\*：/m);
  expect(list).toMatch(
    /^- \*\*顺序\*\*：按 `created_at` 从新到旧排列，时间相同的按 `voice_id` 升序排列/m,
  );
  expect(list).toMatch(/^- \*\*状态\*\*：/m);
  expect(list).toContain('删除的音色不再出现在后面的页，其他音色不会因此漏掉或重复');
});

test('a replayed voice was created by the key’s first request that created a voice; after a 409 the user sees it and may choose a new clone, never the program (D177)', () => {
  expect(page('/api/voices/create')).toContain('这个音色由这个 `Idempotency-Key` 首次创建');
  expect(errorByCode('idempotency_conflict')!.action).toContain('它由这个键首次创建');
  const retry = section('/guides/clone', '### 失败后重试');
  expect(retry).toContain('这个音色由这个键首次创建');
  expect(retry).toContain(
    '把 `Location` 指向的音色给用户看，[轮询]到完成。用户可以选择作为一次新的克隆提交（新的键，会再计费一次），程序不要自动这样做',
  );
  for (const route of ['/api/voices/create', '/guides/clone', '/api/errors']) {
    expect(page(route), route).not.toMatch(
      /第一次请求创建的|第一次送达时创建的|第一个创建了音色的请求创建的/,
    );
  }
});

test('failure_reason is written for the person who recorded and may be shown as is, unlike error.message (D178)', () => {
  expect(page('/api/voices/get')).toContain(
    '它写给录音的人看，可以原样显示给你的用户，这一点与错误对象的 `message` 不同',
  );
  expect(page('/guides/clone')).toContain(
    '它写给录音的人看，可以原样显示给你的用户（错误对象的 `message` 写给开发者，不要这样用）',
  );
});

test('clone fees are reconciled from the usage records, by their hour; the consent record keeps every 201’s request ID (D179)', () => {
  expect(rule('clone-charge')).toContain('对账时克隆费按那条记录的小时算，不看音色对象的字段');
  expect(page('/price')).toContain(shown(rule('clone-charge')));
  expect(section('/guides/clone', '### 保存授权记录')).toContain(
    '和收到的每个 201 响应的请求 ID（创建它的和重放的都记）。创建它的那次响应没有收到时，请求日志按 `voice_id` 也能找到创建它的请求',
  );
});

test('Retry-After on /api/speech/post: a rate 429’s is exact, earlier is refused; a concurrency 429’s is an estimate', () => {
  const post = page('/api/speech/post');
  expect(post).toContain(
    '速率超限的 429：它是距离本分钟计数清零的秒数，是准确的，提前发出一定被拒绝。并发超限的 429：它是估计值，提前发出时，只有同时进行中的请求仍在上限才被拒绝',
  );
  expect(post).not.toContain('提前发出仍会被拒绝。每个 429 和 503');
});

test('the voice quota is told as a default that can be raised, wherever a page states it (D175)', () => {
  for (const route of ['/guides/clone', '/faqs']) {
    expect(page(route), route).toMatch(/默认最多(?:保存)? \d+ 个(?:自定义音色)?，可以\[申请提高\]/);
  }
  expect(page('/guides/clone')).toContain('没有接口查询音色名额');
});

test('both console lists export as CSV by time range, in one format rendered on /price: UTF-8, the table’s field names, ISO 8601 at +08:00, yuan as decimals (D188)', () => {
  const reconciliation = section('/price', '### 对账');
  expect(rule('csv-export')).toBe(csvExportRule);
  expect(reconciliation).toContain(shown(csvExportRule));
  for (const list of consoleLists) expect(list.lines).toMatch(/按时间范围导出为 CSV 文件/);
  expect(csvExportRule).toContain('UTF-8 编码；第一行是列名，与下表的字段名相同');
  expect(csvExportRule).toContain('带北京时间的时差 +08:00，“小时”写这一小时的开始');
  expect(csvExport.hourExample).toBe('2026-11-28T14:00:00+08:00');
  expect(new Date(csvExport.hourExample).toISOString()).toBe('2026-11-28T06:00:00.000Z');
  // Usage to 0.001 fen (¥0.00001), charges to the fen.
  expect(csvExportRule).toContain(
    '用量明细精确到 0.00001 元（0.001 分），扣费记录精确到分（0.01 元）',
  );
  expect(csvExport.amountDecimals).toEqual({ 'usage-records': 5, debits: 2 });
});

test('the first chunk of a stream comes within the chunk gap of the whole body, so the read timeout covers the wait (D189)', () => {
  const gap = limit('streamChunkGap');
  expect(gap.subject).toContain(
    '第一个分块也一样：服务端收到整个请求体后，在这个时间内发出响应头和第一个分块',
  );
  expect(gap.scope).toContain('从收到请求体到第一个分块、以及每两个分块之间');
  expect(gap.scope).toContain('等第一个分块时也够用');
});

test('voice_limit_reached states the quota and the count for logs; the guide has the program show its own wording and count from the list (D190)', () => {
  const quota = limit('customVoices').value;
  const example = errorByCode('voice_limit_reached')!.example.message;
  expect(example).toBe(voiceLimitMessage(quota));
  expect(example).toContain(`（${quota}/${quota}）`);
  const manage = page('/guides/clone');
  expect(manage).toContain(
    '程序向用户显示自己的提示（例如“音色名额已满”），现有的数量用[列出音色]（`type=custom`）数出；`message` 也写明上限和数量，但它是写给日志的',
  );
  expect(manage).not.toContain('把它告诉用户即可');
  // One term: 音色名额.
  expect(errorByCode('voice_limit_reached')!.meaning).not.toContain('自定义音色数量');
  expect(errorByCode('voice_limit_reached')!.name).toBe('音色名额已满');
  expect(page('/api/voices/create')).toContain('音色名额已满：账户的自定义音色已达上限');
  expect(page('/api/voices/create')).not.toContain('自定义音色数量已达上限');
  expect(page('/voices')).toMatch(/默认最多 \d+ 个自定义音色，可以\[申请提高\]/);
});

test('an hour’s usage records and its charge are final within 10 minutes of the hour’s debit; a month-end job waits until 00:10 of the 1st (D191)', () => {
  expect(recordsFinalMinutes).toBe(10);
  expect(rule('usage-records')).toContain(
    '一小时的用量明细和扣费记录，在这一小时扣费后 10 分钟内写完，此后不再变动；月末对账要等到次月 1 日 00:10（北京时间）之后',
  );
  expect(page('/price')).toContain(shown(rule('usage-records')));
});

test('polling stops on any error that cannot be retried, and on a voice gone from the list; one list call is one poll for each voice waiting (D192)', () => {
  expect(pollingPolicy.stopsOn).toContain(
    '用一次[列出音色](/api/voices/list)查几个音色时，这一次对每个还在等待的音色都算一次',
  );
  expect(pollingPolicy.stopsOn).toContain('其他不能重试的错误（如 400、401、403）');
  expect(pollingPolicy.stopsOn).toContain(
    '列表（`type=custom`）里没有了的音色已被删除，同样停止并报告',
  );
  expect(page('/api/errors')).toContain(shown(pollingPolicy.stopsOn));
  expect(section('/guides/clone', '## 等待克隆完成')).toContain(
    '一次列表调用对每个还在等待的音色都算一次查询；列表里没有了的音色已被删除，停止轮询它并报告，与查询返回 404 一样',
  );
});

test('deleting while another tab retries: the saved key goes first, then the voice; list after, since a request in flight may still create one (D193)', () => {
  expect(section('/guides/clone', '### 删除音色')).toContain(
    '**另一个标签页可能还在重试这次提交时，先删掉保存的键，再删除音色**：删除时这个键[随之失效]，已经发出、带这个键的请求仍可能再创建一个音色。所以删除之后再[列出]一次自定义音色，确认没有新建的音色',
  );
});

test('X-Client-Request-Id: a new one per attempt, never checked for uniqueness, echoed on every response, errors too; in the logs, and the usage records of billed requests (D194)', () => {
  const create = page('/api/voices/create');
  expect(create).toContain(
    '服务端在每个响应中原样返回它（错误响应也一样），但不检查它是否唯一：每次尝试（包括重试）都是新的请求，用新的 ID',
  );
  expect(create).toContain(
    '它记在请求日志中；计费的请求还记在用量明细中（克隆的一条带创建音色的那次请求的 ID，那次没有带时为空），查询、列出、修改、删除音色和查询余额从不计费',
  );
  expect(section('/api/introduction', '## 请求 ID')).toContain(
    '**每次尝试一个新 ID**：重试是新的请求，用新的 `X-Client-Request-Id`；服务端不检查它是否唯一',
  );
  // Every response of every operation declares the echo, the errors' included.
  for (const name of ['common', 'voices', 'speech', 'user']) {
    const doc = parse(readFileSync(path.join(root, 'api-specs', `${name}.yaml`), 'utf8')) as {
      paths?: Record<string, Record<string, { responses?: Record<string, ResponseObject> }>>;
      components?: { responses?: Record<string, ResponseObject> };
    };
    const responses: [string, ResponseObject][] = Object.entries(doc.components?.responses ?? {});
    for (const [route, ops] of Object.entries(doc.paths ?? {})) {
      for (const [method, op] of Object.entries(ops)) {
        for (const [code, r] of Object.entries(op.responses ?? {})) {
          responses.push([`${method} ${route} ${code}`, r]);
        }
      }
    }
    for (const [where, r] of responses) {
      if (r.$ref) continue;
      expect(Object.keys(r.headers ?? {}), `${name}: ${where}`).toContain('X-Client-Request-Id');
    }
  }
});

test('X-Client-Request-Id is checked right after the rate limit, before the operation’s own checks, on both references (D195)', () => {
  expect(page('/api/voices/create')).toContain(
    '服务端先鉴权（401），再检查速率限制（429），再检查请求头 `X-Client-Request-Id`（格式不合规时返回 400 `invalid_request`，`param` 为 `X-Client-Request-Id`），然后按下面的顺序检查请求',
  );
  expect(page('/api/speech/post')).toMatch(
    /2\. 速率，然后并发：429 `rate_limited`。\s*3\. 请求头 `X-Client-Request-Id`：格式不合规时返回 400 `invalid_request`，`param` 为 `X-Client-Request-Id`。\s*4\. 字段/,
  );
});

test('a stream broken after its 200 bills every segment synthesised, its audio sent or not, never the one that failed; the row’s rule and note agree (D196)', () => {
  const row = billingOutcome('http-failure-mid-stream');
  expect(row.rule).toBe(
    '已经合成完的段计费，不论它的音频是否已经发完；出错的一段和它之后的段不计费',
  );
  expect(row.detail).toContain('出错的一段之前的段都已合成完，都计费');
  expect(row.detail).not.toMatch(/音频已经发完的段计费|已经收到的段会再计费/);
  // The WebSocket error row states the content_rejected exception once.
  const wsError = billingOutcome('ws-error').detail;
  expect(wsError.match(/在一段开始合成之前检查/g)).toHaveLength(1);
  expect(rule('reported-counts')).toContain('以后两个来源为准');
});

test('a clone without its audio part: 400 invalid_request, param audio, at the fields step; the troubleshooting row says which (D197)', () => {
  expect(page('/api/voices/create')).toContain(
    '缺少 `audio` 部分时同样返回 400 `invalid_request`，`param` 为 `audio`，`message` 写明缺少 audio',
  );
  expect(page('/guides/clone')).toContain('缺少录音或时长不符合要求，看 `message`');
});

test('an empty description is stored as null, the same as none (D198)', () => {
  expect(page('/api/voices/create')).toContain(
    '传空字符串 `""` 与不传相同，存为 `null`，查询音色时这个字段为 `null`',
  );
});

test('available_balance counts an HTTP request in flight once, by its reservation, never also its started segments (D199)', () => {
  expect(page('/api/user/credit')).toContain(
    '进行中的 HTTP 请求只算一次：在它结束之前只减去预留的整段文本的费用，它已经开始合成的段不再作为用量另外减去',
  );
});

test('a resubmission that fixes only a header keeps its key; a changed file or field is a new key (D200)', () => {
  expect(page('/api/voices/create')).toContain(
    '**指纹是录音文件和表单字段**，不含请求头：只改了请求头（例如 `X-Client-Request-Id`）再提交，保留原来的键；改了文件或字段，是新的提交，用新的键',
  );
  expect(section('/guides/clone', '### 失败后重试')).toContain(
    '改了录音文件或字段，是一次新的提交，用新的键；只改了请求头（例如 `X-Client-Request-Id`），保留原来的键',
  );
});

test('a new optional field or header is validated from its first day, which is not tightening an existing field (D201)', () => {
  const compatible = versioningRules.find((r) => r.id === 'compatible')!.rule;
  expect(compatible).toContain(
    '新增的可选字段或请求头从发布第一天起就校验格式，不合规时返回 400：不带它的请求行为不变，这不算收紧已有字段的校验',
  );
  expect(page('/api/introduction')).toContain(shown(compatible));
});
