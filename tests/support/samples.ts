import { readFileSync, readdirSync } from 'node:fs';
import { renderSamples, type RenderedSample } from '../../scripts/lib/code-samples';
import { decodeApi } from '../../scripts/render-code-samples';
import { apiSpecs } from '../../src/data/apiSpecs';
import { codeSampleLanguages } from '../../src/data/codeSamples';

/** An operation as its generated page holds it (the `api` front matter of its MDX). */
export function generatedOperation(specId: string, operationId: string): Record<string, unknown> {
  const spec = apiSpecs.find((s) => s.id === specId)!;
  for (const file of readdirSync(spec.outputDir).filter((f) => f.endsWith('.api.mdx'))) {
    const api = decodeApi(readFileSync(`${spec.outputDir}/${file}`, 'utf8'));
    if (api.operationId === operationId) return api;
  }
  throw new Error(`no generated page for ${operationId}`);
}

/** The generator's samples of an operation, as `npm run gen-api` renders them. */
export function generatedSamples(specId: string, operationId: string): Promise<RenderedSample[]> {
  return renderSamples(generatedOperation(specId, operationId), codeSampleLanguages);
}
