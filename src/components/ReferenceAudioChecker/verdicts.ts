/**
 * From measurements to what the reader reads: one verdict per check, what was measured and what
 * to do. A hard limit the recording misses is refused with the API's own error; a quality
 * finding is advice. Every threshold and refusal is the data module's (src/data/referenceAudio.ts).
 */
import {
  detectedContentLabels,
  formatKHz,
  formatMB,
  formatPercent,
  formatSigned,
  referenceAudioCheckKinds,
  referenceAudioCheckLabels,
  referenceAudioFormatNames,
  referenceAudioFormats,
  referenceAudioLimits as limits,
  referenceAudioRecommendations as r,
  referenceAudioRefusals,
  type ReferenceAudioCheckId,
  type ReferenceAudioCheckKind,
  type ReferenceAudioRefusal,
  type Verdict,
  verdictLabels,
} from '@site/src/data/referenceAudio';
import { errorByCode } from '@site/src/data/errors';
import { formatCount } from '../../data/format';
import type { AudioHeader, Container } from './header';
import type { Measurements } from './analyse';

/** The API's answer to an upload that misses a hard limit: the response's status and error. */
export interface Refusal extends ReferenceAudioRefusal {
  readonly status: number;
}

export interface CheckResult {
  readonly id: ReferenceAudioCheckId;
  readonly label: string;
  readonly kind: ReferenceAudioCheckKind;
  readonly verdict: Verdict;
  /** With a `refused` verdict: what the API answers the upload. */
  readonly refusal?: Refusal;
  /** What the checker found. */
  readonly measured: string;
  /** What to do about it; empty when nothing needs doing. */
  readonly advice: string;
}

export interface FileFacts {
  readonly name: string;
  readonly size: number;
}

const order: readonly ReferenceAudioCheckId[] = [
  'format',
  'encoding',
  'size',
  'duration',
  'sampleRate',
  'channels',
  'clipping',
  'loudness',
  'leadingSilence',
  'trailingSilence',
  'noiseFloor',
];

const result = (
  id: ReferenceAudioCheckId,
  verdict: Exclude<Verdict, 'refused'>,
  measured: string,
  advice = '',
): CheckResult => ({
  id,
  label: referenceAudioCheckLabels[id],
  kind: referenceAudioCheckKinds[id],
  verdict,
  measured,
  advice,
});

/** A hard limit missed: the API refuses the upload with `refusal`. */
const refused = (
  id: ReferenceAudioCheckId,
  refusal: ReferenceAudioRefusal,
  measured: string,
  advice: string,
): CheckResult => ({
  ...result(id, 'pass', measured, advice),
  verdict: 'refused',
  refusal: { ...refusal, status: errorByCode(refusal.code)!.status },
});

const db = (n: number) => `${formatSigned(Number(n.toFixed(1)))} dBFS`;
const sec = (n: number) => `${Number(n.toFixed(1))} 秒`;
const mb = formatMB;
const maxMb = formatMB(limits.maxBytes);

/** A container in the API's own words: an accepted format's name, or what its 415 calls it. */
const containerName = (container: Container): string =>
  referenceAudioFormats.find((f) => f.id === container)?.label ??
  detectedContentLabels[container] ??
  detectedContentLabels.unknown;

const toWav = 'ffmpeg -i 输入文件 -ac 1 -ar 24000 -c:a pcm_s16le reference.wav';

export function sizeCheck(file: FileFacts): CheckResult {
  return file.size > limits.maxBytes
    ? refused(
        'size',
        referenceAudioRefusals.tooLarge(file.size),
        `${mb(file.size)}（${formatCount(file.size)} 字节），超过上限 ${maxMb}（${formatCount(limits.maxBytes)} 字节）`,
        '截取最清晰的一段，或转成 MP3、M4A 等压缩格式后再上传。',
      )
    : result('size', 'pass', `${mb(file.size)}（上限 ${maxMb}）`);
}

function formatCheck(header: AudioHeader): CheckResult {
  const accepted = referenceAudioFormats.find((f) => f.id === header.container);
  const name = containerName(header.container);
  if (!accepted) {
    return refused(
      'format',
      referenceAudioRefusals.unsupported(name),
      `${name}${header.codec ? `（${header.codec}）` : ''}，不是接受的格式（${referenceAudioFormatNames()}）`,
      `转成 WAV 再上传，例如 ${toWav}`,
    );
  }
  return result('format', 'pass', `${name}（接受的格式：${referenceAudioFormatNames()}）`);
}

