import type { Plugin } from '@docusaurus/types';

/**
 * Lets pages import a file's text with a `?raw` query, e.g.
 * `import source from '@site/src/examples/quickstart/speech.py?raw'`. The guides show their code
 * examples this way, so the runnable file in `src/examples/` is the only copy of each example.
 * An example too long to ride in a page's first load is imported with `?url` instead: it becomes
 * a plain-text file of the site, named by its content's hash, that `ExampleFile` fetches on demand.
 */
export default function rawSourcePlugin(): Plugin {
  return {
    name: 'raw-source',
    configureWebpack(_config, isServer) {
      return {
        module: {
          rules: [
            { resourceQuery: /raw/, type: 'asset/source' },
            {
              resourceQuery: /url/,
              type: 'asset/resource',
              // `.txt`: served as text/plain, which the fetching component insists on.
              generator: {
                filename: 'assets/examples/[name].[contenthash:8].txt',
                emit: !isServer,
              },
            },
          ],
        },
      };
    },
  };
}
