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
