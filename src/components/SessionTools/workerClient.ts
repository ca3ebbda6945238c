/**
 * One web worker for the session tools (src/components/SessionTools/session.worker.ts), created
 * on first use; each request gets its answer by id.
 */
import type { CheckAnswer } from './session.worker';
import type { Step, Timeline } from '@site/src/protocol/scenarios';

type Answer = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: string };

let worker: Worker | null = null;
let nextId = 0;
const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();

function theWorker(): Worker {
  if (worker) return worker;
  worker = new Worker(new URL('./session.worker.ts', import.meta.url));
  worker.onmessage = (event: MessageEvent<Answer>) => {
    const answer = event.data;
    const waiting = pending.get(answer.id);
    pending.delete(answer.id);
    if (!waiting) return;
    if (answer.ok) waiting.resolve(answer.result);
    else waiting.reject(new Error(answer.error));
  };
  worker.onerror = (event) => {
    event.preventDefault();
    for (const waiting of pending.values()) waiting.reject(new Error(event.message));
    pending.clear();
    worker?.terminate();
    worker = null;
  };
  return worker;
}

function ask<T>(request: Record<string, unknown>): Promise<T> {
  const id = (nextId += 1);
  return new Promise<T>((resolve, reject) => {
    pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
    theWorker().postMessage({ ...request, id });
  });
}

export const simulateInWorker = (steps: readonly Step[]): Promise<Timeline> =>
  ask<Timeline>({ kind: 'simulate', steps });

export const checkInWorker = (text: string): Promise<CheckAnswer> =>
  ask<CheckAnswer>({ kind: 'check', text });
