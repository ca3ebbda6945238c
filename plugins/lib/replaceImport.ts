import type { Plugin } from '@docusaurus/types';

interface Replacement {
  /** The import to replace, as written in the importing module. */
  request: RegExp;
  /** Which importers get the replacement, by their absolute path. */
  importer: (path: string) => boolean;
  /** The absolute path of the module they get instead. */
  replacement: string;
}

/** A plugin that hands some importers of a module another module, in both bundles. */
export default function replaceImport(name: string, ...replacements: Replacement[]): Plugin {
  return {
    name,
    configureWebpack(_config, _isServer, { currentBundler }) {
      const { NormalModuleReplacementPlugin } = currentBundler.instance;
      return {
        plugins: replacements.map(
          ({ request, importer, replacement }) =>
            new NormalModuleReplacementPlugin(request, (resource) => {
              if (importer(resource.contextInfo?.issuer ?? '')) resource.request = replacement;
            }),
        ),
      };
    },
  };
}
