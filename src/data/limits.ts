/**
 * Limits and timeouts of the API. `/api/limits-and-timeouts` and the guides render them from
 * here; where an OpenAPI or AsyncAPI document states the same limit (e.g. `maxLength` of the
 * text), a test checks that the two agree.
 */
export interface Limit {
  /** Stable key, used by pages that quote one limit. */
  readonly key: LimitKey;
  /** What is limited. */
  readonly subject: string;
  readonly value: number;
  readonly unit: string;
  /** Where the limit applies. */
  readonly scope: string;
  /** What a client gets when it crosses the limit. */
  readonly onExceed: string;
}

export type LimitKey =
  | 'textLength'
  | 'requestsPerMinute'
  | 'concurrentRequests'
  | 'websocketConnections'
  | 'contextsPerConnection'
  | 'websocketIdleTimeout'
  | 'websocketPingInterval'
  | 'httpTimeout'
  | 'streamChunkGap'
  | 'cloneResponseTime'
  | 'referenceAudioSize'
  | 'referenceAudioMinDuration'
  | 'referenceAudioMaxDuration'
  | 'customVoices'
  | 'cloneProcessingTime'
  | 'pronunciationDictionaryEntries'
  | 'pronunciationWordLength'
  | 'pauseMinDuration'
  | 'pauseMaxDuration';

/**
 * Bytes in one “MB” of a size limit: 1 MB = 1,048,576 bytes (binary, as an HTTP server's
 * body-size limit such as nginx's `client_max_body_size 20m` counts).
 */
const bytesPerKB = 1024;
export const bytesPerMB = bytesPerKB * bytesPerKB;

/** How the reference audio's size is measured (D66): rendered with the size limit. */
export const referenceAudioSizeCounting = `按 \`audio\` 部分的字节数计，1 MB 为 ${bytesPerKB} × ${bytesPerKB} 字节`;

/**
 * What a client adds to a server-side time limit for the network when it sets its own timeout
 * (the clone request's answer, the gap between stream chunks): every example uses it.
 */
export const clientTimeoutMarginSeconds = 5;

/**
 * What a client allows for the difference between its clock and the server's when it compares
 * its own time with a `created_at` (the clone guide's check after an expired key, D154).
 */
export const clientClockMarginMinutes = 5;

