/**
 * The support channels, the versioning policy and history, the data policies and the provider's
 * filings, rendered from their data modules (src/data/support.ts, apiVersions.ts, policies.ts,
 * deployment.ts) on the one page section that states each; every other page links to that section.
 */
import React, { type ReactNode } from 'react';
import Link from '@docusaurus/Link';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import TableRegion from '@site/src/components/TableRegion';
import Prose from '@site/src/components/Prose';
import { deployment } from '@site/src/data/deployment';
import { supportResponse, ticketItems } from '@site/src/data/support';
import {
  apiChangeKindLabel,
  apiChanges,
  apiVersions,
  apiVersionStatusLabel,
  changeAnchor,
  changesFeed,
  deprecationPolicy,
  migrationNote,
  versioningRules,
  type ApiChange,
  type ApiChangeKind,
} from '@site/src/data/apiVersions';
import {
  cloneConsentRule,
  contentLabels,
  dataUse,
  labelAppliedBy,
  moderation,
  storedData,
  voiceDeletion,
} from '@site/src/data/policies';

/** Where readers reach support and see the service's status. */
export function SupportChannels(): ReactNode {
  return (
    <ul data-list="support-channels">
      <li data-channel="email">
        <strong>技术支持邮箱</strong>：
        <Link href={`mailto:${deployment.supportEmail}`} data-support-email>
          {deployment.supportEmail}
        </Link>
        。首次回复在 {supportResponse.firstResponseWorkingDays} 个工作日内（北京时间周一至周五）。
      </li>
      <li data-channel="status">
        <strong>服务状态页</strong>：
        <Link href={deployment.statusPageUrl} data-status-page>
          {deployment.statusPageUrl}
        </Link>
        。正在发生的故障、计划内的维护和过去的事件都在这里公布；怀疑是服务端的问题时，先看这里。
      </li>
    </ul>
  );
}

/** What a ticket carries, from `src/data/support.ts`. */
export function TicketChecklist(): ReactNode {
  return (
    <ol data-list="ticket-items">
      {ticketItems.map((t) => (
        <li key={t.id} data-ticket-item={t.id}>
          <strong>{t.label}</strong>：<Prose text={t.detail} />
        </li>
      ))}
    </ol>
  );
}

/** The versioning policy's three rules, from `src/data/apiVersions.ts`. */
export function VersioningRules(): ReactNode {
  return (
    <ul data-list="versioning-rules">
      {versioningRules.map((r) => (
        <li key={r.id} data-versioning-rule={r.id}>
          <strong>
            <Prose text={r.label} />
          </strong>
          ：<Prose text={r.rule} />
        </li>
      ))}
    </ul>
  );
}

/** Infima badge fills (darkened site-wide for contrast) by kind of change. */
const kindBadge: Readonly<Record<ApiChangeKind, string>> = {
  added: 'badge--success',
  changed: 'badge--info',
  legal: 'badge--warning',
  deprecated: 'badge--danger',
};

/** A legal change's migration note, with the date it was announced. */
function MigrationNote({ change }: { change: ApiChange }): ReactNode {
  if (change.kind !== 'legal') return null;
  return (
    <p data-migration>
      <strong>{migrationNote.label}</strong>
      {migrationNote.announced(change.announced)}
      <Prose text={change.migration} />
    </p>
  );
}

