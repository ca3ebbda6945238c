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
import { codeSampleLanguages, extraPrismLanguages } from '../../src/data/codeSamples';
import { decodeSamples, type StoredSample } from '../../src/codegen/sampleFrontMatter';
import { sampleFileOf } from '../../scripts/lib/code-samples';

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
    // The API pages' samples: one in front matter, the others in the files the page fetches.
    const samples = /^code_samples: (.+)$/m.exec(mdx)?.[1];
    for (const s of decodeSamples(samples ? (JSON.parse(samples) as StoredSample[]) : [])) {
      const { highlight } = codeSampleLanguages.find((l) => l.language === s.language)!;
      code.push([
        highlight,
        'code' in s ? s.code : readFileSync(sampleFileOf(root, s.src), 'utf8'),
      ]);
    }
  }
  return code;
}

/** Each token of `shown` as prism-react-renderer highlights it with `theme`: its types and colour. */
function eachToken(
  theme: PrismTheme,
  shown: [string, string][],
  visit: (types: string[], colour: string | undefined, language: string) => void,
): void {
  for (const [language, code] of shown) {
    renderToStaticMarkup(
      React.createElement(Highlight, {
        theme,
        code,
        language,
        children: ({ tokens: lines, getTokenProps }) => {
          for (const token of lines.flat()) {
            visit(token.types, getTokenProps({ token }).style?.color, language);
          }
          return null;
        },
      }),
    );
  }
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
    eachToken(theme, shown, (types, colour, language) => {
      tokens += 1;
      const type = colourType(types);
      const actual = type === undefined ? undefined : resolve(theme, type, language).color;
      if (actual !== colour)
        mismatches.push(`${language} ${types.join(' ')}: ${actual} ≠ ${colour}`);
    });
    expect(tokens).toBeGreaterThan(10_000);
    expect([...new Set(mismatches)]).toEqual([]);
  });
}

/** `#rrggbb`, `#rgb`, `rgb(…)` or `rgba(…)` as [r, g, b, a] (0–255, alpha 0–1). */
function rgba(colour: string): [number, number, number, number] {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour.trim());
  if (hex) {
    const h = hex[1].length === 3 ? [...hex[1]].map((c) => c + c).join('') : hex[1];
    return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)).concat(1) as [
      number,
      number,
      number,
      number,
    ];
  }
  const fn = /^rgba?\(([^)]+)\)$/.exec(colour.trim());
  if (!fn) throw new Error(`not a colour: ${colour}`);
  const [r, g, b, a = 1] = fn[1].split(',').map(Number);
  return [r, g, b, a];
}

/** WCAG 2 relative luminance of an opaque colour. */
function luminance([r, g, b]: number[]): number {
  const channel = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

const over = (top: number[], bottom: number[]): number[] =>
  [0, 1, 2].map((i) => top[i] * top[3] + bottom[i] * (1 - top[3]));

const contrast = (a: number[], b: number[]): number => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

for (const [name, theme] of [
  ['light', lightCodeTheme],
  ['dark', darkCodeTheme],
] as [string, PrismTheme][]) {
  // The accessibility project leaves code blocks to this test (axe's colour check on thousands of
  // token spans was most of its time): every colour a shown token takes meets WCAG AA for normal
  // text on the block's background. No block highlights lines (checked below): on a highlighted
  // line's darker background the light theme's greens and blues fall to 3.7:1.
  test(`every ${name} code colour shown reads at 4.5:1 on the block's background`, () => {
    const background = rgba(String(theme.plain.backgroundColor));
    const colours = new Set<string>([String(theme.plain.color)]);
    eachToken(theme, codeShown(), (_, colour) => {
      if (colour) colours.add(colour);
    });
    expect(colours.size).toBeGreaterThan(5);
    const low = [...colours]
      .map((colour) => ({ colour, ratio: contrast(over(rgba(colour), background), background) }))
      .filter(({ ratio }) => ratio < 4.5)
      .map(({ colour, ratio }) => `${colour}: ${ratio.toFixed(2)}`);
    expect(low).toEqual([]);
  });
}

test('no code block highlights lines, whose background the colours are not checked on', () => {
  const marked: string[] = [];
  for (const file of files('docs').filter((f) => f.endsWith('.mdx'))) {
    const mdx = readFileSync(file, 'utf8');
    for (const [fence] of mdx.matchAll(/^```\w*[^\n]*$/gm)) {
      if (/\{[\d,\s-]+\}/.test(fence)) marked.push(`${file}: ${fence}`);
    }
    if (/highlight-(?:next-line|start)/.test(mdx)) marked.push(`${file}: a highlight comment`);
  }
  for (const file of files('src/examples')) {
    if (/highlight-(?:next-line|start)/.test(readFileSync(file, 'utf8'))) marked.push(file);
  }
  expect(marked).toEqual([]);
});
