// 合成一句话并保存为 hello.mp3；遇到可重试的错误时按指数退避加随机抖动重试。
// 用法：node retry.mjs [voice_id]（Node.js 18+，无需安装依赖）
import { writeFile } from 'node:fs/promises';

const apiKey = process.env.VOXLOOM_API_KEY;
if (!apiKey) {
  console.error('请先设置环境变量 VOXLOOM_API_KEY（在控制台创建 API 密钥）。');
  process.exit(1);
}
const apiBase = process.env.VOXLOOM_API_BASE ?? 'https://api.voxloom.example';
const voiceId = process.argv[2] ?? 'zh_female_qingxin';

// 可以重试的状态码：4xx 中只有 rate_limited（429）；5xx 全部可以，包括网关返回、
// 没有错误对象的 502、504。503 的 param 为 text（超过处理时间上限）除外：拆短文本，不重试。
const RETRYABLE_4XX = new Set([429]);
const MAX_ATTEMPTS = 5;
const BASE_DELAY_MS = 500; // 第一次重试前退避的上限
const MAX_DELAY_MS = 4_000; // 单次退避的上限

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** 服务端给了 Retry-After 就照办；否则用指数退避加随机抖动。 */
function backoffDelay(attempt, retryAfter) {
  if (retryAfter && /^\d+$/.test(retryAfter)) {
    return Number(retryAfter) * 1000 + Math.random() * BASE_DELAY_MS;
  }
  return Math.random() * Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** (attempt - 1));
}

async function synthesize(payload) {
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
    let retryAfter = null;
    try {
      const resp = await fetch(`${apiBase}/v1/speech`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(payload),
        // 整个请求的超时；要长于服务端的最长处理时间
        signal: AbortSignal.timeout(150_000),
      });
      const requestId = resp.headers.get('x-request-id') ?? '-';
      if (resp.ok) {
        const billed = resp.headers.get('x-billed-characters') ?? '-';
        console.error(`成功 request_id=${requestId} billed_characters=${billed}`);
        return Buffer.from(await resp.arrayBuffer());
      }

      const text = await resp.text();
      let error;
      try {
        error = JSON.parse(text).error;
      } catch {
        // 不是 JSON，例如网关返回的 HTML 错误页
      }
      // 没有错误对象时（非 JSON，或 JSON 中没有 error 字段）按状态码判断：5xx 按 internal_error 处理
      error ??= {
        code: resp.status >= 500 ? 'internal_error' : 'unknown',
        message: text.slice(0, 200),
        request_id: requestId,
      };
      console.error(
        `第 ${attempt} 次请求失败 HTTP ${resp.status} code=${error.code} ` +
          `request_id=${error.request_id ?? requestId}：${error.message}`,
      );
      // 503 的 param 为 text：超过处理时间上限，拆短文本后再合成，不重试。
      if ((!RETRYABLE_4XX.has(resp.status) && resp.status < 500) || error.param) {
        process.exit(1); // 400、401、402、404 等：原样重试不会成功，先修正请求
      }
      retryAfter = resp.headers.get('retry-after');
    } catch (err) {
      // 网络错误或超时：没有收到响应，也就没有请求 ID；同样退避后重试。
      console.error(`第 ${attempt} 次请求网络错误：${err.message}`);
    }

    if (attempt < MAX_ATTEMPTS) {
      const delay = backoffDelay(attempt, retryAfter);
      console.error(`${(delay / 1000).toFixed(1)} 秒后重试`);
      await sleep(delay);
    }
  }
  console.error(`尝试 ${MAX_ATTEMPTS} 次仍未成功，放弃。`);
  process.exit(1);
}

const audio = await synthesize({
  text: '你好，欢迎使用声织语音合成。',
  voice_id: voiceId,
  model: 'loom-turbo-v2',
  output_format: { container: 'mp3', sample_rate: 24000, bit_rate: 128000 },
});
await writeFile('hello.mp3', audio);
console.error('已保存 hello.mp3');
