import path from 'node:path';
import type { Plugin } from '@docusaurus/types';
import replaceImport from '../lib/replaceImport';

/**
 * The OpenAPI theme's storage helpers import all of crypto-js (ciphers, every hash, about 40 KB
 * gzip) for one call, `SHA1`, which keys the saved authorisation by the operation's security
 * schemes. `ApiItem` imports those helpers, so every reference page downloaded and ran the
 * whole library at start-up. They get `CryptoJsSha1.ts` instead: the same `SHA1` of crypto-js,
 * with only its core, so the keys, and what readers saved under them, stay the same.
 */
export default function openApiSha1Plugin(): Plugin {
  const themeExplorer = path.join(
    path.dirname(require.resolve('docusaurus-theme-openapi-docs/package.json')),
    'lib/theme/ApiExplorer',
  );
  return replaceImport('openapi-sha1', {
    request: /^crypto-js$/,
    importer: (issuer) => issuer.startsWith(themeExplorer + path.sep),
    replacement: path.join(__dirname, 'CryptoJsSha1.ts'),
  });
}
