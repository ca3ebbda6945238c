import { EsbuildPlugin } from 'esbuild-loader';
import TerserPlugin from 'terser-webpack-plugin';
import browserslistToEsbuild from 'browserslist-to-esbuild';
import type { Plugin } from '@docusaurus/types';
import type { Chunk, RuleSetRule } from 'webpack';

/**
 * esbuild in place of Babel, and for the largest chunk of all in place of Terser. Docusaurus
 * Faster would do the same with SWC, but SWC's native binaries do not install here; esbuild's do.
 * A cold build was ~98 s on 2 cores, most of it Babel and Terser working through the OpenAPI
 * theme and its request form's dependencies.
 *
 * The browsers are the `production` browserslist of package.json, as they were for Babel.
 */
const browsers = browserslistToEsbuild(undefined, { env: 'production' });

/** `siteConfig.webpack.jsLoader`: TypeScript, JSX and the site's browsers, by esbuild. */
export function esbuildJsLoader(isServer: boolean): RuleSetRule {
  return {
    loader: require.resolve('esbuild-loader'),
    options: {
      loader: 'tsx',
      jsx: 'automatic',
      target: isServer ? 'node20' : browsers,
    },
  };
}

/**
 * The request form's libraries (postman's code generators and collection, faker: ~5 MB minified),
 * in a chunk of their own. src/components/ApiPanel loads them only when a reader edits a request.
 */
const explorerChunk = 'api-explorer';
const explorerVendorsChunk = 'api-explorer-vendors';
const explorerVendorsFile = new RegExp(`/${explorerVendorsChunk}\\.[0-9a-f]+\\.js$`);

/**
 * Terser still minifies every script a page loads at start-up: its output is some 8 % smaller
 * than esbuild's. esbuild takes the request form's libraries, on which Terser alone spent ~40 s,
 * as one job that two cores cannot share. The server bundle, which only renders the pages at build
 * time, is not minified at all.
 */
export default function esbuildMinifyPlugin(): Plugin {
  return {
    name: 'esbuild-minify',
    configureWebpack(config, isServer) {
      if (isServer) return { optimization: { minimize: false } };
      const splitChunks = {
        cacheGroups: {
          [explorerVendorsChunk]: {
            name: explorerVendorsChunk,
            chunks: (chunk: Chunk) => chunk.name === explorerChunk,
            test: /[\\/]node_modules[\\/]/,
            enforce: true,
          },
        },
      };
      // `docusaurus build --no-minify` (to read profiles) leaves the client unminified too.
      if (!config.optimization?.minimize) return { optimization: { splitChunks } };
      // Docusaurus's own Terser is replaced below; its CSS minimizer stays. Were core's Terser
      // not found (another copy or another minimizer), Terser would run twice, silently.
      const minimizers = config.optimization.minimizer ?? [];
      const cssMinimizers = minimizers.filter((minimizer) => !(minimizer instanceof TerserPlugin));
      if (cssMinimizers.length !== minimizers.length - 1) {
        throw new Error("esbuild-minify: Docusaurus's Terser minimizer was not found");
      }
      return {
        mergeStrategy: { 'optimization.minimizer': 'replace' },
        optimization: {
          minimizer: [
            ...cssMinimizers,
            new TerserPlugin({
              exclude: explorerVendorsFile,
              terserOptions: { ecma: 2020, format: { comments: false } },
            }),
            new EsbuildPlugin({ include: explorerVendorsFile, target: browsers }),
          ],
          splitChunks,
        },
      };
    },
  };
}
