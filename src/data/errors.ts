/**
 * The error catalogue of the API: every `error.code` the HTTP endpoints and the websocket can
 * return. `/api/errors` renders its table from this list, and the list of codes a websocket
 * `error` message can carry (`onWebsocket`); tests check that every error response in the
 * OpenAPI and AsyncAPI documents uses a code listed here, with the same status, and that every
 * `error` message of the AsyncAPI document and of the protocol model uses a websocket code.
 */
import { limit } from './limits';

/**
 * The `voice_limit_reached` message: the quota and how many voices the account holds (D190). It
 * is for logs, like every `message`; a program shows its own wording.
 */
export const voiceLimitMessage = (held: number, quota = limit('customVoices').value): string =>
  `自定义音色已达上限（${held}/${quota}），请先删除不用的音色。`;
import { bytesPerMB, referenceAudioFormatNames, referenceAudioRefusals } from './referenceAudio';

/**
 * What a client program does on an error code. `retryable` derives from it.
 * - `retry`: retry the same request automatically, `Retry-After` first, else the backoff of
 *   src/data/retryPolicy.ts. The code alone decides, with one exception (D63): 503
 *   `service_unavailable` with `param: text` is the request's fault, handled as `fix-request`;
 * - `poll`: do not resend; poll the resource until it is ready, then send again;
 * - `fix-request`: do not retry; change the request (the field `param` names) and send it again;
 * - `fix-account`: do not retry; fix the account (API key, credit, voice quota) first;
 * - `recreate`: never retry; the resource can never work, create a new one;
 * - `adopt`: never resend, not with a new key either; what the request asked for already exists
 *   under its idempotency key, at the response's `Location` (D126).
 */
export type ErrorActionKind =
  'retry' | 'poll' | 'fix-request' | 'fix-account' | 'recreate' | 'adopt';

export const errorActionKinds: readonly ErrorActionKind[] = [
  'retry',
  'poll',
  'fix-request',
  'fix-account',
  'recreate',
  'adopt',
];

/** How the catalogue names each kind. */
export const errorActionLabel: Readonly<Record<ErrorActionKind, string>> = {
  retry: '自动重试',
  poll: '轮询后再发',
  'fix-request': '修正请求',
  'fix-account': '检查账户',
  recreate: '重新创建',
  adopt: '沿用已有结果',
};

/** What each kind asks of the client program, for the reader. */
export const errorActionMeaning: Readonly<Record<ErrorActionKind, string>> = {
  retry:
    '暂时性问题，可以重试，怎样重试只看[重试策略](/api/errors#retries)。唯一的例外是 `service_unavailable` 的 `param` 为 `text`：问题出在请求本身，按“修正请求”处理。',
  poll: '要用的资源还没准备好（例如音色仍在克隆中）。不要马上重发原请求，先轮询它的状态，准备好了再发。',
  'fix-request': '请求本身有问题，不要原样重试；按 `param` 修正请求后再发。',
  'fix-account': '账户或 API 密钥有问题，不要重试；先处理账户（密钥、余额、音色名额）。',
  recreate: '这个资源再也不能使用了（例如克隆失败的音色），重试没有用，要重新创建一个。',
  adopt:
    '这次请求要做的事，同一个幂等键已经做过了。不要重发，也不要换新键重发（那会再做一次、再计费一次）；接着用响应头 `Location` 指向的结果。',
};

