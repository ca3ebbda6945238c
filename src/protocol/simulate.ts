/**
 * Runs a scripted client (src/protocol/scenarios.ts) against the protocol model
 * (src/protocol/session.ts) on a logical clock: the session simulator's engine, run in a web
 * worker on /guides/contexts and /api/websocket.
 */
import { speechCostFen } from '../data/pricing';
import type { ModelId } from '../data/models';
import { defaultModelId } from './facts';
import {
  audioBytes,
  formatOf,
  simulatorStepMs,
  type LaneSummary,
  type OutputFormat,
  type Step,
  type Timeline,
  type TimelineEntry,
  type Wait,
} from './scenarios';
import { Session, type Json, type SessionEvent, type UsageRecord } from './session';

const matches = (message: Json, until: Extract<Wait, { until: unknown }>['until']) =>
  message.type === until.type &&
  message.context_id === until.context_id &&
  (until.sequence === undefined || message.sequence === until.sequence);

/** Longest a simulation may run on its clock before it gives up (a runaway script). */
const maxClockMs = 24 * 3600 * 1000;

/** Plays `steps` against a fresh session and returns its timeline. */
export function simulate(steps: readonly Step[], stepMs = simulatorStepMs): Timeline {
  const session = new Session({ stepMs });
  const entries: TimelineEntry[] = [];
  const settings = new Map<string, { format: OutputFormat; model: string }>();
  let now = 0;
  let close: Timeline['close'] = null;

  const record = (events: SessionEvent[]) => {
    for (const event of events) {
      if (event.kind === 'close') {
        close = { at: event.at, code: event.code, reason: event.reason, by: event.by };
        entries.push({ ...close, dir: 'close', lane: null });
        continue;
      }
      const m = event.message;
      const lane = typeof m.context_id === 'string' ? m.context_id : null;
      const format = lane ? settings.get(lane)?.format : undefined;
      entries.push({
        at: event.at,
        dir: 'received',
        lane,
        message: m,
        durationMs: event.durationMs,
        bytes:
          event.durationMs !== undefined && format
            ? audioBytes(event.durationMs, format)
            : undefined,
      });
    }
  };
  /** Runs the server until `stop` says so (checked after each event) or nothing is due. */
  const runUntil = (stop: (e: SessionEvent) => boolean, limitAt = maxClockMs) => {
    for (;;) {
      const next = session.nextAt();
      if (next === undefined || next > limitAt) return;
      const events = session.advance(next);
      for (const [i, event] of events.entries()) {
        record([event]);
        if (stop(event)) {
          // Whatever else was due at that instant is still sent before the client reacts.
          record(events.slice(i + 1));
          now = event.at;
          return;
        }
      }
      now = next;
    }
  };

  for (const step of steps) {
    if (session.closed) break;
    const wait = step.wait;
    if ('ms' in wait) {
      const at = now + Math.max(0, wait.ms);
      runUntil(() => false, at);
      now = at;
    } else if ('until' in wait) {
      let seen = false;
      runUntil((e) => (seen = e.kind === 'message' && matches(e.message, wait.until)));
      if (!seen) break;
    } else {
      while (session.busy()) {
        const next = session.nextAt()!;
        record(session.advance(next));
        now = next;
      }
    }
    if (session.closed) break;
    record(session.advance(now));
    if ('close' in step) {
      record(session.close(now));
      break;
    }
    const frame = 'binary' in step ? { binary: true as const } : { text: step.send };
    const result = session.receive(frame, now);
    const message = result.message;
    if (message && message.type === 'generate' && typeof message.context_id === 'string') {
      const started = session.openContexts.includes(message.context_id);
      if (started && !settings.has(message.context_id)) {
        settings.set(message.context_id, {
          format: formatOf(message),
          model: typeof message.model === 'string' ? message.model : defaultModelId,
        });
      }
    }
    entries.push({
      at: now,
      dir: 'sent',
      lane: message && typeof message.context_id === 'string' ? message.context_id : null,
      message: message ?? undefined,
      raw: message ? undefined : 'binary' in step ? '（二进制帧）' : step.send,
    });
    record(result.events);
  }
  // Scripts without a close run on to the server's close (the idle timeout).
  if (!session.closed) runUntil(() => false);
  return { entries, lanes: lanesOf(entries, settings, session.usage), close };
}

function lanesOf(
  entries: readonly TimelineEntry[],
  settings: Map<string, { format: OutputFormat; model: string }>,
  usage: readonly UsageRecord[],
): LaneSummary[] {
  const lanes = new Map<string, LaneSummary>();
  const laneOf = (id: string): LaneSummary =>
    lanes.get(id) ?? {
      id,
      format: settings.get(id)?.format ?? formatOf({}),
      model: settings.get(id)?.model ?? defaultModelId,
      chunks: 0,
      durationMs: 0,
      bytes: 0,
      billed: null,
      costFen: null,
      ended: null,
    };
  for (const e of entries) {
    if (!e.lane) continue;
    const lane = laneOf(e.lane);
    const type = e.message?.type;
    if (e.dir === 'received' && type === 'audio') {
      lanes.set(e.lane, {
        ...lane,
        chunks: lane.chunks + 1,
        durationMs: lane.durationMs + (e.durationMs ?? 0),
        bytes: lane.bytes + (e.bytes ?? 0),
      });
    } else if (
      e.dir === 'received' &&
      (type === 'done' || type === 'error') &&
      typeof e.message!.billed_characters === 'number'
    ) {
      // The context ends with its billed count: a done, or an error that ends it (null: ends nothing).
      const billed = e.message!.billed_characters;
      lanes.set(e.lane, {
        ...lane,
        billed,
        costFen: speechCostFen(billed, lane.model as ModelId),
        ended: type,
      });
    } else {
      lanes.set(e.lane, lane);
    }
  }
  // A context the close ended was told nothing, yet its started segments are billed (D6): the
  // usage records' count, so that the totals follow the billing table.
  for (const record of usage) {
    const lane = lanes.get(record.contextId);
    if (record.end !== 'close' || !lane || lane.ended) continue;
    lanes.set(record.contextId, {
      ...lane,
      billed: record.billedCharacters,
      costFen: speechCostFen(record.billedCharacters, lane.model as ModelId),
      ended: 'close',
    });
  }
  return [...lanes.values()];
}
