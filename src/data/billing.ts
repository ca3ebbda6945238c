/**
 * What every outcome of a request is billed, in one table: `/price#when-charged` renders it, and
 * every other page links there. One rule underlies all rows: the text is synthesised segment by
 * segment, and every segment whose synthesis started is billed in full (its characters counted
 * as `billedCharacters` of src/data/pricing.ts counts them); nothing is billed when no audio was
 * produced. A clone is billed once, when it becomes `ready`. The rules around the table (how fine
 * billing is, where an unreported count is found, the balance check, alerts, invoices and
 * disputes) are `billingRules`, rendered on `/price` beside the table.
 */
import { deployment } from './deployment';
import { requestLogRetentionDays } from './policies';
import { supportAnchor } from './support';

/** Where a count the client never received is found: the rule `usage-records` below. */
const usageRecords = '[控制台的用量明细](/price#billing-rule-usage-records)';

/** How much of the text an outcome bills. */
export type BilledAmount = 'all' | 'synthesized' | 'none' | 'per-clone';

export const billedAmountLabel: Readonly<Record<BilledAmount, string>> = {
  all: '全部文本',
  synthesized: '已合成的部分',
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
  /** What exactly is billed. */
  readonly detail: string;
  /** Where the client reads the billed count, if anywhere. */
  readonly reported: string;
}

export const billingOutcomes: readonly BillingOutcome[] = [
  {
    id: 'http-success',
    api: 'HTTP',
    outcome: '合成成功：状态码 200，音频完整收到（包括 `stream: true` 的分块响应）',
    billed: 'all',
    detail: '文本的全部计费字符数。',
    reported: '响应头 `X-Billed-Characters`',
  },
  {
    id: 'http-abort-before-audio',
    api: 'HTTP',
    outcome: '客户端在收到第一个音频字节之前断开（读取超时或主动取消）',
    billed: 'synthesized',
    detail:
      '服务端发现连接断开后不再开始新的段，已经开始合成的段计费。`stream: false` 时音频全部合成后才开始发送，所以这时通常已经全部合成、全部计费。',
    reported: `收不到响应。请按时间在${usageRecords}中查找实际的计费字符数，它不会超过文本的计费字符数`,
  },
  {
    id: 'http-abort-after-audio',
    api: 'HTTP',
    outcome: '`stream: true` 时客户端在收到部分音频后断开',
    billed: 'synthesized',
    detail: '服务端发现连接断开后不再开始新的段，断开前已经开始合成的段计费。',
    reported: `\`X-Billed-Characters\` 是整段文本的字符数，是这次计费的上限；确切的数见${usageRecords}`,
  },
  {
    id: 'http-failure-mid-stream',
    api: 'HTTP',
    outcome: '`stream: true` 的响应在 200 之后中途失败：连接断开，分块传输没有正常结束',
    billed: 'synthesized',
    detail: '失败前已经开始合成的段计费。',
    reported: `\`X-Billed-Characters\` 是整段文本的字符数，是这次计费的上限；确切的数见${usageRecords}`,
  },
  {
    id: 'ws-done',
    api: 'WebSocket',
    outcome: '上下文正常完成，收到 `done`',
    billed: 'all',
    detail: '该上下文全部文本的计费字符数。',
    reported: '`done` 消息的 `billed_characters`',
  },
  {
    id: 'ws-cancel',
    api: 'WebSocket',
    outcome: '上下文被 `cancel` 取消',
    billed: 'synthesized',
    detail:
      '收到 `cancel` 时已经开始合成的段计费，包括之后被丢弃、没有发出的音频；还没有开始合成的文本不计费。',
    reported: '取消后照常收到的 `done` 的 `billed_characters`',
  },
  {
    id: 'ws-error',
    api: 'WebSocket',
    outcome: '上下文因 `error` 消息结束',
    billed: 'synthesized',
    detail:
      '出错前已经开始合成的段计费，包括还没有发出的音频；缓冲区中还没有开始合成的文本不计费。出错时还没有合成任何音频（例如上下文的第一条 `generate` 就出错），不计费。',
    reported: `收不到 \`done\`。请在${usageRecords}中按连接 ID（握手响应头 \`X-Request-Id\`）和 \`context_id\` 查找实际的计费字符数，它不会超过已发送文本的计费字符数`,
  },
  {
    id: 'ws-dropped',
    api: 'WebSocket',
    outcome: '连接断开时上下文还没有收到 `done`（关闭码或没有关闭帧的断开）',
    billed: 'synthesized',
    detail:
      '断开前已经开始合成的段计费，包括还没有送到客户端的音频；重连后重发的文本会再计费一次，怎样只重发没有收到音频的部分，见[上下文不会在重连后延续](/api/websocket#contexts-after-reconnect)。',
    reported: `收不到 \`done\`。请在${usageRecords}中按连接 ID（握手响应头 \`X-Request-Id\`）和 \`context_id\` 查找实际的计费字符数，它不会超过已发送文本的计费字符数`,
  },
  {
    id: 'rejected',
    api: 'HTTP 与 WebSocket',
    outcome:
      'HTTP 状态码不是 2xx（包括超过[处理时间上限](/api/limits-and-timeouts#http-timeout)时的 503），或 WebSocket 握手被拒绝、上下文还没有合成任何音频就收到 `error`（例如第一条 `generate` 没有通过检查）',
    billed: 'none',
    detail:
      '不计费。HTTP 返回非 2xx 状态码时，即使合成已经开始（例如超过处理时间上限的 503），也不计费。',
    reported: '错误对象，没有计费字符数',
  },
  {
    id: 'clone-ready',
    api: '克隆',
    outcome: '克隆成功：音色的 `status` 变为 `ready`',
    billed: 'per-clone',
    detail:
      '每个音色计费一次；提交时怎样检查余额、什么时候从余额中扣除，见[克隆的余额检查与扣费](/price#billing-rule-clone-charge)。',
    reported: '—',
  },
  {
    id: 'clone-failed',
    api: '克隆',
    outcome:
      '克隆失败：音色的 `status` 为 `failed`，克隆请求返回错误而没有创建音色，或音色在处理中（`processing`）被删除',
    billed: 'none',
    detail:
      '处理中的音色变为 `failed` 或被删除后，它的克隆费不再计入之后的余额检查，见[克隆的余额检查与扣费](/price#billing-rule-clone-charge)。',
    reported: '—',
  },
];

