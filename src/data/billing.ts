/**
 * What every outcome of a request is billed, in one table: `/price#when-charged` renders it, and
 * every other page links there or renders a row's `rule` (`<BillingOutcomeRule id=… />`). One
 * boundary underlies all rows (D7): text is synthesised segment by segment, one segment at a time
 * per context (D30), over HTTP too (D69), and a segment is billed in full, its characters counted
 * as `billedCharacters` of src/data/pricing.ts counts them, once its synthesis starts (开始合成); a
 * segment that never started is never billed, nor one the server fails, nor the one in synthesis
 * when the server closes for its own reasons (D31). A voice is billed once, when it becomes
 * `ready`, however many requests it took (D62). The rules around the table (segments, where an unreported count is found, hours and months,
 * reconciliation, retries, vouchers, the balance check, top-ups, alerts, invoices and disputes)
 * are `billingRules`, and the console's lists a program reconciles against are `consoleLists`,
 * all rendered on `/price`.
 */
import { closeCauses } from '../protocol/facts';
import { maxSegmentLength } from '../protocol/segmentLength';
import { deployment } from './deployment';
import { requestLogRetentionDays } from './requestLogs';
import { billingUtcOffsetHours } from './billingClock';
import { supportAnchor } from './support';

/** Where a count the client never received is found: the rule `usage-records` below. */
const usageRecords = '[控制台的用量明细](/price#billing-rule-usage-records)';

/** How much of the text an outcome bills. */

/** The close codes the server sends for its own reasons or for the client's (`cause` of `x-close-codes`), “1000、1011 和 1013”. */
function closesFor(cause: 'server' | 'client'): string {
  const codes = Object.keys(closeCauses).filter((code) => closeCauses[code] === cause);
  return codes.length < 2 ? codes.join('') : `${codes.slice(0, -1).join('、')} 和 ${codes.at(-1)}`;
}

export type BilledAmount = 'all' | 'started' | 'started-but-failed' | 'none' | 'per-clone';

export const billedAmountLabel: Readonly<Record<BilledAmount, string>> = {
  all: '全部文本',
  started: '已开始合成的段',
  'started-but-failed': '已开始合成的段，出错的一段除外',
  none: '不计费',
  'per-clone': '按音色计费',
};

export interface BillingOutcome {
  /** Stable id, the row's anchor (`/price#billing-<id>`). */
  readonly id: string;
  readonly api: 'HTTP' | 'WebSocket' | 'HTTP 与 WebSocket' | '克隆';
  /** What happened, for the reader. */
  readonly outcome: string;
  readonly billed: BilledAmount;
  /**
   * What is billed, the rule in one sentence without its full stop: the start of `detail`, and
   * what another page renders when it needs this row's rule in its own flow.
   */
  readonly rule: string;
  /** `rule`, then what follows from it (the table's 说明 column). */
  readonly detail: string;
  /** Where the client reads the billed count, if anywhere. */
  readonly reported: string;
}

/** A row's anchor on `/price`. */
export const billingAnchor = (id: string): string => `billing-${id}`;

/** A row: `detail` is `rule` and the sentences after it, so the two never drift apart. */
const row = (o: Omit<BillingOutcome, 'detail'> & { readonly more?: string }): BillingOutcome => {
  const { more, ...rest } = o;
  return { ...rest, detail: `${o.rule}。${more ?? ''}` };
};

/**
 * The most a cancel or an ending `error` bills beyond the audio the server had sent (D47): the
 * segment in synthesis, which the segmenter keeps within this many billed characters.
 */
export const maxBilledBeyondAudio = maxSegmentLength;

