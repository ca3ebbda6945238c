/**
 * The upstream adaptations' manifests (plugins/adaptations/manifests): an upgrade that changes a
 * file an adaptation depends on stops the build, naming the entry, and the site keeps at most 25
 * adaptations. The upgrade is played in a scratch node_modules holding copies of the fingerprinted
 * upstream files, one of them then edited or deleted.
 */
import { appendFileSync, cpSync, mkdtempSync, rmSync, statSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, expect } from '@playwright/test';
import {
  adaptationCount,
  manifests,
  maxAdaptations,
  readFingerprints,
} from '../../plugins/adaptations/manifests';
import { changedEntries, findUnlisted } from '../../plugins/adaptations/manifests/check';
import adaptationManifestsPlugin from '../../plugins/adaptations/manifests/plugin';

const repo = path.resolve(__dirname, '../..');
const installed = path.join(repo, 'node_modules');
const entries = manifests.flatMap((m) => m.adaptations);

/** A node_modules with a copy of every upstream file the manifests fingerprint. */
function scratchNodeModules(): string {
  const dir = path.join(mkdtempSync(path.join(os.tmpdir(), 'adaptations-')), 'node_modules');
  for (const { pkg, file } of entries.flatMap((a) => a.upstream)) {
    const from = path.join(installed, pkg, file);
    const to = path.join(dir, pkg, file);
    mkdirSync(path.dirname(to), { recursive: true });
    cpSync(from, to, { recursive: statSync(from).isDirectory() });
  }
  return dir;
}

test(`at most ${maxAdaptations} adaptations, each with a gain or a reason and a removal condition`, () => {
  expect(adaptationCount).toBeLessThanOrEqual(maxAdaptations);
  for (const a of entries) {
    expect(a.gain, a.id).toMatch(/^(speed|bytes|behaviour|reason)/);
    expect(a.removeWhen.length, a.id).toBeGreaterThan(10);
    expect(a.upstream.length, a.id).toBeGreaterThan(0);
  }
});

test('the installed packages match every fingerprint, and every adaptation is listed', () => {
  expect(changedEntries(manifests, readFingerprints(), installed)).toEqual([]);
  expect(findUnlisted(manifests, repo, installed)).toEqual([]);
});

test('an upstream file that changes fails the build, naming the entries that depend on it', () => {
  const nodeModules = scratchNodeModules();
  try {
    expect(changedEntries(manifests, readFingerprints(), nodeModules)).toEqual([]);
    // An upgrade of the OpenAPI theme that rewrites its storage helpers (where it calls SHA1).
    appendFileSync(
      path.join(
        nodeModules,
        'docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/storage-utils.js',
      ),
      '\n// 5.3.0\n',
    );
    const changed = changedEntries(manifests, readFingerprints(), nodeModules);
    expect(changed.map((c) => c.adaptation.id)).toEqual(['openapi-sha1']);
    expect(changed[0].files).toEqual([
      expect.objectContaining({
        pkg: 'docusaurus-theme-openapi-docs',
        file: 'lib/theme/ApiExplorer/storage-utils.js',
      }),
    ]);
    expect(() => adaptationManifestsPlugin({ siteDir: repo }, { nodeModules })).toThrow(
      /openapi-sha1 \(OpenAPI plugin and theme\)[^\n]*\n\s+docusaurus-theme-openapi-docs\/lib\/theme\/ApiExplorer\/storage-utils\.js: changed/,
    );

    // A file two entries depend on, gone: both are named.
    rmSync(
      path.join(nodeModules, 'docusaurus-theme-openapi-docs/lib/theme/ParamsDetails/index.js'),
    );
    const gone = changedEntries(manifests, readFingerprints(), nodeModules);
    expect(gone.map((c) => c.adaptation.id)).toEqual([
      'openapi-schemas',
      'openapi-parameter-titles',
      'openapi-sha1',
    ]);
    expect(gone[0].files[0].actual).toBe('gone');
  } finally {
    rmSync(path.dirname(nodeModules), { recursive: true, force: true });
  }
});

test('an adaptation missing from the manifests fails the build, naming it', () => {
  const withoutCodeBlock = manifests.map((m) => ({
    ...m,
    adaptations: m.adaptations.filter((a) => a.id !== 'code-block' && a.id !== 'search-client'),
  }));
  const problems = findUnlisted(withoutCodeBlock, repo, installed);
  expect(problems).toEqual(
    expect.arrayContaining([
      expect.stringMatching(
        /^src\/theme\/CodeBlock shadows @docusaurus\/theme-classic's CodeBlock/,
      ),
      expect.stringMatching(
        /^src\/theme\/CodeBlock\/Content\/index\.tsx reaches into upstream internals \(@docusaurus\/theme-common\/internal/,
      ),
      expect.stringMatching(
        /^plugins\/adaptations\/search-local\/searchWorker\.ts reaches into upstream internals/,
      ),
    ]),
  );
});
