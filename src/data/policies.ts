/**
 * Service policies stated to readers: where data is processed, what is stored and for how long,
 * what it is used for, what deleting a voice removes, content moderation, consent for cloning,
 * and the labelling of AI-generated audio. `/faqs#data-and-compliance` renders them (one answer
 * each); other pages link there or render the same sentence from here.
 */
import { deployment } from './deployment';
import { requestLogRetentionDays } from './requestLogs';

export { requestLogRetentionDays };

/** What deleting a custom voice does (D15): immediate and final. */
export const voiceDeletionPolicy = {
  /** Copies in backups are gone within this many days, as the backups rotate. */
  backupDays: 30,
  /** The consent record (who, when, the declaration; never the audio) is kept this long after. */
  consentRecordYears: 3,
} as const;

/** What the service does with the data it handles (D19), one rule each. */
export interface DataUseRule {
  /** Stable id (`data-use` on the list item). */
  readonly id: 'region' | 'texts' | 'reference-audio' | 'logs';
  readonly label: string;
  /** The rule; `backticks` render as code, `[text](/path)` as links. */
  readonly rule: string;
}

export const dataUse: readonly DataUseRule[] = [
  {
    id: 'region',
    label: '在哪里处理',
    rule: `请求在${deployment.dataRegion}的服务器上处理，数据也只存储在${deployment.dataRegion}，不出境。`,
  },
  {
    id: 'texts',
    label: '文本和音频',
    rule: '你提交的文本和合成的音频不用于训练任何模型，处理完即丢弃。',
  },
  {
    id: 'reference-audio',
    label: '参考录音',
    rule: '参考录音只用来生成你这个账户的这个自定义音色，不用于训练共享的模型，其他账户用不到它。',
  },
  {
    id: 'logs',
    label: '请求日志',
    rule: `只记元数据（时间、接口、状态码、计费字符数等），从不记文本和音频，保存 ${requestLogRetentionDays} 天。`,
  },
];

/** One kind of data the service handles, with how long it is kept. */
export interface StoredData {
  /** Stable id (`data-stored` on the table row). */
  readonly id: string;
  readonly data: string;
  /** How long it is kept, for the reader; `backticks` render as code. */
  readonly kept: string;
  /** What it is kept for, or why it is not. */
  readonly purpose: string;
}

export const storedData: readonly StoredData[] = [
  {
    id: 'text',
    data: '合成请求的文本（HTTP 的 `text`、WebSocket 的 `generate`）',
    kept: '不保存：只在处理请求期间留在内存中，请求或上下文结束后丢弃',
    purpose: '合成，以及合成之前的内容审核；不用于训练',
  },
  {
    id: 'audio',
    data: '合成的音频',
    kept: '不保存：发送给客户端后丢弃，事后无法再次下载',
    purpose: '需要回放或审计时，在你自己的系统中保存',
  },
  {
    id: 'logs',
    data: '请求日志：每个请求按请求 ID 记下时间、接口、API 密钥的 ID、`model`、`voice_id`、状态码、错误码、计费字符数和合成内容标识的内容编号；WebSocket 上还按上下文记下 `context_id`、每一段的字符数和它在文本中的位置（从第几个字符到第几个字符），以及出错的是哪一段',
    kept: `${requestLogRetentionDays} 天，之后删除；不含文本和音频`,
    purpose: '计费、处理计费争议和排查问题',
  },
  {
    id: 'reference-audio',
    data: '克隆时上传的参考录音，以及由它生成的音色模型',
    kept: `音色存在期间一直保存；删除音色时立即从在线存储删除，备份中的副本 ${voiceDeletionPolicy.backupDays} 天内清除`,
    purpose: '只用来合成这个自定义音色；不用于训练共享的模型',
  },
  {
    id: 'consent',
    data: '克隆的授权记录：哪个账户、哪个 API 密钥、什么时间提交了授权声明（`consent=true`），不含录音',
    kept: `音色存在期间一直保存，删除音色后再保存 ${voiceDeletionPolicy.consentRecordYears} 年`,
    purpose: '证明克隆请求声明了说话人的授权',
  },
];

/**
 * What support finds by a request id (or a context's `context_id` and connection time): the
 * request log's row, never the text or the audio. `/faqs#data-retention` renders it; pages that
 * say support can look a request up link there.
 */
export const requestLogLookup =
  '技术支持凭请求 ID 查到的是请求日志中的这一条：结果、错误码和计费字符数。WebSocket 上下文凭连接 ID（握手响应头 `X-Request-Id`）和 `context_id` 查找，记录里还有出错的是第几段、它在文本中的位置。文本和音频本身不保存，技术支持也看不到：需要它们时，在工单中附上。';

