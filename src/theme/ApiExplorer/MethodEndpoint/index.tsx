import React, { type ReactNode } from 'react';
import Heading from '@theme/Heading';

/** Infima's badge colour of each method, as the theme's component has it. */
const badgeColours: Record<string, string> = {
  get: 'primary',
  post: 'success',
  delete: 'danger',
  put: 'info',
  patch: 'warning',
  head: 'secondary',
};

/**
 * Replaces the OpenAPI theme's method-and-path banner, which rewrites path parameters
 * Express-style (`/v1/voices/:voice_id`) inside its render, out of a wrapper's reach; every other
 * page, sample and the specs write `{voice_id}`. Same markup and classes as the theme's, without
 * the server URL it adds in the browser only from the request editor's store (which the
 * reference pages do not create until the editor is opened).
 */
export default function MethodEndpoint({
  method,
  path,
}: {
  method: string;
  path: string;
  context?: string;
}): ReactNode {
  return (
    <>
      <pre className="openapi__method-endpoint">
        <span className={`badge badge--${badgeColours[method.toLowerCase()] ?? 'secondary'}`}>
          {method.toUpperCase()}
        </span>{' '}
        <Heading as="h2" className="openapi__method-endpoint-path">
          {path}
        </Heading>
      </pre>
      <div className="openapi__divider" />
    </>
  );
}
