/**
 * The clone guide's reference-audio checker, as a reader uses it: a recording is picked, read
 * and measured in the browser, and each check gets a verdict and what to do. What the API refuses
 * (a hard limit, with the API's own error) and what only hurts quality (advice) are two lists
 * with their own verdicts. The recordings are WAV files this test writes in memory; the
 * thresholds the verdicts follow, the refusals, and the table above the checker are the data
 * module's (src/data/referenceAudio.ts). Two tests share their page visits: each picks one
 * recording after another in one page, as a reader would.
 */
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { formatCount } from '../../src/data/format';
import { errorByCode } from '../../src/data/errors';
import { axeInBothModes } from '../support/axe';
import { hydrated } from '../support/hydration';
import { copyProblems, latinOnlySentences } from '../support/toolText';
import {
  referenceAudioCheckKindLabels,
  referenceAudioCheckKinds,
  referenceAudioCheckLabels,
  referenceAudioLimits,
  referenceAudioRecommendations as r,
  referenceAudioRefusals,
  referenceAudioRequirements,
  verdictLabels,
  type ReferenceAudioCheckId,
  type ReferenceAudioRefusal,
  type Verdict,
} from '../../src/data/referenceAudio';

const guide = '/guides/clone';

// ---------------------------------------------------------------------------------------------
// Recordings, written as WAV bytes.

interface Recording {
  sampleRate: number;
  channels: number;
  seconds: number;
  /** Sample of channel `c` at time `t`, in −1…1 (clamped as a recorder clips). */
  sample: (t: number, c: number) => number;
  /** 16-bit PCM, or G.711 μ-law (8 bits, compressed: the browser decodes it). */
  encoding?: 'pcm16' | 'mulaw';
}

/** G.711 μ-law byte of a 16-bit sample. */
function mulaw(sample: number): number {
  const sign = sample < 0 ? 0x80 : 0;
  let x = Math.min(Math.abs(sample), 32635) + 0x84;
  let exponent = 7;
  for (let mask = 0x4000; (x & mask) === 0 && exponent > 0; mask >>= 1) exponent -= 1;
  const mantissa = (x >> (exponent + 3)) & 0x0f;
  x = ~(sign | (exponent << 4) | mantissa) & 0xff;
  return x;
}

function wav({ sampleRate, channels, seconds, sample, encoding = 'pcm16' }: Recording): Buffer {
  const bytes = encoding === 'mulaw' ? 1 : 2;
  const frames = Math.round(sampleRate * seconds);
  const dataBytes = frames * channels * bytes;
  const b = Buffer.alloc(44 + dataBytes);
  b.write('RIFF', 0, 'ascii');
  b.writeUInt32LE(36 + dataBytes, 4);
  b.write('WAVE', 8, 'ascii');
  b.write('fmt ', 12, 'ascii');
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(encoding === 'mulaw' ? 7 : 1, 20);
  b.writeUInt16LE(channels, 22);
  b.writeUInt32LE(sampleRate, 24);
  b.writeUInt32LE(sampleRate * channels * bytes, 28);
  b.writeUInt16LE(channels * bytes, 32);
  b.writeUInt16LE(bytes * 8, 34);
  b.write('data', 36, 'ascii');
  b.writeUInt32LE(dataBytes, 40);
  for (let f = 0; f < frames; f += 1) {
    for (let c = 0; c < channels; c += 1) {
      const x = Math.max(-1, Math.min(1, sample(f / sampleRate, c)));
      const int = Math.max(-32768, Math.min(32767, Math.round(x * 32768)));
      const at = 44 + (f * channels + c) * bytes;
      if (encoding === 'mulaw') b.writeUInt8(mulaw(int), at);
      else b.writeInt16LE(int, at);
    }
  }
  return b;
}

/** A deterministic noise source, uniform in −1…1. */
function noise(seed = 1): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return s / 0x3fffffff - 1;
  };
}

