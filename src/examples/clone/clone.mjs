// 上传一段参考录音克隆自定义音色，轮询到克隆完成，再用新音色合成一句试听。
// 用法：node clone.mjs [录音文件路径] [幂等键]（默认 reference.wav，幂等键默认新生成；Node.js 18+，无需安装依赖）
import { randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { basename, extname } from 'node:path';

const apiKey = process.env.VOXLOOM_API_KEY;
if (!apiKey) {
  console.error('请先设置环境变量 VOXLOOM_API_KEY（在控制台创建 API 密钥）。');
  process.exit(1);
}
const apiBase = process.env.VOXLOOM_API_BASE ?? 'https://api.voxloom.example';
const headers = { Authorization: `Bearer ${apiKey}` };

const POLL_INTERVAL_MS = 5_000;
const MAX_POLLS = 120; // 轮询的轮数上限（约 10 分钟），用完就停止
// 轮询不是重试（规则见 /api/errors#polling）：某一轮遇到暂时性错误（4xx 中只有 429；5xx 全部算，
// 包括网关返回、没有错误对象的 502、504）或网络错误时，不重试这一轮，下一轮再查；
// 响应带 Retry-After（例如 429）时，下一轮前至少等这么多秒。
const RETRYABLE_4XX = new Set([429]);

// 参考录音支持的格式及其媒体类型
const MEDIA_TYPES = { '.wav': 'audio/wav', '.mp3': 'audio/mpeg', '.m4a': 'audio/x-m4a' };

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** 打印错误对象中的错误码、说明和请求 ID，然后退出。 */
async function fail(resp) {
  const requestId = resp.headers.get('x-request-id') ?? '-';
  const text = await resp.text();
  let error;
  try {
    error = JSON.parse(text).error;
  } catch {
    // 不是 JSON，例如网关返回的 HTML 错误页
  }
  error ??= { code: 'unknown', message: text };
  console.error(
    `HTTP ${resp.status} code=${error.code} param=${error.param} ` +
      `request_id=${error.request_id ?? requestId}：${error.message}`,
  );
  process.exit(1);
}

/** 3. 用新音色合成一句试听，保存为 clone_test.mp3。 */
async function tryVoice(voiceId) {
  const resp = await fetch(`${apiBase}/v1/speech`, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    signal: AbortSignal.timeout(150_000),
    body: JSON.stringify({
      text: '您好，这是用我的克隆音色合成的第一句话。今天的天气怎么样？',
      voice_id: voiceId,
      model: 'loom-turbo-v2',
      output_format: { container: 'mp3', sample_rate: 24000, bit_rate: 128000 },
    }),
  });
  if (!resp.ok) await fail(resp);
  await writeFile('clone_test.mp3', Buffer.from(await resp.arrayBuffer()));
  console.log(`已保存试听 clone_test.mp3；合成时使用 voice_id=${voiceId}`);
}

const path = process.argv[2] ?? 'reference.wav';
const mediaType = MEDIA_TYPES[extname(path).toLowerCase()];
if (!mediaType) {
  console.error('参考录音须为 WAV、MP3 或 M4A 文件。');
  process.exit(1);
}
let audio;
try {
  audio = await readFile(path);
} catch {
  console.error(`找不到录音文件：${path}`);
  process.exit(1);
}

// 1. 以 multipart/form-data 上传；consent=true 表示你已获得说话人的授权。
//    Idempotency-Key：超时或 5xx 之后用同一个键重新提交，最多只创建一个音色（这里不自动重试，
//    而是先打印键：重新提交时把它作为第二个参数传入）。
const form = new FormData();
form.append('name', '客服小林');
form.append('description', '温和、语速适中的客服音色');
form.append('language', 'zh');
form.append('consent', 'true');
form.append('audio', new Blob([audio], { type: mediaType }), basename(path));

// 不要手动设置 Content-Type：fetch 会带上含 boundary 的 multipart 头
const idempotencyKey = process.argv[3] ?? randomUUID();
console.error(`提交克隆：Idempotency-Key=${idempotencyKey}`);
let created;
try {
  created = await fetch(`${apiBase}/v1/voices`, {
    method: 'POST',
    headers: { ...headers, 'Idempotency-Key': idempotencyKey },
    body: form,
    // 上行 2 Mbit/s 时，上传最大 20 MB 的录音也够用，网络更慢时调大；超时后用同一个键重新提交，而不是一直等下去
    signal: AbortSignal.timeout(120_000),
  });
} catch (err) {
  console.error(
    `提交失败（${err.message}），不确定是否已创建音色：用同一个键再运行一次，` +
      `node clone.mjs ${path} ${idempotencyKey}`,
  );
  process.exit(1);
}
if (created.status !== 201) await fail(created);
const { voice_id: voiceId, status } = await created.json();
console.error(`已提交克隆：voice_id=${voiceId} status=${status}`);

// 2. 轮询音色状态：processing → ready 或 failed
for (let i = 0; i < MAX_POLLS; i += 1) {
  await sleep(POLL_INTERVAL_MS);
  let resp;
  try {
    resp = await fetch(`${apiBase}/v1/voices/${voiceId}`, {
      headers,
      signal: AbortSignal.timeout(10_000),
    });
  } catch (err) {
    console.error(`查询失败：${err.message}；下一轮再查`);
    continue;
  }
  if (RETRYABLE_4XX.has(resp.status) || resp.status >= 500) {
    // 暂时性错误：先按 Retry-After 等待（429 总是带它），再进入下一轮
    await sleep(Number(resp.headers.get('retry-after') ?? 0) * 1000);
    continue;
  }
  if (!resp.ok) await fail(resp);
  const voice = await resp.json();
  if (voice.status === 'ready') {
    console.error(`克隆完成：voice_id=${voiceId}`);
    await tryVoice(voiceId);
    process.exit(0);
  }
  if (voice.status === 'failed') {
    console.error(`克隆失败：voice_id=${voiceId}。请检查录音质量后重新录制再试。`);
    process.exit(1);
  }
  console.error(`仍在处理（status=${voice.status}）……`);
}
console.error(
  `轮询 ${MAX_POLLS} 次仍未完成，已超过克隆的处理时间上限：带上 voice_id ${voiceId} 联系技术支持，或先删除这个音色，再用新的 Idempotency-Key 重新提交。`,
);
process.exit(1);