export const billingOutcomes: readonly BillingOutcome[] = [
  row({
    id: 'http-success',
    api: 'HTTP',
    outcome: '合成成功：状态码 200，音频完整收到（包括 `stream: true` 的分块响应正常结束）',
    billed: 'all',
    rule: '文本的每一段都已开始合成，按文本的全部计费字符计费',
    reported: '响应头 `X-Billed-Characters`',
  }),
  row({
    id: 'http-client-disconnect',
    api: 'HTTP',
    outcome:
      '客户端在音频收完之前断开：读取超时、主动取消或网络中断，`stream` 为 `true` 或 `false`',
    billed: 'started',
    rule: '服务端发现断开时已经开始合成的段计费，包括没有送到的音频；还没有开始合成的段不计费',
    more: '`stream: false` 时音频全部合成后才开始发送：在收到第一个字节之前断开，计费的同样是断开时已经开始合成的段，合成已经结束时就是全部文本。',
    reported: `收到了响应头时，\`X-Billed-Characters\` 是这次计费的上限；确切的数见${usageRecords}`,
  }),
  row({
    id: 'http-failure-mid-stream',
    api: 'HTTP',
    outcome:
      '`stream: true` 的响应在 200 之后因服务端故障或超过处理时间上限而中途断开，分块传输没有正常结束',
    billed: 'started-but-failed',
    rule: '已经合成完的段计费，不论它的音频是否已经发完；出错的一段和它之后的段不计费',
    more: 'HTTP 请求的文本与 WebSocket 上一样切成段，一次合成一段，所以出错的一段之前的段都已合成完，都计费；超过处理时间上限也算服务端的故障。重试时整段文本从头合成，已经计费的段会再计费一次；长文本按句拆分后，一次失败只需重发一句。',
    reported: `\`X-Billed-Characters\` 是整段文本的计费字符数，是这次计费的上限；确切的数见${usageRecords}`,
  }),
  row({
    id: 'rejected',
    api: 'HTTP 与 WebSocket',
    outcome: 'HTTP 状态码不是 2xx，或 WebSocket 握手被拒绝',
    billed: 'none',
    rule: '这个请求不计费：4xx 和被拒绝的握手都发生在开始合成之前，5xx 是服务端的故障',
    more: '即使合成已经开始（例如超过[处理时间上限](/api/limits-and-timeouts#http-timeout)时的 503），返回 5xx 的合成请求也不计费。克隆例外：返回 5xx 的克隆请求可能已经创建了音色，这个音色变为 `ready` 时照样计费一次，见[克隆成功](#billing-clone-ready)一行。',
    reported: '错误对象，没有计费字符数',
  }),
  row({
    id: 'ws-done',
    api: 'WebSocket',
    outcome: '上下文正常完成，收到 `done`',
    billed: 'all',
    rule: '上下文的全部文本都已开始合成，按全部计费字符计费',
    reported: '`done` 消息的 `billed_characters`',
  }),
  row({
    id: 'ws-cancel',
    api: 'WebSocket',
    outcome: '客户端发送 `cancel` 取消上下文',
    billed: 'started',
    rule: '音频已经全部发出的段和收到 `cancel` 时正在合成的一段计费，排队的段和还没有成段的文本不计费',
    more: `已经发出、还在网络上传输的音频也算发出；正在合成的一段剩余的音频不再发送。合成完、音频还在等 TCP 流量控制写入连接的一段，也算正在合成（[一段的音频全部写入连接后，下一段才开始合成](/api/websocket#flow-control)）。所以取消时，音频还没有发出的计费字符最多 ${maxBilledBeyondAudio} 个，就是正在合成的那一段（一段的上限见[按段计费](/price#billing-rule-segments)）。`,
    reported:
      '`cancel` 之后收到的 `done` 的 `billed_characters`；上下文先因 `error` 结束时，是那条 `error` 的 `billed_characters`。连接在这之前关闭、两者都没收到时，按[连接关闭](/price#billing-ws-dropped)一行计费，不会多于取消，数字在用量明细中查',
  }),
  row({
    id: 'ws-error',
    api: 'WebSocket',
    outcome:
      '上下文因 `internal_error` 以外的 `error` 而结束，例如 `content_rejected`、`insufficient_credit`',
    billed: 'started',
    rule: '音频已经全部发出的段计费；出错时正在合成的一段也计费，只是 `content_rejected` 和 `insufficient_credit` 在一段开始合成之前检查，出错时没有正在合成的段；没有通过检查的一段、排队的段和还没有成段的文本不计费',
    more: `其他结束上下文的错误与取消一样，音频还没有发出的计费字符最多 ${maxBilledBeyondAudio} 个。上下文的第一条 \`generate\` 就被拒绝时，计费字符数为 0。`,
    reported: '`error` 消息的 `billed_characters`',
  }),
  row({
    id: 'ws-server-failure',
    api: 'WebSocket',
    outcome: '上下文因服务端故障结束：错误码为 `internal_error` 的 `error`',
    billed: 'started-but-failed',
    rule: '出错的一段不计费，即使已经收到它的部分音频；它之前的段计费，排队的段不计费',
    more: '所以在新的上下文中重发[最后一个有时间戳的词之后的文本](/api/websocket#contexts-after-reconnect)，出错的这段文本最多计费一次（重发从收到音频的最后一个词之后开始，已经收到音频的部分不再计费），做法见[重试策略](/api/errors#retries)。',
    reported: '`error` 消息的 `billed_characters`',
  }),
  row({
    id: 'ws-dropped',
    api: 'WebSocket',
    outcome: '连接关闭时还有进行中的上下文：任何一方以任何关闭码关闭，或者连接没有关闭帧就断开',
    billed: 'started',
    rule: '音频已经全部发出的段计费；正在合成的一段是否计费，看连接为什么关闭；排队的段和还没有成段的文本不计费',
    more: `只有服务端因自身原因关闭时（服务端发出的 ${closesFor('server')}，1000 是计划内停机），这一段不计费，见[按段计费](/price#billing-rule-segments)。重发[最后一个有时间戳的词之后的文本](/api/websocket#contexts-after-reconnect)时，其中已经计费的部分会再计费一次，见[上下文不会在重连后延续](/api/websocket#contexts-after-reconnect)。`,
    reported: `收不到 \`done\`。请在${usageRecords}中按连接 ID（握手响应头 \`X-Request-Id\`）和 \`context_id\` 查找`,
  }),
  row({
    id: 'clone-ready',
    api: '克隆',
    outcome: '克隆成功：音色的 `status` 变为 `ready`',
    billed: 'per-clone',
    rule: '每个音色在变为 `ready` 时计费一次，无论创建它用了几次请求',
    more: '用同一个 `Idempotency-Key` 重新提交多少次，都只建一个音色、计费一次；创建它的请求返回了 5xx 或没有收到响应时也一样。提交时怎样检查余额、什么时候扣除，见[克隆的余额检查与扣费](/price#billing-rule-clone-charge)。',
    reported: '—',
  }),
  row({
    id: 'clone-failed',
    api: '克隆',
    outcome:
      '克隆失败：音色的 `status` 为 `failed`（包括超过克隆处理时间上限），克隆请求返回错误而没有创建音色，或音色在处理中（`processing`）被删除',
    billed: 'none',
    rule: '不计费',
    more: '处理中的音色变为 `failed` 或被删除后，它的克隆费不再计入之后的余额检查，见[克隆的余额检查与扣费](/price#billing-rule-clone-charge)。',
    reported: '—',
  }),
];

