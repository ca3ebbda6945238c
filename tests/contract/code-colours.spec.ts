/**
 * The code theme has no inline styles: a token is coloured by its classes, the type its colour
 * comes from placed last by src/theme/CodeBlock/Line/Token (`colourType`), where the stylesheet's
 * rules look. Here, for every token of the code the site shows, that type must give the colour
 * prism-react-renderer itself computes with each original theme (its later types winning).
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { test, expect } from '@playwright/test';
import React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Highlight, Prism, type PrismTheme } from 'prism-react-renderer';
import { colourType, darkCodeTheme, lightCodeTheme, resolve } from '../../src/css/prismThemes';
import { extraPrismLanguages } from '../../src/data/codeSamples';
import { decodeSamples, type StoredSample } from '../../src/codegen/sampleFrontMatter';

const root = path.resolve(__dirname, '../..');

function files(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** [language, code] of the examples, the fenced blocks of the docs and the API pages' samples. */
function codeShown(): [string, string][] {
  const byExtension: Record<string, string> = {
    '.py': 'python',
    '.mjs': 'javascript',
    '.sh': 'bash',
  };
  const code: [string, string][] = files('src/examples')
    .filter((file) => path.extname(file) in byExtension)
    .map((file) => [byExtension[path.extname(file)], readFileSync(file, 'utf8')]);
  for (const file of files('docs').filter((f) => f.endsWith('.mdx'))) {
    const mdx = readFileSync(file, 'utf8');
    for (const [, language, body] of mdx.matchAll(/^```(\w+)[^\n]*\n([\s\S]*?)^```$/gm)) {
      code.push([language, body]);
    }
    const samples = /^code_samples: (.+)$/m.exec(mdx)?.[1];
    for (const s of decodeSamples(samples ? (JSON.parse(samples) as StoredSample[]) : [])) {
      code.push([s.highlight, s.code]);
    }
  }
  return code;
}

test.beforeAll(async () => {
  // The grammars the site registers beyond prism-react-renderer's own, as the classic theme does:
  // PHP's needs markup-templating first.
  (globalThis as { Prism?: typeof Prism }).Prism = Prism;
  for (const language of ['markup-templating', ...extraPrismLanguages]) {
    await import(`prismjs/components/prism-${language}.js`);
  }
});

for (const [name, theme] of [
  ['light', lightCodeTheme],
  ['dark', darkCodeTheme],
] as [string, PrismTheme][]) {
  test(`every token takes its ${name} colour from the type it puts last`, () => {
    const shown = codeShown();
    expect([...new Set(shown.map(([language]) => language))]).toEqual(
      expect.arrayContaining([
        'bash',
        'python',
        'javascript',
        'c',
        'csharp',
        'go',
        'java',
        'php',
        'rust',
      ]),
    );
    const mismatches: string[] = [];
    let tokens = 0;
    for (const [language, code] of shown) {
      renderToStaticMarkup(
        React.createElement(Highlight, {
          theme,
          code,
          language,
          children: ({ tokens: lines, getTokenProps }) => {
            for (const token of lines.flat()) {
              tokens += 1;
              const expected = getTokenProps({ token }).style?.color;
              const type = colourType(token.types);
              const actual = type === undefined ? undefined : resolve(theme, type, language).color;
              if (actual !== expected) {
                mismatches.push(`${language} ${token.types.join(' ')}: ${actual} ≠ ${expected}`);
              }
            }
            return null;
          },
        }),
      );
    }
    expect(tokens).toBeGreaterThan(10_000);
    expect([...new Set(mismatches)]).toEqual([]);
  });
}
