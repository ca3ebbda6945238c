/**
 * Output audio containers. The values mirror `OutputFormat.container` of the speech spec and the
 * media types of its 200 response; a contract test checks that they agree. Sample rates, bit
 * rates and encodings are read from the spec itself (see `tests/contract`), not repeated here.
 */
import { parseText, spokenText } from './pronunciation';

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
    bestFor: '带宽受限的网络传输，如 WebRTC 和移动网络',
  },
];

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
export function estimatedSeconds(text: string, speed: number): number {
  let cjkCount = 0;
  let otherCount = 0;
  for (const c of spokenText(text)) {
    if (cjk.test(c)) cjkCount += 1;
    else if (readAloud.test(c)) otherCount += 1;
  }
  const parsed = parseText(text);
  const pauseMs = 'error' in parsed ? 0 : parsed.pauses.reduce((s, ms) => s + ms, 0);
  const speech =
    cjkCount / estimatedSpeakingRate.cjkPerSecond +
    otherCount / estimatedSpeakingRate.otherPerSecond;
  return speech / speed + pauseMs / 1000;
}
