/**
 * The one exception to “a code's kind says whether to retry it” (D63): a code of kind `retry`
 * whose catalogue examples include one with a field in `param` (`service_unavailable` with
 * `param: text`, the HTTP processing-time limit) is retried only when `param` is null; with
 * the field it is the request's fault. The catalogue's kind column and the decision diagram
 * both show the condition in the code's own row, from this.
 */
import type { ApiErrorCode } from '../data/errors';

/** The `param` value of a retryable code that makes it not retryable, if the code has one. */
export function paramThatStopsRetry(e: ApiErrorCode): string | undefined {
  if (e.kind !== 'retry') return undefined;
  return Object.values(e.examples ?? {}).find((x) => x.param !== null)?.param ?? undefined;
}
