import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';
import replaceImport from '../lib/replaceImport';

const themeDir = path.dirname(require.resolve('docusaurus-theme-openapi-docs/package.json'));
const schemaModule = '../../markdown/schema';
const importers = ['ParamsItem', 'SchemaItem', 'Schema'];

/**
 * The OpenAPI theme words a field's constraints itself, in one line of English-shaped
 * qualifiers under a 可选值 label: `>= 0.5` and `<= 2` for a range, `<= 5000 个字符`, ranges
 * and enums alike. Its ParamsItem computes that line inside (no prop to pass another), so its
 * components get `schema.ts` instead of their `markdown/schema` module, with the site's wording
 * (src/components/schemaConstraints.ts, which the Markdown form of the page uses too).
 *
 * A module swap reaches into the theme: if a file named here no longer imports that module, or
 * the module no longer exports what `schema.ts` replaces, the build stops here, not silently.
 */
export default function openApiSchemaWordingPlugin(): Plugin {
  const original = path.join(themeDir, 'lib/markdown/schema.js');
  const exported = readFileSync(original, 'utf8');
  for (const name of ['getSchemaName', 'getQualifierMessage']) {
    if (!exported.includes(`exports.${name} = ${name}`)) {
      throw new Error(`openapi-schema-wording: ${original} no longer exports ${name}`);
    }
  }
  for (const component of importers) {
    const file = path.join(themeDir, 'lib/theme', component, 'index.js');
    if (!readFileSync(file, 'utf8').includes(`require("${schemaModule}")`)) {
      throw new Error(`openapi-schema-wording: ${file} no longer imports ${schemaModule}`);
    }
  }
  const importerPattern = new RegExp(
    `docusaurus-theme-openapi-docs[\\\\/]lib[\\\\/]theme[\\\\/](${importers.join('|')})[\\\\/]index\\.js$`,
  );
  return replaceImport('openapi-schema-wording', {
    request: /^\.\.\/\.\.\/markdown\/schema$/,
    importer: (issuer) => importerPattern.test(issuer),
    replacement: path.join(__dirname, 'schema.ts'),
  });
}
