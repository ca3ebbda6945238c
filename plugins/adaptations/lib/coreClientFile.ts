import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The absolute path of a file of Docusaurus core's client code, for a plugin that aliases or
 * replaces it. An alias or replacement for a file that moved would do nothing, silently, so a
 * missing file stops the build.
 */
export default function coreClientFile(plugin: string, file: string): string {
  const coreClient = path.join(
    path.dirname(require.resolve('@docusaurus/core/package.json')),
    'lib/client',
  );
  const resolved = path.join(coreClient, file);
  if (!existsSync(resolved)) throw new Error(`${plugin}: ${resolved} is gone`);
  return resolved;
}
