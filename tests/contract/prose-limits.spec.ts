/**
 * The build's prose check (plugins/features/prose-limits) on planted pages: it must fail a
 * paragraph one character over the limit and a page one pointer over, name what breaks, and pass
 * the page at the limits, so the build's silence on the real pages means something.
 */
import { test, expect } from '@playwright/test';

import { proseFindings, proseViolations } from '../../plugins/features/prose-limits/check';
import { paragraphMaxCharacters, pointerMaxPerPage } from '../../src/data/typography';

const page = (body: string): string =>
  `<html><body><nav><p>${'导'.repeat(400)}</p></nav><article>${body}</article></body></html>`;
const findings = (body: string) => proseFindings(page(body))!;

test('a paragraph, list item, table cell or definition over the limit fails, counted as read', () => {
  // Inline code counts as the reader sees it; whitespace runs count once.
  const at = `规则${'字'.repeat(paragraphMaxCharacters - 10)}<code>abcdefgh</code>`;
  expect([...at.replace(/<[^>]+>/g, '')].length).toBe(paragraphMaxCharacters);
  for (const [open, close] of [
    ['<p>', '</p>'],
    ['<ul><li>', '</li></ul>'],
    ['<table><tr><td>', '</td></tr></table>'],
    ['<dl><dd>', '</dd></dl>'],
  ]) {
    expect(findings(`${open}${at}\n   ${close}`).long, open).toEqual([]);
    expect(findings(`${open}${at}多${close}`).long, open).toEqual([
      { start: `规则${'字'.repeat(22)}`, length: paragraphMaxCharacters + 1 },
    ]);
  }
  // A list item is its own text: its nested list is read as paragraphs of its own.
  const half = '字'.repeat(paragraphMaxCharacters / 2 + 1);
  expect(findings(`<ul><li>${half}<ul><li>${half}</li></ul></li></ul>`).long).toEqual([]);
  // A cell's paragraphs are read one by one, as are a list's items; a closed 细节 is read apart.
  expect(findings(`<table><tr><td><p>${half}</p><p>${half}</p></td></tr></table>`).long).toEqual(
    [],
  );
  expect(
    findings(`<table><tr><td>${half}${half}<ul><li>短</li></ul></td></tr></table>`).long,
  ).toEqual([{ start: '字'.repeat(24), length: (paragraphMaxCharacters / 2 + 1) * 2 }]);
  const detail = `<details><summary>细节</summary><p>${half}</p></details>`;
  expect(findings(`<table><tr><td>${half}${detail}</td></tr></table>`).long).toEqual([]);
  expect(findings(`<p>${half}</p>${detail}`).long).toEqual([]);
  // Text outside the article (the navbar's here) is not the page's prose.
  expect(findings('<p>短</p>').long).toEqual([]);
});

test('more pointers than the limit fail the page, each named; 常见 is a word, not a pointer', () => {
  const pointer = (i: number) => `<p>规则${i}，详见<a href="/x">第 ${i} 节</a>。</p>`;
  const pointers = (n: number) => Array.from({ length: n }, (_, i) => pointer(i + 1)).join('');
  const notPointers = '<p>常见<a href="/faqs">问题</a>；按<a href="/x">重试策略</a>重试。</p>';
  const at = findings(pointers(pointerMaxPerPage) + notPointers);
  expect(at.pointers).toHaveLength(pointerMaxPerPage);
  expect(proseViolations('/x', at)).toEqual([]);
  const over = findings(`${pointers(pointerMaxPerPage)}<p>另见：<a href="/y">名额</a></p>`);
  expect(over.pointers.at(-1)).toBe('名额');
  const [line] = proseViolations('/x', over);
  expect(line).toContain(`/x: ${pointerMaxPerPage + 1} “见…” pointers`);
  expect(line).toContain('见第 1 节、');
  expect(line).toContain('见名额');
});

test('a page without an article has nothing to check', () => {
  expect(proseFindings('<html><body><p>无正文</p></body></html>')).toBeUndefined();
});
