/**
 * The session simulator's script format, timeline format and scenarios: what the page code needs,
 * without the protocol model (which runs in the worker, src/protocol/simulate.ts). The simulator's
 * tests drive the real test mock with the same scripts and compare what comes back, lane by lane.
 */
import { audioContainers } from '../data/audioFormats';
import { presetVoices } from '../data/voices';
import { outputFormatDefaults } from './facts';

type Json = Record<string, unknown>;

/** When a step happens: some ms after the previous one, or when the server sends a message. */
export type Wait =
  | { readonly ms: number }
  | {
      readonly until: {
        readonly type: string;
        readonly context_id: string;
        readonly sequence?: number;
      };
    }
  /** When no context has anything left to send. */
  | { readonly quiet: true };

export type Action =
  /** A text frame, as typed (usually a JSON message). */
  | { readonly send: string }
  | { readonly binary: true }
  /** The client closes the connection normally. */
  | { readonly close: true };

export type Step = { readonly wait: Wait } & Action;

export interface Scenario {
  readonly id: string;
  readonly title: string;
  readonly summary: string;
  readonly steps: readonly Step[];
}

/** The pace of the simulated server: time between two messages of a context (ms). */
export const simulatorStepMs = 40;

export interface TimelineEntry {
  readonly at: number;
  readonly dir: 'sent' | 'received' | 'close';
  /** The context the entry belongs to, or null for the connection itself. */
  readonly lane: string | null;
  /** The message as JSON, when the frame was one. */
  readonly message?: Json;
  /** The frame's text when it was not a JSON object (or a binary frame's label). */
  readonly raw?: string;
  readonly durationMs?: number;
  readonly bytes?: number;
  readonly code?: number;
  readonly reason?: string;
  readonly by?: 'server' | 'client';
}

export interface LaneSummary {
  readonly id: string;
  readonly format: OutputFormat;
  readonly model: string;
  readonly chunks: number;
  readonly durationMs: number;
  readonly bytes: number;
  /**
   * From the context's `done` or ending `error`; for one the connection's close ended, what the
   * usage records show (the client is told nothing, D6); null while it runs.
   */
  readonly billed: number | null;
  readonly costFen: number | null;
  readonly ended: 'done' | 'error' | 'close' | null;
}

export interface Timeline {
  readonly entries: TimelineEntry[];
  readonly lanes: LaneSummary[];
  readonly close: { at: number; code: number; reason: string; by: 'server' | 'client' } | null;
}

export interface OutputFormat {
  readonly container: string;
  readonly sample_rate: number;
  readonly bit_rate: number;
  readonly encoding: string;
}

/** The format a context's first `generate` asks for, the document's defaults filling the rest. */
export function formatOf(message: Json): OutputFormat {
  return {
    ...outputFormatDefaults,
    ...((message.output_format as Json) ?? {}),
  } as unknown as OutputFormat;
}

/**
 * Bytes of `durationMs` of audio in `format`: sample rate × bytes per sample for the containers
 * that carry samples as they are (`encoding`), bit rate for the compressed ones (`bit_rate`).
 */
export function audioBytes(durationMs: number, format: OutputFormat): number {
  const container = audioContainers.find((c) => c.container === format.container);
  const seconds = durationMs / 1000;
  if (container?.uses === 'bit_rate') return Math.round((format.bit_rate / 8) * seconds);
  // `pcm_s16le`: 16 bits a sample; the G.711 encodings (`pcm_mulaw`, `pcm_alaw`): 8.
  const bits = Number(/s(\d+)/.exec(format.encoding)?.[1] ?? 8);
  return Math.round(format.sample_rate * (bits / 8) * seconds);
}

const json = (message: Json) => JSON.stringify(message);
const [voiceA, voiceB] = [presetVoices[0].voiceId, presetVoices[1].voiceId];
const pcm = { container: 'pcm', sample_rate: 24000, encoding: 'pcm_s16le' };

