import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';

/**
 * The classic theme registers `prism.additionalLanguages` from a client module, which runs on
 * every page at start-up and so evaluates prism-react-renderer's Prism (some sixty grammars, each
 * walking all the others as it registers) inside the main script's one long task. This plugin
 * drops that module: pages hydrated from the server's HTML keep its highlighted code as it is
 * (`src/theme/CodeBlock/Content`), and the highlighter, with the grammars, loads where code is
 * rendered in the browser, or on the reader's first interaction (`client.ts`).
 */
export default function lazyPrismPlugin(): Plugin {
  const themeLib = path.dirname(require.resolve('@docusaurus/theme-classic'));
  const startupRegistration = path.join(themeLib, 'prism-include-languages.js');
  const serverContent = path.resolve(
    __dirname,
    '../../../src/theme/CodeBlock/Content/ServerContent',
  );
  // An alias of a file that moved would do nothing, silently: stop the build instead.
  for (const file of [startupRegistration, `${serverContent}.tsx`]) {
    if (!existsSync(file))
      throw new Error(`lazy-prism: ${file} is gone; update or remove the alias`);
  }
  return {
    name: 'lazy-prism',
    getClientModules() {
      return [path.join(__dirname, 'client.ts')];
    },
    configureWebpack(_config, isServer) {
      const alias: Record<string, false> = { [`${startupRegistration}$`]: false };
      // The client loads the highlighter on demand; only the server renders it in the same pass.
      if (!isServer) alias[`${serverContent}.tsx`] = false;
      return { resolve: { alias } };
    },
  };
}
