import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import { preloadHighlighting } from '@site/src/theme/CodeBlock/Content/highlighter';

// Loads the highlighter on the reader's first interaction with the page, ahead of the first
// client-side navigation to a page with code: nothing runs while the page loads, and nothing is
// fetched for a reader who only reads. As with the theme's route prefetching, not on a data-saver
// or 2G connection: there it loads when a code block first needs it.
//
// Searching does not count: registering Prism's grammars is one long task on the main thread,
// which would land between the first keystroke and the first suggestion. The search shortcut
// (Ctrl/⌘+K) and anything inside the search box are skipped, and the load waits for an idle
// moment.
const interactions = ['pointerdown', 'pointermove', 'keydown', 'touchstart', 'scroll'] as const;

function isSearching(event: Event): boolean {
  if (event instanceof KeyboardEvent && (event.ctrlKey || event.metaKey)) return true;
  const target = event.target;
  return (
    target instanceof Element && target.closest('.navbar__search, input[type="search"]') !== null
  );
}

function onInteraction(event: Event): void {
  if (isSearching(event)) return;
  for (const type of interactions) window.removeEventListener(type, onInteraction);
  const load = () => void preloadHighlighting();
  if ('requestIdleCallback' in window) window.requestIdleCallback(load, { timeout: 2000 });
  else setTimeout(load, 0);
}

if (ExecutionEnvironment.canUseDOM) {
  const connection = (
    navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }
  ).connection;
  const constrained = Boolean(connection?.saveData) || /2g/.test(connection?.effectiveType ?? '');
  if (!constrained) {
    for (const type of interactions) {
      window.addEventListener(type, onInteraction, { passive: true });
    }
  }
}
