/**
 * The error catalogue of the API: every `error.code` the HTTP endpoints and the websocket can
 * return. `/api/errors` renders its table from this list, and a test checks that every error
 * response in the OpenAPI and AsyncAPI documents uses a code listed here, with the same status.
 */
export interface ApiErrorCode {
  /** Machine-readable code, the `error.code` field of the envelope. */
  readonly code: string;
  /** HTTP status of the response (for the websocket: the status the same fault has over HTTP). */
  readonly status: number;
  /** What happened, for the reader. */
  readonly meaning: string;
  /** What to do about it. */
  readonly action: string;
  /**
   * Whether a client retries the same request automatically (after `Retry-After`, else with
   * exponential backoff). The retry examples of the guides use exactly this set (a test checks);
   * `voice_not_ready` is not in it: its client polls the voice first (see `action`).
   */
  readonly retryable: boolean;
  /**
   * A typical envelope of this error, without its request id: the example of the error's
   * response in the OpenAPI documents (written there by `scripts/bundle-specs.ts`).
   */
  readonly example: { readonly message: string; readonly param: string | null };
}

export const apiErrors: readonly ApiErrorCode[] = [
  {
    code: 'invalid_request',
    status: 400,
    meaning: '请求参数不合法：缺少必填字段、类型不对或取值超出范围。`param` 指出出错的字段。',
    action: '按 `message` 和 `param` 修正请求后再发送；不要原样重试。',
    retryable: false,
    example: { message: '字段 text 不能为空。', param: 'text' },
  },
  {
    code: 'unauthorized',
    status: 401,
    meaning: '没有携带 API 密钥，或密钥无效、已被撤销。',
    action: '检查 `Authorization: Bearer <API 密钥>` 请求头；必要时在控制台重新创建密钥。',
    retryable: false,
    example: { message: 'API 密钥无效或已被撤销。', param: null },
  },
  {
    code: 'insufficient_credit',
    status: 402,
    meaning: '账户余额（含代金券）不足以完成本次合成。',
    action: '在控制台充值后重试；可用查询余额接口提前检查。',
    retryable: false,
    example: { message: '账户余额不足，请在控制台充值。', param: null },
  },
  {
    code: 'voice_not_found',
    status: 404,
    meaning: '指定的音色不存在、已被删除，或不属于当前账户。',
    action: '用列出音色接口确认 `voice_id`。',
    retryable: false,
    example: { message: '音色 voice_custom_8f3k2m 不存在或已被删除。', param: 'voice_id' },
  },
  {
    code: 'voice_not_ready',
    status: 409,
    meaning: '克隆的音色仍在处理中（`status` 为 `processing`），暂时不能用于合成。',
    action: '轮询查询音色接口，等 `status` 变为 `ready` 再合成；不要反复重发合成请求。',
    retryable: false,
    example: {
      message: '音色 voice_custom_8f3k2m 仍在处理中，请在状态变为 ready 后再合成。',
      param: 'voice_id',
    },
  },
  {
    // 410 Gone: the voice will never be usable (not 422, which mocks and clients read as a
    // validation error; this API's validation errors are 400).
    code: 'voice_clone_failed',
    status: 410,
    meaning: '这个音色克隆失败（`status` 为 `failed`），永远不能用于合成。',
    action: '不要重试。删除它，对照录音要求换一段参考录音重新克隆。',
    retryable: false,
    example: {
      message: '音色 voice_custom_8f3k2m 克隆失败，无法用于合成，请重新克隆。',
      param: 'voice_id',
    },
  },
  {
    code: 'payload_too_large',
    status: 413,
    meaning: '上传的参考录音超过大小上限。',
    action: '压缩或截短录音后重新上传，上限见限制与超时。',
    retryable: false,
    example: { message: '参考录音超过大小上限。', param: 'audio' },
  },
  {
    code: 'unsupported_media_type',
    status: 415,
    meaning: '参考录音的格式不受支持，或文件已损坏。',
    action: '改用 WAV、MP3 或 M4A 格式重新上传。',
    retryable: false,
    example: { message: '无法识别参考录音的格式，请上传 WAV、MP3 或 M4A 文件。', param: 'audio' },
  },
  {
    code: 'rate_limited',
    status: 429,
    meaning: '超过了速率或并发限制。',
    action: '按 `Retry-After` 等待后重试，并用指数退避控制重试节奏。',
    retryable: true,
    example: { message: '请求过于频繁，请在 2 秒后重试。', param: null },
  },
  {
    code: 'internal_error',
    status: 500,
    meaning: '服务端内部错误。',
    action: '用指数退避重试；持续出现时带上请求 ID 联系支持。',
    retryable: true,
    example: { message: '服务暂时不可用，请稍后重试。', param: null },
  },
  {
    code: 'service_unavailable',
    status: 503,
    meaning: '服务暂时过载或正在维护。',
    action: '按 `Retry-After` 等待后重试。',
    retryable: true,
    example: { message: '服务繁忙，请稍后重试。', param: null },
  },
];

export const errorByCode = (code: string): ApiErrorCode | undefined =>
  apiErrors.find((e) => e.code === code);