interface ApiErrorEntry {
  /** Machine-readable code, the `error.code` field of the envelope. */
  readonly code: string;
  /** HTTP status of the response (for the websocket: the status the same fault has over HTTP). */
  readonly status: number;
  /**
   * Its name in a few words, as a reader would say the symptom, covering every case of its row (shown beside the code in the
   * catalogue; the search takes a query close to it to the code's row).
   */
  readonly name: string;
  /** What happened, for the reader. */
  readonly meaning: string;
  /** What the client program does. */
  readonly kind: ErrorActionKind;
  /**
   * Whether a websocket `error` message can carry it. A refused handshake is an HTTP response
   * (its codes are the AsyncAPI document's `x-handshake-refusals`), not an `error` message.
   */
  readonly onWebsocket: boolean;
  /**
   * The one exception to “the kind says whether to retry” (D63): a `param` value with which a
   * code of kind `retry` is the request's fault and is not retried. The catalogue's kind column,
   * the kinds list and the decision diagram show it in the code's own row.
   */
  readonly notRetriedWithParam?: string;
  /**
   * Over the websocket the code is not retried with backoff but waited out (D81): the catalogue
   * and the websocket list name the retry table's row for it instead of the kind.
   */
  readonly websocketWaits?: true;
  /**
   * What to do about it, for the reader. Cases of one code that need different actions are told
   * apart by `param` (documented here), never by `message`.
   */
  readonly action: string;
  /**
   * A typical envelope of this error, without its request id: the example of the error's
   * response in the OpenAPI documents (written there by `scripts/bundle-specs.ts`).
   */
  readonly example: ErrorExample;
  /**
   * Examples of particular cases, by key: a response of the OpenAPI documents names one with
   * `x-errors: [{ code, example: <key> }]`, so each operation shows an error it can really give.
   */
  readonly examples?: Readonly<Record<string, ErrorExample>>;
  /**
   * What developers type for this error instead of its code: other APIs' codes for the same
   * case (invalid_api_key) and colloquial names (欠费). The search sends them to its row.
   */
  readonly searchAliases?: readonly string[];
}

export interface ErrorExample {
  readonly message: string;
  readonly param: string | null;
}

const exampleOf = ({ message, param }: ErrorExample): ErrorExample => ({ message, param });

/**
 * What is wrong with one field of a request, as the API's field check finds it
 * (src/protocol/requestCheck.ts): the `invalid_request` message says it in these words.
 */
export type FieldProblem =
  | { readonly kind: 'missing'; readonly where: 'body' | 'path' | 'query' | 'header' | 'file' }
  | { readonly kind: 'unknown' }
  | { readonly kind: 'type'; readonly types: readonly string[] }
  | { readonly kind: 'enum'; readonly values: readonly unknown[] }
  | { readonly kind: 'const'; readonly value: unknown }
  | { readonly kind: 'range'; readonly minimum?: number; readonly maximum?: number }
  | { readonly kind: 'too-long'; readonly length: number; readonly maxLength: number }
  | { readonly kind: 'too-short'; readonly minLength: number }
  | { readonly kind: 'pattern'; readonly pattern: string }
  | { readonly kind: 'too-many'; readonly maxItems: number }
  | { readonly kind: 'empty-body' }
  | { readonly kind: 'malformed-header' };

/** How the messages name a JSON type. */
const typeWords: Readonly<Record<string, string>> = {
  string: '字符串',
  integer: '整数',
  number: '数字',
  boolean: '布尔值 true 或 false',
  object: 'JSON 对象',
  array: '数组',
  null: 'null',
};

/** A value as a message writes it: strings as they are, the rest as JSON. */
const shown = (value: unknown): string =>
  typeof value === 'string' ? value : JSON.stringify(value);

/** `^[A-Za-z0-9_-]{1,64}$` in words, as the catalogue's header examples say it. */
function patternInWords(pattern: string): string {
  const id = /^\^\[A-Za-z0-9_-\]\{(\d+),(\d+)\}\$$/.exec(pattern);
  return id
    ? `须为 ${id[1]} 到 ${id[2]} 个字母、数字、下划线或连字符`
    : `须匹配正则表达式 ${pattern}`;
}

/** What a field's too-long message adds, for a field whose fix is not only "shorten it". */
const tooLongAdvice: Readonly<Record<string, string>> = { text: '请拆分后分多次合成' };

/**
 * The `message` of the `invalid_request` a field problem gets, `field` named as in `param`
 * (`output_format.bit_rate`). A header's format has the catalogue's own sentence
 * (`<header>-malformed` below).
 */
