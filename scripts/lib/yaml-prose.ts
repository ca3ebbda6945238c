/**
 * Multi-line prose of the API documents (YAML block scalars) as the site shows it. One reading
 * for the websocket pages (scripts/lib/websocket-model.ts) and the Markdown forms
 * (plugins/features/llms-txt), so a wrapped line reads the same on both.
 */

/**
 * Wrapped lines as one line: a break between Chinese characters or after full-width punctuation
 * disappears, any other becomes a space (as between Chinese text and `code`).
 */
export const unwrapLines = (text: string): string =>
  text
    .replace(/([\u4e00-\u9fff])\s*\n\s*(?=[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef])/g, '$1')
    .replace(/([\u3000-\u303f\uff00-\uffef])\s*\n\s*/g, '$1')
    .replace(/\s*\n\s*/g, ' ');

/**
 * The prose's paragraphs (split at blank lines), each unwrapped, joined by `\n\n`. With
 * `listItems`, a paragraph's list items (`- `, `1. `) stay one per line, as Markdown needs them.
 */
export const yamlProse = (value: unknown, { listItems = false } = {}): string =>
  String(value ?? '')
    .trim()
    .split(/\n\s*\n/)
    .map((block) =>
      listItems
        ? block
            .split(/\n(?=\s*(?:[-*] |\d+\. ))/)
            .map((item) => unwrapLines(item.trim()))
            .join('\n')
        : unwrapLines(block.trim()),
    )
    .join('\n\n');