/** The row of an outcome, by id (throws on an unknown one, so a page cannot name a lost row). */
export function billingOutcome(id: string): BillingOutcome {
  const found = billingOutcomes.find((o) => o.id === id);
  if (!found) throw new Error(`no billing outcome ${id}`);
  return found;
}

/** A rule of billing beside the outcome table, rendered as `/price#billing-rule-<id>`. */
export interface BillingRule {
  /** Stable id: the item's anchor (`billing-rule-<id>`) and `data-billing-rule`. */
  readonly id: string;
  /** The question it answers, the item's bold lead. */
  readonly topic: string;
  /** The rule, for the reader; `backticks` render as code, `[text](/path)` as links. */
  readonly rule: string;
  /** What follows from the rule, a paragraph of its own after it (issue 42: the rule leads). */
  readonly detail?: string;
}

/**
 * A charge may be disputed until this many days after the end of the calendar month (Beijing time)
 * its usage belongs to (D141); the request logs (src/data/policies.ts) outlast it.
 */
export const disputeWindowDays = 30;

/** One field of a list in the console, as `/price#reconciliation` shows it. */
export interface ConsoleField {
  readonly field: string;
  /** What it holds; `backticks` render as code. */
  readonly meaning: string;
}

/** A list in the console that a program reconciles its own logs against (D140). */
export interface ConsoleList {
  /** Stable id (`data-console-list` on its table). */
  readonly id: 'usage-records' | 'debits';
  readonly name: string;
  /** What one line is, and how the list is read. */
  readonly lines: string;
  readonly fields: readonly ConsoleField[];
}

/**
 * The console's two lists (D140): the usage records, one line per request or context and hour
 * (refines D86), exported as CSV; and the hourly debits with the top-ups. There is no usage API.
 */
