import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The runnable example files the guides import (`src/examples/`), and the pages that use them. */
export const root = path.resolve(__dirname, '../..');
export const examplesDir = path.join(root, 'src/examples');

export function exampleFiles(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === '__pycache__' ? [] : walk(full);
      return [full];
    });
  return walk(examplesDir).sort();
}

export function mdxFiles(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'generated' ? [] : walk(full);
      return entry.name.endsWith('.mdx') ? [full] : [];
    });
  return walk(path.join(root, 'docs')).sort();
}

/** Debian's interpreter has the packages the examples need (python3-requests, -websocket). */
export const python = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';

export const read = (file: string): string => readFileSync(file, 'utf8');
