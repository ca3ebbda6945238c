import type { LoadContext, Plugin } from '@docusaurus/types';
import { checkAdaptations, describeReport } from './check';
import { adaptationCount, manifests, maxAdaptations, readFingerprints } from '.';

/**
 * Stops the build, before any other plugin loads content, when an upstream file an adaptation
 * depends on has changed or gone (an upgrade), naming each entry to check again; when the code
 * adapts something no manifest lists; or when the adaptations outnumber the allowance.
 * `VOXLOOM_ADAPTATIONS=report` prints the problems and builds on: for the upgrade drill
 * (scripts/upgrade-drill.ts), which wants to see what else an upgrade breaks.
 */
export default function adaptationManifestsPlugin(
  context: Pick<LoadContext, 'siteDir'>,
  options?: unknown,
): Plugin {
  // Only the tests pass a node_modules of their own (a scratch copy with an upstream file changed).
  const { nodeModules } = (options ?? {}) as { nodeModules?: string };
  const problems = describeReport(
    checkAdaptations(manifests, readFingerprints(), context.siteDir, nodeModules),
  );
  if (problems && process.env.VOXLOOM_ADAPTATIONS === 'report') {
    console.warn(`[adaptation-manifests] reported, not enforced:\n${problems}`);
  } else if (problems) {
    throw new Error(`[adaptation-manifests]\n${problems}`);
  }
  if (adaptationCount > maxAdaptations) {
    throw new Error(
      `[adaptation-manifests] ${adaptationCount} adaptations of upstream internals, more than the ${maxAdaptations} allowed: drop one before adding one`,
    );
  }
  return { name: 'adaptation-manifests' };
}