/**
 * What deleting a voice removes and keeps, in order of effect (D15, D43): the one statement of it.
 * `/faqs#voice-deletion` renders it; the delete reference states the operation's contract (404
 * afterwards, started synthesis finishes, the resend) and links here for the rest.
 */
export const voiceDeletion: readonly string[] = [
  '删除立即生效，不能撤销；之后使用这个 `voice_id` 的请求会得到什么，见[删除音色](/api/voices/delete)。',
  '它占用的音色名额立即释放。',
  `参考录音和音色模型立即从在线存储中删除；备份中的副本随备份轮换，在 ${voiceDeletionPolicy.backupDays} 天内清除。`,
  `授权记录（谁、什么时间、授权声明，不含录音）再保存 ${voiceDeletionPolicy.consentRecordYears} 年，作为取得授权的证据。`,
  '克隆费不退还；处理中的音色被删除时不计费，见[克隆的余额检查与扣费](/price#billing-rule-clone-charge)。',
  `请求日志中已有的记录（只含 \`voice_id\`，不含录音）到期（${requestLogRetentionDays} 天）删除。`,
];

/**
 * Consent for cloning (D19): the speaker's separate consent, since a voice is biometric data.
 * `/faqs#clone-consent` renders it; the clone guide links there.
 */
export const cloneConsentRule =
  '克隆谁的声音，先取得谁的单独同意。声音属于生物识别信息，是敏感个人信息，处理它要取得本人的单独同意：请说话人只就克隆声音这一件事表示同意，同意书写明用途和范围，不要把它夹在用户协议或其他条款里一并勾选。说话人不满 14 周岁的，由其监护人同意。';

/** Content moderation: what is checked and what a rejected request gets. */
export const moderation = {
  /** The error code of a rejected request (src/data/errors.ts). */
  code: 'content_rejected',
  checked: [
    '合成的文本（`param` 为 `text`）：HTTP 请求的 `text` 在合成之前整段审核；WebSocket 上下文的文本逐段审核，每一段在合成之前审核，一段可能由几条 `generate` 拼成，所以错误不对应某一条消息，见 [`error` 消息](/api/speech/websocket#message-error)。',
    '克隆的参考录音（`param` 为 `audio`）。',
  ],
  rules: '审核依据中华人民共和国的法律法规，拒绝违法和不良信息，以及冒充他人身份、误导公众的内容。',
} as const;

/** The rules in force in mainland China for labelling AI-generated content. */
export const labellingRules = {
  measures: '《人工智能生成合成内容标识办法》',
  standard: 'GB 45438-2025《网络安全技术——人工智能生成合成内容标识方法》',
  inForceSince: '2025-09-01',
} as const;

/** The two kinds of label, and who applies each. */
export interface ContentLabel {
  readonly id: 'implicit' | 'explicit';
  readonly label: string;
  readonly what: string;
  /** Who does it: the API, or the integrator. */
  readonly by: 'api' | 'integrator';
  /** Paragraphs; `backticks` render as code, `[text](/path)` as links. */
  readonly detail: readonly string[];
}

export const contentLabels: readonly ContentLabel[] = [
  {
    id: 'implicit',
    label: '隐式标识',
    what: '写在文件元数据中、听众听不到的标识',
    by: 'api',
    detail: [
      '`mp3`、`wav`、`ogg_opus` 格式的音频在文件元数据中写入隐式标识：内容由人工智能生成、服务提供者的名称和一个内容编号，服务端凭它能查到生成这段音频的请求。',
      '标识在音频的开头：`mp3` 是开头的 ID3v2 标签，`wav` 是文件头中的 `LIST` 块，`ogg_opus` 是 OpusTags 注释头；流式返回时，HTTP 在响应的最初几个字节里，WebSocket 在每个上下文 `sequence` 为 0 的音频块里。只保存一部分音频时，连同开头一起保存；读取 `wav` 要按块解析（[迁移说明](/api/introduction#version-2025-09-01)）。',
      '`pcm` 没有文件头，无法携带标识，由你负责：保存或转发成文件时写入同样的三项内容（例如封装成 `wav` 时写进 `LIST` 块，内容编号可以用你自己的编号）；实时播放、不形成文件时（例如通话），靠显式标识告知听众。不要删除或篡改隐式标识。',
    ],
  },
  {
    id: 'explicit',
    label: '显式标识',
    what: '听众能感知到的提示',
    by: 'integrator',
    detail: [
      '把合成的语音提供给公众时，在开头或适当位置加上听众能听到或看到的提示，例如播放前的语音提示“以下内容由人工智能生成”，或在界面上显示同样的文字。API 不会替你在音频里加入这段提示。',
    ],
  },
];

export const labelAppliedBy: Readonly<Record<ContentLabel['by'], string>> = {
  api: 'API 自动添加',
  integrator: '由你添加',
};
