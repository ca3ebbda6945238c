import React, { type ReactNode } from 'react';

/**
 * The two columns of the OpenAPI theme's reference pages (its ApiItem's markup and classes), for
 * a reference page written in MDX: the reference on the left, beside a right-hand panel that
 * stays in view on wide screens and follows the reference on narrow ones.
 */
export default function ReferenceColumns({
  children,
  aside,
}: {
  children: ReactNode;
  aside: ReactNode;
}): ReactNode {
  return (
    <div className="row theme-api-markdown">
      <div className="col col--7 openapi-left-panel__container">{children}</div>
      <div className="col col--5 openapi-right-panel__container">{aside}</div>
    </div>
  );
}