/** The scenarios the simulator offers; each is a script of client steps. */
export const scenarios: readonly Scenario[] = [
  {
    id: 'turn',
    title: '一轮回复',
    summary:
      '一段话分三次发送：前两次带 continue: true，最后一次结束上下文，服务端发完音频后发送 done。',
    steps: [
      {
        wait: { ms: 0 },
        send: json({
          type: 'generate',
          context_id: 'turn-1',
          text: '您好，这里是客服中心，',
          voice_id: voiceA,
          output_format: pcm,
          timestamps: true,
          continue: true,
        }),
      },
      {
        wait: { ms: 110 },
        send: json({
          type: 'generate',
          context_id: 'turn-1',
          text: '关于您咨询的套餐变更，',
          continue: true,
        }),
      },
      {
        wait: { ms: 110 },
        send: json({
          type: 'generate',
          context_id: 'turn-1',
          text: '请问您想了解哪一种？',
          continue: false,
        }),
      },
      { wait: { quiet: true }, close: true },
    ],
  },
  {
    id: 'barge-in',
    title: '用户打断',
    summary: '第一轮回复的第一个音频块到达后，用户开口：客户端取消 turn-1，立即开始 turn-2。',
    steps: [
      {
        wait: { ms: 0 },
        send: json({
          type: 'generate',
          context_id: 'turn-1',
          text: '好的，我来为您介绍一下我们的三种套餐。第一种是基础套餐',
          voice_id: voiceA,
          output_format: pcm,
          continue: true,
        }),
      },
      { wait: { ms: 20 }, send: json({ type: 'flush', context_id: 'turn-1' }) },
      {
        wait: { until: { type: 'audio', context_id: 'turn-1', sequence: 0 } },
        send: json({ type: 'cancel', context_id: 'turn-1' }),
      },
      {
        wait: { ms: 0 },
        send: json({
          type: 'generate',
          context_id: 'turn-2',
          text: '好的，请讲。',
          voice_id: voiceA,
          output_format: pcm,
          continue: false,
        }),
      },
      { wait: { quiet: true }, close: true },
    ],
  },
  {
    id: 'interleaved',
    title: '两个上下文交错',
    summary: '两个角色各用一个上下文、不同音色，同时合成：音频交错到达，按 context_id 分流。',
    steps: [
      {
        wait: { ms: 0 },
        send: json({
          type: 'generate',
          context_id: 'hero',
          text: '我们出发吧，天黑之前要赶到山下。',
          voice_id: voiceA,
          output_format: { container: 'mp3', sample_rate: 24000, bit_rate: 64000 },
          continue: true,
        }),
      },
      {
        wait: { ms: 20 },
        send: json({
          type: 'generate',
          context_id: 'guide',
          text: '小心脚下，这条路很滑，',
          voice_id: voiceB,
          output_format: pcm,
          continue: true,
        }),
      },
      {
        wait: { ms: 110 },
        send: json({ type: 'generate', context_id: 'hero', text: '走吧！', continue: false }),
      },
      {
        wait: { ms: 20 },
        send: json({ type: 'generate', context_id: 'guide', text: '跟紧我。', continue: false }),
      },
      { wait: { quiet: true }, close: true },
    ],
  },
  {
    id: 'idle',
    title: '空闲超时',
    summary: '一轮回复结束后，客户端既不发消息也不关闭连接：空闲超时后，服务端以 4000 关闭连接。',
    steps: [
      {
        wait: { ms: 0 },
        send: json({
          type: 'generate',
          context_id: 'turn-1',
          text: '请问还有什么可以帮您？',
          voice_id: voiceA,
          output_format: pcm,
        }),
      },
    ],
  },
  {
    id: 'malformed',
    title: '不合规的消息',
    summary:
      '一条多了字段的 generate 收到 invalid_request 错误，连接保持打开；随后一帧不是 JSON，连接以 1008 关闭。',
    steps: [
      {
        wait: { ms: 0 },
        send: json({
          type: 'generate',
          context_id: 'turn-1',
          text: '您好。',
          voice_id: voiceA,
          stream: true,
        }),
      },
      {
        wait: { ms: 20 },
        send: json({ type: 'generate', context_id: 'turn-2', text: '您好。', voice_id: voiceA }),
      },
      { wait: { quiet: true }, send: '{"type": "flush", "context_id": "turn-2"' },
    ],
  },
];

/** The timeline as the log checker reads it: one JSON record a line, as a client would log it. */
export function timelineToLog(timeline: Timeline): string {
  return timeline.entries
    .map((e) =>
      e.dir === 'close'
        ? JSON.stringify({ dir: 'close', code: e.code, reason: e.reason })
        : e.message
          ? JSON.stringify({ dir: e.dir, message: e.message })
          : null,
    )
    .filter((line): line is string => line !== null)
    .join('\n');
}
