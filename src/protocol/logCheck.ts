/**
 * The log checker: reads a JSON-lines log of a client's websocket session (one record a line,
 * `{"dir": "sent" | "received", "message": {...}}`, or `{"dir": "close", "code": 1000}`) and
 * reports every line that breaks a rule of src/protocol/logRules.ts: messages against the
 * AsyncAPI schemas (the build-time validators), and the protocol's rules per context: ids used
 * once (D4), settings fixed by the first generate (D5), ordering.
 * Pure; the page runs it in a web worker.
 */
import { limit } from '../data/limits';
import { formatCount } from '../data/format';
import { logCaps, type LogRuleId } from './logRules';
import { clientMessageNames, schemaError, validatorOf } from './schemas';
import { changedSetting } from './settings';

export interface Violation {
  /** 1-based line of the log. */
  readonly line: number;
  readonly rule: LogRuleId;
  /** What is wrong on this line (zh-Hans). */
  readonly detail: string;
}

export type LogReport =
  | {
      readonly ok: true;
      readonly lines: number;
      readonly sent: number;
      readonly received: number;
      readonly violations: Violation[];
      /** Violations found beyond `logCaps.shown`. */
      readonly more: number;
    }
  | { readonly ok: false; readonly message: string };

type Json = Record<string, unknown>;

interface ContextState {
  /** The first generate's line. */
  readonly startedAt: number;
  /** The first generate: its settings hold for the context. */
  readonly first: Json;
  final: boolean;
  cancelled: boolean;
  timestamps: boolean;
  nextSequence: number;
}

/** The AsyncAPI `error` that ends no context: its `billed_characters` is null. */
const endsNothing = (message: Json): boolean => message.billed_characters === null;

