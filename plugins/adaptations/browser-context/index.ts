import path from 'node:path';
import type { Plugin } from '@docusaurus/types';
import coreClientFile from '../lib/coreClientFile';

/**
 * After hydration, Docusaurus flips `useIsBrowser()` to true with a plain state update. Every
 * component that renders differently in the browser then re-renders in one task: the colour-mode
 * toggle, the tabs, and on a reference page the whole OpenAPI item (it makes a new store) with its
 * API explorer, which mounts only in the browser. This plugin swaps core's provider for
 * `BrowserContext.tsx`, which makes that update a transition, as core already does for hydration
 * itself, so React renders the new tree in short slices that yield to input and to the page.
 */
export default function browserContextPlugin(): Plugin {
  const provider = coreClientFile('browser-context', 'browserContext.js');
  return {
    name: 'browser-context',
    configureWebpack() {
      return {
        resolve: {
          alias: {
            [provider]: path.join(__dirname, 'BrowserContext.tsx'),
          },
        },
      };
    },
  };
}
