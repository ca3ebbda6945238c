// 实时场景的一轮回复：失败后按重试策略重连、重发，超出总时长就降级为文字（Node.js 18+）。
//
// 音频写入 reply.pcm（24 kHz、16 位小端序 PCM）。
// - 重发前，失败的上下文的音频只留到最后一个有时间戳的词的 end_ms 为止，重发的音频接在后面。
// - 上下文收到 internal_error 或连接被关闭：用新的 context_id，重发最后一个有时间戳的词之后的全部文本（照原样）。
// - 上下文收到 rate_limited（连接上的上下文已满）：不退避，等别的上下文结束，再用新的 context_id 开始。
// - 总时长从这一轮第一次失败时算起，到之后的第一块音频为止；没有失败时不计时。
// - 连接可能断开却收不到关闭帧：PROBE_AFTER_MS 内什么也没收到就发一个 ping，之后 PONG_TIMEOUT_MS 内还是
//   什么也没收到，按连接被关闭处理。这是一次失败，总时长从发出 ping 时算起。
// - 两个计数各以 MAX_ATTEMPTS 为限：这一轮的尝试次数和这条连接的重连次数，各自在收到音频时清零。
//   服务端的 1000、4000 不是失败：之后的重连不算尝试，1000 先随机等待 0 到 BASE_DELAY_MS。
//
// 运行：
//   npm install ws
//   export VOXLOOM_API_KEY="你的 API 密钥"
//   node realtime_retry.mjs
// 设置 VOXLOOM_WS_LOG_DIR 时，每条连接收发的消息写成日志，可以交给日志检查器检查（/api/websocket#log-checker）。
import { randomUUID } from 'node:crypto';
import { closeSync, ftruncateSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import WebSocket from 'ws';

const apiKey = process.env.VOXLOOM_API_KEY;
if (!apiKey) {
  console.error('请先设置环境变量 VOXLOOM_API_KEY（在控制台创建 API 密钥）');
  process.exit(1);
}
const wsBase = process.env.VOXLOOM_WS_BASE ?? 'wss://api.voxloom.example';
const url = `${wsBase}/v1/speech/websocket`;

// 连接日志（格式见 /api/websocket#log-format）：设置 VOXLOOM_WS_LOG_DIR 时，每条连接一个文件，
// connection-1.jsonl、connection-2.jsonl……，发出和收到的每条消息一行，最后一行是关闭码。
const LOG_DIR = process.env.VOXLOOM_WS_LOG_DIR;
let connectionsLogged = 0;
function connectionLog() {
  if (!LOG_DIR) return () => {};
  connectionsLogged += 1;
  const fd = openSync(join(LOG_DIR, `connection-${connectionsLogged}.jsonl`), 'w');
  let open = true;
  return (record) => {
    if (!open) return;
    writeSync(fd, `${JSON.stringify(record)}\n`);
    if (record.dir === 'close') {
      closeSync(fd);
      open = false;
    }
  };
}

const REPLY = '您好，您的订单已经发货。快递预计明天下午送达，到时请留意电话。还有什么可以帮您？';
const SETTINGS = {
  voice_id: 'zh_female_qingxin',
  model: 'loom-turbo-v2',
  output_format: { container: 'pcm', sample_rate: 24000, encoding: 'pcm_s16le' },
  timestamps: true, // 失败后靠时间戳找出哪些词还没有收到音频
};

// 重试策略（/api/errors#retries）的参数
const MAX_ATTEMPTS = 5;
const BASE_DELAY_MS = 500; // 第一次重试前退避的上限
const MAX_DELAY_MS = 4_000; // 单次退避的上限
const REALTIME_BUDGET_MS = 10_000; // 从第一次失败到之后的第一块音频，所有尝试和等待加起来的上限

const RECONNECT_NEVER = new Set([1008, 4029]); // 重连也没用的关闭码：先解决原因
const NOT_FAILURE = new Set([1000, 4000]); // 计划内停机和空闲超时：重连，但不算尝试
const MIN_WAIT_MS = new Map([
  [1011, 1_000], // 这两个关闭码第一次重连前至少等这么久
  [1013, 5_000],
]);
// 握手被拒绝时可以重连的状态码；网关的 502、504 按 500 处理
const RETRY_HANDSHAKE = new Set([429, 500, 502, 503, 504]);
// 发现断线（/api/websocket#dead-connection）。上下文进行中（有人在等音频）：PROBE_AFTER_MS 内什么也没收到
// （消息、ping 或 pong），发一个 ping；发出后 PONG_TIMEOUT_MS 内还是什么也没收到，连接已经断了。
const PROBE_AFTER_MS = 2_000;
const PONG_TIMEOUT_MS = 2_000;
// 握手最多等这么久，超时算一次失败，按重试策略重连（/api/websocket#handshake-refusals）。
const HANDSHAKE_TIMEOUT_MS = 5_000;

/** 这一轮放弃：改为显示文字回复。 */
class GiveUp extends Error {}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** 一轮的实时总时长：从第一次失败算到之后的第一块音频；没有失败时不计时（大模型慢不算失败）。 */
class Budget {
  deadline = null;

  audioStarted() {
    this.deadline = null; // 音频已经开始，不再计时
  }

  /** 一次失败；at 是它发生的时刻（Date.now()），默认是现在。 */
  failed(at = Date.now()) {
    this.deadline ??= at + REALTIME_BUDGET_MS;
  }

  /** 还剩多少毫秒；不在计时时没有限制（Infinity）。 */
  left() {
    if (this.deadline === null) return Infinity;
    const left = this.deadline - Date.now();
    if (left <= 0) throw new GiveUp('这一轮的总时长已经用完');
    return left;
  }

  /** 等待下一次尝试：atLeastMs（Retry-After）优先，否则指数退避加随机抖动。 */
  async wait(attempt, atLeastMs = 0) {
    const delay = atLeastMs
      ? atLeastMs + Math.random() * BASE_DELAY_MS
      : Math.random() * Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** (attempt - 1));
    if (this.deadline !== null && Date.now() + delay > this.deadline) {
      throw new GiveUp(`再等 ${(delay / 1000).toFixed(1)} 秒会超出这一轮的总时长`);
    }
    await sleep(delay);
  }
}

