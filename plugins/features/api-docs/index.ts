import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';

import { apiDocsStageVariable } from '../../../scripts/lib/api-docs-inputs';

/** What a spec edit under the dev server regenerates from (the generator hashes more). */
const watched = ['api-specs/**', 'src/data/**', 'src/diagrams/**'];

const generatorArgs = (siteDir: string) => [
  '--import',
  'tsx',
  path.join(siteDir, 'scripts/generate-api-docs.ts'),
  '--if-changed',
];

/**
 * Generates the API reference (bundled specs, reference pages, code samples, diagrams) with
 * scripts/generate-api-docs.ts, so that a plain `docusaurus start` or `build` works and a spec
 * edit reaches the dev server's pages.
 *
 * The first generation happens while the plugins are created, before any plugin loads content:
 * the docs plugin reads the generated pages in its `loadContent`, which runs beside this
 * plugin's. Later generations, when a watched file changes, run in `loadContent`; the docs
 * plugin then sees its pages change and reloads itself.
 */
export default function apiDocsPlugin(context: LoadContext): Plugin | null {
  // The generator's own `docusaurus gen-api-docs` loads this config too.
  if (process.env[apiDocsStageVariable]) return null;
  const { siteDir } = context;
  const first = spawnSync(process.execPath, generatorArgs(siteDir), {
    cwd: siteDir,
    stdio: 'inherit',
  });
  if (first.status !== 0) throw new Error('[api-docs] generating the API reference failed');
  let created = true;
  return {
    name: 'api-docs',
    getPathsToWatch: () => watched.map((glob) => path.join(siteDir, glob)),
    async loadContent() {
      if (created) {
        created = false;
        return;
      }
      await new Promise<void>((resolve, reject) => {
        spawn(process.execPath, generatorArgs(siteDir), { cwd: siteDir, stdio: 'inherit' }).on(
          'exit',
          (code) =>
            code === 0
              ? resolve()
              : reject(new Error('[api-docs] generating the API reference failed')),
        );
      });
    },
  };
}
