import path from 'node:path';
import type { Plugin } from '@docusaurus/types';
import replaceImport from '../lib/replaceImport';

/**
 * The OpenAPI theme heads each parameter section with one message, `{type} Parameters`, into
 * which it puts the location's English name: in Chinese that reads 'Path 参数'. Its
 * `ParamsDetails` gets `translate.ts` instead of `@docusaurus/Translate`, which gives each
 * location a message of its own (`…parametersTitle.path`, `.query`, … in i18n/zh-Hans/code.json):
 * 路径参数, 查询参数. The Markdown form of the page reads the same messages.
 */
export default function openApiParameterTitlesPlugin(): Plugin {
  return replaceImport('openapi-parameter-titles', {
    request: /^@docusaurus\/Translate$/,
    importer: (issuer) =>
      /docusaurus-theme-openapi-docs[\\/]lib[\\/]theme[\\/]ParamsDetails[\\/]index\.js$/.test(
        issuer,
      ),
    replacement: path.join(__dirname, 'translate.ts'),
  });
}