/** 一次握手：{ ws }，或者可以重连时 { retryAfterMs }；不要重连时抛出 GiveUp。 */
function handshake(timeoutMs) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, {
      headers: { Authorization: `Bearer ${apiKey}` },
      handshakeTimeout: timeoutMs,
    });
    ws.on('error', (err) => {
      console.error(`连接出错：${err.message}`);
      resolve({ retryAfterMs: 0 });
    });
    ws.on('upgrade', (response) => {
      console.log(`已连接，连接 ID：${response.headers['x-request-id'] ?? '-'}`);
    });
    ws.on('unexpected-response', (request, response) => {
      const requestId = response.headers['x-request-id'] ?? '-';
      console.error(`握手被拒绝：HTTP ${response.statusCode}（request_id=${requestId}）`);
      response.resume();
      if (!RETRY_HANDSHAKE.has(response.statusCode)) {
        reject(new GiveUp('这个状态码重连也没用'));
      } else {
        // 按 Retry-After 等待；它超出这一轮剩下的总时长时，budget.wait 放弃。
        resolve({ retryAfterMs: Number(response.headers['retry-after'] ?? 0) * 1000 });
      }
    });
    ws.on('open', () => resolve({ ws }));
  });
}

/** 连接池中的一条连接。重连次数按连接计，几轮共用它时各轮仍各自计时。 */
class Connection {
  ws = null;
  used = false; // 连过一次之后，再连就是重连
  reconnects = 0; // 这是连续第几次重连；连接送来音频时清零
  atLeastMs = 0; // 下一次连接前至少等多久（关闭码或握手拒绝的 Retry-After）
  planned = false; // 上一次关闭是 1000 或 4000：这次重连不算尝试
  drained = false; // 上一次关闭是服务端的 1000（计划内停机）
  log = () => {}; // 这条连接的日志

