// The real mark.js: index.ts hands every other importer of this path this module instead.
import MarkJs from 'mark.js/dist/mark.js';

type Options = { done?: (count: number) => void } & Record<string, unknown>;

/**
 * mark.js for the search bar, with an `unmark()` that skips the walk through the article when no
 * element in it carries mark.js's `data-markjs` attribute, i.e. when there is nothing to remove.
 * Marking, and unmarking after a search, work as in mark.js.
 */
export default function Mark(context: unknown): MarkJs {
  const mark = new MarkJs(context);
  const unmark = mark.unmark;
  mark.unmark = (options?: Options) => {
    if (context instanceof Element && !context.querySelector('[data-markjs]')) {
      options?.done?.(0);
      return mark;
    }
    return unmark(options);
  };
  return mark;
}
