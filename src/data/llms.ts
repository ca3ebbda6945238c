/**
 * The files the site publishes for AI assistants and offline readers, written at build time by
 * `plugins/features/llms-txt` from the built pages and the specs. The copy control on every doc page
 * (src/theme/DocItem/Content) links to them.
 */
import { deployment } from './deployment';

/** The index of every page, each linked to its Markdown form (https://llmstxt.org/). */
export const llmsTxtPath = '/llms.txt';

/** The whole documentation as one Markdown file. */
export const llmsFullTxtPath = '/llms-full.txt';

/** The Markdown form of a page: `/x` → `/x.md`, the root `/` → `/index.md`. */
export function markdownPathOf(permalink: string): string {
  return permalink.endsWith('/') ? `${permalink}index.md` : `${permalink}.md`;
}

/** What the API is, at the head of llms.txt and llms-full.txt. */
export const llmsSummary =
  `${deployment.brandName} 是面向实时语音对话的语音合成与音色 API：通过 HTTP 或 WebSocket 把文本合成为语音` +
  '（WebSocket 上可以用上下文分段输入文本、边输入边合成），克隆、列出、查询、修改和删除自定义音色，以及查询账户余额。';
