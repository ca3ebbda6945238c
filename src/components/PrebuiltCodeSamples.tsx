import React, { type ReactNode } from 'react';
import { useDoc } from '@docusaurus/plugin-content-docs/client';
import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';
import CodeBlock from '@theme/CodeBlock';
import styles from './PrebuiltCodeSamples.module.css';

/** One sample as `scripts/render-code-samples.ts` stores it in the page's front matter. */
export interface PrebuiltSample {
  readonly language: string;
  readonly highlight: string;
  readonly code: string;
}

/** The samples of the current API page, or none on other pages. */
export function usePrebuiltSamples(): PrebuiltSample[] | undefined {
  const { frontMatter } = useDoc();
  return (frontMatter as { code_samples?: PrebuiltSample[] }).code_samples;
}

/**
 * The operation's code samples, rendered at build time from the spec's examples: in the HTML,
 * readable without JavaScript, and free of the code generators' weight. `onEdit` switches the
 * panel to the theme's live request editor.
 */
export default function PrebuiltCodeSamples({
  samples,
  onEdit,
}: {
  samples: PrebuiltSample[];
  onEdit?: () => void;
}): ReactNode {
  return (
    <section className={styles.samples} aria-label="示例代码">
      <Tabs groupId="code-samples" className={styles.tabs}>
        {samples.map((s) => (
          <TabItem key={s.language} value={s.language} label={s.language}>
            <CodeBlock language={s.highlight}>{s.code}</CodeBlock>
          </TabItem>
        ))}
      </Tabs>
      <button
        type="button"
        className="button button--outline button--primary button--block"
        onClick={onEdit}
        disabled={!onEdit}
      >
        修改请求参数并重新生成代码
      </button>
    </section>
  );
}
