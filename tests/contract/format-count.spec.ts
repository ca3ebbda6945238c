/**
 * `formatCount` stands in for `toLocaleString('zh-CN')` on the pages (its first call loads ICU's
 * number data while the page hydrates): it must write every number as that would.
 */
import { test, expect } from '@playwright/test';
import { formatCount } from '../../src/data/format';
import { limits } from '../../src/data/limits';
import { billingUnitCharacters, formatYuan, speechCostFen } from '../../src/data/pricing';

test('numbers are grouped by thousands as zh-CN writes them', () => {
  const numbers = [
    0,
    7,
    60,
    999,
    1000,
    5000,
    10_000,
    65_536,
    999_999,
    1_000_000,
    123_456_789,
    -1234,
    2.5,
    1234.5,
    billingUnitCharacters,
    ...limits.map((l) => l.value),
  ];
  for (const n of numbers) expect(formatCount(n), String(n)).toBe(n.toLocaleString('zh-CN'));
});

test('money is written one way: grouped yuan, whole fen to two places, a fraction of a fen kept to its thousandth', () => {
  const cases: [number, string][] = [
    [0, '¥0.00'],
    [0.48, '¥0.0048'],
    [4.5, '¥0.045'],
    [150, '¥1.50'],
    [21_000_000, '¥210,000.00'],
    [123_456_789.5, '¥1,234,567.895'],
    // One character at each model's price, exactly as the usage records show it.
    [speechCostFen(1, 'loom-turbo-v2'), '¥0.00015'],
    [speechCostFen(1, 'loom-hd-v2'), '¥0.0003'],
    // Half up at the thousandth of a fen, whatever the float: 1.0005 is 1.000499… in binary.
    [1.0005, '¥0.01001'],
    [0.0004, '¥0.00'],
    [-150, '-¥1.50'],
  ];
  for (const [fen, text] of cases) expect(formatYuan(fen), String(fen)).toBe(text);
  // A short request's exact cost is never shown as nothing.
  expect(formatYuan(speechCostFen(32, 'loom-turbo-v2'))).toBe('¥0.0048');
});