export const consoleLists: readonly ConsoleList[] = [
  {
    id: 'usage-records',
    name: '用量明细',
    lines:
      '一个请求或上下文在一小时内开始合成的段合为一条，每次计费的克隆一条。可以按时间范围导出为 CSV 文件，格式见[导出 CSV 文件](/price#billing-rule-csv-export)。',
    fields: [
      { field: '小时', meaning: '用量所属的小时，北京时间' },
      { field: '接口', meaning: 'HTTP 合成、WebSocket 合成或克隆' },
      { field: '模型', meaning: '`model`；克隆没有模型' },
      {
        field: '标识',
        meaning:
          'HTTP 请求的请求 ID；WebSocket 上下文的连接 ID（握手响应头 `X-Request-Id`）和 `context_id`；克隆的 `voice_id`',
      },
      {
        field: '客户端请求 ID',
        meaning:
          'HTTP 请求带的请求头 `X-Client-Request-Id`，没有带时为空；没有拿到请求 ID 时按它查找',
      },
      { field: '计费字符数', meaning: '这些段的计费字符数之和；克隆为 0' },
      {
        field: '金额',
        meaning:
          '按计费字符数和单价折算，精确到 0.001 分（¥0.00001）：每个字符的单价是 0.001 分的整数倍，所以这个金额没有舍入；克隆是一次克隆费',
      },
    ],
  },
  {
    id: 'debits',
    name: '扣费记录',
    lines:
      '余额的每一次变动一行：每个整点的扣费按模型一行，每次计费的克隆一行；充值、代金券的发放和过期、争议退款也各一行。每个月的列表以月初余额开头、月末余额结尾：月末余额是这个月最后一小时的扣费之后的余额，过去某个月月末的余额就在这里查。月初余额加上这个月各行的金额，等于月末余额。同样可以按时间范围导出为 CSV 文件。',
    fields: [
      { field: '类型', meaning: '扣费、充值、代金券发放、代金券过期或退款' },
      {
        field: '小时',
        meaning:
          '扣费和代金券过期是它们所属的那一小时：扣费是它扣除的用量所属的小时，月末最后一小时的用量在次月 0 点扣除，仍记在这个月；其他类型是变动的时间。北京时间',
      },
      { field: '模型', meaning: '`model`，或克隆' },
      { field: '计费字符数', meaning: '这一小时这个模型的计费字符数之和' },
      {
        field: '金额',
        meaning:
          '余额实际变动的金额，增加为正，减少为负；扣费一行是实际扣下的金额，等于代金券支付与充值余额支付之和。月初余额加上各行的金额等于月末余额',
      },
      { field: '代金券支付', meaning: '金额中由代金券支付的部分' },
      { field: '充值余额支付', meaning: '金额中由充值余额支付的部分' },
      {
        field: '未扣金额',
        meaning:
          '扣费一行中应扣而没有扣到的部分，不再追收，也不算在金额里。应扣的是这一小时这个模型的费用，按计费字符数之和折算、四舍五入到分；余额只扣到 0 时才有（例如代金券在预留期间过期），通常为 0',
      },
    ],
  },
];

/**
 * An hour's usage records and its debit rows are complete this many minutes after the hour's
 * debit (taken at the next full hour), and never change afterwards (D191): a month-end job runs
 * after 00:10 of the 1st, Beijing time.
 */
export const recordsFinalMinutes = 10;

/** How both console lists export as CSV (D188): one format, rendered as `/price#billing-rule-csv-export`. */
export const csvExport = {
  encoding: 'UTF-8',
  /** Decimal places of an amount in yuan, per list: 0.00001 yuan is 0.001 fen. */
  amountDecimals: { 'usage-records': 5, debits: 2 } as const satisfies Record<
    ConsoleList['id'],
    number
  >,
  /** An example of a 小时 value: the hour's start, ISO 8601 with the Beijing offset. */
  hourExample: `2026-11-28T14:00:00+0${billingUtcOffsetHours}:00`,
};

/** The CSV format in one paragraph, for `/price#csv-export`. */
export const csvExportRule = `两份记录都可以按时间范围导出为 CSV 文件，格式相同：${csvExport.encoding} 编码；第一行是列名，与下表的字段名相同；时间按 ISO 8601 写，带北京时间的时差 +0${billingUtcOffsetHours}:00，“小时”写这一小时的开始，如 \`${csvExport.hourExample}\`；金额以元为单位，写成十进制小数，用量明细精确到 ${(10 ** -csvExport.amountDecimals['usage-records']).toFixed(csvExport.amountDecimals['usage-records'])} 元（0.001 分），扣费记录精确到分（${(10 ** -csvExport.amountDecimals.debits).toFixed(csvExport.amountDecimals.debits)} 元）。`;

