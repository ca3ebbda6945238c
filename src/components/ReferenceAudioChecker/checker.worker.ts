/**
 * The reference-audio checker's worker: reads the header, decodes an uncompressed WAV itself and
 * measures the samples, off the page's main thread. Compressed formats go back to the page to be
 * decoded by Web Audio (which workers do not have) and come back as samples.
 */
import { parseHeader, UnreadableAudio, type AudioHeader } from './header';
import { analyse, decodePcm } from './analyse';
import { checksOf, tooLongChecks, type CheckResult, type FileFacts } from './verdicts';
import { referenceAudioLimits } from '@site/src/data/referenceAudio';

export type WorkerRequest =
  | { kind: 'file'; file: FileFacts; buffer: ArrayBuffer }
  | {
      kind: 'samples';
      file: FileFacts;
      header: AudioHeader;
      channels: Float32Array[];
      sampleRate: number;
    };

export type WorkerAnswer =
  | { kind: 'checks'; checks: readonly CheckResult[] }
  | { kind: 'unreadable'; message: string }
  /** Decode it in the page (Web Audio), then send the samples back. */
  | { kind: 'decode'; header: AudioHeader; buffer: ArrayBuffer };

/**
 * A compressed file whose header says it is longer than this is not decoded: it is over the
 * limit anyway, and a long file decodes to hundreds of megabytes of samples.
 */
const decodeUpToSeconds = referenceAudioLimits.maxDurationSeconds * 2;

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<WorkerRequest>) => void) | null;
  postMessage: (message: WorkerAnswer, transfer?: Transferable[]) => void;
};

function handle(request: WorkerRequest): void {
  if (request.kind === 'samples') {
    const m = analyse(request.channels, request.sampleRate);
    scope.postMessage({ kind: 'checks', checks: checksOf(request.file, request.header, m) });
    return;
  }
  const { file, buffer } = request;
  const header = parseHeader(buffer);
  if (header.pcm) {
    const channels = decodePcm(buffer, header);
    const m = analyse(channels, header.sampleRate!);
    scope.postMessage({ kind: 'checks', checks: checksOf(file, header, m) });
    return;
  }
  if (header.durationSeconds !== undefined && header.durationSeconds > decodeUpToSeconds) {
    scope.postMessage({ kind: 'checks', checks: tooLongChecks(file, header) });
    return;
  }
  scope.postMessage({ kind: 'decode', header, buffer }, [buffer]);
}

scope.onmessage = (e) => {
  try {
    handle(e.data);
  } catch (error) {
    scope.postMessage({
      kind: 'unreadable',
      message:
        error instanceof UnreadableAudio
          ? error.message
          : '读取这个文件时出错，它可能已经损坏。请用录音软件重新导出，或用 FFmpeg 转成 WAV 后再试。',
    });
  }
};
