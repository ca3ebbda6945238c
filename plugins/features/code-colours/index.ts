import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { codeColourCss } from '../../../src/css/prismThemes';

/**
 * Loads the code theme's colours on every page: the light and dark values of its custom properties
 * and the rules that colour code tokens by their classes (src/css/prismThemes.ts), written from
 * that module into the generated files, so the colours have one source.
 */
export default function codeColoursPlugin(context: LoadContext): Plugin {
  const file = path.join(context.generatedFilesDir, 'code-colours', 'code-colours.css');
  return {
    name: 'code-colours',
    getClientModules() {
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, codeColourCss(), 'utf8');
      return [file];
    },
  };
}
