/**
 * Every entry of the decision register (contributing/decisions.md) is shown by a test: some test
 * or describe title under tests/ names it as `(Dn)`, and that test fails when the mock, the model,
 * the data or the page stops doing what the entry decides. An entry a later one revises is shown
 * by the revising entry's test. A title may not name an entry the register lacks.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';

const register = readFileSync('contributing/decisions.md', 'utf8');
const entries = [...register.matchAll(/^### (D\d+)\. (.*)$/gm)].map(([, id, title]) => ({
  id,
  title,
  revisedBy: /\(revised by ([^)]*)\)/.exec(title)?.[1].match(/D\d+/g) ?? [],
}));

function specFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? specFiles(join(dir, e.name))
      : e.name.endsWith('.spec.ts')
        ? [join(dir, e.name)]
        : [],
  );
}

/** The titles of every test and describe block, as written in the spec files. */
const titles = specFiles('tests').flatMap((file) =>
  [
    ...readFileSync(file, 'utf8').matchAll(
      /\btest(?:\.describe)?(?:\.serial)?\(\s*(['"`])((?:(?!\1)[\s\S])*)\1/g,
    ),
  ].map((m) => ({ file, title: m[2] })),
);

const named = new Map<string, string[]>();
for (const { file, title } of titles) {
  for (const id of title.match(/\bD\d+\b/g) ?? []) {
    named.set(id, [...(named.get(id) ?? []), `${file}: ${title}`]);
  }
}

test('the register is numbered without gaps', () => {
  expect(entries.length).toBeGreaterThan(100);
  expect(entries.map((e) => e.id)).toEqual(entries.map((_, i) => `D${i + 1}`));
});

test('every register entry is shown by a test that names it', () => {
  const unshown = entries
    .filter((e) => !named.has(e.id) && !e.revisedBy.some((r) => named.has(r)))
    .map((e) => `${e.id}. ${e.title}`);
  expect(unshown).toEqual([]);
});

test('a test names only entries the register has', () => {
  const known = new Set(entries.map((e) => e.id));
  const stray = [...named.keys()].filter((id) => !known.has(id));
  expect(stray).toEqual([]);
});
