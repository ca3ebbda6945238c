import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';

import { apiChanges, changesFeed } from '../../../src/data/apiVersions';
import { atomFeed } from './feed';

/**
 * Writes the version history's Atom feed (`changesFeed.path`) after the build, from the same
 * `apiChanges` the history table renders, with absolute URLs on the site's `url` (the deployment
 * module). A file beside the pages, not a page; every page's head links it (the config's
 * `headTags`). Only the production build writes it: under `docusaurus start` the link is dead.
 */
export default function versionFeedPlugin(): Plugin {
  return {
    name: 'version-feed',
    async postBuild({ siteConfig, outDir }) {
      const file = path.join(outDir, ...changesFeed.path.split('/').filter(Boolean));
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, atomFeed(apiChanges, `${siteConfig.url}${siteConfig.baseUrl}`), 'utf8');
    },
  };
}
