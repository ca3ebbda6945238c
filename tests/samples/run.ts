/**
 * Runs the code-sample harness and prints its report; exits 1 on any red cell.
 *
 *   npx tsx tests/samples/run.ts [--languages python,go] [--operations createSpeech]
 *     [--specs <dir>] [--site <dir>] [--no-guides] [--out <dir>]
 *
 * Defaults: the build in $SITE_DIR (or build/), whose pages' code is run as they show it, the
 * bundled specs, all nine languages, output in .tmp/samples/ (report.md, report.json, work/).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { bundledSpecPath } from '../../src/data/apiSpecs';
import { codeSampleLanguages } from '../../src/data/codeSamples';
import { runHarness } from './harness';
import { root } from './http-mock';
import { formatReport } from './report';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      languages: { type: 'string' },
      operations: { type: 'string' },
      specs: { type: 'string', default: path.dirname(bundledSpecPath('speech')) },
      site: { type: 'string', default: process.env.SITE_DIR ?? 'build' },
      'no-guides': { type: 'boolean', default: false },
      out: { type: 'string', default: '.tmp/samples' },
    },
  });
  const all = codeSampleLanguages.map((l) => l.language);
  const languages = values.languages ? values.languages.split(',') : all;
  const unknown = languages.filter((l) => !all.includes(l));
  if (unknown.length > 0) throw new Error(`unknown languages: ${unknown.join(', ')}`);
  const out = path.resolve(root, values.out);
  mkdirSync(out, { recursive: true });

  const report = await runHarness({
    siteDir: path.resolve(root, values.site),
    guides: !values['no-guides'],
    specsDir: path.resolve(root, values.specs),
    languages,
    operations: values.operations?.split(','),
    workDir: path.join(out, 'work'),
    // Build caches are shared by every run, whatever its output folder.
    cacheDir: path.join(root, '.tmp/samples-cache'),
  });
  const text = formatReport(report);
  writeFileSync(path.join(out, 'report.md'), text);
  writeFileSync(path.join(out, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.log(text);
  console.log(`Report: ${path.relative(root, path.join(out, 'report.md'))}`);
  process.exit(report.ok ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
