/**
 * Writes a generated file only when its content changes, so that the dev server, which watches
 * the generated files, rebuilds only what a spec edit changed.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export function writeIfChanged(file: string, content: string): boolean {
  let current: string | undefined;
  try {
    current = readFileSync(file, 'utf8');
  } catch {
    // a new file
  }
  if (current === content) return false;
  // On a fresh checkout the first generator to run finds no `.generated/` yet.
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content, 'utf8');
  return true;
}
