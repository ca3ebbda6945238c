import path from 'node:path';
import type { Plugin } from '@docusaurus/types';

/**
 * After hydration, Docusaurus flips `useIsBrowser()` to true with a plain state update. Every
 * component that renders differently in the browser then re-renders in one task: the colour-mode
 * toggle, the tabs, and on a reference page the whole OpenAPI item, whose request and response
 * schemas and API explorer mount only in the browser. This plugin swaps core's provider for
 * `BrowserContext.tsx`, which makes that update a transition, as core already does for hydration
 * itself, so React renders the new tree in short slices that yield to input and to the page.
 */
export default function browserContextPlugin(): Plugin {
  const coreClient = path.join(
    path.dirname(require.resolve('@docusaurus/core/package.json')),
    'lib/client',
  );
  return {
    name: 'browser-context',
    configureWebpack() {
      return {
        resolve: {
          alias: {
            [path.join(coreClient, 'browserContext.js')]: path.join(
              __dirname,
              'BrowserContext.tsx',
            ),
          },
        },
      };
    },
  };
}
