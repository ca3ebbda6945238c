/**
 * Output audio containers, and which `sample_rate` × `bit_rate` / `encoding` each takes. The
 * values mirror `OutputFormat` of the speech spec and the media types of its 200 response; a
 * contract test checks that they agree (the enums are the union of the combinations, the defaults
 * the spec's). The HTTP mock refuses a combination outside `outputFormatCombinations` with
 * `outputFormatError`, and `/api/introduction#output-formats` renders the table.
 */
import { outputFormatDefaults as documentedDefaults, outputFormatValues } from '../protocol/facts';
import { parseText, spokenText, type TextMarkup } from './pronunciation';

export type Container = 'mp3' | 'wav' | 'pcm' | 'ogg_opus';

export interface AudioContainer {
  readonly container: Container;
  /** `Content-Type` of the HTTP response body. */
  readonly mediaType: string;
  /** File name extension of a saved response, as the code samples name it. */
  readonly extension: string;
  /** Whether the container has a header a player needs before it can start. */
  readonly hasHeader: boolean;
  /** Which of `bit_rate` / `encoding` apply to it. */
  readonly uses: 'bit_rate' | 'encoding';
  readonly bestFor: string;
}

export const audioContainers: readonly AudioContainer[] = [
  {
    container: 'mp3',
    extension: 'mp3',
    mediaType: 'audio/mpeg',
    hasHeader: false,
    uses: 'bit_rate',
    bestFor: '保存文件、浏览器和 App 直接播放；体积小，兼容性最好',
  },
  {
    container: 'wav',
    extension: 'wav',
    mediaType: 'audio/wav',
    hasHeader: true,
    uses: 'encoding',
    bestFor: '需要无损音频的后期处理；文件较大',
  },
  {
    container: 'pcm',
    extension: 'pcm',
    mediaType: 'audio/pcm',
    hasHeader: false,
    uses: 'encoding',
    bestFor: '实时播放和流式管线：没有文件头，收到即可写入声卡或混音器',
  },
  {
    container: 'ogg_opus',
    extension: 'ogg',
    mediaType: 'audio/ogg',
    hasHeader: true,
    uses: 'bit_rate',
    bestFor: '带宽受限时保存或传输文件，如移动网络下的语音消息',
  },
];

export type Encoding = 'pcm_s16le' | 'pcm_alaw' | 'pcm_mulaw';

/**
 * The defaults of `output_format`, as the AsyncAPI document gives them (a contract test checks
 * the OpenAPI document's are the same).
 */
export const outputFormatDefaults = {
  container: documentedDefaults.container as Container,
  sample_rate: Number(documentedDefaults.sample_rate),
  bit_rate: Number(documentedDefaults.bit_rate),
  encoding: documentedDefaults.encoding as Encoding,
};

/**
 * One row of the valid combinations: these containers take each of `values` (of the field the
 * container `uses`) at each of `sampleRates`. Every valid combination is in exactly one row.
 */
export type OutputFormatCombination = {
  readonly containers: readonly Container[];
  readonly sampleRates: readonly number[];
  /** What the row is for, or why its rates are fewer (empty for none); backticks mark code. */
  readonly note: string;
} & (
  | { readonly field: 'bit_rate'; readonly values: readonly number[] }
  | { readonly field: 'encoding'; readonly values: readonly Encoding[] }
);

/** Every `sample_rate` the documents allow (a row that takes them all). */
const allRates = outputFormatValues.sample_rate.map(Number);

export const outputFormatCombinations: readonly OutputFormatCombination[] = [
  {
    containers: ['mp3'],
    field: 'bit_rate',
    values: [32000, 64000, 128000],
    sampleRates: allRates,
    note: '',
  },
  {
    containers: ['mp3'],
    field: 'bit_rate',
    values: [192000],
    sampleRates: [44100, 48000],
    note: 'MP3 在 24000 Hz 及以下最高只有 160 kbit/s，所以 192000 只用于 44100 和 48000 Hz',
  },
  {
    containers: ['ogg_opus'],
    field: 'bit_rate',
    values: [32000, 64000, 128000],
    sampleRates: [8000, 16000, 24000, 48000],
    note: 'Opus 没有 22050 和 44100 Hz；单声道用不到 192000',
  },
  {
    containers: ['wav', 'pcm'],
    field: 'encoding',
    values: ['pcm_s16le'],
    sampleRates: allRates,
    note: '16 位线性 PCM',
  },
  {
    containers: ['wav', 'pcm'],
    field: 'encoding',
    values: ['pcm_alaw'],
    sampleRates: [8000],
    note: 'G.711 A 律，电话音频：接入中国大陆的电话网络时推荐用它',
  },
  {
    containers: ['wav', 'pcm'],
    field: 'encoding',
    values: ['pcm_mulaw'],
    sampleRates: [8000],
    note: 'G.711 μ 律，电话音频：北美和日本的电话网络用它',
  },
];

/** The rule the combination table stands for, rendered above it. */
export const outputFormatRule =
  '`sample_rate` 和 `bit_rate`（或 `encoding`）只能按下表组合；其他组合会被拒绝，错误码 `invalid_request`（HTTP 状态码 400；WebSocket 上是结束这个上下文的 `error`），`param` 指出不匹配的字段，例如 `output_format.bit_rate`。封装格式用不到的那个字段会被忽略。';

/** Every valid `output_format`, spelt out in full (for tests and the request editor). */
export function validOutputFormats(): {
  container: Container;
  sample_rate: number;
  bit_rate?: number;
  encoding?: Encoding;
}[] {
  return outputFormatCombinations.flatMap((row) =>
    row.containers.flatMap((container) =>
      row.sampleRates.flatMap((sample_rate) =>
        (row.values as readonly (number | Encoding)[]).map((value) => ({
          container,
          sample_rate,
          [row.field]: value,
        })),
      ),
    ),
  );
}

