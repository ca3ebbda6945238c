import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The installed version of `pkg`, from its package.json (found from its entry point if need be). */
function installedVersion(pkg: string): string {
  let file: string;
  try {
    file = require.resolve(`${pkg}/package.json`);
  } catch {
    // A package whose `exports` hide its package.json: walk up from its entry point.
    let dir = path.dirname(require.resolve(pkg));
    while (!dir.endsWith(path.join(...pkg.split('/')))) {
      if (path.dirname(dir) === dir) throw new Error(`no folder of ${pkg} above its entry point`);
      dir = path.dirname(dir);
    }
    file = path.join(dir, 'package.json');
  }
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

/**
 * Stops the build when `pkg` is not the version an adaptation of its internals was checked
 * against. An upgrade then asks for the check again (does the adaptation still apply, and still
 * gain what contributing/architecture.md says, `npm run bench:patches`) instead of letting the
 * adaptation stop working without a word. After the check, update the version here and in the
 * table.
 */
export default function verifiedAgainst(plugin: string, pkg: string, version: string): void {
  const installed = installedVersion(pkg);
  if (installed !== version) {
    throw new Error(
      `[${plugin}] was verified against ${pkg} ${version}, but ${installed} is installed: check that it still applies and still gains (contributing/architecture.md, npm run bench:patches), then update the version`,
    );
  }
}