export const limits: readonly Limit[] = [
  {
    key: 'textLength',
    subject:
      '单次请求的文本长度（HTTP 的 `text`，或 WebSocket 单条 `generate` 的 `text`；按 Unicode 码位计，空白、拼音标注和停顿标记都算在内，与计费字符数不同）',
    value: 5000,
    unit: '字符',
    scope: '每个请求或每条消息',
    onExceed:
      'HTTP 400 `invalid_request`，`param` 为 `text`；WebSocket 返回同样错误码和 `param` 的 `error` 消息',
  },
  {
    key: 'requestsPerMinute',
    subject: '请求速率（HTTP 请求和 WebSocket 握手合计）',
    value: 60,
    unit: '次/分钟',
    scope: '每个 API 密钥',
    onExceed: 'HTTP 429 `rate_limited`，带 `Retry-After`',
  },
  {
    key: 'concurrentRequests',
    subject: '同时进行中的 HTTP 合成请求',
    value: 10,
    unit: '个',
    scope: '每个账户',
    onExceed: 'HTTP 429 `rate_limited`，带 `Retry-After`',
  },
  {
    key: 'websocketConnections',
    subject: '同时打开的 WebSocket 连接',
    value: 20,
    unit: '条',
    scope: '每个账户',
    onExceed: '握手后以关闭码 4029 关闭',
  },
  {
    key: 'contextsPerConnection',
    subject: '一条连接上同时进行中的上下文',
    value: 10,
    unit: '个',
    scope: '每条 WebSocket 连接',
    onExceed: '`error` 消息，错误码 `rate_limited`',
  },
  {
    key: 'websocketIdleTimeout',
    subject: 'WebSocket 空闲超时',
    value: 60,
    unit: '秒',
    scope: '每条 WebSocket 连接，怎样计时见[空闲超时](/api/websocket#idle-timeout)',
    onExceed: '以关闭码 4000 关闭',
  },
  {
    key: 'websocketPingInterval',
    subject: '服务端发送 ping 帧的间隔',
    value: 20,
    unit: '秒',
    scope: '每条 WebSocket 连接',
    onExceed: '服务端什么时候以关闭码 4002 关闭连接，见[保活](/api/websocket#keepalive)',
  },
  {
    key: 'httpTimeout',
    subject:
      'HTTP 合成请求的处理时间上限（从服务端收到整个请求体时算起，上传请求体的时间不计在内）',
    value: 120,
    unit: '秒',
    scope: '每个请求',
    onExceed: 'HTTP 503 `service_unavailable`，`param` 为 `text`',
  },
  {
    // D150: a client can size its read timeout for `stream: true` from this.
    key: 'streamChunkGap',
    // D189: the first chunk is bound like the gap between chunks, so one read timeout covers both.
    subject:
      '`stream: true` 时两个分块之间的最长间隔；第一个分块也一样：服务端收到整个请求体后，在这个时间内发出响应头和第一个分块',
    value: 10,
    unit: '秒',
    scope: `每个 HTTP 合成请求，从收到请求体到第一个分块、以及每两个分块之间；客户端的读取超时设为它再加 ${clientTimeoutMarginSeconds} 秒（留给网络），等第一个分块时也够用`,
    onExceed:
      '服务端中断连接，分块传输不正常结束；没合成完的一段是服务端的失败，不计费，见[什么时候扣费](/price#when-charged)',
  },
  {
    // D94: the clone runs in the background, so the request itself answers quickly.
    key: 'cloneResponseTime',
    subject:
      '克隆请求（`POST /v1/voices`）的应答时间：从服务端收到整个请求体到返回响应。克隆本身在后台进行，不计在内。同一个键的请求同时到达时，后到的先等前一个结束，这段等待另计（见[同时到达](/api/voices/create)），客户端超时后用同一个键再提交即可',
    value: 30,
    unit: '秒',
    scope: `每个克隆请求；客户端的超时设为上传所需的时间加上它，再加 ${clientTimeoutMarginSeconds} 秒（留给网络）`,
    onExceed:
      '服务端在上限内总会应答。到了客户端的超时仍没有收到响应，按超时处理：用同一个 `Idempotency-Key` 重新提交',
  },
  {
    key: 'cloneProcessingTime',
    subject: '克隆的处理时间（音色的 `status` 从 `processing` 变为 `ready` 或 `failed`）',
    value: 10,
    unit: '分钟',
    scope: '每个音色；通常 1 分钟内完成',
    onExceed:
      '音色变为 `failed`，`failure_reason` 说明原因，计费见[克隆失败](/price#billing-clone-failed)。它和其他克隆失败的音色一样占着音色名额，[删除](/api/voices/delete)后腾出；要再试，用新的 `Idempotency-Key` 重新提交',
  },
  {
    key: 'referenceAudioSize',
    subject: `克隆参考录音的文件大小（${referenceAudioSizeCounting}）`,
    value: 20,
    unit: 'MB',
    scope: '每次上传',
    onExceed:
      'HTTP 413 `payload_too_large`，`message` 写明收到的大小；在请求本身的检查中大小最先（在它之前的只有鉴权、速率限制和请求头 `X-Client-Request-Id`），超限的文件不论内容是什么都返回它。服务端读完整个请求体才返回 413，不会中途断开连接',
  },
  {
    key: 'referenceAudioMinDuration',
    subject: '克隆参考录音的最短时长',
    value: 10,
    unit: '秒',
    scope: '每次上传',
    onExceed: 'HTTP 400 `invalid_request`，`param` 为 `audio`',
  },
  {
    key: 'referenceAudioMaxDuration',
    subject: '克隆参考录音的最长时长',
    value: 300,
    unit: '秒',
    scope: '每次上传',
    onExceed: 'HTTP 400 `invalid_request`，`param` 为 `audio`',
  },
  {
    key: 'customVoices',
    subject: '音色名额',
    value: 50,
    unit: '个',
    scope: '每个账户，处理中和克隆失败的音色也占音色名额，删除后释放',
    onExceed: 'HTTP 403 `voice_limit_reached`',
  },
  {
    key: 'pronunciationDictionaryEntries',
    subject: '发音词典的条目数（`pronunciation_dictionary`）',
    value: 100,
    unit: '条',
    scope: '每个 HTTP 请求，或每个上下文（第一条 `generate`）',
    onExceed:
      'HTTP 400 `invalid_request`（WebSocket 为 `error` 消息），`param` 为 `pronunciation_dictionary`',
  },
  {
    key: 'pronunciationWordLength',
    subject: '发音词典中一个词的长度（`word`）',
    value: 10,
    unit: '个汉字',
    scope: '每个词条',
    onExceed:
      'HTTP 400 `invalid_request`（WebSocket 为 `error` 消息），`param` 指向这个词条的 `word`，例如 `pronunciation_dictionary[2].word`',
  },
  {
    key: 'pauseMinDuration',
    subject: '停顿标记的最短时长',
    value: 100,
    unit: '毫秒',
    scope: '每个停顿标记',
    onExceed: 'HTTP 400 `invalid_request`（WebSocket 为 `error` 消息），`param` 为 `text`',
  },
  {
    key: 'pauseMaxDuration',
    subject: '停顿标记的最长时长',
    value: 5000,
    unit: '毫秒',
    scope: '每个停顿标记',
    onExceed: 'HTTP 400 `invalid_request`（WebSocket 为 `error` 消息），`param` 为 `text`',
  },
];

/**
 * How long the server remembers a clone's `Idempotency-Key`, counted from the creation of the
 * voice it created (D93): after it, the key is forgotten and a request with it creates anew. The
 * create page states it in its `Idempotency-Key` description; the HTTP mock expires keys by it,
 * and a harness test checks that the two agree.
 */
export const idempotencyKeyHours = 24;

export const limit = (key: LimitKey): Limit => {
  const found = limits.find((l) => l.key === key);
  if (!found) throw new Error(`unknown limit ${key}`);
  return found;
};

/**
 * Which calls count toward the request rate (`requestsPerMinute`): stated once here, rendered on
 * `/api/limits-and-timeouts#rate-limits`.
 */
export const rateLimitCounting =
  '用这个 API 密钥发出的每个 HTTP 请求都计入，不分接口（合成、音色、余额查询），出错的请求也计入。唯一的例外是返回 429 的请求：无论因为超过速率还是超过并发被拒绝，都不计入。WebSocket 的每次握手计入一次，连接建立后收发的消息不计入。';

/**
 * How the request rate (`requestsPerMinute`) is windowed: stated once here, rendered on
 * `/api/limits-and-timeouts#rate-limits` beside the `X-RateLimit-*` headers it explains.
 */
export const rateLimitWindow =
  '速率按固定窗口计算：每个 API 密钥的计数在 UTC 时间每分钟的第 0 秒清零，不按滑动的 60 秒统计。`X-RateLimit-Reset` 是距离下一次清零的秒数；超过速率时，HTTP 429 的 `Retry-After` 就是这个秒数（向上取整）。在窗口交界前后的几秒内，可能连续通过接近两倍的请求，但这只是按分钟计数带来的现象，不要把它当作可用的速率；请求仍应均匀分散在整分钟里。';
