// Core's helper, by its path: the replacement applies to core's route prefetcher alone.
import prefetch from '@docusaurus/core/lib/client/prefetch';

const requested = new Map<string, Promise<void>>();

/** Core's helper, once per URL and page view (it never rejects, so nothing needs a retry). */
export default function prefetchOnce(url: string): Promise<void> {
  let pending = requested.get(url);
  if (!pending) {
    pending = prefetch(url);
    requested.set(url, pending);
  }
  return pending;
}
