/**
 * The preset voice catalogue: what `GET /v1/voices?type=preset` returns, with the styles and
 * scenarios `/voices` filters by. The spec examples' `voice_id` values must be listed here (a
 * contract test checks it), so a pasted sample always names a real voice.
 */
export type VoiceLanguage = 'zh' | 'en' | 'ja' | 'ko' | 'yue';
export type VoiceGender = 'female' | 'male' | 'neutral';
export type VoiceScenario = '客服' | '语音助手' | '有声书' | '新闻播报' | '教育' | '游戏' | '广告';

export interface PresetVoice {
  readonly voiceId: string;
  readonly name: string;
  readonly language: VoiceLanguage;
  readonly gender: VoiceGender;
  /** One or two words on how it sounds. */
  readonly style: string;
  readonly scenarios: readonly VoiceScenario[];
  readonly description: string;
}

export const languageLabels: Readonly<Record<VoiceLanguage, string>> = {
  zh: '普通话',
  en: '英语',
  ja: '日语',
  ko: '韩语',
  yue: '粤语',
};

export const genderLabels: Readonly<Record<VoiceGender, string>> = {
  female: '女声',
  male: '男声',
  neutral: '中性',
};

export const presetVoices: readonly PresetVoice[] = [
  {
    voiceId: 'zh_female_qingxin',
    name: '清欣',
    language: 'zh',
    gender: 'female',
    style: '亲切',
    scenarios: ['客服', '语音助手'],
    description: '年轻女声，吐字清楚，语气亲切，默认推荐给对话场景。',
  },
  {
    voiceId: 'zh_female_wanqing',
    name: '婉晴',
    language: 'zh',
    gender: 'female',
    style: '温柔',
    scenarios: ['有声书', '教育'],
    description: '温柔舒缓的女声，长篇朗读不易疲劳。',
  },
  {
    voiceId: 'zh_female_xiaoman',
    name: '小满',
    language: 'zh',
    gender: 'female',
    style: '活泼',
    scenarios: ['游戏', '广告', '语音助手'],
    description: '元气少女音，语调起伏大，适合角色和营销内容。',
  },
  {
    voiceId: 'zh_male_chenfeng',
    name: '辰风',
    language: 'zh',
    gender: 'male',
    style: '沉稳',
    scenarios: ['客服', '新闻播报'],
    description: '成熟男声，语速平稳，适合正式的通知与播报。',
  },
  {
    voiceId: 'zh_male_yunhe',
    name: '云鹤',
    language: 'zh',
    gender: 'male',
    style: '磁性',
    scenarios: ['有声书', '广告'],
    description: '低沉有磁性的男声，适合旁白和品牌宣传。',
  },
  {
    voiceId: 'zh_male_ahao',
    name: '阿豪',
    language: 'zh',
    gender: 'male',
    style: '阳光',
    scenarios: ['语音助手', '游戏', '教育'],
    description: '年轻男声，轻快自然，适合陪伴类和教学类应用。',
  },
  {
    voiceId: 'zh_neutral_xingyu',
    name: '星语',
    language: 'zh',
    gender: 'neutral',
    style: '知性',
    scenarios: ['语音助手', '教育'],
    description: '中性音色，干净克制，适合不希望强调性别的助手形象。',
  },
  {
    voiceId: 'zh_female_xinwen',
    name: '新雯',
    language: 'zh',
    gender: 'female',
    style: '播音',
    scenarios: ['新闻播报'],
    description: '标准播音腔女声，字正腔圆。',
  },
  {
    voiceId: 'yue_female_ajing',
    name: '阿晶',
    language: 'yue',
    gender: 'female',
    style: '亲切',
    scenarios: ['客服', '语音助手'],
    description: '地道粤语女声，适合粤港澳地区的客服与助手。',
  },
  {
    voiceId: 'yue_male_jiaming',
    name: '家明',
    language: 'yue',
    gender: 'male',
    style: '沉稳',
    scenarios: ['新闻播报', '有声书'],
    description: '粤语男声，语气稳重。',
  },
  {
    voiceId: 'en_female_emma',
    name: 'Emma',
    language: 'en',
    gender: 'female',
    style: '亲切',
    scenarios: ['客服', '语音助手', '教育'],
    description: '美式英语女声，适合出海产品的对话场景和英语教学。',
  },
  {
    voiceId: 'en_male_oliver',
    name: 'Oliver',
    language: 'en',
    gender: 'male',
    style: '沉稳',
    scenarios: ['有声书', '新闻播报'],
    description: '英式英语男声，适合旁白和播报。',
  },
  {
    voiceId: 'ja_female_sakura',
    name: 'さくら',
    language: 'ja',
    gender: 'female',
    style: '温柔',
    scenarios: ['游戏', '语音助手'],
    description: '日语女声，柔和自然。',
  },
  {
    voiceId: 'ko_male_minjun',
    name: '민준',
    language: 'ko',
    gender: 'male',
    style: '阳光',
    scenarios: ['语音助手', '教育'],
    description: '韩语男声，明快清晰。',
  },
];

export const voiceScenarios: readonly VoiceScenario[] = [
  '客服',
  '语音助手',
  '有声书',
  '新闻播报',
  '教育',
  '游戏',
  '广告',
];
