import React, { type ReactNode } from 'react';
import TableRegion from '@site/src/components/TableRegion';
import Prose from '@site/src/components/Prose';
import { formatCount } from '@site/src/components/formatCount';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import { apiErrors } from '@site/src/data/errors';
import { limit as findLimit, limits, type LimitKey } from '@site/src/data/limits';
import { apiSpecs, websocketSpec } from '@site/src/data/apiSpecs';

/** The id of an error code's row in the catalogue. */
export const errorAnchor = (code: string): string => `error-${code}`;

/** The error catalogue of `src/data/errors.ts`. */
export function ErrorCatalogue(): ReactNode {
  // Each row is a link target (`/api/errors#error-<code>`): register it with the anchor checker.
  const brokenLinks = useBrokenLinks();
  apiErrors.forEach((e) => brokenLinks.collectAnchor(errorAnchor(e.code)));
  return (
    <TableRegion label="错误码一览">
      <table data-table="errors">
        <thead>
          <tr>
            <th>HTTP 状态码</th>
            <th>错误码</th>
            <th>含义</th>
            <th>处理方式</th>
            <th>可重试</th>
          </tr>
        </thead>
        <tbody>
          {apiErrors.map((e) => (
            <tr key={e.code} id={errorAnchor(e.code)}>
              <td>{e.status}</td>
              <td>
                <code>{e.code}</code>
              </td>
              <td>
                <Prose text={e.meaning} />
              </td>
              <td>
                <Prose text={e.action} />
              </td>
              <td>{e.retryable ? '是' : '否'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}

/** The limits of `src/data/limits.ts`. */
export function LimitsTable(): ReactNode {
  return (
    <TableRegion label="限制一览">
      <table data-table="limits">
        <thead>
          <tr>
            <th>限制项</th>
            <th>上限</th>
            <th>范围</th>
            <th>超出时</th>
          </tr>
        </thead>
        <tbody>
          {limits.map((l) => (
            <tr key={l.key} data-limit={l.key}>
              <td>
                <Prose text={l.subject} />
              </td>
              <td>
                {formatCount(l.value)} {l.unit}
              </td>
              <td>{l.scope}</td>
              <td>
                <Prose text={l.onExceed} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}

/** One limit quoted in prose, e.g. `<Limit name="textLength" />` renders “5,000 字符”. */
export function Limit({ name }: { name: LimitKey }): ReactNode {
  const l = findLimit(name);
  return (
    <>
      {formatCount(l.value)} {l.unit}
    </>
  );
}

/** Download links of every API document the site serves. */
export function SpecDownloads(): ReactNode {
  const files = [...apiSpecs, websocketSpec];
  return (
    <ul>
      {files.map((f) => (
        <li key={f.downloadUrl}>
          {/* A static file, not a route: <Link> would send it through the client router. */}
          {/* eslint-disable-next-line @docusaurus/no-html-links */}
          <a href={f.downloadUrl} download>
            {f.title}
          </a>
          （<code>{f.downloadUrl}</code>）
        </li>
      ))}
    </ul>
  );
}