export const billingRules: readonly BillingRule[] = [
  {
    id: 'segments',
    topic: '按段计费',
    rule: `一段开始合成，就按它的全部计费字符计费；从没开始合成的段不计费。返回错误状态码的 HTTP 请求整个不计费，即使合成已经开始。没有合成完的一段只在服务端的原因时不计费：服务端出错、HTTP 处理超时，或服务端因自身原因以关闭码（${closesFor('server')}）关闭连接；连接没有关闭帧就断开时，这一段照常计费。`,
    detail: `HTTP 请求和 WebSocket 上下文的文本按同样的规则[切成段](/api/speech/websocket#message-generate)，一段最多 ${maxSegmentLength} 个字符（按发送的文本计，空白和标记都算在内），它的计费字符数不会更多。每个请求或上下文一次合成一段，上一段合成完，下一段才开始；WebSocket 上还要等上一段的音频写入连接，见[发送节奏与流控](/api/websocket#flow-control)。`,
  },
  {
    id: 'reported-counts',
    topic: '以哪个数为准',
    rule: 'API 不逐段报告计费字符数，按请求或上下文报告总数，只有三个来源：HTTP 响应头 `X-Billed-Characters`（整段文本的数，中途断开时是上限）、`done` 的 `billed_characters`，以及结束上下文的 `error` 的 `billed_characters`。一个上下文计费多少，以后两个来源为准。',
  },
  {
    id: 'usage-records',
    topic: '没有收到计费字符数时',
    rule: `HTTP 请求没有收完响应、WebSocket 上下文随连接关闭而结束时，计费字符数唯一的来源是[控制台](${deployment.consoleUrl})的[用量明细](/price#reconciliation)：HTTP 请求按请求 ID 或它带的 \`X-Client-Request-Id\`，WebSocket 上下文按连接 ID（握手响应头 \`X-Request-Id\`）和 \`context_id\` 找到它的记录；每次计费的克隆各有一条，按 \`voice_id\`，没有记录的克隆没有计费。一小时的用量明细和扣费记录，在这一小时扣费后 ${recordsFinalMinutes} 分钟内写完，此后不再变动；月末对账要等到次月 1 日 00:${String(recordsFinalMinutes).padStart(2, '0')}（北京时间）之后。API 没有查询用量的接口。`,
    detail: `在明细出来之前，程序把这个上下文记为“待核对”，需要一个数时，按发给它的全部文本的计费字符数记账：计费不会超过它。`,
  },
  {
    id: 'billing-month',
    topic: '按北京时间分小时、分月',
    rule: `扣费的小时和计费的月份都按北京时间（UTC+${billingUtcOffsetHours}）划分，月份是自然月。用量属于它开始合成的那一小时和那个月，不论什么时候扣除：31 日 23:30 开始合成的段，在次月 1 日 0 点扣除，仍算在 31 日所在的月份。克隆费属于音色变为 \`ready\` 的那一小时。一个月的月末余额，是这个月最后一小时的用量扣除之后的余额，见[扣费记录](/price#reconciliation)。`,
  },
  {
    id: 'csv-export',
    topic: '导出 CSV 文件',
    rule: csvExportRule,
  },
  {
    id: 'reconcile',
    topic: '对账',
    rule: '对账核对计费字符数。用量明细的一条记录，是一个请求或上下文在一小时内开始合成的段：跨过整点的上下文有两条记录，两条的计费字符数加起来，等于它的 `billed_characters`。扣费记录的金额按一小时一个模型的计费字符数之和折算后取整到分，所以一轮回复的金额对不到分，一小时一个模型的金额能对上。为此在你的日志里为每次合成记下请求 ID（响应头 `X-Request-Id`）和计费字符数；WebSocket 上为每个上下文记下连接 ID、`context_id`，以及结束上下文的 `done` 或 `error` 中的 `billed_characters`。',
  },
  {
    id: 'retries',
    topic: '重试会再计费',
    rule: '已经开始合成、客户端却没有收到的音频同样计费，重发这段文本会再计费一次；只有因服务端的原因没有合成完的一段不计费，重发它最多计费一次。所以不要让读取超时过早断开：`stream: false` 时读取超时要长于服务端的处理时间上限，`stream: true` 时它限制的是两个分块之间的等待，见 [HTTP 处理超时](/api/limits-and-timeouts#http-timeout)；不再需要的音频要尽早取消。',
  },
  {
    id: 'vouchers',
    topic: '代金券的使用顺序',
    rule: '扣费先用代金券，用完再用充值余额；有几张代金券时，先用过期时间最早的。一小时的用量由这一小时开始时还有效的代金券支付，所以在这一小时里过期的代金券，仍然支付这一小时的用量。它一过期就不再计入余额和可用余额；这一小时扣费之后，扣费记录接着写一行代金券过期，小时是这一小时，金额是它剩下的部分。',
  },
  {
    id: 'balance-check',
    topic: '余额不会变成负数',
    rule: '每次余额检查都比较费用和[可用余额](/api/user/credit)（`available_balance`）：费用不超过它就通过，超过时返回 `insufficient_credit`，不合成、不计费。HTTP 请求通过检查后预留整段文本的费用，直到请求结束，所以同时进行的请求不会一起透支。预留的费用不对应某一张代金券：代金券在预留期间过期、剩下的余额不够扣时，只扣到 0，余额不会变成负数。',
  },
  {
    id: 'money',
    topic: '金额怎样计算',
    rule: '单价是 0.001 分的整数倍，一次请求的费用精确到 0.001 分。请用十进制类型（如 Python 的 `decimal.Decimal`）或以 0.001 分为单位的整数计算，不要换算成整数“分”。费用超过返回的 `available_balance` 时，这期间余额没有别的变动的话，请求一定收到 402；不超过就不会因余额被拒绝。',
  },
  {
    id: 'top-up',
    topic: '充值立即可用',
    rule: '控制台显示支付成功后，下一个请求就按新的余额检查，`GET /v1/user/credit` 也立即反映。`insufficient_credit` 不要自动重试：充值之前重发只会得到同样的结果。充值之后怎么做看场景：批量任务（例如有声书）重发[最后一个有时间戳的词之后的文本](/api/websocket#contexts-after-reconnect)，WebSocket 上用新的 `context_id`；实时对话中，收到这个错误的一轮到此为止，不再补说，见 [WebSocket 中的错误](/api/errors#websocket-errors)。',
  },
  {
    id: 'clone-charge',
    topic: '克隆的余额检查与扣费',
    rule: '提交时比较一次克隆费和[可用余额](/api/user/credit)（`available_balance`），不够时返回 `insufficient_credit`，不创建音色。通过检查后，处理期间预留这笔克隆费，可用余额随即减去它。音色变为 `ready` 时，克隆费计入这一小时的用量，在整点扣费时扣除；此后删除这个音色，克隆费照样扣除。音色变为 `failed` 或在处理中被删除时不计费，预留随之取消。扣没扣，以[用量明细](/price#billing-rule-usage-records)中有没有它的记录为准；对账时克隆费按那条记录的小时算，不看音色对象的字段。',
  },
  {
    id: 'low-balance-alert',
    topic: '余额预警',
    rule: `在[控制台](${deployment.consoleUrl})设置预警金额后，[可用余额](/api/user/credit)（\`available_balance\`）低于它时向账户的通知邮箱发送提醒，每天最多一次；默认不设置。程序里要判断余额时，定时调用 \`GET /v1/user/credit\`，同样比较 \`available_balance\`。`,
  },
  {
    id: 'invoices',
    topic: '发票',
    rule: `在[控制台](${deployment.consoleUrl})按充值金额申请增值税电子普通发票或专用发票；代金券抵扣的金额不开发票。`,
  },
  {
    id: 'disputes',
    topic: '计费争议',
    rule: `对一笔扣费有疑问时，在它所属的月份结束后 ${disputeWindowDays} 天内[联系技术支持](${supportAnchor})，附上请求 ID 和你记录的计费字符数；WebSocket 上下文附上连接 ID（握手响应头 \`X-Request-Id\`）和 \`context_id\`，因错误结束的再附上那条 \`error\` 的 \`request_id\`。技术支持按[请求日志](/faqs#data-retention)核对，它保存 ${requestLogRetentionDays} 天，覆盖整个争议期限；确实多扣的费用，退回到扣费时使用的余额。`,
  },
];
