/**
 * One check of one file, loaded when the reader picks a file: the size first (a file over the
 * limit is never read), then the worker reads the header and measures the samples; a compressed
 * file is decoded here with Web Audio, at the rate its header states, and measured there too.
 * Nothing leaves the browser.
 */
import { referenceAudioFormatNames, referenceAudioLimits } from '@site/src/data/referenceAudio';
import type { WorkerAnswer, WorkerRequest } from './checker.worker';
import type { AudioHeader } from './header';
import { sizeCheck, undecodedChecks, type CheckResult, type FileFacts } from './verdicts';

export type Outcome =
  { kind: 'checks'; checks: readonly CheckResult[] } | { kind: 'unreadable'; message: string };

/** The rates an OfflineAudioContext accepts in every browser that has one. */
const decodableRate = (rate: number | undefined): number =>
  rate !== undefined && rate >= 8000 && rate <= 96000 ? rate : 48000;

async function decode(
  buffer: ArrayBuffer,
  header: AudioHeader,
): Promise<{ channels: Float32Array[]; sampleRate: number }> {
  const context = new OfflineAudioContext(1, 1, decodableRate(header.sampleRate));
  const audio = await context.decodeAudioData(buffer);
  const channels = Array.from({ length: audio.numberOfChannels }, (_, c) =>
    audio.getChannelData(c).slice(),
  );
  return { channels, sampleRate: audio.sampleRate };
}

function undecodable(header: AudioHeader): string {
  return header.container === 'unknown'
    ? `无法识别这个文件：它不是 ${referenceAudioFormatNames()} 音频，浏览器也无法把它当作音频解码。请选择录音文件本身，或用 FFmpeg 转成 WAV 后再试。`
    : '浏览器无法解码这个文件，它可能已经损坏，或者用了浏览器不支持的编码。请用录音软件重新导出，或用 FFmpeg 转成 WAV 后再试。';
}

export async function checkFile(file: File): Promise<Outcome> {
  const facts: FileFacts = { name: file.name, size: file.size };
  if (file.size > referenceAudioLimits.maxBytes) {
    return {
      kind: 'checks',
      checks: undecodedChecks([sizeCheck(facts)], '未检查：文件超过大小上限，没有读取'),
    };
  }
  const buffer = await file.arrayBuffer();
  const worker = new Worker(new URL('./checker.worker.ts', import.meta.url));
  const ask = (request: WorkerRequest, transfer: Transferable[]) =>
    new Promise<WorkerAnswer>((resolve, reject) => {
      worker.onmessage = (e: MessageEvent<WorkerAnswer>) => resolve(e.data);
      worker.onerror = (e) => {
        e.preventDefault();
        reject(new Error(e.message));
      };
      worker.postMessage(request, transfer);
    });
  try {
    let answer = await ask({ kind: 'file', file: facts, buffer }, [buffer]);
    if (answer.kind === 'decode') {
      let samples: { channels: Float32Array[]; sampleRate: number };
      try {
        samples = await decode(answer.buffer, answer.header);
      } catch {
        return { kind: 'unreadable', message: undecodable(answer.header) };
      }
      answer = await ask(
        { kind: 'samples', file: facts, header: answer.header, ...samples },
        samples.channels.map((c) => c.buffer),
      );
    }
    if (answer.kind === 'decode') throw new Error('decoded twice');
    return answer;
  } finally {
    worker.terminate();
  }
}
