import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import { preloadHighlighting } from '@site/src/theme/CodeBlock/Content/highlighter';

// Loads the highlighter on the reader's first interaction with the page, ahead of the first
// client-side navigation to a page with code: nothing runs while the page loads, and nothing is
// fetched for a reader who only reads. As with the theme's route prefetching, not on a data-saver
// or 2G connection: there it loads when a code block first needs it.
if (ExecutionEnvironment.canUseDOM) {
  const connection = (
    navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }
  ).connection;
  const constrained = Boolean(connection?.saveData) || /2g/.test(connection?.effectiveType ?? '');
  if (!constrained) {
    for (const type of ['pointerdown', 'pointermove', 'keydown', 'touchstart', 'scroll']) {
      window.addEventListener(type, () => void preloadHighlighting(), {
        once: true,
        passive: true,
      });
    }
  }
}
