import type { ComponentType } from 'react';
import type { Props } from '@theme/CodeBlock/Content';

type Content = ComponentType<Props>;

let loaded: Content | undefined;
let loading: Promise<Content> | undefined;

/** The theme's highlighted content, if it has loaded. */
export function loadedHighlighting(): Content | undefined {
  return loaded;
}

/**
 * Loads the theme's highlighted content (prism-react-renderer, Prism and the extra grammars) once:
 * on the reader's first interaction (plugins/adaptations/lazy-prism, a client module: this file is all it adds
 * to the main script), or when a block first renders anew in the browser.
 */
export function preloadHighlighting(): Promise<Content> {
  loading ??= import('./Highlighted').then((module) => (loaded = module.default));
  return loading;
}
