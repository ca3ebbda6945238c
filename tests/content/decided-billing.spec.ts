/**
 * The billing and cloning decisions of the fourth clone reader's audit (issue 40) that are rules
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

import { billingRules, consoleLists, disputeWindowDays } from '../../src/data/billing';
import { errorByCode } from '../../src/data/errors';
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
import { retryPolicy } from '../../src/data/retryPolicy';
import { examplesDir, python, root } from '../support/examples';

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
  expect(debits.lines).toContain('上月末的余额加上本月各行的金额（扣费为负），就是本月末的余额');
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
    '可用余额：下一次余额检查用的金额，按分向下取整，不小于 `0.00`。费用不超过它的请求不会因余额收到 `insufficient_credit`。',
  );
  expect(credit).toContain('它等于 `total_balance` 减去还没有扣除的用量');
  expect(credit).toContain('`total_balance`：最近一次整点扣费后的余额，与控制台显示的余额一致');
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
  expect(create).toContain('用户提交表单时生成一个新的 UUID，和这次提交一起保存');
  expect(create).toContain(
    '连同这次提交的指纹（录音文件的 SHA-256 和各字段的值）存在浏览器的 `sessionStorage` 中',
  );
  expect(create).toContain('原样重新提交这次提交和它的键');
  expect(create).toContain('和保存的相同，沿用保存的键；不同，就是一次新的提交，生成新键');
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
  expect(retry).toContain('次数用完或用户取消时，把键和请求（字段和录音文件）留在这次提交里');
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
    '批量任务（例如有声书）重发没有收到音频的文本，WebSocket 上用新的 `context_id`；实时对话中，收到这个错误的一轮到此为止',
  );
  const zero = section('/price', '## 余额不足时');
  expect(zero).toContain(
    '收到这个错误之后，实时对话中这一轮到此为止；批量任务（例如有声书）在充值之后重发没有收到音频的文本',
  );
  expect(zero).toContain(shown(rule('top-up')));
  const faq = section('/faqs', '### 余额用完会怎样');
  expect(faq).toContain('- **实时对话**（有人在等这段回复）：这一轮到此为止');
  expect(faq).toContain('- **批量任务**（例如合成有声书）：充值之后重发没有收到音频的文本');
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
    expect(output).not.toContain('轮后仍未就绪');
    expect(output).toMatch(/exit [1-9]/);
  });
}