/**
 * Speech-like sound: bursts of a voiced tone (a 150 Hz fundamental and two harmonics, with a
 * rising and falling envelope) of 300 ms, with 200 ms pauses, between `lead` seconds of
 * silence at the start and `tail` at the end; `noiseLevel` is the peak of the background noise.
 */
function speechLike({
  amplitude = 0.35,
  lead = 0.3,
  tail = 0.3,
  noiseLevel = 0.0005,
}: { amplitude?: number; lead?: number; tail?: number; noiseLevel?: number } = {}) {
  const next = noise();
  return (seconds: number) =>
    (t: number): number => {
      const n = noiseLevel * next();
      if (t < lead || t > seconds - tail) return n;
      const inCycle = (t - lead) % 0.5;
      if (inCycle >= 0.3) return n;
      const envelope = Math.sin((Math.PI * inCycle) / 0.3);
      const f = 150;
      const voiced =
        0.6 * Math.sin(2 * Math.PI * f * t) +
        0.3 * Math.sin(2 * Math.PI * 2 * f * t) +
        0.1 * Math.sin(2 * Math.PI * 3 * f * t);
      return amplitude * envelope * voiced + n;
    };
}

const mono24k = (seconds: number, sound = speechLike()): Buffer =>
  wav({ sampleRate: 24000, channels: 1, seconds, sample: sound(seconds) });

const goodSeconds = referenceAudioLimits.minDurationSeconds + 5;

const recordings = {
  good: () => mono24k(goodSeconds),
  clipped: () => mono24k(goodSeconds, speechLike({ amplitude: 3 })),
  tooShort: () => mono24k(referenceAudioLimits.minDurationSeconds / 2),
  silent: () => wav({ sampleRate: 24000, channels: 1, seconds: goodSeconds, sample: () => 0 }),
  noisy: () => mono24k(goodSeconds, speechLike({ noiseLevel: 0.05 })),
  longLead: () => mono24k(goodSeconds, speechLike({ lead: r.maxEdgeSilenceSeconds + 2 })),
  /** A telephone recording: μ-law at 8 kHz, which the page decodes with Web Audio. */
  telephone: () =>
    wav({
      sampleRate: 8000,
      channels: 1,
      seconds: goodSeconds,
      sample: speechLike()(goodSeconds),
      encoding: 'mulaw',
    }),
  stereo8k: () => {
    const sound = speechLike()(goodSeconds);
    return wav({ sampleRate: 8000, channels: 2, seconds: goodSeconds, sample: (t) => sound(t) });
  },
  /** Too short and clipped: one hard limit missed, one piece of advice. */
  shortClipped: () =>
    mono24k(referenceAudioLimits.minDurationSeconds / 2, speechLike({ amplitude: 3 })),
};

// ---------------------------------------------------------------------------------------------

const fileInput = (page: Page) => page.getByLabel('选择一段参考录音，或把文件拖到这里');

async function pick(page: Page, name: string, buffer: Buffer): Promise<void> {
  await fileInput(page).setInputFiles({ name, mimeType: 'audio/wav', buffer });
}

/** A file of `bytes` zero bytes on disk, sparse: handed over by path, not through the protocol. */
function sparseFile(dir: string, name: string, bytes: number): string {
  const file = path.join(dir, name);
  writeFileSync(file, '');
  truncateSync(file, bytes);
  return file;
}

/** The checker: the file input, the announcements and the results. */
const checker = (page: Page) => page.getByRole('group', { name: '检查参考录音' });

const check = (page: Page, id: ReferenceAudioCheckId) =>
  checker(page).locator(`[data-check="${id}"]`);

/** The check's label and the verdict beside it, as the reader reads them, in its kind's list. */
async function expectVerdict(page: Page, id: ReferenceAudioCheckId, verdict: Verdict) {
  await expect(
    checker(page).locator(`[data-kind="${referenceAudioCheckKinds[id]}"] [data-check="${id}"]`),
  ).toHaveText(new RegExp(`^${referenceAudioCheckLabels[id]}${verdictLabels[verdict]}`));
}

