/**
 * Billing: what is charged, at what price, and how characters are counted. `/price`, its cost
 * estimator and the FAQ render from here. Amounts are in fen (0.01 CNY) so that arithmetic stays
 * exact; `formatYuan` turns them into the text pages show.
 */
import type { ModelId } from './models';
import { spokenText, type TextMarkup } from './pronunciation';
import { billingUtcOffsetHours } from './billingClock';
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
 * Whitespace is never billed (D50): exactly the code points with the Unicode `White_Space`
 * property (D147). Not `\s`, which differs from it in two code points: it leaves out U+0085 and
 * takes in U+FEFF, a zero-width character, which is billed like the other zero-width ones.
 */
const whitespace = /\p{White_Space}/gu;

/** One character of the whitespace rule's lists, as `/price#characters` names it. */
export interface NamedCharacter {
  readonly char: string;
  readonly name: string;
}

/** `U+3000`: a character's code point as the pages write it. */
export const codePointOf = (char: string): string =>
  `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** Whitespace readers meet in texts: free, like every other `White_Space` code point. */
export const freeWhitespace: readonly NamedCharacter[] = [
  { char: ' ', name: '空格' },
  { char: '\t', name: '制表符' },
  { char: '\n', name: '换行' },
  { char: '\r', name: '回车' },
  { char: '\u3000', name: '全角空格' },
  { char: '\u00a0', name: '不换行空格' },
];

/** Zero-width characters: not whitespace, so billed, one each (D147). */
export const billedZeroWidth: readonly NamedCharacter[] = [
  { char: '\u200b', name: '零宽空格' },
  { char: '\u200c', name: '零宽非连接符' },
  { char: '\u200d', name: '零宽连接符' },
  { char: '\ufeff', name: '零宽不换行空格' },
];

const listed = (chars: readonly NamedCharacter[]): string =>
  chars.map((c) => `${c.name}（${codePointOf(c.char)}）`).join('、');

/** The whitespace rule of `/price#characters`, from the two lists above. */
export const whitespaceRule = `Unicode 中带空白属性（White_Space）的字符都不计，例如${listed(freeWhitespace)}。零宽字符不是空白，每个计 1 个字符，例如${listed(billedZeroWidth)}：从别处复制来的文本可能夹带它们，合成前可以去掉。`;

/**
 * Characters billed for a text: every Unicode character read aloud counts once (a Chinese
 * character, a letter, a digit, a punctuation mark, an emoji), except whitespace (`White_Space`),
 * which is free. With `text_markup: 'pronunciation'` (the default here, for the pages' marked-up
 * examples) the markup (pinyin hints, pauses) is not read aloud and is free, and `[[` is read as
 * one `[`; with `none`, the API's default, every character of the text is text, `[` and `]`
 * included. The pronunciation dictionary is never billed.
 */
export function billedCharacters(text: string, markup: TextMarkup = 'pronunciation'): number {
  return [...spokenText(text, markup).replace(whitespace, '')].length;
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
  /** Hours and billing months are Beijing time (D141). */
  utcOffsetHours: billingUtcOffsetHours,
  text: '用量按北京时间的小时汇总、按小时扣费：每一段计入它开始合成的那一小时，每个整点按模型把上一小时的费用相加，四舍五入到分后扣除。单个请求的费用按计费字符数精确折算，不按计费单位向上取整，也不逐个请求取整到分；舍入的差额不结转到下一小时。代金券和充值余额按[代金券的使用顺序](/price#billing-rule-vouchers)支付。克隆费计入音色变为 `ready` 的那一小时，它本身是整分，不需要取整。',
} as const;

/**
 * Money as every page and tool shows it, from fen: the yuan grouped by thousands, two decimals
 * for whole fen (`21000000` → `¥210,000.00`), and a fraction of a fen kept to the thousandth of
 * a fen, trailing zeros dropped (`0.48` → `¥0.0048`, `0.015` → `¥0.00015`): the exact cost of one
 * character at either model's price, as the usage records show it, never ¥0.00. Rounded half up
 * in integers, not by `toFixed`'s binary halves.
 */
export function formatYuan(fen: number): string {
  // Thousandths of a fen, the float noise of `characters × price ÷ unit` removed first.
  const thousandths = Math.round(Math.abs(Number((fen * 1000).toPrecision(12))));
  const sign = fen < 0 && thousandths > 0 ? '-' : '';
  const wholeFen = Math.floor(thousandths / 1000);
  const fraction = thousandths % 1000;
  const yuan = Math.floor(wholeFen / 100);
  const decimals =
    String(wholeFen % 100).padStart(2, '0') +
    (fraction ? String(fraction).padStart(3, '0').replace(/0+$/, '') : '');
  return `${sign}¥${formatCount(yuan)}.${decimals}`;
}
