// 上传一段参考录音克隆自定义音色，轮询到克隆完成，再用新音色合成一句试听。
// 用法：node clone.mjs [录音文件路径]（默认 reference.wav；Node.js 18+，无需安装依赖）
// 重新提交同一个克隆：VOXLOOM_IDEMPOTENCY_KEY=<打印出的键> node clone.mjs [录音文件路径]
import { randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { basename } from 'node:path';

const apiKey = process.env.VOXLOOM_API_KEY;
if (!apiKey) {
  console.error('请先设置环境变量 VOXLOOM_API_KEY（在控制台创建 API 密钥）。');
  process.exit(1);
}
const apiBase = process.env.VOXLOOM_API_BASE ?? 'https://api.voxloom.example';
const headers = { Authorization: `Bearer ${apiKey}` };

// 轮询的间隔和次数上限，以及某一次出错时怎么办，都按 /api/errors#polling
const POLL_INTERVAL_MS = 5_000;
const MAX_POLLS = 121;
// 可以重试的 4xx；5xx 全部可以重试（包括网关返回、没有错误对象的 502、504）
const RETRYABLE_4XX = new Set([429]);

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
let audio;
try {
  audio = await readFile(path);
} catch {
  console.error(`找不到录音文件：${path}`);
  process.exit(1);
}

// 1. 以 multipart/form-data 上传；consent=true 表示你已获得说话人的授权。
//    Idempotency-Key：每个新的克隆用一个新的 UUID；超时、429 或 5xx 之后用同一个键重新提交，
//    最多只创建一个音色（这里不自动重新提交，而是打印键和重新提交的命令）。
const form = new FormData();
form.append('name', '客服小林');
form.append('description', '温和、语速适中的客服音色');
form.append('language', 'zh');
form.append('consent', 'true');
// 服务端按文件内容识别 WAV、MP3 或 M4A，声明的媒体类型和文件名都不影响识别
form.append('audio', new Blob([audio], { type: 'application/octet-stream' }), basename(path));

// 不要手动设置 Content-Type：fetch 会带上含 boundary 的 multipart 头
const idempotencyKey = process.env.VOXLOOM_IDEMPOTENCY_KEY || randomUUID();
const resubmit = `VOXLOOM_IDEMPOTENCY_KEY=${idempotencyKey} node clone.mjs ${path}`;
console.error(`提交克隆：Idempotency-Key=${idempotencyKey}`);
let created;
try {
  created = await fetch(`${apiBase}/v1/voices`, {
    method: 'POST',
    headers: { ...headers, 'Idempotency-Key': idempotencyKey },
    body: form,
    // 总时限 = 上传时间（按上行 2 Mbit/s 估算，网络更慢时调低这个速度）+ 服务端应答的 30 秒
    // 再多留 5 秒；超时后用同一个键重新提交，而不是一直等下去
    signal: AbortSignal.timeout(Math.ceil(audio.length / 250_000) * 1000 + 35_000),
  });
} catch (err) {
  console.error(
    `提交失败（${err.message}），不确定是否已创建音色。用同一个键重新提交：${resubmit}`,
  );
  process.exit(1);
}
if (RETRYABLE_4XX.has(created.status)) {
  // 速率限制在检查请求内容之前：429 的请求什么也没有创建；429 总是带 Retry-After
  const wait = created.headers.get('retry-after');
  console.error(`没有创建音色。等待 ${wait} 秒后用同一个键重新提交：${resubmit}`);
  await fail(created);
}
if (created.status >= 500) {
  console.error(`不确定是否已创建音色。等待后用同一个键重新提交：${resubmit}`);
  await fail(created);
}
let voice;
if (created.status === 409) {
  // 这个键已经创建了音色，这次提交的内容与那次不同（例如录音重新导出过）。
  // 一个键只属于一次克隆：接着用 Location 指向的音色，不要换新键重新提交
  voice = { voice_id: created.headers.get('location').split('/').pop(), status: 'processing' };
  console.error(`这个键已经创建了音色 ${voice.voice_id}，接着用它`);
} else {
  if (created.status !== 201) await fail(created);
  voice = await created.json();
}
const voiceId = voice.voice_id;
let status = voice.status;
if (created.headers.get('idempotent-replayed') === 'true') {
  console.error('重放：这个键之前已经创建了这个音色，这次没有新建');
}
console.error(`已提交克隆：voice_id=${voiceId} status=${status}`);

// 2. 轮询音色状态，直到 ready 或 failed；只在状态变化时打印（重放的音色可能已经是这两种状态）
let waitMs = POLL_INTERVAL_MS;
for (let i = 0; i < MAX_POLLS && status === 'processing'; i += 1) {
  await sleep(waitMs);
  let resp;
  try {
    resp = await fetch(`${apiBase}/v1/voices/${voiceId}`, {
      headers,
      signal: AbortSignal.timeout(10_000),
    });
  } catch (err) {
    console.error(`查询失败：${err.message}；下一次再查`);
    waitMs = POLL_INTERVAL_MS;
    continue;
  }
  // Retry-After（429 总是带它）是下一次查询之前的最短等待
  waitMs = Math.max(POLL_INTERVAL_MS, Number(resp.headers.get('retry-after') ?? 0) * 1000);
  if (RETRYABLE_4XX.has(resp.status) || resp.status >= 500) continue; // 暂时性错误：下一次再查
  if (!resp.ok) await fail(resp);
  voice = await resp.json();
  if (voice.status !== status) {
    status = voice.status;
    console.error(`status=${status}`);
  }
}

if (status === 'ready') {
  await tryVoice(voiceId);
  process.exit(0);
}
if (status === 'failed') {
  console.error(
    `克隆失败：${voice.failure_reason ?? '没有给出原因'}。` +
      `删除这个音色（voice_id=${voiceId}）腾出音色名额，换一段录音后用新的 Idempotency-Key 重新提交。`,
  );
  process.exit(1);
}
if (status !== 'processing') {
  console.error(
    `查到这个示例不认识的状态（status=${status}），停止轮询：` +
      `查看接口文档是否新增了状态，或带上 voice_id ${voiceId} 联系技术支持。`,
  );
  process.exit(1);
}
console.error(
  `查询 ${MAX_POLLS} 次后仍未就绪（status=${status}），这不应发生：带上 voice_id ${voiceId} 联系技术支持。`,
);
process.exit(1);
