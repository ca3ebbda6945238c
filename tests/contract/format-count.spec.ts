/**
 * `formatCount` stands in for `toLocaleString('zh-CN')` on the pages (its first call loads ICU's
 * number data while the page hydrates): it must write every number as that would.
 */
import { test, expect } from '@playwright/test';
import { formatCount } from '../../src/components/formatCount';
import { limits } from '../../src/data/limits';
import { billingUnitCharacters } from '../../src/data/pricing';

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