/** The version prefixes and the dated changes within them, newest first. */
export function VersionHistory(): ReactNode {
  const brokenLinks = useBrokenLinks();
  apiChanges.forEach((c) => brokenLinks.collectAnchor(changeAnchor(c.date)));
  return (
    <>
      <TableRegion label="API 版本">
        <table data-table="api-versions">
          <thead>
            <tr>
              <th>版本前缀</th>
              <th>状态</th>
              <th>发布日期</th>
              <th>停用日期</th>
            </tr>
          </thead>
          <tbody>
            {apiVersions.map((v) => (
              <tr key={v.prefix} data-version={v.prefix}>
                <td>
                  <code>{v.prefix}</code>
                </td>
                <td>{apiVersionStatusLabel[v.status]}</td>
                <td>{v.released}</td>
                <td>{v.sunset ?? '未定'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableRegion>
      <TableRegion label="版本历史">
        <table data-table="api-changes">
          <thead>
            <tr>
              <th>日期</th>
              <th>变更</th>
              <th>API 文档版本</th>
            </tr>
          </thead>
          <tbody>
            {[...apiChanges].reverse().map((c) => (
              <tr key={c.date} id={changeAnchor(c.date)} data-change={c.date}>
                <td>{c.date}</td>
                <td>
                  <span className={`badge ${kindBadge[c.kind]}`} data-kind={c.kind}>
                    {apiChangeKindLabel[c.kind]}
                  </span>{' '}
                  <strong>
                    <Prose text={c.title} />
                  </strong>
                  <ul>
                    {c.items.map((item) => (
                      <li key={item}>
                        <Prose text={item} />
                      </li>
                    ))}
                  </ul>
                  <MigrationNote change={c} />
                </td>
                <td>
                  {Object.entries(c.documents).map(([id, version], i) => (
                    <span key={id}>
                      {i > 0 && '，'}
                      <code>{id}</code> {version}
                    </span>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableRegion>
      <p data-feed>
        订阅版本历史：
        {/* A static file, not a route: <Link> would send it through the client router. */}
        {/* eslint-disable-next-line @docusaurus/no-html-links */}
        <a href={changesFeed.path} type="application/atom+xml">
          Atom 订阅源
        </a>
        （<code>{changesFeed.path}</code>），每条变更一个条目，任何 RSS 阅读器都能订阅。
      </p>
    </>
  );
}

/** The deprecation policy's promises, with the numbers of `src/data/apiVersions.ts`. */
export function DeprecationPolicy(): ReactNode {
  const p = deprecationPolicy;
  return (
    <ul data-list="deprecation-policy">
      <li data-policy="notice">
        <strong>提前公告</strong>：接口、字段或版本停用前至少提前{' '}
        <span data-value="noticeDays">{p.noticeDays}</span>{' '}
        天公告：写进上面的版本历史，在参考页中标为已弃用，并发邮件通知最近使用过它的账户。
      </li>
      <li data-policy="overlap">
        <strong>新旧版本并行</strong>：新的版本前缀发布后，旧版本至少继续服务{' '}
        <span data-value="overlapMonths">{p.overlapMonths}</span>{' '}
        个月，停用日期写在上面的版本历史中。
      </li>
      <li data-policy="until-sunset">
        <strong>停用前照常工作</strong>
        ：已弃用的接口和字段在停用日期之前行为不变，只是不再增加新功能。
      </li>
    </ul>
  );
}

/** What the service stores and for how long, from `src/data/policies.ts`. */
export function StoredDataTable(): ReactNode {
  return (
    <TableRegion label="数据的保存">
      <table data-table="stored-data">
        <thead>
          <tr>
            <th>数据</th>
            <th>保存多久</th>
            <th>用途</th>
          </tr>
        </thead>
        <tbody>
          {storedData.map((d) => (
            <tr key={d.id} data-stored={d.id}>
              <td>
                <Prose text={d.data} />
              </td>
              <td>
                <Prose text={d.kept} />
              </td>
              <td>
                <Prose text={d.purpose} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}

/** What deleting a voice removes. */
export function VoiceDeletion(): ReactNode {
  return (
    <ul data-list="voice-deletion">
      {voiceDeletion.map((line) => (
        <li key={line}>
          <Prose text={line} />
        </li>
      ))}
    </ul>
  );
}

/** What content moderation checks. */
export function ModerationChecks(): ReactNode {
  return (
    <ul data-list="moderation">
      {moderation.checked.map((line) => (
        <li key={line}>
          <Prose text={line} />
        </li>
      ))}
    </ul>
  );
}

/** The implicit and explicit labels of AI-generated audio, and who applies each. */
export function ContentLabels(): ReactNode {
  return (
    <TableRegion label="合成内容标识">
      <table data-table="content-labels">
        <thead>
          <tr>
            <th>标识</th>
            <th>是什么</th>
            <th>谁来加</th>
            <th>说明</th>
          </tr>
        </thead>
        <tbody>
          {contentLabels.map((l) => (
            <tr key={l.id} data-label={l.id}>
              <td>{l.label}</td>
              <td>{l.what}</td>
              <td data-by={l.by}>{labelAppliedBy[l.by]}</td>
              <td>
                {l.detail.map((paragraph) => (
                  <p key={paragraph}>
                    <Prose text={paragraph} />
                  </p>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}

/** Where data is processed and what it is used for, from `src/data/policies.ts`. */
export function DataUse(): ReactNode {
  return (
    <ul data-list="data-use">
      {dataUse.map((d) => (
        <li key={d.id} data-use={d.id}>
          <strong>{d.label}</strong>：<Prose text={d.rule} />
        </li>
      ))}
    </ul>
  );
}

/** Consent for cloning: the speaker's separate consent, stated once. */
export function CloneConsentRule(): ReactNode {
  return (
    <p data-rule="clone-consent">
      <Prose text={cloneConsentRule} />
    </p>
  );
}

/** The provider's filings, privacy policy and service agreement (deployment values). */
export function ComplianceDocuments(): ReactNode {
  return (
    <ul data-list="compliance-documents">
      {deployment.aiFilings.map((f) => (
        <li key={f.id} data-filing={f.id}>
          <strong>{f.label}</strong>：{f.number}
        </li>
      ))}
      <li data-document="privacy-policy">
        <strong>隐私政策</strong>：
        <Link href={deployment.privacyPolicyUrl}>{deployment.privacyPolicyUrl}</Link>
      </li>
      <li data-document="service-agreement">
        <strong>服务协议</strong>：
        <Link href={deployment.serviceAgreementUrl}>{deployment.serviceAgreementUrl}</Link>
      </li>
    </ul>
  );
}
