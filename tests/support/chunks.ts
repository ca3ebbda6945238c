import type { APIRequestContext, Page, Route } from '@playwright/test';

/**
 * Helpers to tamper with the JS chunk that holds one page's MDX content, so that tests can
 * exercise the theme's failure paths (crash page, chunk-load reload) on real pages.
 */

/** The forms a string can take inside a minified chunk (the build escapes non-ASCII). */
function jsForms(text: string): string[] {
  const escaped = [...text]
    .map((ch) => {
      const code = ch.codePointAt(0)!;
      return code < 128 ? ch : `\\u${code.toString(16).padStart(4, '0')}`;
    })
    .join('');
  return [text, escaped, escaped.toUpperCase().replace(/\\U/g, '\\u')];
}

/** The page's meta description: a string found in its MDX chunk and in no other page's. */
export async function pageMarker(request: APIRequestContext, path: string): Promise<string[]> {
  const html = await (await request.get(path)).text();
  // The HTML minifier drops the quotes of a value without spaces.
  const match = /<meta[^>]* name="?description"? content=(?:"([^"]+)"|([^\s">]+))/.exec(html);
  if (!match) throw new Error(`no meta description on ${path}`);
  const decoded = (match[1] ?? match[2])
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');
  return jsForms(decoded.slice(0, 12));
}

export type ChunkHandler = (route: Route, body: string) => Promise<void>;

/** Routes every JS chunk; `handler` decides for the chunk holding the page's MDX content. */
export async function onContentChunk(
  page: Page,
  marker: string[],
  handler: ChunkHandler,
): Promise<void> {
  await onContentChunks(page, [{ marker, handler }]);
}

/** The same for several pages at once (one route: Playwright hands a request to one handler). */
export async function onContentChunks(
  page: Page,
  pages: { marker: string[]; handler: ChunkHandler }[],
): Promise<void> {
  await page.route('**/assets/js/*.js', async (route) => {
    try {
      const response = await route.fetch();
      const body = await response.text();
      if (body.includes('contentTitle:()=>')) {
        const hit = pages.find(({ marker }) => marker.some((m) => body.includes(m)));
        if (hit) {
          await hit.handler(route, body);
          return;
        }
      }
      await route.fulfill({ response, body });
    } catch (error) {
      // A reload (the behaviour under test) cancels the chunk requests still in flight; their
      // responses are gone by then. Anything else is a real failure.
      if (!isCancelled(error)) throw error;
    }
  });
}

/**
 * Playwright's errors for a route whose page reloaded (its response is gone) or closed, or whose
 * test ended while the request was in flight (a prefetch, after the test's last check).
 */
function isCancelled(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /has been disposed|Target page, context or browser has been closed|Test ended/.test(
    message,
  );
}
