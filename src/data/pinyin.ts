/**
 * The syllables of Standard Mandarin in Hanyu Pinyin, without tones: what a pinyin hint or a
 * pronunciation-dictionary entry may name (src/data/pronunciation.ts). ü is written `v` here;
 * after j, q, x and y it is written `u`, as pinyin spells it (`ju`, `xue`, `yuan`).
 */
const finalsByInitial: Readonly<Record<string, string>> = {
  '': 'a o e ai ei ao ou an en ang eng er',
  y: 'i a e ao ou an in ang ing ong u ue uan un',
  w: 'u a o ai ei an en ang eng',
  b: 'a o ai ei ao an en ang eng i ie iao ian in ing u',
  p: 'a o ai ei ao ou an en ang eng i ie iao ian in ing u',
  m: 'a o e ai ei ao ou an en ang eng i ie iao iu ian in ing u',
  f: 'a o ei ou an en ang eng u',
  d: 'a e ai ei ao ou an en ang eng ong i ia ie iao iu ian ing u uo ui uan un',
  t: 'a e ai ao ou an ang eng ong i ie iao ian ing u uo ui uan un',
  n: 'a e ai ei ao ou an en ang eng ong i ie iao iu ian in iang ing u uo uan v ve',
  l: 'a o e ai ei ao ou an ang eng ong i ia ie iao iu ian in iang ing u uo uan un v ve',
  g: 'a e ai ei ao ou an en ang eng ong u ua uo uai ui uan un uang',
  k: 'a e ai ei ao ou an en ang eng ong u ua uo uai ui uan un uang',
  h: 'a e ai ei ao ou an en ang eng ong u ua uo uai ui uan un uang',
  j: 'i ia ie iao iu ian in iang ing iong u ue uan un',
  q: 'i ia ie iao iu ian in iang ing iong u ue uan un',
  x: 'i ia ie iao iu ian in iang ing iong u ue uan un',
  zh: 'a e i ai ei ao ou an en ang eng ong u ua uo uai ui uan un uang',
  ch: 'a e i ai ao ou an en ang eng ong u ua uo uai ui uan un uang',
  sh: 'a e i ai ei ao ou an en ang eng u ua uo uai ui uan un uang',
  r: 'e i ao ou an en ang eng ong u ua uo ui uan un',
  z: 'a e i ai ei ao ou an en ang eng ong u uo ui uan un',
  c: 'a e i ai ao ou an en ang eng ong u uo ui uan un',
  s: 'a e i ai ao ou an en ang eng ong u uo ui uan un',
};

export const pinyinSyllables: ReadonlySet<string> = new Set(
  Object.entries(finalsByInitial).flatMap(([initial, finals]) =>
    finals.split(' ').map((final) => initial + final),
  ),
);

/**
 * A syllable as the table spells it: `ü` becomes `v`, and after j, q, x, y a `v` becomes `u`
 * (`lü` → `lv`, `jv` → `ju`).
 */
export function normaliseSyllable(letters: string): string {
  const v = letters.replace(/ü/g, 'v');
  return /^[jqxy]v/.test(v) ? v.replace('v', 'u') : v;
}
