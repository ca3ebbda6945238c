/**
 * Joining resumed audio (D58): only `pcm` joins byte by byte; other formats follow the long-audio
 * rule. No mock can show it (the websocket mock sends the document's example bytes whatever the
 * format), so this checks the data the pages render: `longAudioRule` in src/data/audioFormats.ts,
 * shown on /api/websocket where resuming is explained and beside the format table.
 */
import { test, expect } from '@playwright/test';

import { audioContainers, longAudioRule } from '../../src/data/audioFormats';

test('resumed audio is joined byte by byte only as pcm; other formats go through pcm (D58)', () => {
  // pcm has no header: its bytes join without repeating one.
  expect(audioContainers.find((c) => c.container === 'pcm')?.hasHeader).toBe(false);
  expect(longAudioRule.rule).toMatch(/不要把多个 MP3 或 WAV 文件按字节首尾相接/);
  // One way joins audio: request pcm, join it, encode once. No other container is joined.
  const joining = longAudioRule.ways.filter((way) => way.includes('拼接'));
  expect(joining).toHaveLength(1);
  expect(joining[0]).toMatch(/^请求 `pcm`，按顺序拼接/);
  expect(joining[0]).toContain('一次性编码');
  for (const { container } of audioContainers.filter((c) => c.container !== 'pcm')) {
    for (const way of longAudioRule.ways) expect(way).not.toContain(`\`${container}\``);
  }
});