export function fieldProblemMessage(field: string | null, problem: FieldProblem): string {
  // A websocket message's own problem (no field) names the message.
  const name = field === null ? '消息' : `字段 ${field}`;
  switch (problem.kind) {
    case 'missing':
      return problem.where === 'file'
        ? `缺少 ${field}：请上传参考录音文件。`
        : problem.where === 'path'
          ? `路径参数 ${field} 不能为空。`
          : problem.where === 'header'
            ? `缺少请求头 ${field}。`
            : `缺少必填字段 ${field}。`;
    case 'unknown':
      return `不认识的字段 ${field}。`;
    case 'type':
      return `${name} 须为${problem.types.map((t) => typeWords[t] ?? ` ${t}`).join('或')}。`;
    case 'enum':
      return `${name} 须为 ${problem.values.map(shown).join('、')} 之一。`;
    case 'const':
      return `${name} 须为 ${shown(problem.value)}。`;
    case 'range':
      return problem.minimum !== undefined && problem.maximum !== undefined
        ? `${name} 必须在 ${problem.minimum} 到 ${problem.maximum} 之间。`
        : problem.minimum !== undefined
          ? `${name} 不能小于 ${problem.minimum}。`
          : `${name} 不能大于 ${String(problem.maximum)}。`;
    case 'too-long': {
      const advice = field && tooLongAdvice[field] ? `，${tooLongAdvice[field]}` : '';
      return `${name} 有 ${problem.length} 个字符，超过了 ${problem.maxLength} 个字符的上限${advice}。`;
    }
    case 'too-short':
      return problem.minLength <= 1
        ? `${name} 不能为空。`
        : `${name} 至少要有 ${problem.minLength} 个字符。`;
    case 'pattern':
      return `${name} 的格式不对，${patternInWords(problem.pattern)}。`;
    case 'too-many':
      return `${name} 最多 ${problem.maxItems} 项。`;
    case 'empty-body':
      return '请求体至少要有一个字段。';
    case 'malformed-header':
      return `请求头 ${field} 的格式不对。`;
  }
}

export interface ApiErrorCode extends ApiErrorEntry {
  /**
   * Whether a client retries the same request automatically: exactly the codes of kind `retry`.
   * The retry examples of the guides use this set (a test checks).
   */
  readonly retryable: boolean;
}

const entry = (e: ApiErrorEntry): ApiErrorCode => ({ ...e, retryable: e.kind === 'retry' });