  async open(budget) {
    while (this.ws === null) {
      if (this.used && this.planned) {
        // 服务端的 1000：随机等一会儿，免得所有客户端同时重连
        if (this.drained) await sleep(Math.random() * BASE_DELAY_MS);
      } else if (this.used) {
        this.reconnects += 1;
        if (this.reconnects >= MAX_ATTEMPTS) {
          throw new GiveUp(`连续 ${MAX_ATTEMPTS} 次都没有连上`); // 连同第一次
        }
        await budget.wait(this.reconnects, this.atLeastMs);
      }
      this.used = true;
      this.atLeastMs = 0;
      this.planned = false;
      const result = await handshake(Math.min(HANDSHAKE_TIMEOUT_MS, budget.left()));
      if (result.ws) {
        const ws = result.ws;
        const log = connectionLog();
        this.ws = ws;
        this.log = log;
        ws.on('message', (data, isBinary) => {
          if (!isBinary) log({ dir: 'received', message: JSON.parse(data.toString()) });
        });
        ws.on('close', (code) => {
          log({ dir: 'close', code });
          if (this.ws !== ws) return;
          this.ws = null;
          this.atLeastMs = MIN_WAIT_MS.get(code) ?? 0;
          this.planned = NOT_FAILURE.has(code);
          this.drained = code === 1000;
        });
      } else {
        budget.failed(); // 握手被拒绝或连不上是一次失败：总时长从这里开始计时（如果还没有开始）
        this.atLeastMs = result.retryAfterMs;
      }
    }
    return this.ws;
  }

  send(message) {
    this.log({ dir: 'sent', message });
    this.ws.send(JSON.stringify(message));
  }

  heardAudio() {
    this.reconnects = 0; // 这条连接送来了音频：重连次数清零
  }
}

/**
 * 在一个新的上下文中合成 text。结果：{ result, heard, endMs, gotAudio }，heard 是收到音频的文本
 * 到哪里为止，endMs 是最后一个有时间戳的词的 end_ms。
 */
function say(conn, ws, budget, contextId, text, out) {
  return new Promise((resolve, reject) => {
    let heard = 0;
    let endMs = 0; // 还没有收到时间戳时为 0：这个上下文的音频一点也不留
    let gotAudio = false;
    let waitingForSlot = false; // 收到 rate_limited 后，等这条连接上别的上下文结束
    let timer;
    let pinged = null; // 发出的 ping 还没有等到任何帧时，是发出的时刻（同一时间最多一个）
    const finish = (settle, value) => {
      clearTimeout(timer);
      ws.off('message', onMessage).off('ping', arm).off('pong', arm).off('close', onClose);
      settle(value);
    };
    // 等 ms 毫秒后做 then；还没有音频时，最多等到这一轮的总时长用完，用完就放弃。
    function after(ms, then) {
      clearTimeout(timer);
      const left = budget.deadline === null ? Infinity : budget.deadline - Date.now();
      if (left > ms) {
        timer = setTimeout(then, ms);
        return;
      }
      timer = setTimeout(
        () => {
          finish(reject, new GiveUp('失败之后的第一块音频没有在总时长内到达'));
          ws.terminate();
        },
        Math.max(0, left),
      );
    }
    // 收到任何一帧（消息、ping 或 pong）时重新计时：PROBE_AFTER_MS 内什么也没收到，发一个 ping。
    function arm() {
      pinged = null;
      after(PROBE_AFTER_MS, probe);
    }
    function probe() {
      pinged = Date.now();
      ws.ping(); // 连接正常时只换来一个 pong
      after(PONG_TIMEOUT_MS, () => {
        console.log(`发出 ping 后 ${PONG_TIMEOUT_MS / 1000} 秒内什么也没收到，连接已经断了`);
        budget.failed(pinged); // 这是一次失败：总时长从发出 ping 时算起
        ws.terminate(); // 不发关闭帧，也不等服务端的，直接关掉：按关闭处理，重连后重发
      });
    }
    function onMessage(data, isBinary) {
      arm();
      if (isBinary) return;
      const message = JSON.parse(data.toString());
      if (message.context_id !== contextId) {
        if (message.type === 'error' && message.context_id === null) {
          // 不结束任何上下文，记下即可
          console.log(`忽略 ${message.error.code}：${message.error.message}`);
        } else if (
          waitingForSlot &&
          (message.type === 'done' || (message.billed_characters ?? null) !== null)
        ) {
          finish(resolve, { result: 'busy', heard, endMs, gotAudio }); // 别的上下文结束了，空出了位置
        }
        return;
      }
      if (message.type === 'audio') {
        const bytes = Buffer.from(message.data, 'base64');
        out.size += writeSync(out.fd, bytes, 0, bytes.length, out.size); // 截掉尾部之后，接在截断处写
        gotAudio = true;
        budget.audioStarted();
        conn.heardAudio();
        arm();
      } else if (message.type === 'timestamps') {
        for (const word of message.words) {
          const found = text.indexOf(word.text, heard);
          if (found >= 0) {
            heard = found + word.text.length;
            endMs = word.end_ms;
          }
        }
      } else if (message.type === 'done') {
        console.log(`[${contextId}] 完成，计费 ${message.billed_characters} 字符`);
        finish(resolve, { result: 'done', heard: text.length, endMs, gotAudio });
      } else if (message.type === 'error') {
        const { code, message: reason, request_id: requestId } = message.error;
        console.log(
          `[${contextId}] ${code}：${reason}（request_id=${requestId}，计费 ${message.billed_characters} 字符）`,
        );
        if (code === 'rate_limited') {
          budget.failed(); // 这是一次失败：等待计入总时长
          arm();
          waitingForSlot = true; // 不退避，最多等到这一轮的总时长用完
        } else if (code !== 'internal_error') {
          // 例如 insufficient_credit：重发也没用，按错误码一览处理
          finish(reject, new GiveUp('这个错误重发也没用'));
        } else {
          finish(resolve, { result: 'failed', heard, endMs, gotAudio });
        }
      }
    }
    function onClose(code) {
      console.log(`连接被关闭：${code}`);
      if (RECONNECT_NEVER.has(code)) finish(reject, new GiveUp(`关闭码 ${code}：重连也没用`));
      else finish(resolve, { result: 'closed', heard, endMs, gotAudio });
    }
    ws.on('message', onMessage).on('ping', arm).on('pong', arm).on('close', onClose); // ws 自动回复 pong
    conn.send({ type: 'generate', context_id: contextId, text, ...SETTINGS });
    arm();
  });
}

