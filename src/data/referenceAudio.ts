/**
 * What a clone's reference recording must be (the API refuses it otherwise) and should be (the
 * clone sounds better). The clone guide's requirements table and its reference-audio checker
 * both read this module, and nothing else states these rules: the size and duration limits are
 * the limits module's entries, the formats the clone request's media types in the voices spec
 * (a contract test checks that they agree); the recommendations are set here once. The API's
 * refusals of an upload (`referenceAudioRefusals`) are the error catalogue's examples and what
 * the HTTP mock answers.
 */
import { bytesPerMB, limit, type Limit } from './limits';

/**
 * A check's verdict. Only a hard limit's check (`referenceAudioCheckKinds`) can be `refused`: the
 * API refuses the upload. A quality check's finding is advice: `redo` (the clone will carry the
 * fault; record again) or `improve` (it would sound better); the API accepts the recording.
 */
export type Verdict = 'pass' | 'refused' | 'redo' | 'improve' | 'skipped';

/** The verdict as the checker says it. */
export const verdictLabels: Record<Verdict, string> = {
  pass: '通过',
  refused: '会被拒绝',
  redo: '建议重录',
  improve: '建议改进',
  skipped: '未检查',
};

export type ReferenceAudioFormatId = 'wav' | 'mp3' | 'm4a';

export interface ReferenceAudioFormat {
  readonly id: ReferenceAudioFormatId;
  readonly label: string;
  /**
   * The media type a sample declares for the `audio` part (`encoding.audio.contentType`). The
   * API ignores the declared type and the file name: it reads the format from the bytes.
   */
  readonly mediaType: string;
  /** File name extensions, without the dot. */
  readonly extensions: readonly string[];
}

/**
 * The containers the clone request accepts, in the order the spec lists their media types, as
 * the API recognises them: by their first bytes (a RIFF/WAVE header; an ID3 tag or an MPEG audio
 * frame sync; an MP4 `ftyp` box), never by the declared type or the file name.
 */
export const referenceAudioFormats: readonly ReferenceAudioFormat[] = [
  { id: 'wav', label: 'WAV', mediaType: 'audio/wav', extensions: ['wav'] },
  { id: 'mp3', label: 'MP3', mediaType: 'audio/mpeg', extensions: ['mp3'] },
  { id: 'm4a', label: 'M4A', mediaType: 'audio/x-m4a', extensions: ['m4a'] },
];

/** “WAV、MP3 或 M4A”. */
export const referenceAudioFormatNames = (): string => {
  const names = referenceAudioFormats.map((f) => f.label);
  return names.length < 2
    ? names.join('')
    : `${names.slice(0, -1).join('、')} 或 ${names[names.length - 1]}`;
};

/** “WAV、MP3 或 M4A，按文件内容识别…”: the requirement as the guide's table states it. */
export const referenceAudioFormatRequirement = (): string =>
  `${referenceAudioFormatNames()}，按文件内容识别；声明的媒体类型和文件名不影响识别`;

const valueIn = (l: Limit, unit: string): number => {
  if (l.unit !== unit) throw new Error(`limit ${l.key} is in ${l.unit}, not ${unit}`);
  return l.value;
};

export { bytesPerMB };

/** The API's hard limits, read from the limits module. */
export const referenceAudioLimits = {
  maxBytes: valueIn(limit('referenceAudioSize'), 'MB') * bytesPerMB,
  minDurationSeconds: valueIn(limit('referenceAudioMinDuration'), '秒'),
  maxDurationSeconds: valueIn(limit('referenceAudioMaxDuration'), '秒'),
} as const;

/**
 * A size in MB (MiB) to two decimals, rounded up: a file just over the limit never reads as the
 * limit itself. The API's 413 message and the recording checker both write sizes with it.
 */
export const formatMB = (bytes: number): string =>
  `${Math.ceil((bytes / bytesPerMB) * 100) / 100} MB`;

/**
 * What a content sniff found in an upload that is not an accepted recording, in the reader's
 * words (the 415 message names it). Keys are what the checker's header parser calls them.
 */
export const detectedContentLabels: Readonly<Record<string, string>> = {
  ogg: 'Ogg 音频',
  flac: 'FLAC 音频',
  webm: 'WebM 文件',
  aac: '没有封装的 AAC 音频（ADTS）',
  text: '文本',
  empty: '空文件（0 字节）',
  unknown: '无法识别的数据',
};

/** An `invalid_request`, `payload_too_large` or `unsupported_media_type` of a clone's upload. */
export interface ReferenceAudioRefusal {
  readonly code: 'payload_too_large' | 'unsupported_media_type' | 'invalid_request';
  readonly param: 'audio';
  readonly message: string;
}

/**
 * The API's refusals of an upload, in the order it checks them (size, format, then, after the
 * form's fields, duration): the error catalogue's examples are built with them, and the HTTP
 * mock answers with them. Each size names the limit and what was received (D25).
 */
