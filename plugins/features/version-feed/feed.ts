import {
  apiChangeKindLabel,
  changeAnchor,
  changesFeed,
  migrationNote,
  versionHistoryPath,
  type ApiChange,
} from '../../../src/data/apiVersions';
import { proseParts, proseText } from '../../../src/data/prose';

/**
 * The version history as an Atom 1.0 document (RFC 4287): one entry per change, its content the
 * history's own items as HTML, every URL absolute on `siteUrl`. Pure, so the test can compare the
 * built file with the data.
 */

const escapeXml = (text: string): string =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

/** The data's inline markup (`code`, `[text](/path)`) as HTML, links made absolute. */
export function proseHtml(text: string, siteUrl: string): string {
  return proseParts(text)
    .map((part) => {
      if (part.kind === 'code') return `<code>${escapeXml(part.text)}</code>`;
      if (part.kind === 'link') {
        const href = new URL(part.href, siteUrl).href;
        return `<a href="${escapeXml(href)}">${proseHtml(part.text, siteUrl)}</a>`;
      }
      return escapeXml(part.text);
    })
    .join('');
}

/** A change's date as an RFC 3339 timestamp: the day's start in Beijing time, when it went live. */
export const rfc3339 = (date: string): string => `${date}T00:00:00+08:00`;

/** The entry's HTML: the items, a legal change's migration note, the documents' new versions. */
function entryHtml(change: ApiChange, siteUrl: string): string {
  const items = change.items.map((item) => `<li>${proseHtml(item, siteUrl)}</li>`).join('');
  const migration =
    change.kind === 'legal'
      ? `<p><strong>${migrationNote.label}</strong>${migrationNote.announced(change.announced)}${proseHtml(change.migration, siteUrl)}</p>`
      : '';
  const documents = Object.entries(change.documents)
    .map(([id, version]) => `<code>${escapeXml(id)}</code> ${escapeXml(version)}`)
    .join('，');
  return `<ul>${items}</ul>${migration}<p>API 文档版本：${documents}</p>`;
}

export function atomFeed(changes: readonly ApiChange[], siteUrl: string): string {
  const absolute = (pathname: string): string => new URL(pathname, siteUrl).href;
  const historyUrl = absolute(`${versionHistoryPath}#versions`);
  const newestFirst = [...changes].sort((a, b) => b.date.localeCompare(a.date));
  const entries = newestFirst.map((c) => {
    const url = absolute(`${versionHistoryPath}#${changeAnchor(c.date)}`);
    const label = apiChangeKindLabel[c.kind];
    const published =
      c.kind === 'legal' ? `\n    <published>${rfc3339(c.announced)}</published>` : '';
    return `  <entry>
    <id>${escapeXml(url)}</id>
    <title>${escapeXml(`${label}：${proseText(c.title)}`)}</title>
    <updated>${rfc3339(c.date)}</updated>${published}
    <link rel="alternate" type="text/html" href="${escapeXml(url)}"/>
    <category term="${c.kind}" label="${escapeXml(label)}"/>
    <content type="html">${escapeXml(entryHtml(c, siteUrl))}</content>
  </entry>`;
  });
  // The feed changes when the history does, so it is as new as its newest entry (not the build).
  const updated = newestFirst[0] ? rfc3339(newestFirst[0].date) : rfc3339('1970-01-01');
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="zh-Hans">
  <id>${escapeXml(absolute(changesFeed.path))}</id>
  <title>${escapeXml(changesFeed.title)}</title>
  <updated>${updated}</updated>
  <author>
    <name>${escapeXml(changesFeed.author)}</name>
    <uri>${escapeXml(absolute('/'))}</uri>
  </author>
  <link rel="self" type="application/atom+xml" href="${escapeXml(absolute(changesFeed.path))}"/>
  <link rel="alternate" type="text/html" href="${escapeXml(historyUrl)}"/>
${entries.join('\n')}
</feed>
`;
}
