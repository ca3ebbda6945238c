/**
 * The measurements of a decoded recording, made in the checker's worker: samples in, numbers
 * out. The thresholds are the data module's (src/data/referenceAudio.ts).
 */
import { referenceAudioRecommendations as r } from '@site/src/data/referenceAudio';
import type { AudioHeader } from './header';

export interface Measurements {
  readonly durationSeconds: number;
  readonly channels: number;
  /** The rate of the samples measured (the file's own for a WAV, the decoder's otherwise). */
  readonly sampleRate: number;
  /** Share of all samples, all channels, at or above the clipping level. */
  readonly clippedShare: number;
  readonly peakDbfs: number;
  /** Whether any frame is above the silence threshold. */
  readonly sounding: boolean;
  /** RMS level of the sounding frames together; `null` if there are none. */
  readonly loudnessDbfs: number | null;
  readonly leadingSilenceSeconds: number;
  readonly trailingSilenceSeconds: number;
  /** Level of the quietest frames between the first and last sounding ones; `null` if too few. */
  readonly noiseFloorDbfs: number | null;
}

/** Lowest level reported: digital silence has no finite level. */
export const floorDbfs = -120;

const toDb = (power: number): number =>
  power > 0 ? Math.max(floorDbfs, 10 * Math.log10(power)) : floorDbfs;

/** The samples of an uncompressed WAV, one array per channel, in −1…1. */
export function decodePcm(buffer: ArrayBuffer, header: AudioHeader): Float32Array[] {
  const pcm = header.pcm;
  const channels = header.channels ?? 0;
  const bits = header.bitDepth ?? 0;
  if (!pcm || channels < 1) throw new Error('not an uncompressed WAV');
  const bytes = bits / 8;
  const frames = Math.floor(pcm.dataBytes / pcm.blockAlign);
  const out = Array.from({ length: channels }, () => new Float32Array(frames));
  const v = new DataView(buffer, pcm.dataOffset, pcm.dataBytes);
  for (let f = 0; f < frames; f += 1) {
    const base = f * pcm.blockAlign;
    for (let c = 0; c < channels; c += 1) {
      const at = base + c * bytes;
      let x: number;
      if (pcm.float) x = bits === 32 ? v.getFloat32(at, true) : v.getFloat64(at, true);
      else if (bits === 8) x = (v.getUint8(at) - 128) / 128;
      else if (bits === 16) x = v.getInt16(at, true) / 32768;
      else if (bits === 24) {
        const n = v.getUint8(at) | (v.getUint8(at + 1) << 8) | (v.getInt8(at + 2) << 16);
        x = n / 8388608;
      } else x = v.getInt32(at, true) / 2147483648;
      out[c][f] = x;
    }
  }
  return out;
}

export function analyse(channels: readonly Float32Array[], sampleRate: number): Measurements {
  const length = channels[0]?.length ?? 0;
  const count = channels.length;
  let clipped = 0;
  let peak = 0;
  for (const data of channels) {
    for (let i = 0; i < data.length; i += 1) {
      const a = Math.abs(data[i]);
      if (a > peak) peak = a;
      if (a >= r.clipping.fullScale) clipped += 1;
    }
  }

  // Frame levels of the mix-down to one channel.
  const frameLength = Math.max(1, Math.round(sampleRate * r.frameSeconds));
  const frameCount = Math.ceil(length / frameLength);
  const power = new Float64Array(frameCount);
  for (let f = 0; f < frameCount; f += 1) {
    const start = f * frameLength;
    const end = Math.min(length, start + frameLength);
    let sum = 0;
    for (let i = start; i < end; i += 1) {
      let x = 0;
      for (let c = 0; c < count; c += 1) x += channels[c][i];
      x /= count;
      sum += x * x;
    }
    power[f] = sum / (end - start);
  }
  const threshold = 10 ** (r.silenceThresholdDbfs / 10);
  let first = -1;
  let last = -1;
  let soundingPower = 0;
  let soundingFrames = 0;
  for (let f = 0; f < frameCount; f += 1) {
    if (power[f] > threshold) {
      if (first < 0) first = f;
      last = f;
      soundingPower += power[f];
      soundingFrames += 1;
    }
  }
  const sounding = first >= 0;
  const seconds = (samples: number) => samples / sampleRate;

  let noiseFloorDbfs: number | null = null;
  if (sounding && last - first + 1 >= 10) {
    const span = Array.from(power.subarray(first, last + 1)).sort((a, b) => a - b);
    noiseFloorDbfs = toDb(span[Math.floor((span.length - 1) * r.noiseFloor.percentile)]);
  }

  return {
    durationSeconds: seconds(length),
    channels: count,
    sampleRate,
    clippedShare: length * count > 0 ? clipped / (length * count) : 0,
    peakDbfs: toDb(peak * peak),
    sounding,
    loudnessDbfs: sounding ? toDb(soundingPower / soundingFrames) : null,
    leadingSilenceSeconds: sounding ? seconds(first * frameLength) : seconds(length),
    trailingSilenceSeconds: sounding
      ? seconds(Math.max(0, length - (last + 1) * frameLength))
      : seconds(length),
    noiseFloorDbfs,
  };
}
