import type { Plugin } from '@docusaurus/types';

interface Replacement {
  /** The import to replace, as written in the importing module. */
  request: RegExp;
  /** Which importers get the replacement, by their absolute path. */
  importer: (path: string) => boolean;
  /** The absolute path of the module they get instead. */
  replacement: string;
  /** For a module of the client bundle only (the client entry): not looked for on the server. */
  clientOnly?: boolean;
}

/**
 * A plugin that hands some importers of a module another module, in both bundles. A replacement
 * that matches no import in a bundle fails the build: upstream renamed the file or the import,
 * and the adaptation would otherwise stop working without a word.
 */
export default function replaceImport(name: string, ...replacements: Replacement[]): Plugin {
  return {
    name,
    configureWebpack(_config, isServer, { currentBundler }) {
      const { NormalModuleReplacementPlugin } = currentBundler.instance;
      const matches = replacements.map(() => 0);
      return {
        plugins: [
          ...replacements.map(
            ({ request, importer, replacement }, i) =>
              new NormalModuleReplacementPlugin(request, (resource) => {
                if (importer(resource.contextInfo?.issuer ?? '')) {
                  resource.request = replacement;
                  matches[i] += 1;
                }
              }),
          ),
          {
            apply(compiler) {
              compiler.hooks.thisCompilation.tap(name, (compilation) => {
                compilation.hooks.finishModules.tap(name, (modules) => {
                  // A module restored from rspack's persistent cache is not resolved again, so
                  // the callback above does not run for it: the replacement in the module graph
                  // counts as a match too.
                  const resources = new Set<string>();
                  for (const module of modules) {
                    const resource = (module as { resource?: string }).resource;
                    if (resource) resources.add(resource.split('?')[0]);
                  }
                  replacements.forEach(({ request, replacement, clientOnly }, i) => {
                    if (matches[i] > 0 || resources.has(replacement)) return;
                    if (clientOnly && isServer) return;
                    compilation.errors.push(
                      new currentBundler.instance.WebpackError(
                        `[${name}] no import matched ${String(request)} in the ${isServer ? 'server' : 'client'} bundle: the upstream module moved; update or remove this adaptation`,
                      ),
                    );
                  });
                });
              });
            },
          },
        ],
      };
    },
  };
}
