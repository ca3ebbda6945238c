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
  /**
   * Words readers type for the concept that the pages need not use (colloquial or English);
   * the search looks for `term` instead (src/search/rewriteQuery.ts), as it does for `avoid`.
   */
  readonly synonyms?: readonly string[];
}

/**
 * How a range of numbers is written in prose and tables: `1 – 5,000`, an en dash with a space
 * on each side, as the reference pages' generated constraints write it
 * (src/components/schemaConstraints.ts). The copy test fails on any other form.
 */
export const rangeSeparator = ' – ';

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
    synonyms: [
      '声音',
      '嗓音',
      '人声',
      '配音员',
      '声优',
      'voice',
      'voices',
      'speaker',
      'voice actor',
    ],
  },
  {
    term: '预置音色',
    english: 'preset voice',
    meaning: '平台提供、所有账户都能使用的音色。',
    avoid: ['系统音色', '官方音色', '公共音色'],
    synonyms: [
      '音色列表',
      '音色库',
      '音色大全',
      '内置音色',
      '试听',
      'voice catalog',
      'voice list',
      'built-in voice',
    ],
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
    synonyms: [
      '声音复刻',
      '声音克隆',
      '新建音色',
      '创建音色',
      '定制音色',
      '音色定制',
      '训练音色',
      '训练声音',
      '模仿声音',
      'cloning',
      'voice cloning',
      'voice clone',
    ],
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
    synonyms: [
      '首包',
      '延时',
      '响应时间',
      '卡顿',
      '响应慢',
      '很慢',
      'ttfb',
      'latency',
      'delay',
      'lag',
      'time to first byte',
    ],
  },
  {
    term: '余额',
    english: 'credit, balance',
    meaning: '账户可用于扣费的金额：充值余额与代金券余额之和。',
    avoid: ['额度'],
    synonyms: ['余量', '剩余额度', '还剩多少', 'balance', 'credits', 'quota'],
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
    synonyms: ['密钥', '令牌', 'apikey', 'api_key', 'token', 'key', 'secret key', 'access key'],
  },
  {
    term: '请求 ID',
    english: 'request id',
    meaning:
      '服务端为一次请求生成的唯一 ID：每个 HTTP 响应的 X-Request-Id，WebSocket 上 error 消息的 request_id；排查问题时提供给技术支持。',
    avoid: ['请求编号', '追踪 ID'],
  },
  {
    term: '错误码',
    english: 'error code',
    meaning: '错误对象中 error.code 的机器可读取值。',
    avoid: ['错误代码'],
    synonyms: ['错误代码', '报错', '出错', '异常', 'error', 'errors', 'exception'],
  },
  {
    term: '错误码一览',
    english: 'error catalogue',
    meaning: '错误码页面上列出全部错误码、状态码和客户端怎么做的那张表。',
    avoid: ['错误码表', '错误目录'],
    synonyms: ['错误码列表', 'error list', 'error catalogue', 'error codes'],
  },
  {
    term: '快速开始',
    english: 'quick start',
    meaning: '从创建 API 密钥到第一次合成出音频的最短路径。',
    avoid: [],
    synonyms: [
      '新手教程',
      '上手',
      '入门',
      'quick start',
      'quickstart',
      'getting started',
      'hello world',
    ],
  },
  {
    term: '鉴权',
    english: 'authentication',
    meaning: '用 Authorization 请求头中的 API 密钥证明请求来自你的账户。',
    avoid: [],
    synonyms: ['认证', '身份验证', '授权', '权限', 'authentication', 'auth'],
  },
  {
    term: '错误对象',
    english: 'error object',
    meaning: '所有接口出错时共用的 JSON 结构：error 对象中的 code、message、param 和 request_id。',
    avoid: ['错误信封'],
    synonyms: [
      '错误格式',
      '错误返回格式',
      '错误响应',
      '错误信封',
      'error format',
      'error response',
      'error envelope',
    ],
  },
  {
    term: '限流',
    english: 'rate limit',
    meaning: '超过速率或并发上限时，请求被拒绝并返回 rate_limited。',
    avoid: [],
    synonyms: [
      '请求太频繁',
      '太频繁',
      '请求过多',
      '频率限制',
      '超限',
      'rate limit',
      'rate limiting',
      'throttling',
      'qps',
      'too many requests',
    ],
  },
  {
    term: '流式播放',
    english: 'streaming playback',
    meaning: '音频边到达边播放，不等整段合成完。',
    avoid: [],
    synonyms: [
      '边合成边播放',
      '边播边合成',
      '边下边播',
      '边收边播',
      '实时播放',
      'streaming playback',
    ],
  },
  {
    term: '分页',
    english: 'pagination',
    meaning: '列出音色时一次返回一页，用游标取下一页。',
    avoid: [],
    synonyms: ['翻页', 'pagination', 'paging'],
  },
  {
    term: '技术支持',
    english: 'support',
    meaning: '通过邮件报告问题、获得帮助的渠道，见 API 参考简介的“技术支持与服务状态”。',
    avoid: ['客服支持', '技术客服'],
    synonyms: ['ticket', '工单', '联系我们'],
  },
  {
    term: '服务状态页',
    english: 'status page',
    meaning: '公布故障、维护和历史事件的页面。',
    avoid: ['状态监控页'],
    synonyms: ['status page', '故障', '宕机'],
  },
  {
    term: '版本历史',
    english: 'changelog, version history',
    meaning: 'API 的版本前缀和每次向后兼容变更的记录。',
    avoid: ['更新日志', '发版记录', '变更记录', '版本表'],
    synonyms: ['changelog', 'release notes'],
  },
  {
    term: '弃用',
    english: 'deprecation',
    meaning: '接口、字段或版本已公告将要停用，停用前照常工作。',
    avoid: ['废弃', '淘汰'],
    synonyms: ['deprecation', 'deprecated', 'sunset'],
  },
  {
    term: '内容审核',
    english: 'content moderation',
    meaning: '合成前检查文本、克隆前检查参考录音；没有通过时返回 content_rejected。',
    avoid: ['内容过滤', '敏感词过滤'],
    synonyms: ['审核', '违规', '敏感词', '敏感内容', 'content moderation', 'moderation'],
  },
  {
    term: '合成内容标识',
    english: 'AI-generated content label',
    meaning: '按《人工智能生成合成内容标识办法》给合成音频加的标识：隐式标识和显式标识。',
    avoid: ['AI 水印', 'AI 标签'],
    synonyms: ['水印', 'AI 标识', 'AI 生成标识', 'AI label', 'watermark', 'AIGC', 'AI disclosure'],
  },
  {
    term: '发音控制',
    english: 'pronunciation control',
    meaning: '用拼音标注、停顿标记和发音词典指定文本怎样朗读。',
    avoid: ['读音控制', '发音调整'],
    synonyms: [
      '读音',
      '读错',
      '念错',
      '发音不对',
      '读音不对',
      '发音错误',
      'pronunciation',
      'mispronunciation',
      'mispronounce',
    ],
  },
  {
    term: '多音字',
    english: 'polyphonic character',
    meaning: '有不止一个读音的汉字，例如“行”读 xíng 或 háng。',
    avoid: ['多读音字'],
    synonyms: ['polyphone', 'polyphonic', 'heteronym'],
  },
  {
    term: '拼音标注',
    english: 'pinyin hint',
    meaning:
      'text 中紧跟在汉字后面、用半角方括号写的带声调拼音，例如 曾[zeng1]，指定这个字的读音。',
    avoid: ['注音标记', '拼音提示'],
    synonyms: ['注音', '标注拼音', '拼音', 'pinyin', 'phoneme', '声调'],
  },
  {
    term: '停顿',
    english: 'pause, break',
    meaning:
      '语音中的静音间隙；除了标点带来的自然停顿，还可以在 text 中用 [pause:时长ms] 显式插入。',
    avoid: ['停顿符', '静音标记'],
    synonyms: ['暂停', '断句', '留白', 'pause', 'break'],
  },
  {
    term: '发音词典',
    english: 'pronunciation dictionary, lexicon',
    meaning: '请求中的 pronunciation_dictionary：词语和它的拼音，对文本中该词的每一次出现生效。',
    avoid: ['读音词典', '发音字典', '自定义词库'],
    synonyms: ['词典', '词库', 'lexicon', 'pronunciation dictionary', '自定义读音'],
  },
  {
    term: '价格',
    english: 'price, pricing',
    meaning: '每个计费单位的单价。',
    avoid: [],
    synonyms: [
      '价格表',
      '定价',
      '收费标准',
      '多少钱',
      '费用',
      '花费',
      '成本',
      '单价',
      'pricing',
      'price',
      'cost',
      'costs',
      'fee',
      'fees',
    ],
  },
  {
    term: '合成语音（WebSocket）',
    english: 'speech over WebSocket (reference)',
    meaning:
      'GET /v1/speech/websocket 的参考页：每条消息的字段与示例。与 POST /v1/speech 的“合成语音（HTTP）”成对，标题、侧边栏和链接文字都用这两个名字。',
    avoid: ['语音合成 WebSocket', '（HTTP）参考', '（WebSocket）参考'],
  },
  {
    term: 'WebSocket 上下文',
    english: 'contexts guide',
    meaning: '讲上下文用法和完整客户端的指南页（/guides/contexts）；链接到它时用这个标题。',
    avoid: ['上下文指南'],
  },
  {
    term: '克隆自定义音色',
    english: 'cloning guide',
    meaning:
      '从参考录音到管理自定义音色的指南页（/guides/clone）；链接到它时用这个标题，链接到其中一节时写作“克隆自定义音色：节标题”。',
    avoid: ['克隆音色指南', '音色克隆指南', '克隆指南', '克隆音色：'],
  },
  {
    term: '计费与价格',
    english: 'billing and pricing page',
    meaning:
      '计费规则、各模型价格和费用估算的页面（/price）；链接到它时用这个标题，链接到其中一节时写作“计费与价格：节标题”。',
    avoid: ['价格与计费', '计费表', '价格页'],
  },
  {
    term: '注册代金券',
    english: 'sign-up voucher',
    meaning: '新账户注册时自动获得的代金券，金额和有效期见“计费与价格：注册代金券”。',
    avoid: ['体验代金券', '新手代金券'],
  },
  {
    term: '重试策略',
    english: 'retry policy',
    meaning:
      '重试可重试的错误、WebSocket 重连时共用的一套规则：Retry-After 优先，否则指数退避加随机抖动，单次等待、尝试次数和总时长都有上限；见错误码页的“重试策略”。',
    avoid: ['退避策略'],
  },
  {
    term: '随机抖动',
    english: 'jitter (full jitter)',
    meaning: '指数退避中每次实际等待的时间在 0 到当前上限之间随机取值，避免大量客户端同时重试。',
    avoid: ['全抖动', '完全抖动'],
  },
  {
    term: '进行中的上下文',
    english: 'open context',
    meaning:
      '从第一条 generate 开始、还没有收到 done 或 error 的上下文；计入每条连接的上下文数上限。',
    avoid: [
      '打开的上下文',
      '未完成的上下文',
      '未结束的上下文',
      '上下文保持打开',
      '上下文仍保持打开',
    ],
  },
  {
    term: '分流',
    english: 'demultiplex, route by context_id',
    meaning: '把交错到达的消息按 context_id 分到各自的缓冲区、文件或播放队列。',
    avoid: ['分发消息', '消息分发', '分发给'],
  },
  {
    term: '主机地址',
    english: 'host, origin',
    meaning:
      '接口地址中路径之前的部分：协议和域名，HTTP 与 WebSocket 各有一个。参考页中的路径以版本前缀开头，直接拼在主机地址之后。',
    // “基础 URL” meant the host on one page and host + version prefix on another (audit 6, C1).
    avoid: ['源地址', '基础 URL', '基础地址'],
    synonyms: ['origin', 'host', 'base url', '接口地址', '域名', 'endpoint url'],
  },
  {
    term: '幂等键',
    english: 'idempotency key',
    meaning:
      '克隆请求的 Idempotency-Key 请求头：同一个键最多只创建一个音色，超时或出错后带着它重新提交不会多建一个。',
    avoid: ['幂等 key'],
    synonyms: ['idempotency key', 'Idempotency-Key', '重复提交', '防重'],
  },
  {
    term: '用量明细',
    english: 'usage records',
    meaning: '控制台中按请求 ID 或上下文列出的计费字符数和扣费，每小时扣费后更新。',
    avoid: ['使用记录'],
    synonyms: ['用量', '使用量', '账单', '账单明细', '消费记录', 'usage', 'bill'],
  },
  {
    term: '删除',
    english: 'delete',
    meaning: '去掉一个资源的操作（HTTP 方法 DELETE），例如删除自定义音色。',
    avoid: [],
    synonyms: ['删掉', '移除', 'remove'],
  },
  {
    term: '修改',
    english: 'update',
    meaning: '更改一个资源的部分字段的操作（HTTP 方法 PATCH），例如修改自定义音色。',
    avoid: [],
    synonyms: ['改名', '重命名', '编辑', '更新', 'rename', 'edit', 'update'],
  },
  {
    term: '超时',
    english: 'timeout',
    meaning: '请求或连接在规定的时间内没有完成、没有收到消息，被结束。',
    avoid: [],
    synonyms: ['timeout', 'timeouts', 'timed out', 'time out'],
  },
  {
    term: '并发',
    english: 'concurrency',
    meaning: '同时进行中的请求、连接或上下文。',
    avoid: [],
    synonyms: ['并行', '同时请求', 'concurrency', 'concurrent', 'parallel'],
  },
  {
    term: '保活',
    english: 'keep-alive',
    meaning: '让空闲的 WebSocket 连接不被当作断开：收发 ping 和 pong。',
    avoid: [],
    synonyms: ['心跳', 'heartbeat', 'keepalive', 'keep-alive'],
  },
  {
    term: '重连',
    english: 'reconnect',
    meaning: 'WebSocket 连接关闭或断开后建立新的连接。',
    avoid: [],
    synonyms: ['断线重连', '重新连接', 'reconnect', 'reconnection', 'reconnecting'],
  },
  {
    term: '打断',
    english: 'barge-in',
    meaning: '用户在语音播放中途开口，客户端停止播放并取消正在合成的内容。',
    avoid: [],
    synonyms: ['插嘴', '抢话', 'barge-in', 'barge in', 'interrupt', 'interruption'],
  },
  {
    term: '数据保存',
    english: 'data retention',
    meaning: '提交的文本、生成的音频和参考录音在服务端是否保存、保存多久、怎样删除。',
    avoid: [],
    synonyms: ['数据保留', '隐私', 'privacy', 'data retention', 'gdpr'],
  },
  {
    term: '大模型',
    english: 'LLM',
    meaning: '生成对话文本的大语言模型，它的输出可以边生成边送去合成。',
    avoid: [],
    synonyms: ['大语言模型', 'llm', 'gpt', 'chatgpt'],
  },
  {
    term: '口型同步',
    english: 'lip sync',
    meaning: '按词级时间戳让数字人或动画的口型与语音对齐。',
    avoid: [],
    synonyms: ['唇形同步', '对口型', 'lip sync', 'lipsync'],
  },
];
