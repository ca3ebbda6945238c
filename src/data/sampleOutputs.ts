/**
 * What the guides' example programs (src/examples/) print, line by line: on success, and when
 * the API answers an error (400 `invalid_request` in the test). The guides render these lines
 * (<SampleOutput of="…" />) and tests/samples/guide-output.spec.ts runs each example as the built
 * page shows it against the HTTP mock and compares what it prints with the page's lines, so the
 * two cannot drift. `<…>` stands for a value that differs from run to run.
 * The lines reuse the reference samples' words (src/codegen/templates/common.ts).
 */
import { messages as m } from '../codegen/templates/common';

export type OutputStream = 'stdout' | 'stderr';
export type OutputCase = 'success' | 'error';

/** The lines of one run, per stream; a stream that prints nothing is left out. */
export type StreamLines = Partial<Record<OutputStream, readonly string[]>>;

export interface SampleOutput {
  /** The example files (under src/examples/) that print exactly these lines. */
  readonly examples: readonly string[];
  /** The file each run leaves on success, if any. */
  readonly file?: string;
  /**
   * The operation whose error the `error` case shows (its first request), or `websocket`: a
   * websocket client, whose handshake the `error` case refuses (HTTP 401, a revoked key).
   */
  readonly operation: string;
  readonly cases: Record<OutputCase, StreamLines>;
}

/** The placeholders a line may hold, named as the guides name the values. */
export const placeholders = {
  bytes: '<字节数>',
  billed: '<计费字符数>',
  requestId: '<请求 ID>',
  status: '<HTTP 状态码>',
  code: '<错误码>',
  message: '<说明>',
  param: '<param>',
  key: '<Idempotency-Key>',
  voiceId: '<voice_id>',
  connectionId: '<连接 ID>',
  chunk: '<序号>',
  span: '<起止时间>',
  word: '<词>',
} as const;

/** A line alone on this: the line above may come again, any number of times. */
export const repeatLine = '…';
const p = placeholders;

/** The three lines of an error object, as every reference sample prints them too. */
const errorLines = [
  `${m.failed}（HTTP ${p.status}）：${p.code}`,
  `${m.message}：${p.message}`,
  `${m.requestId}：${p.requestId}`,
];

export const sampleOutputs = {
  /** The quick start's first request (/): the same three lines in every language. */
  quickstart: {
    examples: ['quickstart/speech.py', 'quickstart/speech.mjs', 'quickstart/speech.sh'],
    file: 'hello.mp3',
    operation: 'createSpeech',
    cases: {
      success: {
        stdout: [
          `${m.saved} hello.mp3（${p.bytes} ${m.bytes}）`,
          `${m.billed}：${p.billed}`,
          `${m.requestId}：${p.requestId}`,
        ],
      },
      error: { stderr: errorLines },
    },
  },
  /** Best practices, retries (/guides/best-practices#retries): one log line per attempt. */
  retry: {
    examples: ['best-practices/retry.py', 'best-practices/retry.mjs'],
    file: 'hello.mp3',
    operation: 'createSpeech',
    cases: {
      success: {
        stderr: [
          `成功 request_id=${p.requestId} billed_characters=${p.billed}`,
          '已保存 hello.mp3',
        ],
      },
      error: {
        stderr: [
          `第 1 次请求失败 HTTP ${p.status} code=${p.code} request_id=${p.requestId}：${p.message}`,
        ],
      },
    },
  },
  /** The clone guide (/guides/clone): progress on stderr, the voice to use on stdout. */
  clone: {
    examples: ['clone/clone.py', 'clone/clone.mjs', 'clone/clone.sh'],
    file: 'clone_test.mp3',
    operation: 'createVoice',
    cases: {
      success: {
        stderr: [
          `提交克隆：Idempotency-Key=${p.key}`,
          `已提交克隆：voice_id=${p.voiceId} status=processing`,
          'status=ready',
        ],
        stdout: [`已保存试听 clone_test.mp3；合成时使用 voice_id=${p.voiceId}`],
      },
      error: {
        stderr: [
          `提交克隆：Idempotency-Key=${p.key}`,
          `HTTP ${p.status} code=${p.code} param=${p.param} request_id=${p.requestId}：${p.message}`,
        ],
      },
    },
  },
  /**
   * The contexts guide (/guides/contexts): the interrupted first turn, the second turn's words
   * with their times, what each context billed. A refused handshake says why and bills nothing.
   */
  contexts: {
    examples: ['contexts/client.py', 'contexts/client.mjs'],
    operation: 'websocket',
    cases: {
      success: {
        stdout: [
          `已连接，连接 ID：${p.connectionId}`,
          '[turn-1] 收到第一个音频块，模拟用户打断',
          // Audio already on its way is dropped, before the cancel goes out and after.
          `[turn-1] 丢弃打断后的音频块 ${p.chunk}`,
          repeatLine,
          '[turn-1] 已发送 cancel',
          `[turn-1] 丢弃打断后的音频块 ${p.chunk}`,
          repeatLine,
          `[turn-1] 完成，计费 ${p.billed} 字符`,
          `[turn-2] ${p.span} ms  ${p.word}`,
          repeatLine,
          `[turn-2] 完成，计费 ${p.billed} 字符`,
          `合计计费 ${p.billed} 字符`,
        ],
      },
      error: {
        stderr: [
          `握手被拒绝：HTTP ${p.status} ${p.code}：${p.message}（request_id=${p.requestId}）。见握手被拒绝时的处理（/api/websocket#handshake-refusals）`,
        ],
        stdout: ['合计计费 0 字符'],
      },
    },
  },
} as const satisfies Record<string, SampleOutput>;

export type SampleOutputName = keyof typeof sampleOutputs;

/** How a guide names each case and stream above its lines. */
export const outputCaseLabels: Record<OutputCase, string> = {
  success: '成功时',
  error: '服务端返回错误时',
};
export const outputStreamLabels: Record<OutputStream, string> = {
  stdout: '标准输出',
  stderr: '标准错误输出',
};
