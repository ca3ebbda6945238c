/**
 * The speech models. Their ids are the `model` enum of the speech spec (a contract test checks
 * that the two lists agree); everything a page says about a model comes from here.
 */
export type ModelId = 'loom-turbo-v2' | 'loom-hd-v2';

export interface SpeechModel {
  readonly id: ModelId;
  /** Short zh-Hans name shown in tables. */
  readonly name: string;
  readonly summary: string;
  /** Typical time from request to the first audio byte, median, in milliseconds. */
  readonly firstAudioMs: number;
  /** What the model is the right choice for. */
  readonly bestFor: string;
  /** Whether the model is the spec's default. */
  readonly isDefault: boolean;
}

export const models: readonly SpeechModel[] = [
  {
    id: 'loom-turbo-v2',
    name: '极速模型',
    summary: '为实时对话优化，首包延迟最低，音质接近高保真模型。',
    firstAudioMs: 150,
    bestFor: '语音对话智能体、实时客服、游戏角色',
    isDefault: true,
  },
  {
    id: 'loom-hd-v2',
    name: '高保真模型',
    summary: '韵律和音质最好，适合对延迟不敏感的离线生成。',
    firstAudioMs: 450,
    bestFor: '有声书、课程配音、视频旁白',
    isDefault: false,
  },
];

export const defaultModel: SpeechModel = models.find((m) => m.isDefault)!;
