/**
 * The one exception to “a code's kind says whether to retry it” (D63), as the catalogue states
 * it (`notRetriedWithParam` of src/data/errors.ts): a code of kind `retry` that is the request's
 * fault with that `param` (`service_unavailable` with `param: text`, the HTTP processing-time
 * limit). The catalogue's kind column and the decision diagram both show it from this.
 */
import type { ApiErrorCode } from '../data/errors';

/** The `param` value of a retryable code that makes it not retryable, if the code has one. */
export function paramThatStopsRetry(e: ApiErrorCode): string | undefined {
  return e.kind === 'retry' ? e.notRetriedWithParam : undefined;
}
