/**
 * What a recording's first bytes say about it: the container, and where the header states them
 * the native sample rate, channels, bit depth and duration. Web Audio's decoder resamples to its
 * context's rate, so the rate a reader recorded at is read here, from the file itself.
 */
import { formatCount } from '../../data/format';

export type Container = 'wav' | 'mp3' | 'm4a' | 'ogg' | 'flac' | 'webm' | 'aac' | 'unknown';

export interface AudioHeader {
  readonly container: Container;
  /** The codec, as a reader knows it, e.g. `PCM`, `IEEE 浮点`, `MPEG-1 Layer III`. */
  readonly codec?: string;
  readonly sampleRate?: number;
  readonly channels?: number;
  readonly bitDepth?: number;
  /** From the header, where it says (a WAV's data size, an MP4's `mvhd`, an MP3's frames). */
  readonly durationSeconds?: number;
  /** An uncompressed WAV the checker decodes itself: where its samples are. */
  readonly pcm?: {
    readonly float: boolean;
    readonly dataOffset: number;
    readonly dataBytes: number;
    readonly blockAlign: number;
  };
}

/** A file that is not a recording the checker can read, with the reason in the reader's words. */
export class UnreadableAudio extends Error {}

const ascii = (v: DataView, at: number, n: number): string => {
  let s = '';
  for (let i = 0; i < n && at + i < v.byteLength; i += 1)
    s += String.fromCharCode(v.getUint8(at + i));
  return s;
};

/** Whether the bytes look like text (a renamed text file, an HTML error page). */
export function looksLikeText(bytes: Uint8Array): boolean {
  const n = Math.min(bytes.length, 512);
  if (n === 0) return false;
  let printable = 0;
  for (let i = 0; i < n; i += 1) {
    const b = bytes[i];
    if (b === 9 || b === 10 || b === 13 || (b >= 32 && b < 127) || b >= 128) printable += 1;
    if (b === 0) return false;
  }
  return printable === n;
}

const WAVE_FORMAT_PCM = 1;
const WAVE_FORMAT_IEEE_FLOAT = 3;
const WAVE_FORMAT_ALAW = 6;
const WAVE_FORMAT_MULAW = 7;
const WAVE_FORMAT_EXTENSIBLE = 0xfffe;

function parseWav(v: DataView): AudioHeader {
  if (v.byteLength < 12 || ascii(v, 8, 4) !== 'WAVE') {
    throw new UnreadableAudio('文件以 RIFF 开头，但不是 WAVE 文件：它不是 WAV 录音。');
  }
  let at = 12;
  let fmt:
    | { tag: number; channels: number; sampleRate: number; blockAlign: number; bits: number }
    | undefined;
  while (at + 8 <= v.byteLength) {
    const id = ascii(v, at, 4);
    const size = v.getUint32(at + 4, true);
    const body = at + 8;
    if (id === 'fmt ') {
      if (body + 16 > v.byteLength) break;
      let tag = v.getUint16(body, true);
      if (tag === WAVE_FORMAT_EXTENSIBLE && size >= 40 && body + 26 <= v.byteLength) {
        // The first two bytes of the sub-format GUID are the format tag.
        tag = v.getUint16(body + 24, true);
      }
      fmt = {
        tag,
        channels: v.getUint16(body + 2, true),
        sampleRate: v.getUint32(body + 4, true),
        blockAlign: v.getUint16(body + 12, true),
        bits: v.getUint16(body + 14, true),
      };
    } else if (id === 'data') {
      if (!fmt) {
        throw new UnreadableAudio('WAV 文件的数据块出现在格式块之前，文件已损坏。');
      }
      const available = v.byteLength - body;
      if (size > available) {
        throw new UnreadableAudio(
          `WAV 文件不完整：文件头声明有 ${formatCount(size)} 字节的音频数据，实际只有 ${formatCount(Math.max(0, available))} 字节。录音可能没有正常结束，或者文件没有传输完整。`,
        );
      }
      const codec =
        fmt.tag === WAVE_FORMAT_PCM
          ? 'PCM'
          : fmt.tag === WAVE_FORMAT_IEEE_FLOAT
            ? 'IEEE 浮点'
            : fmt.tag === WAVE_FORMAT_ALAW
              ? 'A-law'
              : fmt.tag === WAVE_FORMAT_MULAW
                ? 'μ-law'
                : `格式代码 ${fmt.tag}`;
      const uncompressed =
        (fmt.tag === WAVE_FORMAT_PCM && [8, 16, 24, 32].includes(fmt.bits)) ||
        (fmt.tag === WAVE_FORMAT_IEEE_FLOAT && [32, 64].includes(fmt.bits));
      if (fmt.channels < 1 || fmt.sampleRate < 1 || fmt.blockAlign < 1) {
        throw new UnreadableAudio('WAV 文件的格式块数值无效（声道数或采样率为 0），文件已损坏。');
      }
      const byteRate = fmt.sampleRate * fmt.blockAlign;
      return {
        container: 'wav',
        codec,
        sampleRate: fmt.sampleRate,
        channels: fmt.channels,
        bitDepth: fmt.bits,
        durationSeconds: size / byteRate,
        pcm: uncompressed
          ? {
              float: fmt.tag === WAVE_FORMAT_IEEE_FLOAT,
              dataOffset: body,
              dataBytes: size - (size % fmt.blockAlign),
              blockAlign: fmt.blockAlign,
            }
          : undefined,
      };
    }
    at = body + size + (size % 2);
  }
  throw new UnreadableAudio(
    fmt
      ? 'WAV 文件不完整：找不到音频数据块。录音可能没有正常结束，或者文件没有传输完整。'
      : 'WAV 文件不完整：文件头在格式块之前就结束了。',
  );
}

