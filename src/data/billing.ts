/**
 * What every outcome of a request is billed, in one table: `/price#when-charged` renders it, and
 * every other page links there. One rule underlies all rows: the characters whose audio was
 * synthesised are billed (counted as `billedCharacters` of src/data/pricing.ts counts them);
 * nothing is billed when no audio was produced. A clone is billed once, when it becomes `ready`.
 */

/** How much of the text an outcome bills. */
export type BilledAmount = 'all' | 'synthesized' | 'none' | 'per-clone';

export const billedAmountLabel: Readonly<Record<BilledAmount, string>> = {
  all: '全部文本',
  synthesized: '已合成的部分',
  none: '不计费',
  'per-clone': '按次计费',
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
      '服务端发现连接断开后停止合成，已合成的部分计费。`stream: false` 时音频全部合成后才开始发送，所以这时通常已经全部合成、全部计费。',
    reported: '没有收到响应，无法获得；不会超过文本的计费字符数',
  },
  {
    id: 'http-abort-after-audio',
    api: 'HTTP',
    outcome: '`stream: true` 时客户端在收到部分音频后断开',
    billed: 'synthesized',
    detail: '服务端发现连接断开后停止合成，断开前已合成的部分计费。',
    reported: '`X-Billed-Characters` 是全部文本的字符数，实际计费不超过它',
  },
  {
    id: 'http-failure-mid-stream',
    api: 'HTTP',
    outcome: '`stream: true` 的响应在 200 之后中途失败：连接断开，分块传输没有正常结束',
    billed: 'synthesized',
    detail: '失败前已合成的部分计费。',
    reported: '`X-Billed-Characters` 是全部文本的字符数，实际计费不超过它',
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
    detail: '取消前已合成的部分计费，尚未合成的文本不计费。',
    reported: '取消后照常收到的 `done` 的 `billed_characters`',
  },
  {
    id: 'ws-error',
    api: 'WebSocket',
    outcome: '上下文因 `error` 消息结束',
    billed: 'synthesized',
    detail:
      '出错前已合成的部分计费，包括已经合成、还没有发出的音频；缓冲区中还没有合成的文本不计费。出错时还没有合成任何音频（例如上下文的第一条 `generate` 就出错），不计费。',
    reported: '不会收到 `done`，无法获得；不会超过已发送文本的计费字符数',
  },
  {
    id: 'ws-dropped',
    api: 'WebSocket',
    outcome: '连接断开时上下文还没有收到 `done`（关闭码或没有关闭帧的断开）',
    billed: 'synthesized',
    detail:
      '断开前已合成的部分计费，包括已经合成、还没有送到客户端的音频；重连后重发的文本会再计费一次，怎样只重发没有收到音频的部分，见[上下文不会在重连后延续](/api/websocket#contexts-after-reconnect)。',
    reported: '不会收到 `done`，无法获得；不会超过已发送文本的计费字符数',
  },
  {
    id: 'rejected',
    api: 'HTTP 与 WebSocket',
    outcome:
      '请求在合成之前被拒绝：HTTP 状态码不是 2xx，或 WebSocket 握手被拒绝、上下文的第一条 `generate` 收到 `error`',
    billed: 'none',
    detail: '没有合成任何音频，不计费。',
    reported: '错误对象，没有计费字符数',
  },
  {
    id: 'clone-ready',
    api: '克隆',
    outcome: '克隆成功：音色的 `status` 变为 `ready`',
    billed: 'per-clone',
    detail: '每个音色计费一次。',
    reported: '—',
  },
  {
    id: 'clone-failed',
    api: '克隆',
    outcome: '克隆失败：音色的 `status` 为 `failed`，或克隆请求返回错误',
    billed: 'none',
    detail: '不计费。',
    reported: '—',
  },
];
