/**
 * The clone guide's reference-audio checker, as a reader uses it: a recording is picked, read
 * and measured in the browser, and each check gets a verdict and what to do. The recordings are
 * WAV files this test writes in memory; the thresholds the verdicts follow, and the table above
 * the checker, are the data module's (src/data/referenceAudio.ts).
 */
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { run as zhlint } from 'zhlint';
import { test, expect } from '../support/fixtures';
import { glossary } from '../../src/data/glossary';
import { formatCount } from '../../src/data/format';
import { axeInBothModes } from '../support/axe';
import { hydrated } from '../support/hydration';
import {
  referenceAudioCheckLabels,
  referenceAudioLimits,
  referenceAudioRecommendations as r,
  referenceAudioRequirements,
  verdictLabels,
  type ReferenceAudioCheckId,
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
};

// ---------------------------------------------------------------------------------------------

const fileInput = (page: Page) => page.getByLabel('选择一段参考录音，或把文件拖到这里');

async function pick(page: Page, name: string, buffer: Buffer): Promise<void> {
  await fileInput(page).setInputFiles({ name, mimeType: 'audio/wav', buffer });
}

/** The checker: the file input, the announcements and the results. */
const checker = (page: Page) => page.getByRole('group', { name: '检查参考录音' });

const check = (page: Page, id: ReferenceAudioCheckId) =>
  checker(page).locator(`[data-check="${id}"]`);

/** The check's label and the verdict beside it, as the reader reads them. */
async function expectVerdict(page: Page, id: ReferenceAudioCheckId, verdict: Verdict) {
  await expect(check(page, id)).toHaveText(
    new RegExp(`^${referenceAudioCheckLabels[id]}${verdictLabels[verdict]}`),
  );
}

const status = (page: Page) => checker(page).getByRole('status');
const alert = (page: Page) => checker(page).getByRole('alert');

