import React, { type ReactNode } from 'react';
import TableRegion from '@site/src/components/TableRegion';
import Prose from '@site/src/components/Prose';
import { formatCount } from '@site/src/data/format';
import Link from '@docusaurus/Link';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import {
  apiErrors,
  errorActionKinds,
  errorActionLabel,
  errorActionMeaning,
} from '@site/src/data/errors';
import { billedAmountLabel, billingAnchor, billingOutcomes } from '@site/src/data/billing';
import {
  backoffCeilingMs,
  pollingAnchor,
  pollingPolicy,
  retryPolicy,
} from '@site/src/data/retryPolicy';
import { limits } from '@site/src/data/limits';
import { paramThatStopsRetry } from '@site/src/diagrams/errorKind';
import { apiSpecs, websocketSpec } from '@site/src/data/apiSpecs';

/** The id of the retry table's row for the websocket `rate_limited` (D81). */
export const websocketRateLimitedAnchor = 'websocket-rate-limited';

/** The websocket exception of `rate_limited`, after its kind in the catalogue (D81). */
function WebsocketRateLimited(): ReactNode {
  return (
    <>
      （HTTP）；WebSocket 上
      <Link to={`/api/errors#${websocketRateLimitedAnchor}`}>
        <Prose text={retryPolicy.websocketRateLimitedLabel} />
      </Link>
    </>
  );
}

/** The id of an error code's row in the catalogue. */
export const errorAnchor = (code: string): string => `error-${code}`;