const list = (values: readonly (number | string)[]) => values.join('、');

/**
 * Why the API refuses an `output_format`, or null: `param` names the field the combination
 * breaks on, checked in order: `sample_rate` for the container, then `bit_rate` or `encoding`
 * (whichever the container uses) at that rate. Values outside the spec's enums, and a field the
 * container does not use (ignored, as the spec says), are left to the schema.
 */
export function outputFormatError(format: unknown): { param: string; message: string } | null {
  if (!format || typeof format !== 'object' || Array.isArray(format)) return null;
  const f = format as Record<string, unknown>;
  const container = (f.container ?? outputFormatDefaults.container) as Container;
  const info = audioContainers.find((c) => c.container === container);
  if (!info) return null;
  const rate = f.sample_rate ?? outputFormatDefaults.sample_rate;
  const field = info.uses;
  const value = f[field] ?? outputFormatDefaults[field];
  const rows = outputFormatCombinations.filter((r) => r.containers.includes(container));
  const known = (v: unknown, pick: (r: OutputFormatCombination) => readonly unknown[]) =>
    outputFormatCombinations.some((r) => pick(r).includes(v));
  if (!known(rate, (r) => r.sampleRates) || !known(value, (r) => r.values)) return null;
  const rates = [...new Set(rows.flatMap((r) => r.sampleRates))].sort((a, b) => a - b);
  if (!rates.includes(rate as number)) {
    return {
      param: 'output_format.sample_rate',
      message: `${container} 不支持 ${String(rate)} Hz 的采样率，可选 ${list(rates)}。`,
    };
  }
  const atRate = rows.filter((r) => r.sampleRates.includes(rate as number));
  if (!atRate.some((r) => (r.values as readonly unknown[]).includes(value))) {
    const ratesOfValue = rows
      .filter((r) => (r.values as readonly unknown[]).includes(value))
      .flatMap((r) => r.sampleRates);
    const options = atRate.flatMap((r) => r.values as readonly (number | string)[]);
    const only = ratesOfValue.length > 0 ? `只用于 ${list(ratesOfValue)} Hz` : '不可用';
    return {
      param: `output_format.${field}`,
      message: `${container} 的 ${field} ${String(value)} ${only}；${String(rate)} Hz 下可选 ${list(options)}。`,
    };
  }
  return null;
}

/**
 * How to make one long audio from several requests: the rule a client follows, stated once and
 * rendered beside the format tables. Joining files byte by byte repeats their headers and their
 * AI-content labels, and breaks the duration players read.
 */
export const longAudioRule = {
  rule: '不要把多个 MP3 或 WAV 文件按字节首尾相接：每个文件都有自己的文件头和合成内容标识，接出来的文件时长不对，播放器可能在第一段末尾就停下。',
  ways: [
    '请求 `pcm`，按顺序拼接各段的采样，再一次性编码成需要的格式；`pcm` 没有文件头，合成内容的隐式标识由你在编码时写入，见[合成内容标识](/faqs#ai-content-labels)。',
    '或者用一个 WebSocket 上下文：用 `continue` 把全部文本依次发进同一个上下文，得到的就是一段连续的音频。',
  ],
} as const;

/**
 * Bytes per sample of each `output_format.encoding` of the speech spec (wav and pcm output, mono):
 * 16-bit linear PCM takes two, G.711 μ-law and A-law one. The request editor's estimate of an
 * audio's size reads it; a test checks that it names exactly the spec's encodings.
 */
export const bytesPerSample: Readonly<Record<string, number>> = {
  pcm_s16le: 2,
  pcm_mulaw: 1,
  pcm_alaw: 1,
};

/** Size of a WAV file's header in bytes (the canonical 44-byte RIFF header). */
export const wavHeaderBytes = 44;

/**
 * An ESTIMATE, not a property of the API: how fast the voices speak at `speed` 1, for the
 * duration and size estimate beside the request editor and the simulator's audio. Chinese, Japanese and Korean characters
 * are read at about `cjkPerSecond`; letters and digits at about `otherPerSecond` (some 150 English
 * words a minute); punctuation and whitespace add no time here, the text's pause marks add theirs.
 * Real durations depend on the voice, the text and its punctuation.
 */
export const estimatedSpeakingRate = { cjkPerSecond: 4.5, otherPerSecond: 14 } as const;

const cjk = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const readAloud = /[\p{L}\p{N}]/u;

/**
 * Estimated seconds of speech for `text` at `speed`, pauses included, by `estimatedSpeakingRate`:
 * the cost estimate and the session simulator's audio both use it.
 */
export function estimatedSeconds(
  text: string,
  speed: number,
  markup: TextMarkup = 'pronunciation',
): number {
  let cjkCount = 0;
  let otherCount = 0;
  for (const c of spokenText(text, markup)) {
    if (cjk.test(c)) cjkCount += 1;
    else if (readAloud.test(c)) otherCount += 1;
  }
  // Pauses exist only in marked-up text.
  const parsed = markup === 'pronunciation' ? parseText(text) : { pauses: [] };
  const pauseMs = 'error' in parsed ? 0 : parsed.pauses.reduce((s, ms) => s + ms, 0);
  const speech =
    cjkCount / estimatedSpeakingRate.cjkPerSecond +
    otherCount / estimatedSpeakingRate.otherPerSecond;
  return speech / speed + pauseMs / 1000;
}
