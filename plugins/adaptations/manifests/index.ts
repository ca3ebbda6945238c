import { core } from './core';
import { themeClassic } from './theme-classic';
import { openApi } from './openapi';
import { searchLocal } from './search-local';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Fingerprints, Manifest } from './types';

/**
 * Every place the site adapts an upstream package's internals, one manifest per package. The
 * build fails when an installed file an entry depends on changes (`./plugin.ts`), and when the
 * code adapts something no entry lists; contributing/architecture.md#upstream-adaptations points
 * here, and `npm run adaptations` prints the table.
 */
export const manifests: Manifest[] = [core, themeClassic, openApi, searchLocal];

/** The most adaptations the site allows itself (issue 43): each must earn its place. */
export const maxAdaptations = 25;

export const adaptationCount = manifests.reduce((n, m) => n + m.adaptations.length, 0);

/** Where each entry's upstream files' fingerprints are kept. */
export const fingerprintsFile = path.join(__dirname, 'fingerprints.json');

export function readFingerprints(file = fingerprintsFile): Fingerprints {
  return JSON.parse(readFileSync(file, 'utf8')) as Fingerprints;
}
