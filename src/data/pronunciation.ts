/**
 * Pronunciation control: the inline markup of `text` (pinyin hints and pauses, read only when the
 * request sets `text_markup: 'pronunciation'`), the per-request pronunciation dictionary (read in
 * both modes), and the validation the API applies to both. The guide renders the rules and the
 * error examples from here, the HTTP and websocket mocks validate requests with
 * `pronunciationError`, and the billing rule counts `spokenText`.
 */
import { rangeSeparator } from './typography';
import { limit } from './limits';
import { normaliseSyllable, pinyinSyllables } from './pinyin';

/** The tones a syllable's digit names; 5 is the neutral tone. */
export const tones = [
  { digit: 1, name: '阴平（第一声）', example: '妈[ma1]' },
  { digit: 2, name: '阳平（第二声）', example: '麻[ma2]' },
  { digit: 3, name: '上声（第三声）', example: '马[ma3]' },
  { digit: 4, name: '去声（第四声）', example: '骂[ma4]' },
  { digit: 5, name: '轻声', example: '吗[ma5]' },
] as const;

/** Values of `language` under which Chinese characters are read in Mandarin, so pinyin applies. */
export const pinyinLanguages: readonly string[] = ['auto', 'zh'];

/** The markup of `text`, each with how it is written and an example. */
export const markup = {
  hint: { syntax: '汉字[拼音声调]', example: '曾[zeng1]' },
  pause: { syntax: '[pause:时长ms]', example: '[pause:500ms]', prefix: 'pause:', unit: 'ms' },
  literalBracket: { syntax: '[[', example: '[[注]' },
} as const;

/**
 * How `text` is read (`text_markup`): `none`, every character is text; `pronunciation`, the
 * markup below applies.
 */
export type TextMarkup = 'none' | 'pronunciation';

/** The default of `text_markup` in the specs (a contract test checks they agree). */
export const defaultTextMarkup: TextMarkup = 'none';

/** The mode a request's `text_markup` names: only `pronunciation` turns the markup on. */
export const textMarkupOf = (value: unknown): TextMarkup =>
  value === 'pronunciation' ? 'pronunciation' : defaultTextMarkup;

/** The request fields pronunciation control reads. */
export interface PronunciationRequest {
  readonly text?: unknown;
  readonly text_markup?: unknown;
  readonly language?: unknown;
  readonly pronunciation_dictionary?: unknown;
}

/** An `invalid_request` error: the field at fault, and a message for the developer. */
export interface PronunciationError {
  readonly param: string;
  readonly message: string;
}

export interface ParsedText {
  /** The text as read aloud, markup removed: what is billed. */
  readonly spoken: string;
  readonly hints: { readonly character: string; readonly syllable: string }[];
  readonly pauses: number[];
}

const isHan = (character: string | undefined): boolean =>
  character !== undefined && /^\p{Script=Han}$/u.test(character);

const pauseMin = () => limit('pauseMinDuration').value;
const pauseMax = () => limit('pauseMaxDuration').value;

/**
 * The text read aloud. With `pronunciation` (the default here, since callers pass marked-up
 * examples): hints and pauses removed, `[[` read as `[`; lenient, for counting (a text the API
 * would refuse is not billed at all). With `none`, the text itself.
 */
