/**
 * Renders the site's diagrams (src/diagrams) to SVG text, one JSON file each in
 * .generated/diagrams/, which the pages import and inline: the build ships the drawings, not the
 * code that draws them. Runs after scripts/bundle-specs.ts, whose protocol model it reads.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { writeIfChanged } from './lib/write-if-changed';
import { renderDiagrams } from '../src/diagrams';
import type { WebsocketProtocol } from '../src/data/websocketProtocol';

const root = path.resolve(__dirname, '..');
const protocol = JSON.parse(
  readFileSync(path.join(root, '.generated/websocket-protocol.json'), 'utf8'),
) as WebsocketProtocol;
const out = path.join(root, '.generated/diagrams');
mkdirSync(out, { recursive: true });
for (const diagram of renderDiagrams(protocol)) {
  writeIfChanged(path.join(out, `${diagram.name}.json`), JSON.stringify(diagram));
  console.log(`rendered diagram ${diagram.name} (${diagram.svg.length} bytes of SVG)`);
}