/** A refused check shows the error the API answers the upload with. */
async function expectRefusal(
  page: Page,
  id: ReferenceAudioCheckId,
  refusal: ReferenceAudioRefusal,
) {
  await expectVerdict(page, id, 'refused');
  await expect(check(page, id).locator('[data-refusal]')).toHaveText(
    `上传时 API 返回 HTTP ${errorByCode(refusal.code)!.status} ${refusal.code}：${refusal.message}`,
  );
}

const status = (page: Page) => checker(page).getByRole('status');
const alert = (page: Page) => checker(page).getByRole('alert');

/** Everything the checker says: verdicts' lines, the announcement, the alert. */
const messages = (page: Page) =>
  checker(page).locator('li p, [data-kind] > p, [role="status"], [role="alert"]').allTextContents();

/**
 * After each file: the two kinds are told apart (the hard limits' list, then the advice's), no
 * advice says 不通过 or is refused, and the texts are kept for the copy checks at the end.
 */
async function settled(page: Page, texts: string[]): Promise<void> {
  await expect(status(page)).not.toContainText('正在检查');
  const shown = await checker(page).locator('[data-check]').count();
  if (shown > 0) {
    await expect(checker(page).locator('[data-kind] > p')).toHaveText([
      referenceAudioCheckKindLabels.limit,
      referenceAudioCheckKindLabels.quality,
    ]);
    await expect(
      checker(page).locator('[data-kind="quality"] [data-verdict="refused"]'),
    ).toHaveCount(0);
  }
  await expect(checker(page)).not.toContainText('不通过');
  texts.push(...(await messages(page)));
}

/** The copy rules of the pages (zhlint, the glossary) and no sentence in English alone. */
function expectReaderLanguage(texts: string[]): void {
  const blocks = texts.map((t) => t.trim()).filter((t) => /[\u4e00-\u9fff]/.test(t));
  expect(blocks.length).toBeGreaterThan(20);
  expect(copyProblems(blocks)).toEqual([]);
  expect(latinOnlySentences(texts)).toEqual([]);
}

