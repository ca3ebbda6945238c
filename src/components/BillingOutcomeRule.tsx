import React, { type ReactNode } from 'react';
import Link from '@docusaurus/Link';
import Prose from '@site/src/components/Prose';
import { billingAnchor, billingOutcome } from '@site/src/data/billing';

/**
 * One outcome's billing rule (`rule` of a row of `src/data/billing.ts`), for a page that needs
 * it in its own flow: the same sentence as the row on `/price`, linking that row. Apart from the
 * price tables, so that a guide showing one rule does not load the prices and the estimator.
 */
export function BillingOutcomeRule({ id }: { id: string }): ReactNode {
  const o = billingOutcome(id);
  return (
    <span data-billing-outcome={o.id}>
      <Prose text={o.rule} />（<Link to={`/price#${billingAnchor(o.id)}`}>什么时候扣费</Link>）
    </span>
  );
}