/** How an accepted recording is encoded, and whether its name says so: advice only. */
function encodingCheck(file: FileFacts, header: AudioHeader): CheckResult {
  const accepted = referenceAudioFormats.find((f) => f.id === header.container);
  if (!accepted) return result('encoding', 'skipped', '格式不被接受，未检查编码');
  const extension = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  const codec = header.codec ? `，${header.codec}` : '';
  const bits = header.bitDepth && header.container === 'wav' ? `，${header.bitDepth} 位` : '';
  const measured = `${accepted.label}${codec}${bits}`;
  if (header.container === 'wav' && !header.pcm) {
    return result(
      'encoding',
      'improve',
      `${measured}：不是未压缩的 PCM`,
      `转成 ${r.wavBitDepth} 位 PCM 的 WAV：${toWav}`,
    );
  }
  if (header.container === 'wav' && (header.bitDepth ?? 0) < r.wavBitDepth) {
    return result(
      'encoding',
      'improve',
      `${measured}：低于建议的 ${r.wavBitDepth} 位`,
      `用 ${r.wavBitDepth} 位重新录制；把现有文件转成更高位深补不回已经丢失的细节。`,
    );
  }
  if (extension && !accepted.extensions.includes(extension)) {
    return result(
      'encoding',
      'improve',
      `${measured}，但文件扩展名是 .${extension}`,
      `上传时把 audio 字段的媒体类型（Content-Type）写成 ${accepted.mediaType}（实际格式），或改正扩展名。`,
    );
  }
  return result('encoding', 'pass', measured);
}

function durationCheck(seconds: number, estimated: boolean): CheckResult {
  const about = estimated ? '约 ' : '';
  if (seconds < limits.minDurationSeconds) {
    return refused(
      'duration',
      referenceAudioRefusals.tooShort(seconds),
      `${about}${sec(seconds)}，短于 ${limits.minDurationSeconds} 秒`,
      `补录到至少 ${limits.minDurationSeconds} 秒。`,
    );
  }
  if (seconds > limits.maxDurationSeconds) {
    return refused(
      'duration',
      referenceAudioRefusals.tooLong(seconds),
      `${about}${sec(seconds)}，长于 ${limits.maxDurationSeconds} 秒`,
      `截取最清晰的一段，不超过 ${limits.maxDurationSeconds} 秒（见下文的 FFmpeg 截取命令）。`,
    );
  }
  return result(
    'duration',
    'pass',
    `${about}${sec(seconds)}（要求 ${limits.minDurationSeconds}–${limits.maxDurationSeconds} 秒）`,
  );
}

function sampleRateCheck(header: AudioHeader, m: Measurements): CheckResult {
  const native = header.sampleRate;
  const rate = native ?? m.sampleRate;
  const note = native ? '' : '（解码后的采样率，文件头里没有读到原始采样率）';
  return rate >= r.minSampleRateHz
    ? result('sampleRate', 'pass', `${formatKHz(rate)}${note}`)
    : result(
        'sampleRate',
        'improve',
        `${formatKHz(rate)}${note}，低于建议的 ${formatKHz(r.minSampleRateHz)}`,
        `用 ${formatKHz(r.minSampleRateHz)} 或更高的采样率重新录制；把现有文件转成更高的采样率补不回已经丢失的高频。`,
      );
}

function channelsCheck(header: AudioHeader, m: Measurements): CheckResult {
  const n = header.channels ?? m.channels;
  if (n <= r.channels) return result('channels', 'pass', '单声道');
  return result(
    'channels',
    'improve',
    n === 2 ? '2 个声道（立体声）' : `${n} 个声道`,
    '转成单声道：ffmpeg -i 输入文件 -ac 1 输出文件。如果各声道录的是不同的人或不同的麦克风，只保留目标说话人那一路。',
  );
}

function clippingCheck(m: Measurements): CheckResult {
  const measured = `满刻度的采样点占 ${formatPercent(m.clippedShare, 3)}，峰值 ${db(m.peakDbfs)}`;
  const advice =
    '调低麦克风增益或离麦克风远一点重新录制，让电平表不要变红：削波造成的失真无法事后修复。';
  if (m.clippedShare > r.clipping.failShare) return result('clipping', 'redo', measured, advice);
  if (m.clippedShare > r.clipping.warnShare) return result('clipping', 'improve', measured, advice);
  return result('clipping', 'pass', measured);
}

function loudnessCheck(m: Measurements): CheckResult {
  if (m.loudnessDbfs === null) {
    return result(
      'loudness',
      'redo',
      `没有高于 ${formatSigned(r.silenceThresholdDbfs)} dBFS 的声音：整段录音是静音，或者几乎听不见`,
      '检查麦克风是否被静音、录音软件是否选错了输入设备，然后重新录制。',
    );
  }
  const measured = `有声片段的 RMS 电平 ${db(m.loudnessDbfs)}（不做频率加权，不是 LUFS）`;
  const range = `${formatSigned(r.loudnessDbfs.min)} 到 ${formatSigned(r.loudnessDbfs.max)} dBFS`;
  if (m.loudnessDbfs < r.loudnessDbfs.min) {
    return result(
      'loudness',
      'improve',
      `${measured}，低于建议范围（${range}）`,
      '提高麦克风增益或靠近麦克风一些重新录制；事后放大会把底噪一起放大。',
    );
  }
  if (m.loudnessDbfs > r.loudnessDbfs.max) {
    return result(
      'loudness',
      'improve',
      `${measured}，高于建议范围（${range}）`,
      '调低增益重新录制，或去掉录音软件里的压缩、自动增益效果：过响的录音往往伴随削波和失真。',
    );
  }
  return result('loudness', 'pass', `${measured}，在建议范围（${range}）之内`);
}

