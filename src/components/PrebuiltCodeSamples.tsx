import React, { type ReactNode } from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import { useDoc } from '@docusaurus/plugin-content-docs/client';
import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';
import CodeBlock from '@theme/CodeBlock';
import { useTabs } from '@theme/utils/tabsUtils';
import { decodeSamples, type StoredSample } from '@site/src/codegen/sampleFrontMatter';
import {
  codeLanguageGroup,
  codeSampleLanguages,
  type CodeSampleLanguage,
} from '@site/src/data/codeSamples';
import styles from './PrebuiltCodeSamples.module.css';
import { fetchText, LoadFailure, useFetchedText } from './fetchText';

export type PrebuiltSample = StoredSample;

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
function Requirements({ language }: { language: CodeSampleLanguage }): ReactNode {
  const files = language.requirements.flatMap((r) => (r.file ? [r.file] : []));
  return (
    <>
      <p className={styles.requirements}>
        依赖：
        {language.requirements.map(({ name, install }, i) => (
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

/** Why a sample file did not load, in the reader's words. */
/**
 * A sample kept in a file of its own: fetched when its tab is chosen (or the reader's stored
 * choice opens the page on it), with a loading line meanwhile and, if it fails, the reason and
 * a retry. Until then, and without JavaScript, the panel links to the file, which holds exactly
 * the code the copy button yields.
 */
function FetchedSample({
  language,
  src,
}: {
  language: CodeSampleLanguage;
  src: string;
}): ReactNode {
  const { selectedValue } = useTabs();
  const chosen = selectedValue === language.language;
  const { loaded, retry } = useFetchedText(src, chosen);

  const file = <Link to={`pathname://${src}`}>{src.split('/').pop()}</Link>;
  return (
    <div data-sample-src={src} aria-busy={chosen && !loaded}>
      {loaded && 'code' in loaded ? (
        <CodeBlock language={language.highlight}>{loaded.code}</CodeBlock>
      ) : loaded ? (
        <LoadFailure
          what={`${language.label} 示例`}
          reason={loaded.reason}
          link={<>打开 {file}</>}
          onRetry={retry}
          className={styles.status}
        />
      ) : chosen ? (
        <p role="status" className={styles.status}>
          正在加载 {language.label} 示例……
        </p>
      ) : (
        <p className={styles.status}>
          {language.label} 示例的代码：{file}（纯文本）
        </p>
      )}
      <Requirements language={language} />
    </div>
  );
}

/**
 * The operation's code samples, rendered at build time from the spec's examples and free of the
 * code generators' weight: the first language's in the HTML, readable without JavaScript, each
 * other's fetched from its file when its tab is chosen (and, to save the wait, when the pointer
 * or the focus reaches its tab). `onEdit` switches the panel to the theme's live request editor.
 */
export default function PrebuiltCodeSamples({
  samples,
  onEdit,
}: {
  samples: PrebuiltSample[];
  onEdit?: () => void;
}): ReactNode {
  const shown = samples.flatMap((sample) => {
    const language = codeSampleLanguages.find((l) => l.language === sample.language);
    return language ? [{ sample, language }] : [];
  });
  return (
    <section className={styles.samples} aria-label="示例代码">
      {/* code-language-tabs: src/css/custom.css's edge shadow when languages scroll out of sight. */}
      <Tabs groupId={codeLanguageGroup} className={clsx(styles.tabs, 'code-language-tabs')}>
        {shown.map(({ sample, language }) => {
          const prefetch =
            'src' in sample ? () => void fetchText(sample.src).catch(() => undefined) : undefined;
          return (
            <TabItem
              key={language.language}
              value={language.language}
              label={language.label}
              attributes={prefetch && { onPointerEnter: prefetch, onFocus: prefetch }}
            >
              {'src' in sample ? (
                <FetchedSample language={language} src={sample.src} />
              ) : (
                <>
                  <CodeBlock language={language.highlight}>{sample.code}</CodeBlock>
                  <Requirements language={language} />
                </>
              )}
            </TabItem>
          );
        })}
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
