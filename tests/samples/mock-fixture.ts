/**
 * One HTTP mock per spec file, and a fresh account (recorder) per use, closed after each test: the
 * set-up every spec of the HTTP mock's behaviour shares.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from '@playwright/test';

import { bundledSpecPath } from '../../src/data/apiSpecs';
import {
  root,
  startHttpMock,
  type AccountOptions,
  type HttpMock,
  type Recorder,
} from './http-mock';

/** Registers the file's hooks; `record` opens an account for one test, `mock` is the server. */
export function useHttpMock(name: string): {
  record: (options?: AccountOptions) => Promise<Recorder>;
  mock: () => HttpMock;
} {
  let mock: HttpMock;
  const recorders: Recorder[] = [];
  test.beforeAll(async () => {
    mock = await startHttpMock({
      // Every bundle sits in one folder; the mock merges them all.
      specsDir: path.join(root, path.dirname(bundledSpecPath('speech'))),
      workDir: mkdtempSync(path.join(tmpdir(), `${name}-`)),
    });
  });
  test.afterAll(async () => mock?.close());
  test.afterEach(async () => {
    await Promise.all(recorders.splice(0).map((r) => r.close()));
  });
  return {
    record: async (options = {}) => {
      const recorder = await mock.record(options);
      recorders.push(recorder);
      return recorder;
    },
    mock: () => mock,
  };
}