test.describe('the reference-audio checker', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto(guide);
    await hydrated(page);
  });

  test('its table is the data module’s; good, short, clipped, silent and stereo recordings; axe; 360 px', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const texts: string[] = [];
    await test.step('the requirements table is the data module’s', async () => {
      // The data's prose as it reads rendered: `code` and [links](/path) keep their text.
      const asRead = (prose: string) =>
        prose.replace(/`/g, '').replace(/\[([^\]]+)\]\([^)\s]+\)/g, '$1');
      const rows = page.locator('table[data-table="reference-audio"] tbody tr');
      await expect(rows).toHaveCount(referenceAudioRequirements.length);
      for (const [i, row] of referenceAudioRequirements.entries()) {
        const cells = rows.nth(i).locator('td');
        await expect(cells.nth(0)).toHaveText(row.label);
        await expect(cells.nth(1)).toHaveText(row.requirement ? asRead(row.requirement) : '—');
        await expect(cells.nth(2)).toHaveText(asRead(row.recommendation));
      }
      // The checker sits in the same section, right after the table.
      await expect(page.locator('h4#check-recording')).toBeVisible();
    });

    await test.step('a good recording passes every check, and the result is announced', async () => {
      await pick(page, 'good.wav', recordings.good());
      const all = Object.keys(referenceAudioCheckLabels) as ReferenceAudioCheckId[];
      await expect(status(page)).toHaveText(
        `good.wav：检查完成：硬性要求都满足，API 会接受这段录音，通过 ${all.length} 项。`,
      );
      for (const id of all) await expectVerdict(page, id, 'pass');
      await expect(check(page, 'encoding')).toContainText('WAV，PCM，16 位');
      await expect(check(page, 'sampleRate')).toContainText('24 kHz');
      await expect(check(page, 'duration')).toContainText(`${goodSeconds} 秒`);
      await expect(alert(page)).toHaveText('');
      await settled(page, texts);
    });

    await test.step('a recording dropped on the drop zone is checked: too short, refused', async () => {
      const seconds = referenceAudioLimits.minDurationSeconds / 2;
      const base64 = recordings.tooShort().toString('base64');
      const dataTransfer = await page.evaluateHandle((data) => {
        const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
        const transfer = new DataTransfer();
        transfer.items.add(new File([bytes], 'dropped.wav', { type: 'audio/wav' }));
        return transfer;
      }, base64);
      await fileInput(page).locator('..').dispatchEvent('drop', { dataTransfer });
      await expect(status(page)).toContainText('dropped.wav：检查完成：上传会被拒绝（时长）');
      await expectRefusal(page, 'duration', referenceAudioRefusals.tooShort(seconds));
      await expect(check(page, 'duration')).toContainText(
        `短于 ${referenceAudioLimits.minDurationSeconds} 秒`,
      );
      await expectVerdict(page, 'clipping', 'pass');
      await settled(page, texts);
    });

    await test.step('a clipped recording is accepted, with the advice to record again', async () => {
      await pick(page, 'clipped.wav', recordings.clipped());
      await expectVerdict(page, 'clipping', 'redo');
      await expect(check(page, 'clipping')).toContainText('建议：调低麦克风增益');
      await expect(status(page)).toContainText(/API 会接受这段录音，建议重录 \d+ 项（[^）]*削波/);
      await settled(page, texts);
    });

    await test.step('a silent recording: advice, and what cannot be measured is skipped', async () => {
      await pick(page, 'silent.wav', recordings.silent());
      await expectVerdict(page, 'loudness', 'redo');
      await expect(check(page, 'loudness')).toContainText('整段录音是静音');
      await expectVerdict(page, 'leadingSilence', 'skipped');
      await expectVerdict(page, 'noiseFloor', 'skipped');
      await expectVerdict(page, 'duration', 'pass');
      await settled(page, texts);
    });

    await test.step('stereo at 8 kHz: the sample rate and channels could be better', async () => {
      await pick(page, 'phone.wav', recordings.stereo8k());
      await expectVerdict(page, 'sampleRate', 'improve');
      await expect(check(page, 'sampleRate')).toContainText('8 kHz');
      await expectVerdict(page, 'channels', 'improve');
      await expect(check(page, 'channels')).toContainText('2 个声道');
      await expectVerdict(page, 'duration', 'pass');
      await settled(page, texts);
    });

    await test.step('refused and advised at once: axe finds nothing in either mode', async () => {
      await pick(page, 'short-clipped.wav', recordings.shortClipped());
      await expectVerdict(page, 'duration', 'refused');
      await expectVerdict(page, 'clipping', 'redo');
      await expect(checker(page).locator('[data-check]')).toHaveCount(
        Object.keys(referenceAudioCheckLabels).length,
      );
      await settled(page, texts);
      // The page around the checker is the accessibility project's (tests/a11y/).
      expect(await axeInBothModes(page, '[data-interactive="录音检查器"]')).toEqual([]);
    });

    await test.step('nothing overflows at 360 px wide', async () => {
      await page.setViewportSize({ width: 360, height: 800 });
      await pick(
        page,
        'a-recording-with-a-rather-long-file-name-from-a-phone.wav',
        recordings.clipped(),
      );
      await expectVerdict(page, 'clipping', 'redo');
      await check(page, 'clipping').scrollIntoViewIfNeeded();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBe(0);
      await settled(page, texts);
    });

    await test.step('its messages follow the copy rules, in Chinese', async () => {
      expectReaderLanguage(texts);
    });
  });

  test('μ-law, too long, noisy, long silence, truncated, text and oversized files', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const texts: string[] = [];
    const dir = mkdtempSync(path.join(tmpdir(), 'audio-checker-'));
    try {
      await test.step('a μ-law WAV is decoded by the browser, its rate read from the header', async () => {
        await pick(page, 'call.wav', recordings.telephone());
        await expectVerdict(page, 'format', 'pass');
        await expectVerdict(page, 'encoding', 'improve');
        await expect(check(page, 'encoding')).toContainText('μ-law');
        await expectVerdict(page, 'sampleRate', 'improve');
        await expect(check(page, 'sampleRate')).toHaveText(/8 kHz，低于/);
        await expectVerdict(page, 'duration', 'pass');
        await expect(check(page, 'duration')).toContainText(`${goodSeconds} 秒`);
        await expectVerdict(page, 'loudness', 'pass');
        await expectVerdict(page, 'channels', 'pass');
        await settled(page, texts);
      });

      await test.step('a compressed recording far over the duration limit is not decoded', async () => {
        const seconds = referenceAudioLimits.maxDurationSeconds * 3;
        const long = wav({
          sampleRate: 8000,
          channels: 1,
          seconds,
          sample: () => 0,
          encoding: 'mulaw',
        });
        await pick(page, 'meeting.wav', long);
        await expectRefusal(page, 'duration', referenceAudioRefusals.tooLong(seconds));
        await expect(check(page, 'duration')).toContainText(
          `${seconds} 秒，长于 ${referenceAudioLimits.maxDurationSeconds} 秒`,
        );
        await expectVerdict(page, 'loudness', 'skipped');
        await expect(check(page, 'loudness')).toContainText('录音超出时长上限');
        await settled(page, texts);
      });

      await test.step('a noisy recording: advice to record again', async () => {
        await pick(page, 'noisy.wav', recordings.noisy());
        await expectVerdict(page, 'noiseFloor', 'redo');
        await expectVerdict(page, 'clipping', 'pass');
        await expect(status(page)).toContainText('API 会接受这段录音');
        await settled(page, texts);
      });

      await test.step('long silence at the start could be trimmed', async () => {
        await pick(page, 'lead.wav', recordings.longLead());
        await expectVerdict(page, 'leadingSilence', 'improve');
        await expectVerdict(page, 'trailingSilence', 'pass');
        await settled(page, texts);
      });

      await test.step('a truncated WAV gets a clear message', async () => {
        await pick(page, 'cut.wav', recordings.good().subarray(0, 1044));
        await expect(alert(page)).toHaveText(
          /^cut\.wav：WAV 文件不完整：文件头声明有 [\d,]+ 字节的音频数据，实际只有 1,000 字节。/,
        );
        await expect(checker(page).locator('[data-check]')).toHaveCount(0);
        await settled(page, texts);
      });

      await test.step('a text file named .wav gets a clear message', async () => {
        await pick(page, 'notes.wav', Buffer.from('这是会议纪要，不是录音。\nmeeting notes\n'));
        await expect(alert(page)).toHaveText(
          'notes.wav：这不是音频文件：文件内容是文本。请选择录音文件本身。',
        );
        await settled(page, texts);
      });

      await test.step('a file one byte over the size limit is refused before it is read', async () => {
        const bytes = referenceAudioLimits.maxBytes + 1;
        await fileInput(page).setInputFiles(sparseFile(dir, 'big.wav', bytes));
        await expectRefusal(page, 'size', referenceAudioRefusals.tooLarge(bytes));
        // One byte over is said in bytes: in megabytes both round to the limit.
        await expect(check(page, 'size')).toContainText(`（${formatCount(bytes)} 字节），超过上限`);
        await expectVerdict(page, 'duration', 'skipped');
        await expect(check(page, 'duration')).toContainText('文件超过大小上限，没有读取');
        await settled(page, texts);
      });

      await test.step('a 200 MB file is refused at once, and the page stays responsive', async () => {
        const file = sparseFile(dir, 'huge.wav', 200 * 1024 * 1024);
        const started = Date.now();
        await fileInput(page).setInputFiles(file);
        await expectVerdict(page, 'size', 'refused');
        await expect(check(page, 'size')).toContainText('200 MB');
        expect(Date.now() - started).toBeLessThan(5_000);
        // The page answers at once: its main thread is not busy with the file.
        const t0 = Date.now();
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
        expect(Date.now() - t0).toBeLessThan(1_000);
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    await test.step('its messages follow the copy rules, in Chinese', async () => {
      expectReaderLanguage(texts);
    });
  });
});
