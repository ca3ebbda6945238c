import React, { type ReactNode } from 'react';
import Link from '@docusaurus/Link';
import { logRules } from '@site/src/protocol/logRules';

/** The log checker's rules (src/protocol/logRules.ts), each with the section that states it. */
export default function LogRules(): ReactNode {
  return (
    <ol>
      {logRules.map((rule) => (
        <li key={rule.id} id={`log-rule-${rule.id}`}>
          <Link to={rule.href}>{rule.title}</Link>
          {rule.severity === 'warning' ? '（提醒：不一定是错误）' : ''}
        </li>
      ))}
    </ol>
  );
}
