import buildPostmanRequest from '@theme-original/ApiExplorer/buildPostmanRequest';
import {
  asClientBuiltMultipart,
  type PostmanRequestParts,
} from '@site/src/components/RequestEditor/formBody';

// Wrapped: the theme writes `Content-Type: multipart/form-data` into a multipart request by hand,
// without a boundary, and leaves its file parts without a file name (see asClientBuiltMultipart).
export default function buildRequest(
  ...args: Parameters<typeof buildPostmanRequest>
): PostmanRequestParts {
  return asClientBuiltMultipart(buildPostmanRequest(...args) as PostmanRequestParts);
}
