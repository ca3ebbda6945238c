/**
 * Billing: what is charged, at what price, and how characters are counted. `/price`, its cost
 * estimator and the FAQ render from here. Amounts are in fen (0.01 CNY) so that arithmetic stays
 * exact; `formatYuan` turns them into the text pages show.
 */
import type { ModelId } from './models';
import { spokenText, type TextMarkup } from './pronunciation';
import { formatCount } from './format';

export const currency = 'CNY';

/** Speech is billed per this many characters. */
export const billingUnitCharacters = 10_000;

/** Price of one billing unit of speech, per model, in fen. */
export const speechPriceFen: Readonly<Record<ModelId, number>> = {
  'loom-turbo-v2': 150,
  'loom-hd-v2': 300,
};

/** Price of one successful voice clone (status `ready`), in fen. Failed clones are free. */
export const clonePriceFen = 500;

/** The voucher a new account receives when it registers in the console. */
export const signupVoucher = { amountFen: 3000, validDays: 90 } as const;

/**
 * Characters billed for a text: every Unicode character read aloud counts once (a Chinese
 * character, a letter, a digit, a punctuation mark, an emoji), except whitespace, which is free.
 * With `text_markup: 'pronunciation'` (the default here, for the pages' marked-up examples) the
 * markup (pinyin hints, pauses) is not read aloud and is free, and `[[` is read as one `[`; with
 * `none`, the API's default, every character of the text is text, `[` and `]` included. The
 * pronunciation dictionary is never billed.
 */
export function billedCharacters(text: string, markup: TextMarkup = 'pronunciation'): number {
  return [...spokenText(text, markup).replace(/\s+/gu, '')].length;
}

/** Cost in fen of synthesising `characters` characters with `model` (exact, not rounded up). */
export function speechCostFen(characters: number, model: ModelId): number {
  return (characters / billingUnitCharacters) * speechPriceFen[model];
}

/**
 * How usage becomes debits, the one rounding rule of billing: `/price#debits` renders it. A
 * request's cost is exact (`speechCostFen`); only the hourly sum is rounded, so short requests
 * are neither free nor rounded up.
 */
export const debitRule = {
  /** Usage is summed per account and model over this many minutes, then debited. */
  periodMinutes: 60,
  text: '用量按小时汇总、按小时扣费：每一段计入它开始合成的那一小时，每个整点按模型把上一小时的费用相加，四舍五入到分后扣除。单个请求的费用按计费字符数精确折算，不按计费单位向上取整，也不逐个请求取整到分；舍入的差额不结转到下一小时。扣费先用代金券，用完再用充值余额。克隆费计入音色变为 `ready` 的那一小时，它本身是整分，不需要取整。',
} as const;

/**
 * Money as every page and tool shows it, from fen: the yuan grouped by thousands, two decimals
 * for whole fen (`21000000` → `¥210,000.00`), and a fraction of a fen kept to the hundredth of
 * a fen, trailing zeros dropped (`0.48` → `¥0.0048`, `4.5` → `¥0.045`): a short request's exact
 * cost is never shown as ¥0.00. Rounded half up in integers, not by `toFixed`'s binary halves.
 */
export function formatYuan(fen: number): string {
  // Hundredths of a fen, the float noise of `characters × price ÷ unit` removed first.
  const hundredths = Math.round(Math.abs(Number((fen * 100).toPrecision(12))));
  const sign = fen < 0 && hundredths > 0 ? '-' : '';
  const wholeFen = Math.floor(hundredths / 100);
  const fraction = hundredths % 100;
  const yuan = Math.floor(wholeFen / 100);
  const decimals =
    String(wholeFen % 100).padStart(2, '0') +
    (fraction ? String(fraction).padStart(2, '0').replace(/0$/, '') : '');
  return `${sign}¥${formatCount(yuan)}.${decimals}`;
}
