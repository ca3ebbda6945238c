// 快速开始：调用 POST /v1/speech 合成一句话，保存为 hello.mp3。
// 运行前：设置环境变量 VOXLOOM_API_KEY。需要 Node.js 18+（内置 fetch），无需安装依赖。
import { writeFile } from 'node:fs/promises';

const key = process.env.VOXLOOM_API_KEY;
if (!key) {
  console.error('请先设置环境变量 VOXLOOM_API_KEY（在控制台创建 API 密钥）。');
  process.exit(1);
}

const apiBase = (process.env.VOXLOOM_API_BASE ?? 'https://api.voxloom.example').replace(/\/+$/, '');

const response = await fetch(`${apiBase}/v1/speech`, {
  method: 'POST',
  headers: {
    Authorization: `Bearer ${key}`,
    'Content-Type': 'application/json',
  },
  body: JSON.stringify({
    text: '你好，这是我用 API 合成的第一段语音。',
    voice_id: 'zh_female_qingxin',
    model: 'loom-turbo-v2',
    output_format: { container: 'mp3', sample_rate: 24000, bit_rate: 128000 },
  }),
  // fetch 默认不设超时：合成最长处理 120 秒，超时略长于它
  signal: AbortSignal.timeout(130_000),
});

if (!response.ok) {
  // 所有接口的错误都使用同一个错误对象：{"error": {"code", "message", "param", "request_id"}}
  const body = await response.text();
  let error;
  try {
    error = JSON.parse(body).error;
  } catch {
    // 响应体不是 JSON（例如中间代理返回的错误页），下面用原始文本兜底。
  }
  error ??= {
    code: 'unknown',
    message: body,
    request_id: response.headers.get('X-Request-Id'),
  };
  console.error(`请求失败（HTTP ${response.status}）：${error.code}`);
  console.error(`说明：${error.message}`);
  console.error(`请求 ID：${error.request_id}`);
  process.exit(1);
}

const audio = Buffer.from(await response.arrayBuffer());
await writeFile('hello.mp3', audio);

console.log(`已保存 hello.mp3（${audio.length} 字节）`);
console.log(`计费字符数：${response.headers.get('X-Billed-Characters')}`);
console.log(`请求 ID：${response.headers.get('X-Request-Id')}`);
