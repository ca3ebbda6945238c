/**
 * What a clone's reference recording must be (the API refuses it otherwise) and should be (the
 * clone sounds better). The clone guide's requirements table and its reference-audio checker
 * both read this module, and nothing else states these rules: the size and duration limits are
 * the limits module's entries, the formats the clone request's media types in the voices spec
 * (a contract test checks that they agree); the recommendations are set here once.
 */
import { limit, type Limit } from './limits';

export type Verdict = 'pass' | 'warn' | 'fail' | 'skipped';

/** The verdict as the checker says it. */
export const verdictLabels: Record<Verdict, string> = {
  pass: '通过',
  warn: '注意',
  fail: '不通过',
  skipped: '未检查',
};

export type ReferenceAudioFormatId = 'wav' | 'mp3' | 'm4a';

export interface ReferenceAudioFormat {
  readonly id: ReferenceAudioFormatId;
  readonly label: string;
  /** The media type of the `audio` part of the clone request (`encoding.audio.contentType`). */
  readonly mediaType: string;
  /** Other names browsers and HTTP libraries give the same format, accepted as it. */
  readonly aliases: readonly string[];
  /** File name extensions, without the dot. */
  readonly extensions: readonly string[];
}

/** The containers the clone request accepts, in the order the spec lists their media types. */
export const referenceAudioFormats: readonly ReferenceAudioFormat[] = [
  {
    id: 'wav',
    label: 'WAV',
    mediaType: 'audio/wav',
    aliases: ['audio/x-wav', 'audio/wave'],
    extensions: ['wav'],
  },
  { id: 'mp3', label: 'MP3', mediaType: 'audio/mpeg', aliases: ['audio/mp3'], extensions: ['mp3'] },
  {
    id: 'm4a',
    label: 'M4A',
    mediaType: 'audio/x-m4a',
    aliases: ['audio/mp4', 'audio/m4a'],
    extensions: ['m4a'],
  },
];

/** “WAV、MP3 或 M4A”. */
export const referenceAudioFormatNames = (): string => {
  const names = referenceAudioFormats.map((f) => f.label);
  return names.length < 2
    ? names.join('')
    : `${names.slice(0, -1).join('、')} 或 ${names[names.length - 1]}`;
};

/** “WAV、MP3 或 M4A（上传时的媒体类型见…）”: the types and their aliases live in the spec's prose. */
export const referenceAudioFormatRequirement = (): string =>
  `${referenceAudioFormatNames()}（上传时的媒体类型怎么写，见[克隆音色](/api/voices/create)的 \`audio\` 字段）`;

const valueIn = (l: Limit, unit: string): number => {
  if (l.unit !== unit) throw new Error(`limit ${l.key} is in ${l.unit}, not ${unit}`);
  return l.value;
};

/**
 * Bytes in one “MB” of the size limit: 1 MB = 1,048,576 bytes (binary, as an HTTP server's
 * body-size limit such as nginx's `client_max_body_size 20m` counts).
 */
export const bytesPerMB = 1024 * 1024;

/** The API's hard limits, read from the limits module. */
export const referenceAudioLimits = {
  maxBytes: valueIn(limit('referenceAudioSize'), 'MB') * bytesPerMB,
  minDurationSeconds: valueIn(limit('referenceAudioMinDuration'), '秒'),
  maxDurationSeconds: valueIn(limit('referenceAudioMaxDuration'), '秒'),
} as const;

/**
 * The recommendations. The API accepts a recording that misses them, but the clone copies
 * whatever the recording holds: noise, distortion, a level too low to carry detail.
 * Levels are in dBFS (0 dBFS is the loudest value the file can hold).
 */
export const referenceAudioRecommendations = {
  /** Lowest sample rate, in Hz, read from the file's header (before any resampling). */
  minSampleRateHz: 16_000,
  /** Channels: one speaker, one microphone. */
  channels: 1,
  /** Bits per sample of an uncompressed (PCM) WAV. */
  wavBitDepth: 16,
  /**
   * Clipping: a sample counts as clipped at or above `fullScale` of full scale; the share is of
   * all samples of all channels.
   */
  clipping: { fullScale: 0.999, warnShare: 0.0001, failShare: 0.001 },
  /**
   * Analysis frames: the level of the recording is measured in frames of this length, mixed
   * down to one channel.
   */
  frameSeconds: 0.02,
  /** A frame whose RMS level is below this counts as silence; above it, as sound. */
  silenceThresholdDbfs: -45,
  /**
   * Loudness: the RMS level of the sounding frames together (power average, no frequency
   * weighting, so not LUFS, which weights by the ear's sensitivity), in this range.
   */
  loudnessDbfs: { min: -30, max: -12 },
  /** Silence before the first and after the last sounding frame, at most, in seconds. */
  maxEdgeSilenceSeconds: 1,
  /**
   * Noise floor: the level of the quietest tenth of the frames between the first and the last
   * sounding frame (the pauses), at most `warnAboveDbfs`; above `failAboveDbfs` the noise is as
   * loud as quiet speech.
   */
  noiseFloor: { percentile: 0.1, warnAboveDbfs: -50, failAboveDbfs: -40 },
} as const;

