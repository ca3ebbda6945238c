import React, { useState, type ReactNode } from 'react';
import Link from '@docusaurus/Link';
import CodeBlock from '@theme/CodeBlock';
import { arrived, LoadFailure, useFetchedText } from './fetchText';
import styles from './PrebuiltCodeSamples.module.css';

/**
 * A guide example too long for the page's first load (imported with `?url`, see
 * plugins/features/raw-source): the page links to its plain-text file, and a button fetches it
 * into a code block with the usual copy button. Without JavaScript the link still serves it.
 */
export default function ExampleFile({
  src,
  file,
  language,
}: {
  /** The hashed text file the `?url` import gives. */
  src: string;
  /** The name the reader saves it under. */
  file: string;
  language: string;
}): ReactNode {
  const [open, setOpen] = useState(() => arrived.has(src));
  const { loaded, retry } = useFetchedText(src, open);

  const link = (
    <Link to={`pathname://${src}`} download={file}>
      下载 {file}
    </Link>
  );
  return (
    <div
      data-example-src={src}
      data-example-file={file}
      data-example-language={language}
      aria-busy={open && !loaded}
    >
      {loaded && 'code' in loaded ? (
        <CodeBlock language={language} title={file}>
          {loaded.code}
        </CodeBlock>
      ) : loaded ? (
        <LoadFailure
          what={`${file} `}
          reason={loaded.reason}
          link={link}
          onRetry={retry}
          className={styles.status}
        />
      ) : open ? (
        <p role="status" className={styles.status}>
          正在加载 {file}……
        </p>
      ) : (
        <p className={styles.status}>
          <button
            type="button"
            className="button button--sm button--primary"
            onClick={() => setOpen(true)}
          >
            在页面中显示 {file}
          </button>{' '}
          或者{link}（纯文本）。
        </p>
      )}
    </div>
  );
}
