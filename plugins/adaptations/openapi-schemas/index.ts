import path from 'node:path';
import type { Plugin } from '@docusaurus/types';
import replaceImport from '../lib/replaceImport';

// The OpenAPI theme's components that show the operation's parameters, request body and
// responses: each wraps its whole output in `<BrowserOnly>`.
const schemaComponents =
  /docusaurus-theme-openapi-docs[\\/]lib[\\/]theme[\\/](ParamsDetails|RequestSchema|ResponseSchema)[\\/]index\.js$/;

/**
 * The OpenAPI theme renders a reference page's parameters, request body and responses only in
 * the browser, with a skeleton in the HTML. They need nothing of the browser: they read the
 * operation from their props and the explorer's store, which the theme's page also provides on
 * the server. For those three components, `<BrowserOnly>` becomes `RenderedEverywhere.tsx`, so
 * the schemas and their examples are in the HTML: readable without JavaScript, indexed, no
 * layout shift when they appear, and their example code is hydrated from the server's
 * highlighted markup instead of loading the highlighter.
 */
export default function openApiSchemasPlugin(): Plugin {
  return replaceImport('openapi-schemas', {
    request: /^@docusaurus\/BrowserOnly$/,
    importer: (issuer) => schemaComponents.test(issuer),
    replacement: path.join(__dirname, 'RenderedEverywhere.tsx'),
  });
}
