import type { Plugin } from '@docusaurus/types';
import verifiedAgainst from '../lib/verifiedAgainst';

/**
 * The libraries every page evaluates at start-up, in groups that each get a script of their own,
 * run in this order before the app's entry (`main`). Each group is a module that the entry would
 * otherwise import itself: React, the router and the search bar's lunr, and the classic theme's
 * layout with everything it imports.
 */
export const startupGroups: Readonly<Record<string, readonly string[]>> = {
  'start-react': ['react', 'react/jsx-runtime', 'react-dom/client'],
  'start-libs': ['react-router-dom', 'react-helmet-async', 'lunr'],
  'start-layout': ['@theme/Layout'],
};

/**
 * Docusaurus builds one entry, so the browser evaluated all of the above in one task when
 * `main.js` ran: 250–450 ms at Lighthouse's 4× CPU slowdown, the longest task of every page, with
 * no input handled until it ended. Here each group is an entry of its own, which runs its modules
 * as soon as its script has loaded, in a task of its own; the next group and `main` depend on it,
 * so they reuse its modules rather than bundle them again. One runtime serves all of them (one
 * module cache). Only production builds: the dev server keeps core's single entry.
 */
export default function startupTasksPlugin(): Plugin {
  verifiedAgainst('startup-tasks', '@docusaurus/core', '3.10.2');
  return {
    name: 'startup-tasks',
    configureWebpack(config, isServer) {
      if (isServer || config.mode !== 'production') return {};
      // Core's client entry is one file; were it anything else, splitting it here would be wrong.
      if (typeof config.entry !== 'string') {
        throw new Error('startup-tasks: the client entry is no longer a single file');
      }
      const names = Object.keys(startupGroups);
      const entry: Record<string, { import: string[]; dependOn?: string }> = {};
      names.forEach((name, i) => {
        const modules = [...startupGroups[name]!];
        entry[name] = i === 0 ? { import: modules } : { import: modules, dependOn: names[i - 1] };
      });
      entry.main = { import: [config.entry], dependOn: names.at(-1) };
      return {
        mergeStrategy: { entry: 'replace', 'optimization.runtimeChunk': 'replace' },
        entry,
        optimization: { runtimeChunk: 'single' },
      };
    },
  };
}
