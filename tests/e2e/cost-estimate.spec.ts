/**
 * The cost estimate beside the speech request's editor: as the reader edits the body, it shows
 * the billed characters and price of the text by the pricing data's own rule, for the body's
 * model, and the audio's expected duration and size for the body's format; it is announced
 * politely, passes axe in both colour modes, and says plainly when the body cannot be estimated.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { parse } from 'yaml';

import { bytesPerSample, estimatedSpeakingRate, wavHeaderBytes } from '../../src/data/audioFormats';
import { billedCharacters, formatYuan, speechCostFen } from '../../src/data/pricing';
import { spokenText, type TextMarkup } from '../../src/data/pronunciation';
import type { ModelId } from '../../src/data/models';
import { formatCount } from '../../src/data/format';
import { formatBytes, formatSeconds } from '../../src/components/CostEstimate/estimate';
import { test, expect } from '../support/fixtures';
import { axeInBothModes } from '../support/axe';
import { openEditor, typeBody } from '../support/requestEditor';

const route = '/api/speech/post';
const estimate = (page: Page) => page.getByRole('region', { name: '费用估算' });
const figure = (page: Page, name: string) => estimate(page).locator(`[data-estimate="${name}"]`);

/** The expected figures, computed here from the data modules. */
function expected(
  text: string,
  model: ModelId,
  format: { seconds: (s: number) => number },
  speed = 1,
  markup: TextMarkup = 'none',
) {
  const characters = billedCharacters(text, markup);
  const spoken = [...spokenText(text, markup)];
  const cjk = spoken.filter((c) => /[\p{Script=Han}\p{Script=Hangul}]/u.test(c)).length;
  const other = spoken.filter(
    (c) => /[\p{L}\p{N}]/u.test(c) && !/[\p{Script=Han}\p{Script=Hangul}]/u.test(c),
  ).length;
  const pauses =
    markup === 'none'
      ? 0
      : [...text.matchAll(/\[pause:(\d+)ms\]/g)].reduce((s, m) => s + Number(m[1]), 0);
  const seconds =
    (cjk / estimatedSpeakingRate.cjkPerSecond + other / estimatedSpeakingRate.otherPerSecond) /
      speed +
    pauses / 1000;
  return {
    characters: `${formatCount(characters)} 个`,
    price: formatYuan(speechCostFen(characters, model)),
    duration: formatSeconds(seconds),
    size: formatBytes(format.seconds(seconds)),
  };
}

test('the spec’s encodings are exactly those whose sample size the data knows', () => {
  const spec = parse(readFileSync(path.join(__dirname, '../../api-specs/speech.yaml'), 'utf8')) as {
    components: { schemas: { OutputFormat: { properties: { encoding: { enum: string[] } } } } };
  };
  expect(Object.keys(bytesPerSample).sort()).toEqual(
    [...spec.components.schemas.OutputFormat.properties.encoding.enum].sort(),
  );
});

test('the estimate follows the body as the reader edits it', async ({ page }) => {
  await openEditor(page, route);
  await expect(estimate(page)).toBeVisible();
  const status = estimate(page).getByRole('status');
  await expect(status).toHaveAttribute('aria-live', 'polite');

  // A Chinese and English text with markup (free with `text_markup: pronunciation`) and a pause,
  // on the HD model, as WAV.
  const text = `${'您好，欢迎致电 Voxloom 客服中心。'.repeat(40)}请稍候[pause:800ms]，曾[zeng1]先生。`;
  const wav = {
    seconds: (s: number) => Math.round(16000 * s) * bytesPerSample.pcm_s16le + wavHeaderBytes,
  };
  const body = {
    text,
    text_markup: 'pronunciation',
    voice_id: 'zh_female_qingxin',
    model: 'loom-hd-v2',
    speed: 1.25,
    output_format: { container: 'wav', sample_rate: 16000, encoding: 'pcm_s16le' },
  };
  await typeBody(page, JSON.stringify(body));
  let want = expected(text, 'loom-hd-v2', wav, 1.25, 'pronunciation');
  await expect(figure(page, 'characters')).toHaveText(want.characters);
  await expect(figure(page, 'duration')).toHaveText(want.duration);

  // Without `text_markup` (default `none`) the brackets are text: counted, and no pause.
  await typeBody(page, JSON.stringify({ ...body, text_markup: undefined }));
  const plain = expected(text, 'loom-hd-v2', wav, 1.25, 'none');
  expect(plain.characters).not.toBe(want.characters);
  await expect(figure(page, 'characters')).toHaveText(plain.characters);
  await expect(figure(page, 'duration')).toHaveText(plain.duration);

  await typeBody(page, JSON.stringify(body));
  await expect(figure(page, 'characters')).toHaveText(want.characters);
  await expect(figure(page, 'price')).toHaveText(want.price);
  await expect(figure(page, 'duration')).toHaveText(want.duration);
  await expect(figure(page, 'size')).toHaveText(want.size);
  expect(want.price).not.toBe('¥0.00');

  // Another text, the model and format left to the schema's defaults (turbo, mp3 at 128 kbps).
  const shorter = 'Hello, world! 你好，世界。';
  await typeBody(page, JSON.stringify({ text: shorter, voice_id: 'zh_female_qingxin' }));
  want = expected(shorter, 'loom-turbo-v2', { seconds: (s) => Math.round((128000 / 8) * s) });
  await expect(figure(page, 'characters')).toHaveText(want.characters);
  await expect(figure(page, 'price')).toHaveText(want.price);
  await expect(figure(page, 'duration')).toHaveText(want.duration);
  await expect(figure(page, 'size')).toHaveText(want.size);
  await expect(estimate(page)).toContainText('loom-turbo-v2');

  // Bodies it cannot estimate: a clear message, and the page still answers.
  await typeBody(page, '{"text": "你好",');
  await expect(status).toHaveText('请求体不是合法的 JSON，改正后这里会显示估算。');
  await typeBody(page, JSON.stringify({ text: '你好', voice_id: 'v', model: 'loom-x' }));
  await expect(status).toContainText('model 的值 "loom-x" 不是已知的模型');
  await typeBody(page, JSON.stringify({ voice_id: 'v' }));
  await expect(status).toContainText('请求体没有 text');
});

test('the estimate passes axe in both colour modes and fits a phone', async ({ page }) => {
  await openEditor(page, route);
  await typeBody(page, JSON.stringify({ text: '你好，世界。', voice_id: 'zh_female_qingxin' }));
  await expect(figure(page, 'price')).toBeVisible();
  expect(await axeInBothModes(page, '[aria-labelledby="cost-estimate-title"]')).toEqual([]);
  await page.setViewportSize({ width: 360, height: 740 });
  await estimate(page).scrollIntoViewIfNeeded();
  expect(await estimate(page).evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
