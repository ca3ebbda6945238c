import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';

/**
 * Writes `robots.txt` after the build: every page may be crawled, and the sitemap's absolute
 * URL comes from the site's `url` (the deployment module), so a rebrand cannot leave it stale.
 */
export default function robotsTxtPlugin(): Plugin {
  return {
    name: 'robots-txt',
    async postBuild({ siteConfig, outDir }) {
      const sitemap = new URL('sitemap.xml', `${siteConfig.url}${siteConfig.baseUrl}`).href;
      await writeFile(
        path.join(outDir, 'robots.txt'),
        `User-agent: *\nAllow: /\n\nSitemap: ${sitemap}\n`,
        'utf8',
      );
    },
  };
}