const conn = new Connection();
const budget = new Budget();
const out = { fd: openSync('reply.pcm', 'w'), size: 0 }; // size：已经写入的字节数，下一块音频写在这里
let rest = REPLY;
try {
  let failures = 0; // 这一轮连续失败了几次；收到音频时清零
  for (;;) {
    const contextId = `reply-${randomUUID().slice(0, 8)}`; // 每次尝试都用新的 context_id
    const ws = await conn.open(budget);
    const start = out.size; // 这个上下文的音频从文件的这里开始
    const { result, heard, endMs, gotAudio } = await say(conn, ws, budget, contextId, rest, out);
    rest = rest.slice(heard); // 最后一个有时间戳的词之后，照原样（标点也保留）
    // 只剩空白和标点：这一轮已经说完，不重发，也不算失败
    if (result === 'done' || !/[\p{L}\p{N}]/u.test(rest)) break;
    // 音频的末尾可能已经有下一个词的开头，而重发从下一个词说起：旧上下文的音频只留到
    // end_ms 为止，否则这一小段会听到两遍。字节数按请求的 output_format 算，取整到整个样本。
    const rate = SETTINGS.output_format.sample_rate; // pcm_s16le：每个样本 2 字节
    out.size = Math.min(out.size, start + Math.floor((endMs * rate) / 1000) * 2);
    ftruncateSync(out.fd, out.size);
    budget.failed(); // 总时长从第一次失败起计时（服务端的 1000、4000 也让听的人等）
    if (gotAudio) failures = 0; // 这一轮收到了音频：尝试次数清零
    if (!(result === 'closed' && conn.planned)) failures += 1; // 1000、4000 之后的重发不算尝试
    if (failures === MAX_ATTEMPTS) throw new GiveUp(`连续尝试 ${MAX_ATTEMPTS} 次都没有收到音频`);
    if (result === 'failed') await budget.wait(failures); // 连接还在：退避后在新的上下文中重发
    console.log(`从“${rest.slice(0, 10)}”起重发`);
  }
} catch (err) {
  if (!(err instanceof GiveUp)) throw err;
  console.error(`放弃：${err.message}。改为显示文字回复：${rest}`);
  process.exitCode = 1;
} finally {
  closeSync(out.fd);
  conn.ws?.close();
}
