import React, { type ReactNode } from 'react';
import { useDoc } from '@docusaurus/plugin-content-docs/client';
import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';
import CodeBlock from '@theme/CodeBlock';
import {
  decodeSamples,
  type StoredSample as PrebuiltSample,
} from '@site/src/codegen/sampleFrontMatter';
import styles from './PrebuiltCodeSamples.module.css';

export type { PrebuiltSample };

/** The samples of the current API page, or none on other pages. */
export function usePrebuiltSamples(): PrebuiltSample[] | undefined {
  const { frontMatter } = useDoc();
  const stored = (frontMatter as { code_samples?: PrebuiltSample[] }).code_samples;
  return stored && decodeSamples(stored);
}

/**
 * What a sample needs besides its language, e.g. 依赖：requests（pip install requests）; a file
 * it needs (Rust's Cargo.toml lines) follows as a code block.
 */
function Requirements({ sample }: { sample: PrebuiltSample }): ReactNode {
  const files = sample.requirements.flatMap((r) => (r.file ? [r.file] : []));
  return (
    <>
      <p className={styles.requirements}>
        依赖：
        {sample.requirements.map(({ name, install }, i) => (
          <React.Fragment key={name}>
            {i > 0 && '；'}
            {name}
            {install && (
              <>
                （<code>{install}</code>）
              </>
            )}
          </React.Fragment>
        ))}
        。
      </p>
      {files.map((file) => (
        <CodeBlock key={file.name} language={file.language} title={file.name}>
          {file.content}
        </CodeBlock>
      ))}
    </>
  );
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
          <TabItem key={s.language} value={s.language} label={s.label}>
            <CodeBlock language={s.highlight}>{s.code}</CodeBlock>
            <Requirements sample={s} />
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
