/**
 * The upstream adaptations (plugins/adaptations/manifests): lists them, checks them as the build
 * does, and records the fingerprints of an entry's upstream files once it has been checked again.
 *
 *   npm run adaptations                           # the list, then the check; exits 1 on a problem
 *   npm run adaptations -- --update <id> [<id>…]  # after re-checking those entries (or `all`)
 *   npm run adaptations -- --root <dir>           # another copy of the repository (the drill)
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  adaptationCount,
  fingerprintsFile,
  manifests,
  maxAdaptations,
  readFingerprints,
} from '../plugins/adaptations/manifests';
import {
  checkAdaptations,
  describeReport,
  fingerprintsOf,
} from '../plugins/adaptations/manifests/check';

const { values, positionals } = parseArgs({
  options: {
    update: { type: 'boolean', default: false },
    root: { type: 'string' },
    quiet: { type: 'boolean', default: false },
  },
  allowPositionals: true,
});
const root = path.resolve(values.root ?? path.join(__dirname, '..'));
const nodeModules = path.join(root, 'node_modules');

if (values.update) {
  const ids = positionals.includes('all')
    ? manifests.flatMap((m) => m.adaptations.map((a) => a.id))
    : positionals;
  const known = new Set(manifests.flatMap((m) => m.adaptations.map((a) => a.id)));
  const unknown = ids.filter((id) => !known.has(id));
  if (ids.length === 0 || unknown.length > 0) {
    console.error(
      `--update takes entry ids (or all); unknown: ${unknown.join(', ') || 'none given'}`,
    );
    process.exit(2);
  }
  const fingerprints = readFingerprints();
  for (const m of manifests) {
    for (const a of m.adaptations) {
      if (!ids.includes(a.id)) continue;
      const now = fingerprintsOf(a, nodeModules);
      const gone = Object.keys(now).filter((file) => now[file] === 'gone');
      if (gone.length > 0) {
        console.error(`${a.id}: ${gone.join(', ')} gone: rewrite the entry, not its fingerprints`);
        process.exit(1);
      }
      fingerprints[a.id] = now;
    }
  }
  const ordered = Object.fromEntries(
    manifests.flatMap((m) => m.adaptations.map((a) => [a.id, fingerprints[a.id] ?? {}])),
  );
  writeFileSync(fingerprintsFile, `${JSON.stringify(ordered, null, 2)}\n`);
  console.log(`fingerprints recorded for ${ids.join(', ')}`);
}

if (!values.quiet) {
  for (const m of manifests) {
    console.log(`\n${m.name} (${m.packages.join(', ')}): ${m.adaptations.length}`);
    for (const a of m.adaptations) {
      console.log(`  ${a.id} [${a.mechanisms.join(', ')}], ${a.upstream.length} upstream file(s)`);
      console.log(`    ${a.what}`);
      console.log(`    gain: ${a.gain}`);
      console.log(
        `    remove when: ${a.removeWhen}${a.proposal ? ` (proposal: ${a.proposal})` : ''}`,
      );
    }
  }
  const files = new Set(
    manifests.flatMap((m) =>
      m.adaptations.flatMap((a) => a.upstream.map((u) => `${u.pkg}/${u.file}`)),
    ),
  );
  console.log(
    `\n${adaptationCount} adaptations (at most ${maxAdaptations}), ${files.size} upstream files fingerprinted\n`,
  );
}

const problems = describeReport(checkAdaptations(manifests, readFingerprints(), root, nodeModules));
if (problems) {
  console.log(problems);
  process.exit(1);
}
console.log('every fingerprint matches the installed packages; no adaptation is unlisted');
