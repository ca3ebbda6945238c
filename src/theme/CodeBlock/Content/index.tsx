import React, {
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import useIsBrowser from '@docusaurus/useIsBrowser';
import { useCodeBlockContext } from '@docusaurus/theme-common/internal';
import type { Props } from '@theme/CodeBlock/Content';
import { loadedHighlighting, preloadHighlighting } from './highlighter';
import ServerContent from './ServerContent';
import styles from './styles.module.css';

/**
 * The server's markup of the blocks hydrated in this document, by what they show (the colours are
 * custom properties, so it holds in either mode). A block rendered again in the browser reuses it
 * and needs no highlighter: the API page's samples shown while the request editor loads, or a
 * page's blocks when the reader comes back to the page first loaded.
 */
const serverMarkup = new Map<string, string>();

/** A <pre> with its <code>, in no document: what the theme's checks read while there is none. */
function emptyPre(): HTMLPreElement {
  const pre = document.createElement('pre');
  pre.append(document.createElement('code'));
  return pre;
}

/** Docusaurus hydrates the server's HTML (a production build; the dev server renders anew). */
const hydratesServerHtml = Boolean(process.env.HYDRATE_CLIENT_ENTRY);

/** A block rendered in the browser: plain lines until the highlighter has loaded, then it. */
function BrowserContent(props: Props): ReactNode {
  const { metadata, wordWrap } = useCodeBlockContext();
  const { codeBlockRef } = wordWrap;
  const [Highlighted, setHighlighted] = useState(loadedHighlighting);
  useEffect(() => {
    if (!Highlighted) void preloadHighlighting().then((loaded) => setHighlighted(() => loaded));
  }, [Highlighted]);
  if (Highlighted) return <Highlighted {...props} />;
  return (
    <pre ref={codeBlockRef} className={props.className}>
      <code>{metadata.code}</code>
    </pre>
  );
}

/**
 * Wraps the theme's code block content. A block that mounts while the page hydrates keeps the
 * server's highlighted markup as it is: highlighting it again in the browser would give the same
 * markup, at the cost of loading and running Prism on every page with code, in long tasks. A block
 * rendered in the browser reuses that markup when the page's server HTML held the same block, and
 * otherwise (after a client-side navigation) renders the theme's content as usual.
 */
export default function CodeBlockContentWrapper(props: Props): ReactNode {
  const isBrowser = useIsBrowser();
  const { metadata, wordWrap } = useCodeBlockContext();
  const key = JSON.stringify([props.className ?? null, metadata]);
  // Decided once, when the block mounts: '' keeps the markup being hydrated as it is, a string is
  // the same block's server markup seen earlier on this page view, undefined renders anew.
  const [markup, setMarkup] = useState(() =>
    hydratesServerHtml && !isBrowser ? '' : serverMarkup.get(key),
  );
  const box = useRef<HTMLDivElement>(null);
  // The theme's word-wrap and scroll checks read the block's <pre> through this ref, which the
  // theme's content sets when it renders, and the kept markup's <pre> fills here (an empty one
  // until a block without server markup renders anew, below: the theme reads it unguarded).
  useImperativeHandle(
    markup === undefined ? undefined : wordWrap.codeBlockRef,
    () => box.current?.querySelector('pre') ?? emptyPre(),
    [],
  );
  useLayoutEffect(() => {
    if (markup !== '' || !box.current) return;
    if (box.current.querySelector('pre')) serverMarkup.set(key, box.current.innerHTML);
    // Mounted before hydration ended but not in the server's HTML (a tab that a stored language
    // choice opened in a layout effect): nothing to keep, so it renders anew.
    else setMarkup(undefined);
  }, [markup, key]);
  if (markup !== undefined) {
    return (
      <div
        className={styles.content}
        ref={box}
        // React leaves the children of an element it hydrates with dangerouslySetInnerHTML as they
        // are, and never sets them again while the value stays the same.
        dangerouslySetInnerHTML={{ __html: markup }}
        suppressHydrationWarning
      />
    );
  }
  return (
    <div className={styles.content}>
      {ExecutionEnvironment.canUseDOM ? (
        <BrowserContent {...props} />
      ) : (
        <ServerContent {...props} />
      )}
    </div>
  );
}
