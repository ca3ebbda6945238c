/**
 * The site's diagrams, each rendered from the data whose rules it draws. Build time only:
 * scripts/render-diagrams.ts writes them to .generated/diagrams/, and pages inline the SVG text.
 */
import { deployment } from '../data/deployment';
import { apiErrors, errorActionKinds, errorActionLabel } from '../data/errors';
import { limit } from '../data/limits';
import { retryPolicy } from '../data/retryPolicy';
import { reconnectKinds, reconnectLabel, type WebsocketProtocol } from '../data/websocketProtocol';
import { contextsDiagram } from './contexts';
import { decisionDiagram } from './decision';
import { deploymentDiagram } from './deployment';
import type { RenderedDiagram } from './svg';

/** Every diagram, from the protocol model that scripts/bundle-specs.ts derives from AsyncAPI. */
export function renderDiagrams(protocol: WebsocketProtocol): RenderedDiagram[] {
  return [
    contextsDiagram(protocol, deployment.brandName),
    deploymentDiagram(limit, deployment.brandName),
    decisionDiagram({
      errors: apiErrors,
      kinds: errorActionKinds,
      kindLabel: errorActionLabel,
      closeCodes: protocol.closeCodes,
      reconnectKinds,
      reconnectLabel,
      policy: retryPolicy,
    }),
  ];
}