test.describe('the reference-audio checker', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto(guide);
    await hydrated(page);
  });

  test('the requirements table is the data module’s', async ({ page }) => {
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

  test('a good recording passes every check, and the result is announced', async ({ page }) => {
    await pick(page, 'good.wav', recordings.good());
    await expect(status(page)).toHaveText(/^good\.wav：检查完成：通过 10 项。$/);
    for (const id of Object.keys(referenceAudioCheckLabels) as ReferenceAudioCheckId[]) {
      await expectVerdict(page, id, 'pass');
    }
    await expect(check(page, 'format')).toContainText('WAV，PCM，16 位');
    await expect(check(page, 'sampleRate')).toContainText('24 kHz');
    await expect(check(page, 'duration')).toContainText(`${goodSeconds} 秒`);
    await expect(alert(page)).toHaveText('');
  });

  test('a recording dropped on the drop zone is checked', async ({ page }) => {
    const base64 = recordings.tooShort().toString('base64');
    const dataTransfer = await page.evaluateHandle((data) => {
      const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], 'dropped.wav', { type: 'audio/wav' }));
      return transfer;
    }, base64);
    await fileInput(page).locator('..').dispatchEvent('drop', { dataTransfer });
    await expect(status(page)).toContainText('dropped.wav：检查完成');
    await expectVerdict(page, 'duration', 'fail');
  });

  test('a clipped recording fails the clipping check', async ({ page }) => {
    await pick(page, 'clipped.wav', recordings.clipped());
    await expectVerdict(page, 'clipping', 'fail');
    await expect(check(page, 'clipping')).toContainText('怎么改：调低麦克风增益');
    await expect(status(page)).toContainText(/不通过 \d+ 项（[^）]*削波/);
  });

  test('a recording shorter than the limit fails the duration check', async ({ page }) => {
    await pick(page, 'short.wav', recordings.tooShort());
    await expectVerdict(page, 'duration', 'fail');
    await expect(check(page, 'duration')).toContainText(
      `短于 ${referenceAudioLimits.minDurationSeconds} 秒`,
    );
    await expectVerdict(page, 'clipping', 'pass');
  });

  test('a silent recording fails the loudness check', async ({ page }) => {
    await pick(page, 'silent.wav', recordings.silent());
    await expectVerdict(page, 'loudness', 'fail');
    await expect(check(page, 'loudness')).toContainText('整段录音是静音');
    await expectVerdict(page, 'leadingSilence', 'skipped');
    await expectVerdict(page, 'noiseFloor', 'skipped');
    await expectVerdict(page, 'duration', 'pass');
  });

  test('stereo at 8 kHz: the sample rate and channels need attention', async ({ page }) => {
    await pick(page, 'phone.wav', recordings.stereo8k());
    await expectVerdict(page, 'sampleRate', 'warn');
    await expect(check(page, 'sampleRate')).toContainText('8 kHz');
    await expectVerdict(page, 'channels', 'warn');
    await expect(check(page, 'channels')).toContainText('2 个声道');
    await expectVerdict(page, 'duration', 'pass');
  });

  test('a μ-law WAV is decoded by the browser, its rate read from the header', async ({ page }) => {
    await pick(page, 'call.wav', recordings.telephone());
    await expectVerdict(page, 'format', 'warn');
    await expect(check(page, 'format')).toContainText('μ-law');
    await expectVerdict(page, 'sampleRate', 'warn');
    await expect(check(page, 'sampleRate')).toHaveText(/8 kHz，低于/);
    await expectVerdict(page, 'duration', 'pass');
    await expect(check(page, 'duration')).toContainText(`${goodSeconds} 秒`);
    await expectVerdict(page, 'loudness', 'pass');
    await expectVerdict(page, 'channels', 'pass');
  });

  test('a compressed recording far over the duration limit is not decoded', async ({ page }) => {
    const seconds = referenceAudioLimits.maxDurationSeconds * 3;
    const long = wav({
      sampleRate: 8000,
      channels: 1,
      seconds,
      sample: () => 0,
      encoding: 'mulaw',
    });
    await pick(page, 'meeting.wav', long);
    await expectVerdict(page, 'duration', 'fail');
    await expect(check(page, 'duration')).toContainText(
      `${seconds} 秒，长于 ${referenceAudioLimits.maxDurationSeconds} 秒`,
    );
    await expectVerdict(page, 'loudness', 'skipped');
    await expect(check(page, 'loudness')).toContainText('录音超出时长上限');
  });

  test('a noisy recording fails the noise floor check', async ({ page }) => {
    await pick(page, 'noisy.wav', recordings.noisy());
    await expectVerdict(page, 'noiseFloor', 'fail');
    await expectVerdict(page, 'clipping', 'pass');
  });

  test('long silence at the start needs attention', async ({ page }) => {
    await pick(page, 'lead.wav', recordings.longLead());
    await expectVerdict(page, 'leadingSilence', 'warn');
    await expectVerdict(page, 'trailingSilence', 'pass');
  });

  test('a truncated WAV gets a clear message', async ({ page }) => {
    const whole = recordings.good();
    await pick(page, 'cut.wav', whole.subarray(0, 1044));
    await expect(alert(page)).toHaveText(
      /^cut\.wav：WAV 文件不完整：文件头声明有 [\d,]+ 字节的音频数据，实际只有 1,000 字节。/,
    );
    await expect(checker(page).locator('[data-check]')).toHaveCount(0);
  });

  test('a text file named .wav gets a clear message', async ({ page }) => {
    await pick(page, 'notes.wav', Buffer.from('这是会议纪要，不是录音。\nmeeting notes\n'));
    await expect(alert(page)).toHaveText(
      'notes.wav：这不是音频文件：文件内容是文本。请选择录音文件本身。',
    );
  });

  test('a file one byte over the size limit is refused before it is read', async ({ page }) => {
    await pick(page, 'big.wav', Buffer.alloc(referenceAudioLimits.maxBytes + 1));
    await expectVerdict(page, 'size', 'fail');
    // One byte over is said in bytes: in megabytes both round to the limit.
    await expect(check(page, 'size')).toContainText(
      `（${formatCount(referenceAudioLimits.maxBytes + 1)} 字节），超过上限`,
    );
    await expectVerdict(page, 'duration', 'skipped');
    await expect(check(page, 'duration')).toContainText('文件超过大小上限，没有读取');
  });

  test('a 200 MB file is refused at once, and the page stays responsive', async ({ page }) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'audio-checker-'));
    const file = path.join(dir, 'huge.wav');
    writeFileSync(file, '');
    truncateSync(file, 200 * 1024 * 1024); // sparse: no 200 MB written
    try {
      const started = Date.now();
      await fileInput(page).setInputFiles(file);
      await expectVerdict(page, 'size', 'fail');
      await expect(check(page, 'size')).toContainText('200 MB');
      expect(Date.now() - started).toBeLessThan(5_000);
      // The page answers at once: its main thread is not busy with the file.
      const t0 = Date.now();
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
      expect(Date.now() - t0).toBeLessThan(1_000);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

test.describe('the checker with results', () => {
  test('its messages follow the zh-Hans copy rules and the glossary', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto(guide);
    await hydrated(page);
    const texts: string[] = [];
    const bad = {
      ...recordings,
      truncated: () => recordings.good().subarray(0, 1044),
      text: () => Buffer.from('会议纪要'),
      oversized: () => Buffer.alloc(referenceAudioLimits.maxBytes + 1),
    };
    for (const [name, make] of Object.entries(bad)) {
      await pick(page, `${name}.wav`, make());
      await expect(
        status(page)
          .or(alert(page))
          .filter({ hasText: `${name}.wav：` }),
      ).toHaveCount(1);
      await expect(status(page)).not.toContainText('正在检查');
      texts.push(
        ...(await checker(page).locator('li p, [role="status"], [role="alert"]').allTextContents()),
      );
    }
    // The same rules as tests/content/pages.spec.ts applies to the pages' prose.
    const options = {
      rules: { preset: 'default', halfwidthPunctuation: '', adjustedFullwidthPunctuation: '' },
    };
    const blocks = texts.map((t) => t.trim()).filter((t) => /[\u4e00-\u9fff]/.test(t));
    expect(blocks.length).toBeGreaterThan(20);
    const problems = blocks.flatMap((block) =>
      zhlint(block, options).validations.map((v) => `${v.message}: ${block.slice(0, 120)}`),
    );
    for (const entry of glossary) {
      for (const word of entry.avoid) {
        if (blocks.some((b) => b.includes(word))) problems.push(`${word} → ${entry.term}`);
      }
    }
    expect(problems).toEqual([]);
  });

  test('axe finds nothing in light and dark mode', async ({ page }) => {
    test.setTimeout(180_000);
    await page.goto(guide);
    await hydrated(page);
    await pick(page, 'phone.wav', recordings.stereo8k());
    await expectVerdict(page, 'channels', 'warn');
    await expect(checker(page).locator('[data-check]')).toHaveCount(10);
    expect(await axeInBothModes(page)).toEqual([]);
  });

  test('nothing overflows at 360 px wide', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto(guide);
    await hydrated(page);
    await pick(
      page,
      'a-recording-with-a-rather-long-file-name-from-a-phone.wav',
      recordings.clipped(),
    );
    await expectVerdict(page, 'clipping', 'fail');
    await check(page, 'clipping').scrollIntoViewIfNeeded();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
  });
});
