import React, { useEffect, useState, type ReactNode } from 'react';
import Link from '@docusaurus/Link';
import { translate } from '@docusaurus/Translate';
import { useDoc } from '@docusaurus/plugin-content-docs/client';
import { llmsTxtPath, markdownPathOf } from '@site/src/data/llms';
import styles from './styles.module.css';

type State = 'idle' | 'copying' | 'copied' | 'failed';

/**
 * Copies the page's Markdown form (written at build time by plugins/features/llms-txt). Safari accepts a
 * clipboard write only within the click, so the pending text goes to it as a ClipboardItem at
 * once; `writeText` after the fetch serves browsers without ClipboardItem.
 */
async function copyFrom(url: string): Promise<void> {
  const text = fetch(url).then(async (response) => {
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    return response.text();
  });
  if (typeof ClipboardItem !== 'undefined' && navigator.clipboard.write) {
    try {
      const blob = text.then((t) => new Blob([t], { type: 'text/plain' }));
      await navigator.clipboard.write([new ClipboardItem({ 'text/plain': blob })]);
      return;
    } catch {
      // Fall through to writeText, which reports the fetch's own error if that was the cause.
    }
  }
  await navigator.clipboard.writeText(await text);
}

const messages: Record<State, string> = {
  idle: '',
  copying: translate({ id: 'llms.copyPage.copying', message: '正在复制…' }),
  copied: translate({ id: 'llms.copyPage.copied', message: '已复制到剪贴板' }),
  failed: translate({ id: 'llms.copyPage.failed', message: '复制失败，请打开 Markdown 手动复制' }),
};

/**
 * "复制页面": the page as Markdown on the clipboard, for pasting into an AI assistant, with links
 * to the Markdown itself and to the site's llms.txt. Nothing is fetched until the click.
 */
export default function CopyPage(): ReactNode {
  const { metadata } = useDoc();
  const [state, setState] = useState<State>('idle');
  const markdownUrl = markdownPathOf(metadata.permalink);

  // The confirmation stays a few seconds, then the control is ready again.
  useEffect(() => {
    if (state !== 'copied' && state !== 'failed') return undefined;
    const timer = window.setTimeout(() => setState('idle'), 4000);
    return () => window.clearTimeout(timer);
  }, [state]);

  const copy = (): void => {
    setState('copying');
    copyFrom(markdownUrl).then(
      () => setState('copied'),
      () => setState('failed'),
    );
  };

  return (
    <div
      className={styles.copyPage}
      role="group"
      aria-label={translate({ id: 'llms.copyPage.group', message: '本页的 Markdown 版本' })}
    >
      <button
        type="button"
        className="button button--sm button--outline button--secondary"
        onClick={copy}
        disabled={state === 'copying'}
        title={translate({
          id: 'llms.copyPage.title',
          message: '把本页复制为 Markdown，方便粘贴给 AI 助手',
        })}
      >
        {translate({ id: 'llms.copyPage.button', message: '复制页面' })}
      </button>
      <Link to={`pathname://${markdownUrl}`}>
        {translate({ id: 'llms.copyPage.view', message: '查看 Markdown' })}
      </Link>
      <Link to={`pathname://${llmsTxtPath}`}>{llmsTxtPath.slice(1)}</Link>
      <span role="status" className={styles.status}>
        {messages[state]}
      </span>
    </div>
  );
}