/** “when `param` is …” for a code whose retry depends on it (D63). */
function ParamCondition({ param }: { param: string | null }): ReactNode {
  return (
    <>
      （<code>param</code> 为 <code>{String(param)}</code> 时）
    </>
  );
}

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
            <th>类别</th>
            <th>客户端怎么做</th>
          </tr>
        </thead>
        <tbody>
          {apiErrors.map((e) => (
            <tr key={e.code} id={errorAnchor(e.code)}>
              <td>{e.status}</td>
              <td>
                <code>{e.code}</code> <br />
                {e.name}
              </td>
              <td>
                <Prose text={e.meaning} />
              </td>
              <td data-kind={e.kind}>
                {/* Whether to retry is the retry table's rule (D26): a row only links it. */}
                {e.kind === 'retry' ? (
                  <Link to="/api/errors#retries">{errorActionLabel[e.kind]}</Link>
                ) : (
                  errorActionLabel[e.kind]
                )}
                {paramThatStopsRetry(e) && (
                  <>
                    <ParamCondition param={null} />；{errorActionLabel['fix-request']}
                    <ParamCondition param={paramThatStopsRetry(e) ?? null} />
                  </>
                )}
                {e.websocketWaits && e.onWebsocket && <WebsocketRateLimited />}
              </td>
              <td>
                <Prose text={e.action} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}

/** The kinds of client action, each with its codes, from `src/data/errors.ts`. */
export function ErrorActionKinds(): ReactNode {
  return (
    <ul data-list="error-actions">
      {errorActionKinds.map((kind) => (
        <li key={kind} data-kind={kind}>
          <strong>{errorActionLabel[kind]}</strong>（
          {apiErrors
            .filter((e) => e.kind === kind || (kind === 'fix-request' && paramThatStopsRetry(e)))
            .map((e, i) => (
              <span key={e.code}>
                {i > 0 && '、'}
                <Link to={`#${errorAnchor(e.code)}`}>
                  <code>{e.code}</code>
                </Link>
                {paramThatStopsRetry(e) && (
                  <ParamCondition
                    param={kind === 'retry' ? null : (paramThatStopsRetry(e) ?? null)}
                  />
                )}
              </span>
            ))}
          ）：
          <Prose text={errorActionMeaning[kind]} />
        </li>
      ))}
    </ul>
  );
}

/**
 * The codes a websocket `error` message can carry (`onWebsocket` of `src/data/errors.ts`), each
 * linking to its row of the catalogue.
 */
export function WebsocketErrorCodes(): ReactNode {
  return (
    <ul data-list="websocket-error-codes">
      {apiErrors
        .filter((e) => e.onWebsocket)
        .map((e) => (
          <li key={e.code} data-code={e.code}>
            <Link to={`#${errorAnchor(e.code)}`}>
              <code>{e.code}</code>
            </Link>
            ：
            {e.websocketWaits ? (
              <Link to={`#${websocketRateLimitedAnchor}`}>
                <Prose text={retryPolicy.websocketRateLimitedLabel} />
              </Link>
            ) : (
              errorActionLabel[e.kind]
            )}
          </li>
        ))}
    </ul>
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
              <td>
                <Prose text={l.scope} />
              </td>
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

/**
 * Download links of the API documents the site serves: all of them, or (on the websocket
 * pages) only the AsyncAPI document.
 */
export function SpecDownloads({
  documents = 'all',
}: {
  documents?: 'all' | 'asyncapi';
}): ReactNode {
  const files = documents === 'asyncapi' ? [websocketSpec] : [...apiSpecs, websocketSpec];
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

/** What every outcome of a request is billed, from `src/data/billing.ts`. */
export function BillingOutcomes(): ReactNode {
  const brokenLinks = useBrokenLinks();
  billingOutcomes.forEach((o) => brokenLinks.collectAnchor(billingAnchor(o.id)));
  return (
    <TableRegion label="各种结果的计费">
      <table data-table="billing">
        <thead>
          <tr>
            <th>接口</th>
            <th>结果</th>
            <th>计费</th>
            <th>说明</th>
            <th>计费字符数在哪里</th>
          </tr>
        </thead>
        <tbody>
          {billingOutcomes.map((o) => (
            <tr key={o.id} id={billingAnchor(o.id)} data-outcome={o.id}>
              <td>{o.api}</td>
              <td>
                <Prose text={o.outcome} />
              </td>
              <td data-billed={o.billed}>{billedAmountLabel[o.billed]}</td>
              <td>
                <Prose text={o.detail} />
              </td>
              <td>
                <Prose text={o.reported} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}

const seconds = (ms: number): string => `${formatCount(ms / 1000)} 秒`;

/** The retry policy of `src/data/retryPolicy.ts`: its numbers, and the waits they give. */
export function RetryPolicyTable(): ReactNode {
  const p = retryPolicy;
  const brokenLinks = useBrokenLinks();
  brokenLinks.collectAnchor(pollingAnchor);
  brokenLinks.collectAnchor(websocketRateLimitedAnchor);
  const steps = Array.from({ length: p.maxAttempts - 1 }, (_, i) => i + 1);
  return (
    <TableRegion label="重试参数">
      <table data-table="retry-policy">
        <thead>
          <tr>
            <th scope="col">参数</th>
            <th scope="col">取值</th>
          </tr>
        </thead>
        <tbody>
          <tr data-param="maxAttempts">
            <th>最多尝试次数</th>
            <td>
              {p.maxAttempts} 次，
              <Prose text={p.attemptsRule} />
            </td>
          </tr>
          <tr data-param="baseDelayMs">
            <th>基数</th>
            <td>{seconds(p.baseDelayMs)}：第一次重试前等待的上限</td>
          </tr>
          <tr data-param="maxDelayMs">
            <th>单次等待上限</th>
            <td>{seconds(p.maxDelayMs)}</td>
          </tr>
          <tr data-param="jitter">
            <th>随机抖动</th>
            <td>
              第 n 次重试前，在 0 到{' '}
              <code>{`min(${p.maxDelayMs / 1000}, ${p.baseDelayMs / 1000} × 2^(n−1))`}</code>{' '}
              秒之间随机取一个等待时间；各次重试的上限依次是{' '}
              {steps.map((n) => seconds(backoffCeilingMs(n))).join('、')}
            </td>
          </tr>
          <tr data-param="retryAfterFirst">
            <th>
              <code>Retry-After</code>
            </th>
            <td>
              响应带它时优先按它等待：等它给出的秒数，再加上 0 到 {seconds(p.baseDelayMs)}
              的随机时间；“单次等待上限”只限制退避的等待，不限制 <code>Retry-After</code>
            </td>
          </tr>
          <tr data-param="realtimeBudgetMs">
            <th>实时场景的总时长</th>
            <td>
              {seconds(p.realtimeBudgetMs)}
              ：有人正在等这段语音时，一轮的所有尝试和等待加起来不超过它
            </td>
          </tr>
          <tr data-param="realtimeBudgetScope">
            <th>总时长怎样计算</th>
            <td data-rule="realtime-budget-scope">
              <Prose text={p.realtimeBudgetScope} />
            </td>
          </tr>
          <tr data-param="overBudget">
            <th>总时长不够时</th>
            <td>
              <Prose text={p.overBudget} />
            </td>
          </tr>
          <tr data-param="batch">
            <th>批量任务</th>
            <td>
              <Prose text={p.batch} />
            </td>
          </tr>
          <tr data-param="sharedConnection">
            <th>共用的连接</th>
            <td>
              <Prose text={p.sharedConnection} />
            </td>
          </tr>
          <tr data-param="resetOn" data-reset-on={p.resetOn}>
            <th>计数清零</th>
            <td>
              <Prose text={p.resetRule} />
            </td>
          </tr>
          <tr data-param="handshakes">
            <th>握手</th>
            <td>
              <Prose text={p.handshakes} />
            </td>
          </tr>
          <tr data-param="resend">
            <th>在新上下文中重发</th>
            <td>
              <p>
                <Prose text={p.resend} />
              </p>
              <p>
                <Prose text={p.resendPoint} />
              </p>
            </td>
          </tr>
          <tr data-param="websocketRateLimited" id={websocketRateLimitedAnchor}>
            <th>
              WebSocket 上的 <code>rate_limited</code>
            </th>
            <td>
              <Prose text={p.websocketRateLimited} />
            </td>
          </tr>
          <tr data-param="planned1000">
            <th>
              服务端的 <code>1000</code>
            </th>
            <td>
              <Prose text={p.planned1000} />
            </td>
          </tr>
          <tr data-param="polling" id={pollingAnchor}>
            <th>轮询</th>
            <td>
              <p>
                轮询资源的状态（例如等待克隆完成）不是重试，不按上面的次数和退避计算：每{' '}
                {seconds(pollingPolicy.intervalMs)}
                查一次。某一次查询失败（可以重试的错误码，或者网络错误）时不退避、不马上重查，照常等到下一次再查；响应带{' '}
                <code>Retry-After</code>{' '}
                时，下一次查询前至少等待它给出的秒数，即两者中较长的一个，不另加随机等待。
              </p>
              <p>
                轮询有自己的上限：最多查 {pollingPolicy.maxRounds}{' '}
                次，用完后停止，并报告资源仍未就绪。
                <Prose text={pollingPolicy.stopsOn} />
              </p>
            </td>
          </tr>
        </tbody>
      </table>
    </TableRegion>
  );
}
