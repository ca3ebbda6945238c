/**
 * Bundles each OpenAPI spec of `api-specs/` into one self-contained file: shared components
 * from `common.yaml` are inlined, and `servers` is filled from the deployment module, so the
 * API origin is written in one place only. The bundles are what the reference is generated
 * from and what readers download (`/api-specs/<id>.yaml`).
 *
 * Run by `npm run gen-api` (before start and build); output is gitignored.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { bundle, createConfig } from '@redocly/openapi-core';
import { stringify } from 'yaml';

import { apiSpecs, bundledSpecPath, publicSpecsDir } from '../src/data/apiSpecs';
import { httpApiBase } from '../src/data/deployment';

async function main(): Promise<void> {
  const root = path.resolve(__dirname, '..');
  const config = await createConfig({});
  await mkdir(path.join(root, publicSpecsDir, 'api-specs'), { recursive: true });

  for (const spec of apiSpecs) {
    const { bundle: result, problems } = await bundle({
      ref: path.join(root, spec.sourcePath),
      config,
    });
    const errors = problems.filter((p) => p.severity === 'error');
    if (errors.length > 0) {
      throw new Error(`${spec.sourcePath}: ${errors.map((p) => p.message).join('; ')}`);
    }
    const document = result.parsed as Record<string, unknown>;
    // Keys in the usual order of an OpenAPI document, servers right after info.
    const { openapi, info, ...rest } = document;
    const published = {
      openapi,
      info,
      servers: [{ url: httpApiBase, description: '生产环境' }],
      ...rest,
    };
    const target = path.join(root, bundledSpecPath(spec.id));
    await writeFile(target, stringify(published, { lineWidth: 0 }), 'utf8');
    console.log(`bundled ${spec.sourcePath} -> ${path.relative(root, target)}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