function edgeCheck(id: 'leadingSilence' | 'trailingSilence', m: Measurements): CheckResult {
  if (!m.sounding) return result(id, 'skipped', '整段录音都是静音');
  const seconds = id === 'leadingSilence' ? m.leadingSilenceSeconds : m.trailingSilenceSeconds;
  const where = id === 'leadingSilence' ? '开头' : '结尾';
  if (seconds > r.maxEdgeSilenceSeconds) {
    return result(
      id,
      'improve',
      `${where}有 ${sec(seconds)}静音，多于建议的 ${r.maxEdgeSilenceSeconds} 秒`,
      `剪掉${where}多余的静音，保留不超过 ${r.maxEdgeSilenceSeconds} 秒。`,
    );
  }
  return result(id, 'pass', `${where}静音 ${sec(seconds)}`);
}

function noiseFloorCheck(m: Measurements): CheckResult {
  if (m.noiseFloorDbfs === null) {
    return result(
      'noiseFloor',
      'skipped',
      m.sounding ? '有声的部分太短，估计不出底噪' : '整段录音都是静音',
    );
  }
  const measured = `句间停顿处的电平 ${db(m.noiseFloorDbfs)}`;
  const advice =
    '换更安静的环境，关掉空调、风扇等持续发声的设备，检查麦克风和线材；后期降噪会留下痕迹，不如重录。';
  if (m.noiseFloorDbfs > r.noiseFloor.failAboveDbfs) {
    return result('noiseFloor', 'redo', `${measured}，和轻声说话一样响`, advice);
  }
  if (m.noiseFloorDbfs > r.noiseFloor.warnAboveDbfs) {
    return result(
      'noiseFloor',
      'improve',
      `${measured}，高于建议的 ${formatSigned(r.noiseFloor.warnAboveDbfs)} dBFS`,
      advice,
    );
  }
  return result('noiseFloor', 'pass', measured);
}

/** The checks of a recording that was not decoded, e.g. because it is too large. */
export function undecodedChecks(
  known: readonly CheckResult[],
  reason: string,
): readonly CheckResult[] {
  return order.map((id) => known.find((c) => c.id === id) ?? result(id, 'skipped', reason));
}

/** All checks of a decoded recording. */
export function checksOf(
  file: FileFacts,
  header: AudioHeader,
  m: Measurements,
): readonly CheckResult[] {
  return [
    formatCheck(header),
    encodingCheck(file, header),
    sizeCheck(file),
    durationCheck(m.durationSeconds, false),
    sampleRateCheck(header, m),
    channelsCheck(header, m),
    clippingCheck(m),
    loudnessCheck(m),
    edgeCheck('leadingSilence', m),
    edgeCheck('trailingSilence', m),
    noiseFloorCheck(m),
  ];
}

/**
 * The checks of a recording whose header says it is longer than the API accepts: it is not
 * decoded (a long compressed file decodes to hundreds of megabytes).
 */
export function tooLongChecks(file: FileFacts, header: AudioHeader): readonly CheckResult[] {
  return undecodedChecks(
    [
      formatCheck(header),
      encodingCheck(file, header),
      sizeCheck(file),
      durationCheck(header.durationSeconds ?? 0, header.container !== 'wav'),
    ],
    '未检查：录音超出时长上限，截短后再检查',
  );
}

/**
 * The one line a screen reader hears when the checks are done: first whether the API accepts
 * the recording, then the advice.
 */
export function summaryOf(checks: readonly CheckResult[]): string {
  const named = (v: Verdict) => checks.filter((c) => c.verdict === v).map((c) => c.label);
  const refusedBy = named('refused');
  const parts: string[] = [
    refusedBy.length
      ? `上传会被拒绝（${refusedBy.join('、')}）`
      : checks.some((c) => c.kind === 'limit' && c.verdict === 'skipped')
        ? '硬性要求没有全部检查'
        : '硬性要求都满足，API 会接受这段录音',
  ];
  for (const v of ['redo', 'improve'] as const) {
    const labels = named(v);
    if (labels.length)
      parts.push(`${verdictLabels[v]} ${labels.length} 项（${labels.join('、')}）`);
  }
  parts.push(`通过 ${named('pass').length} 项`);
  const skipped = named('skipped').length;
  if (skipped) parts.push(`未检查 ${skipped} 项`);
  return `检查完成：${parts.join('，')}。`;
}
