/**
 * Issue 41's acceptance, on the built site: every code block of every route's HTML, as rendered,
 * and every sample file the reference's tabs fetch (`/assets/code-samples/`), keep the rules of
 * ./site-code: no `require(`, no fixed `Idempotency-Key`, a timeout on every HTTP call whose
 * client has none by default. Planted bad blocks show each rule can fail.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test, expect } from '@playwright/test';

import { sampleFilesPath } from '../../src/codegen/sampleFrontMatter';
import { codeBlocksOf } from './collect';
import { root } from './http-mock';
import { codeProblems } from './site-code';

const site = path.resolve(root, process.env.SITE_DIR ?? 'build');

function walk(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return walk(full, keep);
    return keep(entry.name) ? [full] : [];
  });
}

test.describe('the rules fail on a planted bad block', () => {
  const bad: [string, string, string][] = [
    ['js', "const axios = require('axios');", 'require('],
    ['javascript', "const r = await fetch(url, { method: 'POST' });", 'fetch('],
    ['bash', 'curl -sS https://api.voxloom.example/v1/user/credit -H "$auth"', 'curl without'],
    [
      'bash',
      'status="$(curl -sS -o out \\\n  -X POST "$API/v1/voices" \\\n  -H \'Idempotency-Key: 7d4f2c1a-0b3e-4c5d-8e9f-112233445566\')"',
      'fixed Idempotency-Key',
    ],
    ['python', 'r = requests.post(url, json=payload)', 'without timeout='],
    ['python', 'headers = {"Idempotency-Key": "clone-2024-001"}', 'fixed Idempotency-Key'],
    [
      'go',
      'import "net/http"\nresp, err := http.Post(url, "application/json", body)',
      'Go default',
    ],
    ['php', '$ch = curl_init($url);\ncurl_exec($ch);', 'CURLOPT_TIMEOUT'],
    ['java', 'var req = HttpRequest.newBuilder(URI.create(url)).build();', '.timeout('],
    ['c', 'CURL *curl = curl_easy_init();', 'CURLOPT_TIMEOUT'],
    ['rust', 'let client = reqwest::Client::new();', '.timeout('],
  ];
  for (const [language, code, problem] of bad) {
    test(`${language}: ${code.split('\n').at(-1)!.slice(0, 60)}`, () => {
      expect(codeProblems(language, code).join('; ')).toContain(problem);
    });
  }

  const good: [string, string][] = [
    ['bash', 'curl -sS --max-time 30 "$API/v1/voices" -H "$auth"'],
    ['bash', 'key="$(uuidgen)"\ncurl -sS -m 40 -H "Idempotency-Key: $key" "$API/v1/voices"'],
    ['python', 'r = requests.post(\n    url,\n    json={"a": (1, 2)},\n    timeout=(5, 150),\n)'],
    ['js', 'await fetch(url, { signal: AbortSignal.timeout(30_000) });'],
    ['js', "const key = randomUUID();\nconst headers = { 'Idempotency-Key': key };"],
    ['text', 'Idempotency-Key: 7d4f2c1a-0b3e-4c5d-8e9f-112233445566'],
    ['bash', 'pip install requests\nnpm install ws'],
  ];
  for (const [language, code] of good) {
    test(`keeps: ${language}: ${code.split('\n')[0].slice(0, 60)}`, () => {
      expect(codeProblems(language, code)).toEqual([]);
    });
  }
});

test('every code block of the built pages and every fetched sample file keeps the rules', () => {
  const problems: string[] = [];
  let blocks = 0;
  const pages = walk(site, (name) => name.endsWith('.html'));
  for (const file of pages) {
    for (const block of codeBlocksOf(readFileSync(file, 'utf8'), site)) {
      blocks += 1;
      for (const p of codeProblems(block.language, block.code)) {
        problems.push(`${path.relative(site, file)} (${block.language}): ${p}`);
      }
    }
  }
  const sampleFiles = walk(path.join(site, sampleFilesPath), (name) => name.endsWith('.txt'));
  for (const file of sampleFiles) {
    // `python.3a28a02e.txt`: the language, then the content hash.
    const language = path.basename(file).split('.')[0];
    for (const p of codeProblems(language, readFileSync(file, 'utf8'))) {
      problems.push(`${path.relative(site, file)}: ${p}`);
    }
  }
  console.log(
    `site code: ${pages.length} pages, ${blocks} code blocks, ${sampleFiles.length} sample files, ${problems.length} problems`,
  );
  // Enough was read for the check to mean something: the reference's eight fetched tabs per
  // operation, and the guides' and reference pages' blocks.
  expect(sampleFiles.length).toBeGreaterThan(50);
  expect(blocks).toBeGreaterThan(100);
  expect(problems).toEqual([]);
});
