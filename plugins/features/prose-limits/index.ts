import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';

import { proseFindings, proseViolations } from './check';

/**
 * Fails the production build when a page's article holds a paragraph, list item, table cell or
 * definition longer than `paragraphMaxCharacters`, or more “见…” pointers than
 * `pointerMaxPerPage` (src/data/typography.ts), naming the page and what breaks the limit. It
 * reads the built HTML, so the reference pages' prose from the specs is checked as shown.
 */
export default function proseLimitsPlugin(): Plugin {
  return {
    name: 'prose-limits',
    async postBuild({ siteConfig, outDir, routesPaths }) {
      const failures: string[] = [];
      for (const route of [...new Set(routesPaths)].sort()) {
        const relative = route.slice(siteConfig.baseUrl.length);
        const file = path.join(outDir, relative === '' ? 'index.html' : `${relative}.html`);
        if (!existsSync(file)) continue;
        const findings = proseFindings(await readFile(file, 'utf8'));
        if (findings) failures.push(...proseViolations(route, findings));
      }
      if (failures.length > 0) {
        throw new Error(`prose-limits: ${failures.length} finding(s)\n${failures.join('\n')}`);
      }
    },
  };
}
