import React, { useEffect, useState, type ReactNode } from 'react';

/** Why a text file did not load, in the reader's words. */
export class TextLoadError extends Error {}

/** The text files fetched in this page view, by path: each once, again after a failure. */
const fetched = new Map<string, Promise<string>>();
/** Their text, once arrived: a panel mounted later (the page visited again) shows it at once. */
export const arrived = new Map<string, string>();

/**
 * A plain-text file of the site (a reference sample, a long guide example), fetched once per page
 * view and again after a failure; a failure says why in the reader's words.
 */
export function fetchText(src: string): Promise<string> {
  let text = fetched.get(src);
  if (!text) {
    text = fetch(src)
      .catch(() => {
        throw new TextLoadError('网络连接失败');
      })
      .then(async (response) => {
        if (!response.ok) throw new TextLoadError(`服务器返回 HTTP ${response.status}`);
        // A host that answers a missing file with a page (200, HTML) must not show as code.
        if (!/^text\/plain\b/.test(response.headers.get('content-type') ?? 'text/plain')) {
          throw new TextLoadError('返回的不是纯文本文件');
        }
        const code = await response.text();
        if (code.trim() === '') throw new TextLoadError('返回的文件是空的');
        arrived.set(src, code);
        return code;
      });
    text.catch(() => fetched.delete(src));
    fetched.set(src, text);
  }
  return text;
}

/** A text file's content, or why it did not load. */
export type Loaded = { readonly code: string } | { readonly reason: string };

/**
 * A text file fetched once `wanted` (a tab chosen, a button pressed): undefined until it arrives,
 * then its text or the reason it failed; `retry` forgets a failure so that it is fetched again.
 */
export function useFetchedText(
  src: string,
  wanted: boolean,
): { loaded: Loaded | undefined; retry: () => void } {
  const [loaded, setLoaded] = useState<Loaded | undefined>(() => {
    const code = arrived.get(src);
    return code === undefined ? undefined : { code };
  });
  useEffect(() => {
    if (!wanted || loaded) return;
    fetchText(src).then(
      (code) => setLoaded({ code }),
      (error: unknown) =>
        setLoaded({ reason: error instanceof TextLoadError ? error.message : '文件无法读取' }),
    );
  }, [wanted, loaded, src]);
  return { loaded, retry: () => setLoaded(undefined) };
}

/** The notice of a failed load: what did not load, why, a retry and the file's own link. */
export function LoadFailure({
  what,
  reason,
  link,
  onRetry,
  className,
}: {
  what: ReactNode;
  reason: string;
  link: ReactNode;
  onRetry: () => void;
  className?: string;
}): ReactNode {
  return (
    <div role="alert" className={`alert alert--danger ${className ?? ''}`}>
      <p>
        {what}没能加载：{reason}。可以重试，或直接{link}。
      </p>
      <button type="button" className="button button--sm button--secondary" onClick={onRetry}>
        重试
      </button>
    </div>
  );
}