/** Checks the text of a log. */
export function checkLog(text: string): LogReport {
  if (text.length > logCaps.bytes) {
    return {
      ok: false,
      message: `日志太大：最多检查 ${formatCount(logCaps.bytes / 1024 / 1024)} MB。请截取出问题的那一段再检查。`,
    };
  }
  const rows = text.split(/\r?\n/);
  while (rows.length > 0 && rows[rows.length - 1].trim() === '') rows.pop();
  if (rows.length > logCaps.lines) {
    return {
      ok: false,
      message: `日志有 ${formatCount(rows.length)} 行，最多检查 ${formatCount(logCaps.lines)} 行。请截取出问题的那一段再检查。`,
    };
  }
  if (rows.length === 0) return { ok: false, message: '日志是空的：请粘贴或选择一个日志文件。' };

  const violations: Violation[] = [];
  let more = 0;
  const report = (line: number, rule: LogRuleId, detail: string) => {
    if (violations.length < logCaps.shown) violations.push({ line, rule, detail });
    else more += 1;
  };
  const open = new Map<string, ContextState>();
  /** Contexts that ended (done or error), with the line: their ids are not used again. */
  const ended = new Map<string, number>();
  const maxContexts = limit('contextsPerConnection').value;
  let closedAt: number | null = null;
  let sent = 0;
  let received = 0;

  rows.forEach((row, index) => {
    const line = index + 1;
    if (row.trim() === '') return;
    let record: Json;
    try {
      record = JSON.parse(row) as Json;
    } catch {
      report(line, 'log-line', '这一行不是合法的 JSON。');
      return;
    }
    if (!record || typeof record !== 'object' || Array.isArray(record)) {
      report(line, 'log-line', '这一行不是 JSON 对象。');
      return;
    }
    const dir = record.dir;
    if (closedAt !== null) {
      report(line, 'after-close', `连接已在第 ${closedAt} 行关闭，之后还有记录。`);
      return;
    }
    if (dir === 'close') {
      closedAt = line;
      return;
    }
    if (dir !== 'sent' && dir !== 'received') {
      report(line, 'log-line', 'dir 必须是 "sent"、"received" 或 "close"。');
      return;
    }
    const message = record.message as Json;
    if (!message || typeof message !== 'object' || Array.isArray(message)) {
      report(line, 'log-line', '缺少 `message`，或它不是 JSON 对象。');
      return;
    }
    const type = String(message.type);
    const isClient = (clientMessageNames as readonly string[]).includes(type);
    const validate = validatorOf(type);
    if (!validate || isClient !== (dir === 'sent')) {
      report(
        line,
        'unknown-type',
        validate
          ? `${type} 是${isClient ? '客户端' : '服务端'}消息，不应出现在${dir === 'sent' ? '发送' : '收到'}的方向上。`
          : `协议中没有 ${type} 这种消息。`,
      );
      return;
    }
    if (dir === 'sent') sent += 1;
    else received += 1;
    if (!validate(message)) {
      const unknown = validate.errors
        ?.filter((e) => e.keyword === 'additionalProperties')
        .map((e) => String(e.params.additionalProperty));
      report(
        line,
        'schema',
        unknown && unknown.length > 0
          ? `${type} 带了协议之外的字段：${unknown.map((f) => `${f}`).join('、')}。`
          : `${type} 不符合协议：${schemaError(validate.errors).message}`,
      );
      return;
    }
    const id = String(message.context_id);
    const state = open.get(id);
    if (dir === 'sent') {
      if (type === 'generate') {
        if (state?.cancelled) {
          report(line, 'generate-after-cancel', `上下文 ${id} 已取消，它的 done 还没有到达。`);
        } else if (state?.final) {
          report(
            line,
            'generate-after-final',
            `上下文 ${id} 已经发送过最后一段文本（continue 不为 true）。`,
          );
        } else if (!state && ended.has(id)) {
          report(
            line,
            'ended-context',
            `上下文 ${id} 已在第 ${ended.get(id)} 行结束，新的上下文要用新的 context_id。`,
          );
        } else if (!state) {
          if (typeof message.voice_id !== 'string') {
            report(line, 'first-generate', `上下文 ${id} 的第一条 generate 没有 voice_id。`);
          }
          if (open.size >= maxContexts) {
            report(
              line,
              'context-limit',
              `这时已有 ${open.size} 个进行中的上下文（上限 ${maxContexts} 个）。`,
            );
          }
          open.set(id, {
            startedAt: line,
            first: message,
            final: message.continue !== true,
            cancelled: false,
            timestamps: message.timestamps === true,
            nextSequence: 0,
          });
        } else {
          const changed = changedSetting(state.first, message);
          if (changed) {
            report(line, 'changed-setting', `${changed} 与上下文 ${id} 的第一条 generate 不同。`);
          } else if (message.continue !== true) {
            state.final = true;
          }
        }
      } else if (!state) {
        report(
          line,
          'ended-context',
          ended.has(id)
            ? `上下文 ${id} 已在第 ${ended.get(id)} 行结束。`
            : `上下文 ${id} 还没有开始（没有发送过它的 generate）。`,
        );
      } else if (type === 'flush' && state.cancelled) {
        report(line, 'generate-after-cancel', `上下文 ${id} 已取消，它的 done 还没有到达。`);
      } else if (type === 'flush' && state.final) {
        report(line, 'generate-after-final', `上下文 ${id} 已经发送过最后一段文本。`);
      } else if (type === 'cancel') {
        state.cancelled = true;
      }
      return;
    }
    // Received.
    // An error may answer a first generate that was refused, before any context began; one that
    // names `context_id` refused a message to a context that no longer took it, and ends nothing.
    if (type === 'error' && (message.context_id === null || !state || endsNothing(message))) return;
    if (!state) {
      report(
        line,
        ended.has(id) ? 'after-done' : 'unrequested-context',
        ended.has(id)
          ? `上下文 ${id} 已在第 ${ended.get(id)} 行结束，之后又收到它的 ${type}。`
          : `收到上下文 ${id} 的 ${type}，但客户端没有开始过这个上下文。`,
      );
      return;
    }
    if (type === 'audio') {
      const sequence = Number(message.sequence);
      if (sequence !== state.nextSequence) {
        report(
          line,
          'sequence',
          `上下文 ${id} 的音频块应为 sequence ${state.nextSequence}，收到的是 ${sequence}。`,
        );
      }
      state.nextSequence = sequence + 1;
    } else if (type === 'timestamps' && !state.timestamps) {
      report(line, 'timestamps-not-requested', `上下文 ${id} 的第一条 generate 没有请求时间戳。`);
    } else if (type === 'done' || type === 'error') {
      open.delete(id);
      ended.set(id, line);
    }
  });

  for (const [id, state] of open) {
    if (!state.final && !state.cancelled) {
      report(
        state.startedAt,
        'unfinished',
        `上下文 ${id} 从这一行开始，到日志结束都没有最后一段 generate，也没有 cancel。`,
      );
    }
  }
  violations.sort((a, b) => a.line - b.line);
  return { ok: true, lines: rows.length, sent, received, violations, more };
}

/** One line of the log as the checker shows it beside its findings; `null` text for a gap. */
export interface ExcerptLine {
  /** 1-based line of the log; for a gap, the first line left out. */
  readonly line: number;
  readonly text: string | null;
}

/** Characters of a log line shown: an audio chunk's data runs to kilobytes. */
export const excerptLineChars = 200;

/**
 * The lines of the log around the findings (`around` before and after each), in order, with a
 * gap where lines are left out: what the checker shows, each line an anchor its finding links to.
 */
export function logExcerpt(
  text: string,
  violations: readonly Violation[],
  around = 2,
): ExcerptLine[] {
  if (violations.length === 0) return [];
  const rows = text.split(/\r?\n/);
  // As the check counts them: blank lines at the end are no lines of the log.
  while (rows.length > 0 && rows[rows.length - 1].trim() === '') rows.pop();
  const wanted = new Set<number>();
  for (const { line } of violations) {
    for (let n = Math.max(1, line - around); n <= Math.min(rows.length, line + around); n += 1) {
      wanted.add(n);
    }
  }
  const lines = [...wanted].sort((a, b) => a - b);
  const excerpt: ExcerptLine[] = [];
  lines.forEach((line, i) => {
    if (line > (i === 0 ? 1 : lines[i - 1] + 1))
      excerpt.push({ line: (lines[i - 1] ?? 0) + 1, text: null });
    const row = rows[line - 1];
    excerpt.push({
      line,
      text: row.length > excerptLineChars ? `${row.slice(0, excerptLineChars)}…` : row,
    });
  });
  const last = lines[lines.length - 1];
  if (last < rows.length) excerpt.push({ line: last + 1, text: null });
  return excerpt;
}
