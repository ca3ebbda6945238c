/**
 * What every language's sample prints, in the same words, so a reader who switches languages
 * reads the same output, and the harness checks one set of lines (tests/samples/).
 */
import type { SampleOperation } from '../sampleOperation';

export const messages = {
  /** `请求失败（HTTP 400）：invalid_request`, then the message and the request ID. */
  failed: '请求失败',
  message: '说明',
  requestId: '请求 ID',
  /** `重试前至少等待 5 秒（Retry-After）`: 429 and 503 say when to come back. */
  retryBefore: '重试前至少等待',
  retryAfter: '秒（Retry-After）',
  billed: '计费字符数',
  /** `已保存 speech.mp3（1024 字节）`. */
  saved: '已保存',
  bytes: '字节',
  /** A 204 has no body: `已完成（HTTP 204）`. */
  done: '已完成',
  /** Printed when the key variable is unset. */
  noKey: '请先设置环境变量',
} as const;

/** A program name for the operation: `createSpeech` → `CreateSpeech` (Java's class). */
export const pascal = (id: string): string => id.charAt(0).toUpperCase() + id.slice(1);

/** The comment line before a timeout, or nothing. */
export const timeoutComment = (op: SampleOperation, prefix: string, indent = ''): string =>
  op.timeoutNote ? `${indent}${prefix} ${op.timeoutNote}\n` : '';
