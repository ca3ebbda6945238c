/**
 * The rules the log checker (on /api/websocket) applies to a client's session log, as data: each
 * with the doc section that states it. The page renders this list, and every violation the checker
 * reports names one of these rules, so the two cannot drift apart.
 */
export type LogRuleId =
  | 'log-line'
  | 'unknown-type'
  | 'schema'
  | 'first-generate'
  | 'changed-setting'
  | 'generate-after-final'
  | 'generate-after-cancel'
  | 'ended-context'
  | 'context-limit'
  | 'unrequested-context'
  | 'sequence'
  | 'after-done'
  | 'timestamps-not-requested'
  | 'after-close'
  | 'unfinished';

export interface LogRule {
  readonly id: LogRuleId;
  /** What the rule asks, one line (zh-Hans). */
  readonly title: string;
  /** Where the documentation states it. */
  readonly href: string;
  /** A problem (`error`) or a likely one (`warning`). */
  readonly severity: 'error' | 'warning';
}

export const logRules: readonly LogRule[] = [
  {
    id: 'log-line',
    title: '每一行是一条日志记录：一个 JSON 对象，带 dir 和 message',
    href: '/api/websocket#log-format',
    severity: 'error',
  },
  {
    id: 'unknown-type',
    title: '消息的 type 是协议中的一种；客户端不发送协议之外的消息，收到不认识的 type 时跳过',
    href: '/api/websocket#framing',
    severity: 'error',
  },
  {
    id: 'schema',
    title: '每条消息符合 AsyncAPI 文档中它的结构：客户端消息不带协议之外的字段',
    href: '/api/websocket#framing',
    severity: 'error',
  },
  {
    id: 'first-generate',
    title: '上下文的第一条 generate 带 voice_id',
    href: '/guides/contexts#first-generate',
    severity: 'error',
  },
  {
    id: 'changed-setting',
    title: '之后的 generate 不改变第一条 generate 的设置（带上相同的值可以）',
    href: '/api/speech/websocket#message-generate',
    severity: 'error',
  },
  {
    id: 'generate-after-final',
    title: '最后一条 generate（continue 为 false）之后，不再向这个上下文发送 generate 或 flush',
    href: '/guides/contexts#continue-flag',
    severity: 'error',
  },
  {
    id: 'generate-after-cancel',
    title: 'cancel 之后，不再向这个 context_id 发送 generate 或 flush',
    href: '/guides/contexts#cancel',
    severity: 'error',
  },
  {
    id: 'ended-context',
    title:
      'context_id 在一条连接上只用一次：上下文结束（收到 done 或结束上下文的 error）后，不再向它发送任何消息，包括带 voice_id 的 generate',
    href: '/api/speech/websocket#message-generate',
    severity: 'error',
  },
  {
    id: 'context-limit',
    title: '一条连接上同时进行中的上下文不超过上限',
    href: '/guides/contexts#multiple-contexts',
    severity: 'error',
  },
  {
    id: 'unrequested-context',
    title: '服务端的消息属于客户端开始过的上下文',
    href: '/guides/contexts#multiple-contexts',
    severity: 'error',
  },
  {
    id: 'sequence',
    title: '同一上下文的音频块 sequence 从 0 开始、逐个递增，不缺不重',
    href: '/guides/contexts#sequence',
    severity: 'error',
  },
  {
    id: 'after-done',
    title: '上下文的 done 或 error 之后，不再有它的音频、时间戳或 done',
    href: '/guides/contexts#what-is-a-context',
    severity: 'error',
  },
  {
    id: 'timestamps-not-requested',
    title: '只有第一条 generate 请求了时间戳（timestamps 为 true）的上下文才收到 timestamps',
    href: '/guides/contexts#timestamps',
    severity: 'error',
  },
  {
    id: 'after-close',
    title: '连接关闭后没有消息：上下文不会在重连后延续',
    href: '/api/websocket#contexts-after-reconnect',
    severity: 'error',
  },
  {
    id: 'unfinished',
    title: '每个上下文最终以最后一段 generate 或 cancel 结束，不一直占用名额',
    href: '/guides/contexts#splitting-llm-output',
    severity: 'warning',
  },
];

export const logRule = (id: LogRuleId): LogRule => logRules.find((r) => r.id === id)!;

/** Size caps of the checker: larger logs get a message instead of a check. */
export const logCaps = { lines: 100_000, bytes: 20 * 1024 * 1024, shown: 500 } as const;
