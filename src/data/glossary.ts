/**
 * The glossary: one zh-Hans term per concept. Pages use `term`; the copy test fails on any of
 * `avoid` in a page, so the same thing is never called two names.
 */
export interface GlossaryEntry {
  readonly term: string;
  /** The English word developers search for, shown on first use where it helps. */
  readonly english: string;
  readonly meaning: string;
  /** Variants that must not appear in the pages. */
  readonly avoid: readonly string[];
}

export const glossary: readonly GlossaryEntry[] = [
  {
    term: '语音合成',
    english: 'text-to-speech, TTS',
    meaning: '把文本转换成语音音频。',
    avoid: ['文字转语音', '文本转音频'],
  },
  {
    term: '音色',
    english: 'voice',
    meaning: '合成语音听起来像谁：预置音色或克隆得到的自定义音色，由 voice_id 标识。',
    avoid: ['发音人', '声线', '声音模型'],
  },
  {
    term: '预置音色',
    english: 'preset voice',
    meaning: '平台提供、所有账户都能使用的音色。',
    avoid: ['系统音色', '官方音色', '公共音色'],
  },
  {
    term: '自定义音色',
    english: 'custom voice',
    meaning: '通过克隆得到、只属于你的账户的音色。',
    avoid: ['私有音色', '专属音色'],
  },
  {
    term: '克隆',
    english: 'clone',
    meaning: '用一段参考录音生成自定义音色。',
    avoid: ['复刻', '声音复制'],
  },
  {
    term: '参考录音',
    english: 'reference audio',
    meaning: '克隆时上传的说话人录音。',
    avoid: ['样本音频', '训练音频'],
  },
  {
    term: '上下文',
    english: 'context',
    meaning: 'WebSocket 连接中由 context_id 标识的一段连续语音，可以分多次输入文本。',
    avoid: ['会话上下文', '语境'],
  },
  {
    term: '首包延迟',
    english: 'time to first audio',
    meaning: '从发出请求到收到第一段音频的时间。',
    avoid: ['首字延迟', '首帧时间'],
  },
  {
    term: '余额',
    english: 'credit, balance',
    meaning: '账户可用于扣费的金额：充值余额与代金券余额之和。',
    avoid: ['额度'],
  },
  {
    term: '代金券',
    english: 'voucher',
    meaning: '赠送的、有有效期的余额，扣费时优先使用。',
    avoid: ['优惠券', '抵用券'],
  },
  {
    term: 'API 密钥',
    english: 'API key',
    meaning: '在控制台创建、放在 Authorization 请求头中的凭据。',
    avoid: ['API Key', 'APIKey', 'api key', '秘钥'],
  },
  {
    term: '请求 ID',
    english: 'request id',
    meaning: '每个响应都带的唯一 ID（X-Request-Id），排查问题时提供给支持。',
    avoid: ['请求编号', '追踪 ID'],
  },
  {
    term: '错误码',
    english: 'error code',
    meaning: '错误信封中 error.code 的机器可读取值。',
    avoid: ['错误代码'],
  },
];
