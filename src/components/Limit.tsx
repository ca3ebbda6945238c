import React, { type ReactNode } from 'react';
import { formatCount } from '@site/src/data/format';
import { limit as findLimit, type LimitKey } from '@site/src/data/limits';

/**
 * One limit quoted in prose, e.g. `<Limit name="textLength" />` renders “5,000 字符”. A module of
 * its own: most pages quote a limit, and importing it from the reference tables put their data
 * (errors, billing, retry policy, specs) into the chunk every page loads.
 */
export function Limit({ name }: { name: LimitKey }): ReactNode {
  const l = findLimit(name);
  return (
    <>
      {formatCount(l.value)} {l.unit}
    </>
  );
}
