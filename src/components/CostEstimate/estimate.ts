/**
 * What a speech request costs and about how long and large its audio is: billed characters and
 * price by the pricing data's own rule (src/data/pricing.ts), duration by the estimated speaking
 * rate and size by the output format (src/data/audioFormats.ts).
 */
import {
  audioContainers,
  bytesPerSample,
  estimatedSeconds,
  wavHeaderBytes,
  type Container,
} from '@site/src/data/audioFormats';
import { models, type ModelId } from '@site/src/data/models';
import { billedCharacters, speechCostFen } from '@site/src/data/pricing';
import { parseText, textMarkupOf } from '@site/src/data/pronunciation';

type Json = Record<string, unknown>;

export interface SpeechEstimate {
  readonly characters: number;
  readonly model: ModelId;
  readonly fen: number;
  /** Estimated duration of the audio, in seconds. */
  readonly seconds: number;
  readonly container: Container | null;
  /** Estimated size of the audio in bytes; null when the format is not one the data knows. */
  readonly bytes: number | null;
  /** The format as the reader reads it, e.g. `mp3，128 kbps`. */
  readonly format: string;
  /** Why the API would refuse the text's markup, when it would (only with the markup on). */
  readonly markupError: string | null;
}

/** Estimated bytes of `seconds` of audio in the output format, or null for an unknown one. */
export function estimatedBytes(
  seconds: number,
  f: { container: string; sampleRate: number; bitRate: number; encoding: string },
): number | null {
  const container = audioContainers.find((c) => c.container === f.container);
  if (!container) return null;
  if (container.uses === 'bit_rate') return Math.round((f.bitRate / 8) * seconds);
  const sampleBytes = bytesPerSample[f.encoding];
  if (sampleBytes === undefined) return null;
  const data = Math.round(f.sampleRate * seconds) * sampleBytes;
  return container.hasHeader && container.container === 'wav' ? data + wavHeaderBytes : data;
}

const valueAt = (value: unknown, path: readonly string[]): unknown =>
  path.reduce<unknown>(
    (at, key) => (at !== null && typeof at === 'object' ? (at as Json)[key] : undefined),
    value,
  );

/** The body's value at `path`, else the schema's default there. */
function field(body: unknown, schema: Json | undefined, path: readonly string[]): unknown {
  const given = valueAt(body, path);
  if (given !== undefined) return given;
  const property = path.reduce<Json | undefined>(
    (at, key) => (at?.properties as Record<string, Json> | undefined)?.[key],
    schema,
  );
  return property?.default;
}

/** The estimate for a parsed request body, or the reason there is none (zh-Hans). */
export function estimateRequest(
  body: unknown,
  schema: Json | undefined,
): { ok: true; estimate: SpeechEstimate } | { ok: false; message: string } {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return { ok: false, message: '请求体应是一个 JSON 对象，改正后这里会显示估算。' };
  }
  const text = field(body, schema, ['text']);
  if (typeof text !== 'string' || text === '') {
    return { ok: false, message: '请求体没有 text（非空字符串），无法估算。' };
  }
  const modelValue = field(body, schema, ['model']);
  const model = models.find((m) => m.id === modelValue);
  if (!model) {
    return {
      ok: false,
      message: `model 的值 ${JSON.stringify(modelValue)} 不是已知的模型（${models.map((m) => m.id).join('、')}），无法估算价格。`,
    };
  }
  const speedValue = field(body, schema, ['speed']);
  const speed = typeof speedValue === 'number' && speedValue > 0 ? speedValue : 1;
  const format = {
    container: String(field(body, schema, ['output_format', 'container'])),
    sampleRate: Number(field(body, schema, ['output_format', 'sample_rate'])),
    bitRate: Number(field(body, schema, ['output_format', 'bit_rate'])),
    encoding: String(field(body, schema, ['output_format', 'encoding'])),
  };
  // The markup is read only when the body asks for it (D1); otherwise `[` is text like any other.
  const markup = textMarkupOf(field(body, schema, ['text_markup']));
  const characters = billedCharacters(text, markup);
  const seconds = estimatedSeconds(text, speed, markup);
  const container = audioContainers.find((c) => c.container === format.container) ?? null;
  const parsed = markup === 'pronunciation' ? parseText(text) : null;
  return {
    ok: true,
    estimate: {
      characters,
      model: model.id,
      fen: speechCostFen(characters, model.id),
      seconds,
      container: container?.container ?? null,
      bytes: estimatedBytes(seconds, format),
      format: !container
        ? format.container
        : container.uses === 'bit_rate'
          ? `${container.container}，${format.bitRate / 1000} kbps`
          : `${container.container}，${format.encoding}，${format.sampleRate} Hz`,
      markupError: parsed && 'error' in parsed ? parsed.error : null,
    },
  };
}

/** `12.3 秒`, `2 分 5 秒`. */
export function formatSeconds(s: number): string {
  if (s < 60) return `${s < 10 ? s.toFixed(1) : Math.round(s)} 秒`;
  const whole = Math.round(s);
  return `${Math.floor(whole / 60)} 分 ${whole % 60} 秒`;
}

/** `980 B`, `12.3 KB`, `1.25 MB` (1 KB = 1,024 bytes). */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(2)} MB`;
}
