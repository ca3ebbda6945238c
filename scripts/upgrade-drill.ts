/**
 * The upgrade drill (`npm run upgrade-drill`): what the next upgrade of the five upstream packages
 * the site adapts would ask for, without touching this checkout. It copies the repository (no
 * node_modules, .git, build or generated files) to a scratch folder, installs the newest
 * published versions there (every @docusaurus/* package the site declares moves with core, as
 * Docusaurus requires one version of them all), then runs the adaptation check and a build, and
 * prints the manifest entries that fail: the list the maintainer starts from.
 *
 *   npm run upgrade-drill                    # scratch in $TMPDIR/voxloom-upgrade-drill
 *   npm run upgrade-drill -- --dir <folder> --keep
 *   npm run upgrade-drill -- --docusaurus 4.0.0-canary-6822   # a version other than the newest
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: path.join(os.tmpdir(), 'voxloom-upgrade-drill') },
    keep: { type: 'boolean', default: false },
    docusaurus: { type: 'string' },
  },
});
const repo = path.resolve(__dirname, '..');
const scratch = path.resolve(values.dir);
if (
  scratch === repo ||
  scratch.startsWith(repo + path.sep) ||
  repo.startsWith(scratch + path.sep)
) {
  throw new Error(`the scratch folder must be outside the repository: ${scratch}`);
}

/** The five upstream projects the manifests cover; the drill installs their newest versions. */
const drilled = [
  '@docusaurus/core',
  '@docusaurus/preset-classic',
  'docusaurus-plugin-openapi-docs',
  'docusaurus-theme-openapi-docs',
  '@easyops-cn/docusaurus-search-local',
];

const skipped = new Set(['node_modules', '.git', 'build', '.tmp', '.docusaurus', '.generated']);
const run = (cmd: string, args: string[], cwd = scratch) =>
  spawnSync(cmd, args, {
    cwd,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    env: { ...process.env, VOXLOOM_ADAPTATIONS: 'report' },
  });

rmSync(scratch, { recursive: true, force: true });
mkdirSync(scratch, { recursive: true });
cpSync(repo, scratch, {
  recursive: true,
  filter: (source) => {
    const rel = path.relative(repo, source);
    if (rel === '') return true;
    const top = rel.split(path.sep)[0];
    return !skipped.has(top) && !rel.startsWith(path.join('docs', 'api', 'generated'));
  },
});

const pkg = JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const latest = (name: string) =>
  execFileSync('npm', ['view', name, 'version'], { encoding: 'utf8' }).trim();
const docusaurusLatest = values.docusaurus ?? latest('@docusaurus/core');
const targets = new Map<string, string>();
for (const deps of [pkg.dependencies, pkg.devDependencies]) {
  for (const name of Object.keys(deps)) {
    if (name.startsWith('@docusaurus/')) targets.set(name, docusaurusLatest);
  }
}
for (const name of drilled.filter((n) => !n.startsWith('@docusaurus/'))) {
  targets.set(name, latest(name));
}

console.log(`# Upgrade drill, ${new Date().toISOString().slice(0, 10)}\n`);
console.log('| package | installed | newest |');
console.log('| --- | --- | --- |');
for (const [name, version] of targets) {
  const from = pkg.dependencies[name] ?? pkg.devDependencies[name];
  console.log(`| \`${name}\` | ${from} | ${version} |`);
}

const install = run('npm', [
  'install',
  '--no-audit',
  '--no-fund',
  '--save-exact',
  ...[...targets].map(([name, version]) => `${name}@${version}`),
]);
if (install.status !== 0) {
  const output = `${install.stdout ?? ''}\n${install.stderr ?? ''}`;
  const errors = output.split('\n').filter((line) => /npm error/.test(line));
  console.log(`\nnpm install failed (${install.error?.message ?? `exit ${install.status}`}):`);
  console.log(['```', ...(errors.length > 0 ? errors : [output.slice(-3000)]), '```'].join('\n'));
  console.log(`Scratch copy kept in ${scratch}`);
  process.exit(1);
}

const check = run('npx', ['tsx', 'scripts/adaptations.ts', '--quiet']);
console.log('\n## Adaptation check\n');
console.log('```');
console.log((check.stdout + check.stderr).trim());
console.log('```');

// The build, with the manifest check reporting instead of stopping it, so that what else an
// upgrade breaks (a module swap that matches nothing, a type, a test-visible change) shows too.
const build = run(
  'flock',
  ['/tmp/build.lock', 'npx', 'docusaurus', 'build', '--out-dir', 'build'],
  scratch,
);
const buildOutput = `${build.stdout}\n${build.stderr}`;
console.log(`\n## Build: ${build.status === 0 ? 'succeeded' : `failed (exit ${build.status})`}\n`);
const errors = buildOutput
  .split('\n')
  .filter((line) => /error|\[ERROR\]|no import matched|Error:/i.test(line))
  .slice(0, 40);
if (errors.length > 0) {
  console.log('```');
  console.log(errors.join('\n'));
  console.log('```');
}
const types = run('npx', ['tsc', '--noEmit', '-p', '.']);
console.log(`\n## Type check: ${types.status === 0 ? 'clean' : 'errors'}\n`);
if (types.status !== 0) {
  console.log('```');
  console.log(types.stdout.split('\n').filter(Boolean).slice(0, 30).join('\n'));
  console.log('```');
}
if (!values.keep && existsSync(scratch)) rmSync(scratch, { recursive: true, force: true });
else console.log(`\nScratch copy kept in ${scratch}`);