export const apiErrors: readonly ApiErrorCode[] = [
  entry({
    code: 'invalid_request',
    status: 400,
    name: '请求无效',
    searchAliases: ['bad_request', 'validation_error', 'invalid_parameter', '参数错误'],
    meaning:
      '请求参数不合法：缺少必填字段、类型不对或取值超出范围，包括文本超长和参考录音时长不符合要求。`param` 指出出错的字段。',
    kind: 'fix-request',
    onWebsocket: true,
    action: '不要原样重试。按 `param` 找到出错的字段修正后再发送；`message` 只用于日志和调试。',
    example: { message: '字段 text 不能为空。', param: 'text' },
    examples: {
      'text-too-long': {
        message: fieldProblemMessage('text', {
          kind: 'too-long',
          length: 5213,
          maxLength: limit('textLength').value,
        }),
        param: 'text',
      },
      'consent-missing': {
        message: '字段 consent 必须为 true，表示你已获得录音中说话人的授权。',
        param: 'consent',
      },
      'limit-out-of-range': {
        message: fieldProblemMessage('limit', { kind: 'range', minimum: 1, maximum: 100 }),
        param: 'limit',
      },
      'name-too-long': {
        message: fieldProblemMessage('name', { kind: 'too-long', length: 70, maxLength: 64 }),
        param: 'name',
      },
      'audio-too-short': exampleOf(referenceAudioRefusals.tooShort(6.5)),
      'client-request-id-malformed': {
        message:
          '请求头 X-Client-Request-Id 的格式不对，须为 1 到 64 个字母、数字、下划线或连字符。',
        param: 'X-Client-Request-Id',
      },
      'idempotency-key-malformed': {
        message: '请求头 Idempotency-Key 的格式不对，须为 1 到 64 个字母、数字、下划线或连字符。',
        param: 'Idempotency-Key',
      },
    },
  }),
  entry({
    code: 'content_rejected',
    status: 400,
    name: '内容未通过审核',
    searchAliases: ['content_policy_violation'],
    meaning:
      '文本（`param` 为 `text`）或参考录音（`param` 为 `audio`）没有通过内容审核。被拒绝的内容不合成、不克隆，也不计费；WebSocket 上下文中在此之前开始合成的段[照常计费](/price#billing-ws-error)。',
    kind: 'fix-request',
    onWebsocket: true,
    action:
      '原样重发结果不会变。修改被拒绝的内容后再发送；认为判断有误时，带上请求 ID [联系技术支持](/api/introduction#support)。WebSocket 上下文中途收到它时，这一轮回复到此为止：不要在新的上下文中重发或接着说剩下的文本，改为提示用户或显示文字回复。',
    example: { message: '文本包含不允许合成的内容。', param: 'text' },
    examples: {
      audio: { message: '参考录音包含不允许克隆的内容。', param: 'audio' },
    },
  }),
  entry({
    code: 'unauthorized',
    status: 401,
    name: '鉴权失败',
    searchAliases: ['invalid_api_key', 'authentication_error', '密钥无效', '密钥错误'],
    meaning:
      '没有携带 API 密钥，或密钥无效、已被撤销。WebSocket 握手也可能因此[被拒绝](/api/websocket#handshake-refusals)。',
    kind: 'fix-account',
    onWebsocket: false,
    action:
      '不要重试。检查 `Authorization: Bearer <API 密钥>` 请求头：常见原因是漏了 `Bearer` 前缀或它后面的空格，或者复制密钥时带进了换行或引号；密钥已被撤销的，在控制台重新创建。',
    example: { message: 'API 密钥无效或已被撤销。', param: null },
  }),
  entry({
    code: 'insufficient_credit',
    status: 402,
    name: '余额不足',
    searchAliases: [
      'insufficient_quota',
      'insufficient_balance',
      '欠费',
      '钱用完',
      '余额用完',
      '额度用完',
    ],
    meaning:
      '这次合成或克隆的费用超过了账户的可用余额（含代金券）。什么时候检查、检查多少，见[余额不足时](/price#zero-balance)。',
    kind: 'fix-account',
    onWebsocket: true,
    action:
      '不要自动重试。在控制台充值；充值之后重发什么，见[充值立即可用](/price#billing-rule-top-up)。要提前判断，比较[可用余额](/api/user/credit)（`available_balance`）。',
    example: { message: '账户余额不足，请在控制台充值。', param: null },
  }),
  entry({
    code: 'voice_limit_reached',
    status: 403,
    name: '音色名额已满',
    meaning: '账户的音色名额已经用完，不能再克隆新的音色。',
    kind: 'fix-account',
    onWebsocket: false,
    action: '不要重试。删除不再使用的自定义音色，再重新提交克隆。',
    // The message states the quota and the count, as the mock's does (D175, D190).
    example: { message: voiceLimitMessage(limit('customVoices').value), param: null },
  }),
  entry({
    code: 'voice_not_found',
    status: 404,
    name: '音色不存在或不属于你',
    meaning:
      '指定的音色不存在、已被删除，或不属于当前账户。修改和删除只对自定义音色有效，对预置音色调用也返回这个错误。',
    kind: 'fix-request',
    onWebsocket: true,
    action:
      '不要重试，用列出音色接口确认 `voice_id`。例外：[重发的删除请求](/api/voices/delete)收到它时，按删除成功处理。',
    example: { message: '音色 voice_custom_8f3k2m 不存在或已被删除。', param: 'voice_id' },
  }),
  entry({
    // 409, not 400: the request itself is valid; the key already stands for another one (D60).
    code: 'idempotency_conflict',
    status: 409,
    name: '幂等键已用于内容不同的克隆请求',
    searchAliases: ['idempotency_key_reused', 'idempotency_key_in_use', '幂等键冲突'],
    meaning:
      '这个 `Idempotency-Key` 已经创建了音色，而这次请求的内容与创建它的那次不同（`param` 为 `Idempotency-Key`）；这次没有创建音色，键也不变。内容是否相同，按[克隆音色](/api/voices/create)的 `Idempotency-Key` 的规则判断。',
    // Not `fix-request`: a handler per kind would mint a new key and bill a second voice (D126).
    kind: 'adopt',
    onWebsocket: false,
    action:
      '接着用这个键已经创建的音色：查询响应头 `Location` 指向的音色，还在处理就轮询到完成，它由这个键首次创建。不要自动换新键重新提交，那会再创建一个音色、再计费一次。然后修正程序：重新提交要原样发送保存的请求，用户改了录音或名称要用新的键。',
    example: {
      message: '这个 Idempotency-Key 已经创建了音色，这次请求的内容与那次不同，见响应头 Location。',
      param: 'Idempotency-Key',
    },
  }),
  entry({
    code: 'voice_not_ready',
    status: 409,
    name: '音色尚未就绪',
    meaning: '克隆的音色仍在处理中（`status` 为 `processing`），暂时不能用于合成。',
    kind: 'poll',
    onWebsocket: true,
    action:
      '不要反复重发合成请求。轮询查询音色接口：`status` 变为 `ready` 后再合成；变为 `failed` 时按 `voice_clone_failed` 处理。',
    example: {
      message: '音色 voice_custom_8f3k2m 仍在处理中，请在状态变为 ready 后再合成。',
      param: 'voice_id',
    },
  }),
  entry({
    // 410 Gone: the voice will never be usable (not 422, which mocks and clients read as a
    // validation error; this API's validation errors are 400).
    code: 'voice_clone_failed',
    status: 410,
    name: '音色克隆失败，不能使用',
    meaning: '这个音色克隆失败（`status` 为 `failed`），不能用于合成，以后也不会变为可用。',
    kind: 'recreate',
    onWebsocket: true,
    action: '不要重试。删除它，对照录音要求换一段参考录音重新克隆。',
    example: {
      message: '音色 voice_custom_8f3k2m 克隆失败，无法用于合成，请重新克隆。',
      param: 'voice_id',
    },
  }),
  entry({
    code: 'payload_too_large',
    status: 413,
    name: '参考录音过大',
    searchAliases: ['file_too_large', 'request_entity_too_large'],
    meaning: `上传的参考录音超过 ${limit('referenceAudioSize').value} MB 的大小上限；\`message\` 写明收到的大小。在请求本身的检查中大小最先（在它之前的只有鉴权、速率限制和请求头 \`X-Client-Request-Id\`），超限的文件不论内容是什么都返回这个错误。`,
    kind: 'fix-request',
    onWebsocket: false,
    action: '不要原样重试。截取最清晰的一段，或转成压缩格式后重新上传。',
    example: exampleOf(referenceAudioRefusals.tooLarge(23.4 * bytesPerMB)),
  }),
  entry({
    code: 'unsupported_media_type',
    status: 415,
    name: '录音格式不受支持或文件损坏',
    searchAliases: ['unsupported_format', 'invalid_audio_format'],
    meaning: `按文件内容识别，参考录音不是 ${referenceAudioFormatNames()}，或者无法解码；\`message\` 写明识别出的是什么。\`audio\` 部分声明的媒体类型和文件名不影响识别。`,
    kind: 'fix-request',
    onWebsocket: false,
    action: `不要原样重试。把录音转成 ${referenceAudioFormatNames()} 再上传；只改声明的媒体类型或文件名没有用。`,
    example: exampleOf(referenceAudioRefusals.unsupported('文本')),
  }),
  entry({
    code: 'rate_limited',
    status: 429,
    name: '超出速率或并发上限',
    searchAliases: ['rate_limit_exceeded', 'too_many_requests', 'throttled'],
    meaning:
      'HTTP：超过了请求速率上限（所有接口），或者同时进行中的合成请求数上限（只限 `POST /v1/speech`），两种情况的 429 都带 `Retry-After`。WebSocket：一条连接上同时进行中的上下文超过上限（`param` 为 `context_id`），`error` 消息没有 `Retry-After`。',
    kind: 'retry',
    onWebsocket: true,
    websocketWaits: true,
    action:
      'HTTP：按[重试策略](/api/errors#retries)重试；经常出现时在客户端主动限速。WebSocket：不要按退避重试，而是等这条连接上有上下文结束，或者换一条上下文较少的连接，再用新的 `context_id` 重新开始这段话（[重试策略中的这一行](/api/errors#websocket-rate-limited)）。',
    example: { message: '请求过于频繁，请在 2 秒后重试。', param: null },
  }),
  entry({
    code: 'internal_error',
    status: 500,
    name: '服务端内部错误',
    searchAliases: ['server_error', 'internal_server_error'],
    meaning: '服务端内部错误。',
    kind: 'retry',
    onWebsocket: true,
    action:
      '按[重试策略](/api/errors#retries)重试；持续出现时带上请求 ID [联系技术支持](/api/introduction#support)。WebSocket 上只有这个上下文失败，连接仍然可用。',
    example: { message: '服务端处理时出错，请稍后重试。', param: null },
  }),
  entry({
    code: 'service_unavailable',
    status: 503,
    name: '服务不可用或处理超时',
    searchAliases: ['overloaded', 'server_overloaded'],
    meaning:
      '`param` 为 `null`：服务暂时过载或正在维护。`param` 为 `text`：这个 HTTP 合成请求超过了处理时间上限。',
    kind: 'retry',
    onWebsocket: false,
    notRetriedWithParam: 'text',
    action:
      '`param` 为 `null` 时按[重试策略](/api/errors#retries)重试。`param` 为 `text` 时不要原样重试，同样的文本还会超时：把文本拆短后再合成。',
    example: { message: '服务繁忙，请稍后重试。', param: null },
    examples: {
      'processing-timeout': {
        message: `合成超过了 ${limit('httpTimeout').value} 秒的处理时间上限，请把文本拆短后再合成。`,
        param: 'text',
      },
    },
  }),
];