/** A number as the copy writes it: `−30` with a real minus sign, `0.01`. */
export const formatSigned = (n: number): string => (n < 0 ? `−${Math.abs(n)}` : String(n));

/** A share as a percentage, e.g. 0.0001 → “0.01%”. */
export const formatPercent = (share: number, digits = 2): string =>
  `${Number((share * 100).toFixed(digits))}%`;

/** Hz as kHz, e.g. 16000 → “16 kHz”, 22050 → “22.05 kHz”. */
export const formatKHz = (hz: number): string => `${Number((hz / 1000).toFixed(3))} kHz`;

export type ReferenceAudioCheckId =
  | 'format'
  | 'size'
  | 'duration'
  | 'sampleRate'
  | 'channels'
  | 'clipping'
  | 'loudness'
  | 'leadingSilence'
  | 'trailingSilence'
  | 'noiseFloor';

/** One row of the guide's requirements table, and the name of one check of the checker. */
export interface ReferenceAudioRequirement {
  /** The checks that test it. */
  readonly checks: readonly ReferenceAudioCheckId[];
  readonly label: string;
  /** What the API requires (it refuses the upload otherwise); `null` for none. */
  readonly requirement: string | null;
  /** What the guide recommends. Backticks mark code. */
  readonly recommendation: string;
}

const r = referenceAudioRecommendations;

/** The requirements table of the clone guide, row by row. */
export const referenceAudioRequirements: readonly ReferenceAudioRequirement[] = [
  {
    checks: ['duration'],
    label: '时长',
    requirement: `不短于 ${referenceAudioLimits.minDurationSeconds} 秒，不长于 ${referenceAudioLimits.maxDurationSeconds} 秒`,
    recommendation:
      '在质量一致的前提下适当录长一些，音色通常更稳定；一段嘈杂的长录音不如一段干净的短录音',
  },
  {
    checks: ['size'],
    label: '文件大小',
    requirement: `不超过 ${limit('referenceAudioSize').value} MB`,
    recommendation: '超出时先截取最清晰的一段，或转成压缩格式',
  },
  {
    checks: ['format'],
    label: '格式',
    requirement: referenceAudioFormatRequirement(),
    recommendation: `优先用 WAV（${r.wavBitDepth} 位 PCM）；用 MP3 或 M4A 时选较高的码率`,
  },
  {
    checks: ['sampleRate'],
    label: '采样率',
    requirement: null,
    recommendation: `${formatKHz(r.minSampleRateHz)} 及以上（以文件本身的采样率为准，低采样率的录音转换后并不能补回细节）`,
  },
  {
    checks: ['channels'],
    label: '声道',
    requirement: null,
    recommendation: '单声道',
  },
  {
    checks: ['clipping'],
    label: '削波',
    requirement: null,
    recommendation: `峰值不要顶到满刻度：满刻度的采样点不超过全部采样点的 ${formatPercent(r.clipping.warnShare)}`,
  },
  {
    checks: ['loudness'],
    label: '响度',
    requirement: null,
    recommendation: `有声片段的平均电平（RMS，不做频率加权）在 ${formatSigned(r.loudnessDbfs.min)} 到 ${formatSigned(r.loudnessDbfs.max)} dBFS 之间`,
  },
  {
    checks: ['leadingSilence', 'trailingSilence'],
    label: '首尾静音',
    requirement: null,
    recommendation: `开头和结尾的静音（电平低于 ${formatSigned(r.silenceThresholdDbfs)} dBFS）各不超过 ${r.maxEdgeSilenceSeconds} 秒`,
  },
  {
    checks: ['noiseFloor'],
    label: '底噪',
    requirement: null,
    recommendation: `句间停顿处的电平（底噪）低于 ${formatSigned(r.noiseFloor.warnAboveDbfs)} dBFS`,
  },
];

/** The checker's name for each check. */
export const referenceAudioCheckLabels: Record<ReferenceAudioCheckId, string> = {
  format: '格式',
  size: '文件大小',
  duration: '时长',
  sampleRate: '采样率',
  channels: '声道',
  clipping: '削波',
  loudness: '响度',
  leadingSilence: '开头静音',
  trailingSilence: '结尾静音',
  noiseFloor: '底噪',
};