const MPEG_RATES: Record<number, readonly number[]> = {
  3: [44100, 48000, 32000], // MPEG-1
  2: [22050, 24000, 16000], // MPEG-2
  0: [11025, 12000, 8000], // MPEG-2.5
};
// kbit/s by [version is MPEG-1][layer index 1..3], bit-rate index 1..14.
const BITRATES = {
  v1l1: [32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
  v1l2: [32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
  v1l3: [32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  v2l1: [32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
  v2l23: [8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};

/** The first MPEG audio frame at or after `from`, if one starts within the first 64 KB. */
function parseMp3(v: DataView, from: number): AudioHeader | undefined {
  const end = Math.min(v.byteLength - 4, from + 65536);
  for (let at = from; at < end; at += 1) {
    if (v.getUint8(at) !== 0xff || (v.getUint8(at + 1) & 0xe0) !== 0xe0) continue;
    const b1 = v.getUint8(at + 1);
    const b2 = v.getUint8(at + 2);
    const b3 = v.getUint8(at + 3);
    const version = (b1 >> 3) & 3; // 3 MPEG-1, 2 MPEG-2, 0 MPEG-2.5
    const layerBits = (b1 >> 1) & 3; // 3 layer I, 2 layer II, 1 layer III
    const bitrateIndex = b2 >> 4;
    const rateIndex = (b2 >> 2) & 3;
    if (version === 1 || layerBits === 0 || bitrateIndex === 0 || bitrateIndex === 15) continue;
    if (rateIndex === 3) continue;
    const layer = 4 - layerBits;
    const sampleRate = MPEG_RATES[version][rateIndex];
    const mono = b3 >> 6 === 3;
    const table =
      version === 3
        ? [BITRATES.v1l1, BITRATES.v1l2, BITRATES.v1l3][layer - 1]
        : layer === 1
          ? BITRATES.v2l1
          : BITRATES.v2l23;
    const kbps = table[bitrateIndex - 1];
    const samplesPerFrame = layer === 1 ? 384 : layer === 3 && version !== 3 ? 576 : 1152;
    // A Xing or Info frame (VBR and LAME files) counts the frames of the whole file.
    const sideInfo = version === 3 ? (mono ? 17 : 32) : mono ? 9 : 17;
    const tagAt = at + 4 + sideInfo;
    let durationSeconds = ((v.byteLength - at) * 8) / (kbps * 1000);
    const tag = ascii(v, tagAt, 4);
    if ((tag === 'Xing' || tag === 'Info') && tagAt + 12 <= v.byteLength) {
      const flags = v.getUint32(tagAt + 4);
      if (flags & 1) durationSeconds = (v.getUint32(tagAt + 8) * samplesPerFrame) / sampleRate;
    }
    const versionName = version === 3 ? 'MPEG-1' : version === 2 ? 'MPEG-2' : 'MPEG-2.5';
    return {
      container: 'mp3',
      codec: `${versionName} Layer ${['I', 'II', 'III'][layer - 1]}`,
      sampleRate,
      channels: mono ? 1 : 2,
      durationSeconds,
    };
  }
  return undefined;
}

/** The boxes of an MP4 (M4A) file that state the audio track's rate, channels and duration. */
function parseMp4(v: DataView): AudioHeader {
  let sampleRate: number | undefined;
  let channels: number | undefined;
  let bitDepth: number | undefined;
  let durationSeconds: number | undefined;
  let codec: string | undefined;
  const containers = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl']);
  const walk = (start: number, end: number): void => {
    let at = start;
    while (at + 8 <= end) {
      let size = v.getUint32(at);
      const type = ascii(v, at + 4, 4);
      let header = 8;
      if (size === 1 && at + 16 <= end) {
        size = Number(v.getBigUint64(at + 8));
        header = 16;
      } else if (size === 0) size = end - at;
      if (size < header) return;
      const boxEnd = Math.min(end, at + size);
      if (containers.has(type)) walk(at + header, boxEnd);
      else if (type === 'mvhd' && durationSeconds === undefined && at + 32 <= end) {
        const version = v.getUint8(at + 8);
        if (version === 1 && at + 44 <= end) {
          const timescale = v.getUint32(at + 28);
          durationSeconds = Number(v.getBigUint64(at + 32)) / timescale;
        } else {
          const timescale = v.getUint32(at + 20);
          durationSeconds = v.getUint32(at + 24) / timescale;
        }
      } else if (type === 'stsd' && sampleRate === undefined) {
        // Full box (4), entry count (4), then the first sample entry.
        const entry = at + header + 8;
        if (entry + 36 <= end) {
          codec = ascii(v, entry + 4, 4) === 'mp4a' ? 'AAC' : ascii(v, entry + 4, 4);
          channels = v.getUint16(entry + 24);
          bitDepth = v.getUint16(entry + 26);
          sampleRate = v.getUint32(entry + 32) >>> 16;
        }
      }
      at = at + size;
    }
  };
  walk(0, v.byteLength);
  return {
    container: 'm4a',
    codec,
    sampleRate: sampleRate || undefined,
    channels: channels || undefined,
    bitDepth: codec === 'AAC' ? undefined : bitDepth,
    durationSeconds: Number.isFinite(durationSeconds) ? durationSeconds : undefined,
  };
}

/** Reads the container and what its header states. */
export function parseHeader(buffer: ArrayBuffer): AudioHeader {
  const v = new DataView(buffer);
  const bytes = new Uint8Array(buffer);
  if (v.byteLength === 0) throw new UnreadableAudio('文件是空的（0 字节）。');
  const magic = ascii(v, 0, 4);
  if (magic === 'RIFF') return parseWav(v);
  if (magic === 'RIFX' || magic === 'RF64') {
    return { container: 'wav', codec: magic === 'RF64' ? 'RF64' : '大端 RIFX' };
  }
  if (ascii(v, 4, 4) === 'ftyp') return parseMp4(v);
  if (magic === 'OggS') return { container: 'ogg' };
  if (magic === 'fLaC') return { container: 'flac' };
  if (v.byteLength >= 4 && v.getUint32(0) === 0x1a45dfa3) return { container: 'webm' };
  if (ascii(v, 0, 3) === 'ID3' && v.byteLength >= 10) {
    const size =
      ((v.getUint8(6) & 0x7f) << 21) |
      ((v.getUint8(7) & 0x7f) << 14) |
      ((v.getUint8(8) & 0x7f) << 7) |
      (v.getUint8(9) & 0x7f);
    return parseMp3(v, 10 + size) ?? { container: 'mp3' };
  }
  if (v.byteLength >= 2 && v.getUint8(0) === 0xff && (v.getUint8(1) & 0xf6) === 0xf0) {
    return { container: 'aac' };
  }
  const mp3 = v.byteLength >= 4 && v.getUint8(0) === 0xff ? parseMp3(v, 0) : undefined;
  if (mp3) return mp3;
  if (looksLikeText(bytes)) {
    throw new UnreadableAudio('这不是音频文件：文件内容是文本。请选择录音文件本身。');
  }
  return { container: 'unknown' };
}
