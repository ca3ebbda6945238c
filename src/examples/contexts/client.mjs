// WebSocket 上下文示例（Node.js 18+）。
//
// 一条连接上先后打开两个上下文：turn-1 是一段较长的回复，收到它的第一个音频块时模拟用户打断
// （barge-in），客户端取消 turn-1 并开始新的回复 turn-2。每个上下文的音频写入 <context_id>.pcm
// （24 kHz、16 位小端序 PCM），可以用 `ffplay -f s16le -ar 24000 turn-2.pcm` 试听。
//
// 运行：
//   npm install ws
//   export VOXLOOM_API_KEY="你的 API 密钥"
//   node client.mjs
import { closeSync, openSync, writeSync } from 'node:fs';
import WebSocket from 'ws';

const apiKey = process.env.VOXLOOM_API_KEY;
if (!apiKey) {
  console.error('请先设置环境变量 VOXLOOM_API_KEY（在控制台创建 API 密钥）');
  process.exit(1);
}
const wsBase = process.env.VOXLOOM_WS_BASE ?? 'wss://api.voxloom.example';
const url = `${wsBase}/v1/speech/websocket`;

// 只放在每个上下文的第一条 generate 里；同一上下文后续的 generate 只带文本。
const SETTINGS = {
  voice_id: 'zh_female_qingxin',
  model: 'loom-turbo-v2',
  output_format: { container: 'pcm', sample_rate: 24000, encoding: 'pcm_s16le' },
  timestamps: true,
};

const FLUSH = null; // 片段之间的 FLUSH：不再等待后文，立即合成已缓冲的文本

// 模拟大模型逐段输出的两轮回复，每轮一个上下文。
const TURNS = {
  'turn-1': [
    '您好，这里是客服中心，我先查一下您的账户',
    FLUSH, // 大模型去查账户，一时没有新文本：没有标点结尾的半句先合成出来
    '。关于您咨询的套餐变更，',
    '我们目前提供按月、按季度',
    '和按年三种计费方式，',
    '下面我逐一为您介绍。',
  ],
  'turn-2': ['好的，', '我先帮您查一下', '账户余额。'],
};
const INTERRUPTED = 'turn-1'; // 这个上下文会在第一个音频块到达后被取消
const PIECE_DELAY_MS = 300; // 两个片段之间的间隔，模拟大模型生成文本的速度
const RECEIVE_TIMEOUT_MS = 30_000;

// 关闭之后怎么办，按关闭码分三类（见 /api/websocket 的关闭码表）：
const RECONNECT_WITH_BACKOFF = new Set([1011, 1013, 4002]); // 按重试策略重连
const RECONNECT_WHEN_NEEDED = new Set([1000, 4000]); // 不必立即重连：从连接池移除，下一轮的连接按“规划连接”建立
const RECONNECT_NEVER = new Set([1008, 4029]); // 不要自动重连，先解决原因（1008 违反协议、4029 连接数超限）
// 表中没有的关闭码（例如中间的代理发出的）与 RECONNECT_WITH_BACKOFF 一样处理。

function closeAdvice(code) {
  if (RECONNECT_WITH_BACKOFF.has(code)) return '按重试策略重连';
  if (RECONNECT_WHEN_NEEDED.has(code)) return '需要时再连';
  if (RECONNECT_NEVER.has(code)) return '不要自动重连';
  return '按重试策略重连'; // 表中没有的关闭码
}

const pending = new Set(Object.keys(TURNS)); // 还没收到 done（或 error）的上下文
const finished = new Set();
const files = new Map();
const nextSequence = new Map();
let failed = false;
let connectionId = '-'; // 握手响应头 X-Request-Id：这条连接的 ID

// 用户打断：bargedIn 记录是否发生，wakeSender 唤醒正在等待的发送逻辑。
let bargedIn = false;
let wakeSender;
const senderWoken = new Promise((resolve) => (wakeSender = resolve));

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const ws = new WebSocket(url, { headers: { Authorization: `Bearer ${apiKey}` } });
const send = (message) => ws.send(JSON.stringify(message));

function finish(contextId) {
  pending.delete(contextId);
  finished.add(contextId);
  if (contextId === INTERRUPTED) wakeSender(); // 这一轮已经结束（例如出错），不必再等打断
}

/** 把一轮回复的各个片段发送到同一个上下文。 */
async function speak(contextId, pieces) {
  const interruptible = contextId === INTERRUPTED;
  const lastText = pieces.findLastIndex((piece) => piece !== FLUSH);
  let first = true;
  for (const [i, piece] of pieces.entries()) {
    if (piece === FLUSH) {
      send({ type: 'flush', context_id: contextId });
      continue;
    }
    if (!first) {
      // 等大模型生成下一段；用户打断时立即停下
      await (interruptible
        ? Promise.race([sleep(PIECE_DELAY_MS), senderWoken])
        : sleep(PIECE_DELAY_MS));
    }
    if (ws.readyState !== WebSocket.OPEN) return;
    if (finished.has(contextId)) return; // 上下文已因 error 结束，不再向它发送文本
    if (interruptible && bargedIn) break; // 用户已经打断，不再发送后面的文本
    const message = { type: 'generate', context_id: contextId, text: piece };
    if (first) {
      Object.assign(message, SETTINGS); // 第一条 generate 决定音色、模型和格式
      first = false;
    }
    message.continue = i < lastText; // 最后一段为 false
    send(message);
  }

  // 文本发完后音频可能还在播放，用户仍然可以打断。
  if (interruptible) {
    await Promise.race([sleep(10_000), senderWoken]);
    if (bargedIn && !finished.has(contextId) && ws.readyState === WebSocket.OPEN) {
      send({ type: 'cancel', context_id: contextId });
      console.log(`[${contextId}] 已发送 cancel`);
    }
  }
}

