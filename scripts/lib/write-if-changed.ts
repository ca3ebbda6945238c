/**
 * Writes a generated file only when its content changes, so that the dev server, which watches
 * the generated files, rebuilds only what a spec edit changed.
 */
import { readFileSync, writeFileSync } from 'node:fs';

export function writeIfChanged(file: string, content: string): boolean {
  let current: string | undefined;
  try {
    current = readFileSync(file, 'utf8');
  } catch {
    // a new file
  }
  if (current === content) return false;
  writeFileSync(file, content, 'utf8');
  return true;
}
