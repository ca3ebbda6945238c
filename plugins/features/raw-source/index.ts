import type { Plugin } from '@docusaurus/types';

/**
 * Lets pages import a file's text with a `?raw` query, e.g.
 * `import source from '@site/src/examples/quickstart/speech.py?raw'`. The guides show their code
 * examples this way, so the runnable file in `src/examples/` is the only copy of each example.
 */
export default function rawSourcePlugin(): Plugin {
  return {
    name: 'raw-source',
    configureWebpack() {
      return {
        module: {
          rules: [{ resourceQuery: /raw/, type: 'asset/source' }],
        },
      };
    },
  };
}