function handle(message) {
  const { type, context_id: contextId } = message;

  if (type === 'audio') {
    const { sequence } = message;
    if (sequence !== (nextSequence.get(contextId) ?? 0)) {
      console.error(`[${contextId}] 音频块序号不连续：${sequence}`);
    }
    nextSequence.set(contextId, sequence + 1);
    if (contextId === INTERRUPTED && bargedIn) {
      // 取消之前已在路上的音频仍会到达：直接丢弃（播放器此时应清空待播队列）。
      console.log(`[${contextId}] 丢弃打断后的音频块 ${sequence}`);
      return;
    }
    if (!files.has(contextId)) files.set(contextId, openSync(`${contextId}.pcm`, 'w'));
    writeSync(files.get(contextId), Buffer.from(message.data, 'base64'));
    if (contextId === INTERRUPTED && sequence === 0) {
      console.log(`[${contextId}] 收到第一个音频块，模拟用户打断`);
      bargedIn = true;
      wakeSender();
    }
  } else if (type === 'timestamps') {
    if (contextId === INTERRUPTED && bargedIn) return; // 被打断的上下文：之后的时间戳同样丢弃
    for (const word of message.words) {
      const span = `${String(word.start_ms).padStart(6)}–${String(word.end_ms).padStart(6)}`;
      console.log(`[${contextId}] ${span} ms  ${word.text}`);
    }
  } else if (type === 'done') {
    console.log(`[${contextId}] 完成，计费 ${message.billed_characters} 字符`);
    finish(contextId);
  } else if (type === 'error') {
    const { code, message: text, param, request_id: requestId } = message.error;
    const details = `${code}：${text}（param=${param}，request_id=${requestId}，连接 ID=${connectionId}）`;
    if (code === 'invalid_request' && param === 'context_id') {
      // 消息发给了不再接收它的上下文（例如 cancel 与 done 在网络中错过）：
      // 这个错误不结束任何上下文，记下来、忽略即可。
      console.log(`[${contextId}] 忽略 ${details}`);
      return;
    }
    console.error(`[${contextId}] 错误 ${details}`);
    failed = true;
    if (contextId !== null) finish(contextId); // 出错的上下文随之结束，连接保持打开
  }
}

// 30 秒内没有收到任何消息（包括 ping）就放弃等待。
let watchdog;
function resetWatchdog() {
  clearTimeout(watchdog);
  watchdog = setTimeout(() => {
    console.error('30 秒内没有收到任何消息，放弃等待');
    failed = true;
    ws.terminate();
  }, RECEIVE_TIMEOUT_MS);
}

// 握手响应头 X-Request-Id 是这条连接的 ID：记进日志，联系技术支持时连同 context_id 一起提供。
ws.on('upgrade', (response) => {
  connectionId = response.headers['x-request-id'] ?? '-';
  console.log(`已连接，连接 ID：${connectionId}`);
});

// 握手被拒绝（例如 API 密钥无效时的 HTTP 401）：没有建立连接，也就没有关闭码。
// 要不要重试取决于状态码：400、401 不要重试，429、500、503 按重试策略重连。
ws.on('unexpected-response', (request, response) => {
  let body = '';
  response.on('data', (chunk) => (body += chunk));
  response.on('end', () => {
    let error;
    try {
      error = JSON.parse(body).error; // 响应体是错误对象
    } catch {
      error = { code: '-', message: body, request_id: response.headers['x-request-id'] ?? '-' };
    }
    console.error(
      `握手被拒绝：HTTP ${response.statusCode} ${error.code}：${error.message}` +
        `（request_id=${error.request_id}）。见握手被拒绝时的处理（/api/websocket#handshake-refusals）`,
    );
    process.exit(1);
  });
});

ws.on('open', () => {
  resetWatchdog();
  (async () => {
    for (const [contextId, pieces] of Object.entries(TURNS)) await speak(contextId, pieces);
  })().catch((err) => console.error(`发送失败：${err.message}`));
});

ws.on('ping', resetWatchdog); // ws 会自动回复 pong

ws.on('message', (data, isBinary) => {
  resetWatchdog();
  if (isBinary) return; // 协议只使用文本帧
  handle(JSON.parse(data.toString()));
  if (pending.size === 0) ws.close(1000); // 每个上下文都已结束：正常关闭
});

ws.on('error', (err) => {
  console.error(`连接出错：${err.message}`);
  failed = true;
});

ws.on('close', (code, reason) => {
  clearTimeout(watchdog);
  for (const fd of files.values()) closeSync(fd);
  if (pending.size > 0 && code === 1006) {
    console.error('连接意外断开（没有收到关闭帧，按重试策略重连）');
    failed = true;
  } else if (pending.size > 0) {
    console.error(`连接 ${connectionId} 被关闭：${code} ${String(reason)}（${closeAdvice(code)}）`);
    failed = true;
  }
  process.exit(failed ? 1 : 0);
});
