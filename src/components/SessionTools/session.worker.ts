/**
 * The session tools' web worker: runs the protocol model for the simulator and checks logs for
 * the log checker, off the main thread.
 */
import {
  checkLog,
  logExcerpt,
  type ExcerptLine,
  type LogReport,
} from '@site/src/protocol/logCheck';
import type { Step } from '@site/src/protocol/scenarios';
import { simulate } from '@site/src/protocol/simulate';

export type WorkerRequest =
  | { readonly id: number; readonly kind: 'simulate'; readonly steps: Step[] }
  | { readonly id: number; readonly kind: 'check'; readonly text: string };

/** A check and the lines around its findings, which the page shows with their numbers. */
export type CheckAnswer = LogReport & { readonly excerpt: readonly ExcerptLine[] };

function checkWithExcerpt(text: string): CheckAnswer {
  const report = checkLog(text);
  return { ...report, excerpt: report.ok ? logExcerpt(text, report.violations) : [] };
}

self.onmessage = (event: MessageEvent<WorkerRequest>) => {
  const request = event.data;
  try {
    const result =
      request.kind === 'simulate' ? simulate(request.steps) : checkWithExcerpt(request.text);
    self.postMessage({ id: request.id, ok: true, result });
  } catch (error) {
    self.postMessage({ id: request.id, ok: false, error: String(error) });
  }
};
