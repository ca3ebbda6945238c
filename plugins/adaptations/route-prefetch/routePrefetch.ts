// Core's object, by its path: the replacement applies to the client entry alone.
import docusaurus from '@docusaurus/core/lib/client/docusaurus';

type Prefetched = ReturnType<typeof docusaurus.prefetch>;

/**
 * Real milliseconds of prefetching per task: at Lighthouse's 4× CPU slowdown a task stays under
 * the 50 ms that count as blocking.
 */
const sliceMs = 8;

const queue: { routePath: string; done: (result: Prefetched) => void }[] = [];

const whenIdle: (run: () => void) => void =
  typeof requestIdleCallback === 'function'
    ? (run) => requestIdleCallback(run, { timeout: 2000 })
    : (run) => setTimeout(run, 50);

function drain(): void {
  const started = performance.now();
  while (queue.length > 0 && performance.now() - started < sliceMs) {
    const { routePath, done } = queue.shift()!;
    done(docusaurus.prefetch(routePath));
  }
  if (queue.length > 0) whenIdle(drain);
}

/** `window.docusaurus`: core's, with route prefetches run when the page is idle. */
export default Object.freeze({
  ...docusaurus,
  prefetch(routePath: string): Promise<Prefetched> {
    if (queue.length === 0) whenIdle(drain);
    return new Promise((done) => queue.push({ routePath, done }));
  },
});