export function spokenText(text: string, markup: TextMarkup = 'pronunciation'): string {
  if (markup === 'none') return text;
  return text.replace(/\[\[|\[[^[\]]*\]/g, (m) => (m === '[[' ? '[' : ''));
}

/** `1 – 5`: the tone digits, for messages. */
export const toneRange = `${tones[0].digit}${rangeSeparator}${tones[tones.length - 1].digit}`;

/**
 * Why a syllable (letters and a tone digit, `hang2`) is not one the API reads, or null. The
 * reason follows the syllable's name in a sentence; `inText` for a bracket of `text`, which
 * could also have been a pause.
 */
export function syllableProblem(syllable: string, inText = false): string | null {
  const match = /^([a-zvü]+)(\d?)$/.exec(syllable);
  if (!match) {
    return inText
      ? `既不是拼音也不是停顿：拼音由小写字母加一个声调数字组成，例如 hang2；停顿写作 ${markup.pause.example}`
      : '不是拼音：拼音由小写字母加一个声调数字组成，例如 hang2';
  }
  const [, letters, tone] = match;
  const neutral = tones[tones.length - 1];
  if (!tone)
    return `缺少声调：在拼音后面加 ${toneRange} 的数字，${neutral.digit} 表示${neutral.name}`;
  if (!tones.some((t) => String(t.digit) === tone)) {
    return `的声调 ${tone} 无效：声调只能是 ${toneRange}`;
  }
  if (!pinyinSyllables.has(normaliseSyllable(letters))) return `中的 ${letters} 不是普通话音节`;
  return null;
}

/**
 * Parses the markup of a text. Positions in messages count Unicode code points from 1, the unit
 * of billed characters.
 */
export function parseText(text: string): ParsedText | { error: string } {
  const chars = [...text];
  let spoken = '';
  const hints: { character: string; syllable: string }[] = [];
  const pauses: number[] = [];
  /** The last character read aloud, when it is a Chinese character without a hint yet. */
  let hintable: string | undefined;
  for (let i = 0; i < chars.length; i += 1) {
    const c = chars[i];
    if (c !== '[') {
      spoken += c;
      hintable = isHan(c) ? c : undefined;
      continue;
    }
    const at = `text 第 ${i + 1} 个字符`;
    if (chars[i + 1] === '[') {
      spoken += '[';
      hintable = undefined;
      i += 1;
      continue;
    }
    let end = i + 1;
    while (end < chars.length && chars[end] !== ']' && chars[end] !== '[') end += 1;
    if (chars[end] !== ']') {
      return { error: `${at}的 [ 没有对应的 ]。要朗读半角 [ 本身，请写成 [[。` };
    }
    const content = chars.slice(i + 1, end).join('');
    const tag = `[${content}]`;
    if (content.startsWith(markup.pause.prefix)) {
      const duration = /^pause:(\d+)ms$/.exec(content);
      if (!duration) {
        return { error: `${at}的停顿标记 ${tag} 格式不对，应写成 ${markup.pause.example}。` };
      }
      const ms = Number(duration[1]);
      if (ms < pauseMin() || ms > pauseMax()) {
        return {
          error: `${at}的停顿标记 ${tag} 超出范围：停顿时长须在 ${pauseMin()}${rangeSeparator}${pauseMax()} 毫秒之间。`,
        };
      }
      pauses.push(ms);
      hintable = undefined;
    } else {
      const problem = syllableProblem(content, true);
      if (problem) return { error: `${at}的标记 ${tag} ${problem}。` };
      if (!hintable) {
        return {
          error: `${at}的拼音标注 ${tag} 没有紧跟在汉字后面：标注只能紧跟在一个汉字后面，每个汉字最多一个标注。`,
        };
      }
      hints.push({ character: hintable, syllable: content });
      hintable = undefined;
    }
    i = end;
  }
  return { spoken, hints, pauses };
}

/** Why a pronunciation dictionary is refused, or null. */
export function dictionaryError(dictionary: unknown): PronunciationError | null {
  const param = 'pronunciation_dictionary';
  if (!Array.isArray(dictionary)) return { param, message: `${param} 必须是数组。` };
  const max = limit('pronunciationDictionaryEntries').value;
  if (dictionary.length > max) {
    return { param, message: `${param} 有 ${dictionary.length} 条，最多 ${max} 条。` };
  }
  const maxWord = limit('pronunciationWordLength').value;
  const seen = new Map<string, number>();
  for (const [n, entry] of dictionary.entries()) {
    const at = `${param}[${n}]`;
    const { word, pinyin } = (entry ?? {}) as { word?: unknown; pinyin?: unknown };
    if (typeof word !== 'string' || word.length === 0) {
      return { param: `${at}.word`, message: `${at}.word 不能为空。` };
    }
    const characters = [...word];
    if (!characters.every((c) => isHan(c))) {
      return { param: `${at}.word`, message: `${at}.word“${word}”只能由汉字组成。` };
    }
    if (characters.length > maxWord) {
      return {
        param: `${at}.word`,
        message: `${at}.word“${word}”有 ${characters.length} 个汉字，最多 ${maxWord} 个。`,
      };
    }
    const first = seen.get(word);
    if (first !== undefined) {
      return {
        param: `${at}.word`,
        message: `${at}.word“${word}”与 ${param}[${first}] 重复。`,
      };
    }
    seen.set(word, n);
    if (typeof pinyin !== 'string' || pinyin.length === 0) {
      return { param: `${at}.pinyin`, message: `${at}.pinyin 不能为空。` };
    }
    const syllables = pinyin.split(' ');
    for (const syllable of syllables) {
      const problem = syllableProblem(syllable);
      if (problem) {
        return { param: `${at}.pinyin`, message: `${at}.pinyin 的音节 ${syllable} ${problem}。` };
      }
    }
    if (syllables.length !== characters.length) {
      return {
        param: `${at}.pinyin`,
        message: `${at}.pinyin 有 ${syllables.length} 个音节，“${word}”有 ${characters.length} 个汉字：每个汉字对应一个音节，音节之间用一个空格分隔。`,
      };
    }
  }
  return null;
}

/**
 * Why the API refuses the pronunciation control of a request (an HTTP request, or one
 * `generate`), or null. The dictionary is checked in both modes; `text` only when the request
 * (or `options.markup`) sets `text_markup: 'pronunciation'`. `dictionary: false` for a
 * `generate` that continues a context: its dictionary, like its voice, is the first
 * `generate`'s; `language` and `markup` are then the context's.
 */
export function pronunciationError(
  request: PronunciationRequest,
  options: { dictionary?: boolean; language?: unknown; markup?: TextMarkup } = {},
): PronunciationError | null {
  const language = String(options.language ?? request.language ?? 'auto');
  const readsPinyin = pinyinLanguages.includes(language);
  if (options.dictionary !== false && request.pronunciation_dictionary !== undefined) {
    const error = dictionaryError(request.pronunciation_dictionary);
    if (error) return error;
    if (!readsPinyin && (request.pronunciation_dictionary as unknown[]).length > 0) {
      return {
        param: 'language',
        message: `发音词典只用于普通话：language 须为 ${pinyinLanguages.join(' 或 ')}，当前为 ${language}。`,
      };
    }
  }
  const markup = options.markup ?? textMarkupOf(request.text_markup);
  if (markup === 'none' || typeof request.text !== 'string') return null;
  const parsed = parseText(request.text);
  if ('error' in parsed) return { param: 'text', message: parsed.error };
  if (!readsPinyin && parsed.hints.length > 0) {
    return {
      param: 'language',
      message: `拼音标注只用于普通话：language 须为 ${pinyinLanguages.join(' 或 ')}，当前为 ${language}。`,
    };
  }
  return null;
}

/**
 * Refused requests and the fix of each, for the guide's table. The error shown beside each is
 * computed by `pronunciationError`, the function the mocks answer with.
 */
export const pronunciationErrorExamples: readonly {
  readonly request: PronunciationRequest;
  readonly fix: string;
}[] = [
  {
    request: { text: '这本书的作者曾[zeng]先生', text_markup: 'pronunciation' },
    fix: '补上声调数字：`曾[zeng1]`。',
  },
  {
    request: { text: '一行[hang7]代码', text_markup: 'pronunciation' },
    fix: '改成这个字在句中的读音：`行[hang2]`。',
  },
  {
    request: { text: '欢迎使用 API[ei1]', text_markup: 'pronunciation' },
    fix: '拼音标注只能紧跟在汉字后面；英文单词不需要标注。',
  },
  {
    request: { text: '请看注释[1]。', text_markup: 'pronunciation' },
    fix: '要朗读半角 `[` 本身，写成 `[[`：`注释[[1]`；文本不需要标记时，去掉 `text_markup`。',
  },
  {
    request: { text: '稍等[pause:20000ms]好了', text_markup: 'pronunciation' },
    fix: '把停顿时长改到允许的范围内；更长的静音可以分段合成后拼接。',
  },
  {
    request: { text: '重庆', pronunciation_dictionary: [{ word: '重庆', pinyin: 'chongqing4' }] },
    fix: '每个汉字一个音节，音节之间用空格分隔：`chong2 qing4`。',
  },
  {
    request: {
      text: 'Voxloom 声织',
      pronunciation_dictionary: [{ word: 'Voxloom', pinyin: 'vox1' }],
    },
    fix: '发音词典只收汉字词；英文词按英文读音朗读。',
  },
];

/**
 * How the service reads what a hint does not say: tone sandhi, erhua, Cantonese. The guide
 * renders these once (`/guides/best-practices#readings`); the FAQ links there.
 */
export const readingRules: readonly {
  readonly id: string;
  readonly topic: string;
  readonly rule: string;
}[] = [
  {
    id: 'tone-sandhi',
    topic: '变调',
    rule: '标注写字的本调，变调由服务自动处理：两个第三声相连时前一个读成第二声，“一”“不”按后一个字的声调变读。例如写 `你[ni3]好[hao3]`，读出来是 ní hǎo；标成 `ni2` 则在任何位置都读第二声。',
  },
  {
    id: 'erhua',
    topic: '儿化',
    rule: '在文本中写出“儿”，服务按儿化读，例如“一会儿”“好玩儿”。拼音标注里不能写儿化音节（`wanr2` 会被拒绝）；要给前一个字指定读音，照常标注它自己的音节，例如 `玩[wan2]儿`。',
  },
  {
    id: 'cantonese',
    topic: '粤语',
    rule: '`language` 为 `yue` 时不支持拼音标注和发音词典，带了会被拒绝，`param` 为 `language`；停顿标记可以使用。粤语读错的词，目前只能改写文本（例如换一个同义词）。',
  },
];