export const errorByCode = (code: string): ApiErrorCode | undefined =>
  apiErrors.find((e) => e.code === code);

/**
 * A field the contract refuses, as a schema validator reports it (the fields of an Ajv error that
 * the message reads; `parentSchema` is the field's schema, with Ajv's `verbose`).
 */
export interface FieldViolation {
  readonly keyword: string;
  readonly params: Readonly<Record<string, unknown>>;
  readonly parentSchema?: unknown;
  /** The refused value (Ajv's `verbose` errors carry it). */
  readonly data?: unknown;
}

/**
 * The `message` of an `invalid_request` for a websocket message field the contract refuses (an
 * Ajv violation), in the same words as the HTTP check's (`fieldProblemMessage`, which it calls);
 * `field` is the field as `param` names it. The websocket's session model answers with it, so the
 * test mock and the in-page simulator say the same, and the log checker explains a line with it.
 */
export function invalidFieldMessage(field: string | null, violation: FieldViolation): string {
  const p = violation.params;
  const schema = (violation.parentSchema ?? {}) as Record<string, unknown>;
  const number = (value: unknown) => (typeof value === 'number' ? value : undefined);
  const problem = ((): FieldProblem | null => {
    switch (violation.keyword) {
      case 'type':
        return { kind: 'type', types: String(p.type).split(',') };
      case 'enum':
        return { kind: 'enum', values: p.allowedValues as unknown[] };
      case 'const':
        return { kind: 'const', value: p.allowedValue };
      case 'minimum':
      case 'maximum':
        // Both bounds when the schema has both, as the catalogue's examples say a range.
        return number(schema.minimum) !== undefined && number(schema.maximum) !== undefined
          ? { kind: 'range', minimum: number(schema.minimum), maximum: number(schema.maximum) }
          : violation.keyword === 'minimum'
            ? { kind: 'range', minimum: number(p.limit) }
            : { kind: 'range', maximum: number(p.limit) };
      case 'maxLength':
        return typeof violation.data === 'string'
          ? { kind: 'too-long', length: [...violation.data].length, maxLength: Number(p.limit) }
          : null;
      case 'minLength':
        return { kind: 'too-short', minLength: Number(p.limit) };
      case 'pattern':
        return { kind: 'pattern', pattern: String(p.pattern) };
      case 'maxItems':
        return { kind: 'too-many', maxItems: Number(p.limit) };
      default:
        return null;
    }
  })();
  if (violation.keyword === 'required') {
    return fieldProblemMessage(shown(p.missingProperty), { kind: 'missing', where: 'body' });
  }
  if (violation.keyword === 'additionalProperties') {
    return fieldProblemMessage(shown(p.additionalProperty), { kind: 'unknown' });
  }
  if (problem) return fieldProblemMessage(field, problem);
  const name = field ? `字段 ${field}` : '消息';
  switch (violation.keyword) {
    case 'exclusiveMinimum':
      return `${name} 必须大于 ${shown(p.limit)}。`;
    case 'exclusiveMaximum':
      return `${name} 必须小于 ${shown(p.limit)}。`;
    case 'maxLength':
      return `${name} 超过了 ${shown(p.limit)} 个字符的上限。`;
    case 'minItems':
      return `${name} 至少要有 ${shown(p.limit)} 项。`;
    default:
      return `${name} 的取值不符合协议。`;
  }
}