export const referenceAudioRefusals = {
  tooLarge: (bytes: number): ReferenceAudioRefusal => ({
    code: 'payload_too_large',
    param: 'audio',
    message: `参考录音有 ${formatMB(bytes)}，超过了 ${limit('referenceAudioSize').value} MB 的大小上限，请截取最清晰的一段或转成压缩格式后再上传。`,
  }),
  /** `detected`: a label of `detectedContentLabels`, or why a recognised file cannot be decoded. */
  unsupported: (detected: string): ReferenceAudioRefusal => ({
    code: 'unsupported_media_type',
    param: 'audio',
    message: `按文件内容识别，参考录音是${/^[A-Za-z]/.test(detected) ? ' ' : ''}${detected}，不是 ${referenceAudioFormatNames()} 文件，请转成其中一种格式再上传。`,
  }),
  undecodable: (format: string, reason: string): ReferenceAudioRefusal => ({
    code: 'unsupported_media_type',
    param: 'audio',
    message: `参考录音是 ${format} 文件，但无法解码：${reason}`,
  }),
  tooShort: (seconds: number): ReferenceAudioRefusal => ({
    code: 'invalid_request',
    param: 'audio',
    message: `参考录音只有 ${Number(seconds.toFixed(1))} 秒，短于 ${referenceAudioLimits.minDurationSeconds} 秒的下限。`,
  }),
  tooLong: (seconds: number): ReferenceAudioRefusal => ({
    code: 'invalid_request',
    param: 'audio',
    message: `参考录音有 ${Number(seconds.toFixed(1))} 秒，长于 ${referenceAudioLimits.maxDurationSeconds} 秒的上限。`,
  }),
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

/** The sample rates recorders and FFmpeg commonly offer, in Hz, ascending. */
const commonSampleRatesHz = [16_000, 22_050, 24_000, 32_000, 44_100, 48_000] as const;

/** Bytes of a canonical PCM WAV header (RIFF, `fmt `, `data`), which count toward the size. */
const wavHeaderBytes = 44;

/** Audio bytes of the recommended WAV (its bit depth, its channels) per second at each hertz. */
const wavBytesPerSampleTick =
  (referenceAudioRecommendations.wavBitDepth / 8) * referenceAudioRecommendations.channels;
/** Bytes of audio the size limit leaves once the header is counted. */
const wavAudioBytes = referenceAudioLimits.maxBytes - wavHeaderBytes;

/** Seconds of 16-bit mono WAV at this rate that fit the size limit. */
export const wavSecondsThatFit = (sampleRateHz: number): number =>
  Math.floor(wavAudioBytes / (wavBytesPerSampleTick * sampleRateHz));

/**
 * The highest sample rate at which a 16-bit mono WAV of the longest allowed duration fits the
 * size limit (D66), and the highest common rate under it: the rate the guide says to record at.
 */
export const wavMaxSampleRateHz = Math.floor(
  wavAudioBytes / (wavBytesPerSampleTick * referenceAudioLimits.maxDurationSeconds),
);
export const wavRecordSampleRateHz = Math.max(
  ...commonSampleRatesHz.filter((hz) => hz <= wavMaxSampleRateHz),
);

/** A number as the copy writes it: `−30` with a real minus sign, `0.01`. */
export const formatSigned = (n: number): string => (n < 0 ? `−${Math.abs(n)}` : String(n));

/** A share as a percentage, e.g. 0.0001 → “0.01%”. */
export const formatPercent = (share: number, digits = 2): string =>
  `${Number((share * 100).toFixed(digits))}%`;

/** Hz as kHz, e.g. 16000 → “16 kHz”, 22050 → “22.05 kHz”. */
export const formatKHz = (hz: number): string => `${Number((hz / 1000).toFixed(3))} kHz`;

export type ReferenceAudioCheckId =
  | 'format'
  | 'encoding'
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
      '在质量一致的前提下适当录长一些，音色通常更稳定；一段嘈杂的长录音不如一段干净的短录音。录 WAV 时注意文件大小，见“采样率”一行',
  },
  {
    checks: ['size'],
    label: '文件大小',
    requirement: `不超过 ${limit('referenceAudioSize').value} MB`,
    recommendation: '超出时先截取最清晰的一段，或转成压缩格式',
  },
  {
    checks: ['format', 'encoding'],
    label: '格式',
    requirement: referenceAudioFormatRequirement(),
    recommendation: `优先用 WAV（${r.wavBitDepth} 位 PCM）；用 MP3 或 M4A 时选较高的码率`,
  },
  {
    checks: ['sampleRate'],
    label: '采样率',
    requirement: null,
    recommendation: `${formatKHz(r.minSampleRateHz)} 及以上（以文件本身的采样率为准，低采样率的录音转换后并不能补回细节）。WAV 用 ${formatKHz(wavRecordSampleRateHz)}：${r.wavBitDepth} 位单声道的 WAV 录满 ${referenceAudioLimits.maxDurationSeconds} 秒，采样率不高于 ${formatKHz(Math.floor(wavMaxSampleRateHz / 100) * 100)} 才不超过 ${limit('referenceAudioSize').value} MB；${formatKHz(44_100)} 的 WAV 最长约 ${wavSecondsThatFit(44_100)} 秒，${formatKHz(48_000)} 的约 ${wavSecondsThatFit(48_000)} 秒`,
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
  encoding: '编码',
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

/**
 * What a check tests: a hard limit of the API (`limit`: a recording that misses it is refused,
 * with the error of `referenceAudioRefusals`), or the recording's quality (`quality`: advice;
 * the API accepts it). The limits are the checks of the requirements table's rows that state
 * a requirement (the format's encoding, in the same row, is advice: the API decodes any WAV).
 */
export type ReferenceAudioCheckKind = 'limit' | 'quality';

export const referenceAudioCheckKinds: Record<ReferenceAudioCheckId, ReferenceAudioCheckKind> = {
  format: 'limit',
  encoding: 'quality',
  size: 'limit',
  duration: 'limit',
  sampleRate: 'quality',
  channels: 'quality',
  clipping: 'quality',
  loudness: 'quality',
  leadingSilence: 'quality',
  trailingSilence: 'quality',
  noiseFloor: 'quality',
};

/** How the checker names each kind, above its list. */
export const referenceAudioCheckKindLabels: Record<ReferenceAudioCheckKind, string> = {
  limit: 'API 的硬性要求：不满足时，上传会被拒绝',
  quality: '录音质量：API 不会因此拒绝，但克隆出的音色会带上这些问题',
};