/** A rule of billing beside the outcome table, rendered as `/price#billing-rule-<id>`. */
export interface BillingRule {
  /** Stable id: the item's anchor (`billing-rule-<id>`) and `data-billing-rule`. */
  readonly id: string;
  /** The question it answers, the item's bold lead. */
  readonly topic: string;
  /** The rule, for the reader; `backticks` render as code, `[text](/path)` as links. */
  readonly rule: string;
}

export const billingRules: readonly BillingRule[] = [
  {
    id: 'segments',
    topic: '按段计费',
    rule: '服务端把文本在自然停顿处切成段，逐段合成（WebSocket 上怎样成段，见 [`error` 消息](/api/speech/websocket#message-error)）。一段开始合成后总会合成完，按这一段的全部计费字符计费；`cancel`、出错和断开只让还没有开始的段不再合成。所以取消或中断时计费的是已经开始合成的各段，其中可能有用户没有听到的音频。HTTP 返回非 2xx 状态码时例外，一律不计费。',
  },
  {
    id: 'usage-records',
    topic: '没有收到计费字符数时',
    rule: `客户端没有收到响应、上下文没有收到 \`done\` 时，在[控制台](${deployment.consoleUrl})的用量明细中查找：它逐条列出每次合成的计费字符数，HTTP 请求按请求 ID 和时间，WebSocket 上下文按连接 ID（握手响应头 \`X-Request-Id\`）和 \`context_id\`，每小时扣费后更新。API 没有按请求查询用量的接口，\`GET /v1/user/credit\` 只返回余额。`,
  },
  {
    id: 'retries',
    topic: '重试会再计费',
    rule: '服务端已经合成、客户端却没有收完的音频同样计费，重试时这段文本会再计费一次。所以不要让读取超时过早断开：`stream: false` 时读取超时要长于服务端的处理时间上限，`stream: true` 时它限制的是两个分块之间的等待，见 [HTTP 处理超时](/api/limits-and-timeouts#http-timeout)；不再需要的音频要尽早取消。',
  },
  {
    id: 'balance-check',
    topic: '余额不会变成负数',
    rule: '每次合成之前都先检查余额。HTTP 请求按整段文本的费用检查，WebSocket 上下文在合成每一段之前按这一段的费用检查；检查时已经减去本小时产生、还没有扣除的用量。余额不够时返回 `insufficient_credit`，这一段不合成、不计费。`GET /v1/user/credit` 返回的是最近一次扣费后的余额，不含本小时的用量。',
  },
  {
    id: 'clone-charge',
    topic: '克隆的余额检查与扣费',
    rule: '提交克隆时检查余额：余额减去本小时还没有扣除的用量，以及还在处理中的音色的克隆费，不够一次克隆费时返回 `insufficient_credit`，不创建音色。通过检查后，音色处理期间预留这笔克隆费：之后每次检查余额（无论合成还是克隆）都先减去它，所以处理期间的其他用量不会用掉这笔钱。音色变为 `ready` 时计费：克隆费计入这一小时的用量，在下一次整点扣费时扣除，之后 `GET /v1/user/credit` 返回的余额才反映它；此后即使在扣费之前删除了这个音色，克隆费也照常扣除。音色变为 `failed` 或在处理中被删除时不计费，它的克隆费也不再计入余额检查。',
  },
  {
    id: 'low-balance-alert',
    topic: '余额预警',
    rule: `在[控制台](${deployment.consoleUrl})设置预警金额后，余额低于它时向账户的通知邮箱发送提醒，每天最多一次；默认不设置。程序里要判断余额时，定时调用 \`GET /v1/user/credit\`，比较 \`total_balance\`：它是最近一次整点扣费后的余额，不含本小时的用量，所以比较时要留出一小时用量的余量。`,
  },
  {
    id: 'invoices',
    topic: '发票',
    rule: `在[控制台](${deployment.consoleUrl})按充值金额申请增值税电子普通发票或专用发票；代金券抵扣的金额不开发票。`,
  },
  {
    id: 'disputes',
    topic: '计费争议',
    rule: `对扣费有疑问时，在请求日志的保存期限（${requestLogRetentionDays} 天）内[联系技术支持](${supportAnchor})，附上请求 ID 和你记录的计费字符数；WebSocket 上下文没有自己的请求 ID，附上连接 ID（握手响应头 \`X-Request-Id\`）和 \`context_id\`，上下文因错误结束时再附上那条 \`error\` 消息的 \`request_id\`。技术支持按[请求日志](/faqs#data-retention)核对；确实多扣的费用，退回到扣费时使用的余额。`,
  },
];
