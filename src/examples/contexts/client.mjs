// WebSocket 上下文示例（Node.js 18+，ES 模块）。
//
// 一条连接上先后进行两轮回复：turn-1 收到第一个音频块时模拟用户打断（barge-in），客户端取消它，
// 开始下一轮 turn-2。每个上下文的音频写入 <context_id>.pcm（24 kHz、16 位小端序 PCM），
// 可以用 `ffplay -f s16le -ar 24000 turn-2.pcm` 试听。
//
// 连接被关闭时按关闭码决定是否重连；重连后，没有收到音频的文本放进新的上下文（新的 context_id）重发，
// 旧上下文的音频只留到最后一个有时间戳的词的 end_ms 为止。连接可能断开却收不到关闭帧：有进行中的上下文时，
// 一段时间什么也没收到就发一个 ping 检查连接。
// 上下文因 internal_error 结束时同样用新的 context_id 重发；上下文数超限（rate_limited）时等有上下文结束再开始。
// 取消之后，上下文以 done 或结束上下文的 error 结束，两者只会收到一条。
//
// 运行：
//   npm install ws
//   export VOXLOOM_API_KEY="你的 API 密钥"
//   node client.mjs
// 设置 VOXLOOM_WS_LOG_DIR 时，每条连接收发的消息写成日志，可以交给日志检查器检查（/api/websocket#log-checker）。
import { closeSync, fstatSync, ftruncateSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
// Node.js 22 自带的 WebSocket 读不到握手的响应头（连接 ID）和被拒绝时的响应体，所以用 ws。
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
let log = () => {}; // 当前连接的日志

// 只放在每个上下文的第一条 generate 里；同一上下文后续的 generate 只带文本。
const SETTINGS = {
  voice_id: 'zh_female_qingxin',
  model: 'loom-turbo-v2',
  output_format: { container: 'pcm', sample_rate: 24000, encoding: 'pcm_s16le' },
  timestamps: true, // 断线后靠时间戳找出哪些文本还没有收到音频
};

const FLUSH = null; // 片段之间的 FLUSH：不再等待后文，立即合成已缓冲的文本

// 模拟大模型逐段输出的两轮回复。
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
const INTERRUPTED = 'turn-1'; // 这一轮会在第一个音频块到达后被打断
const PIECE_DELAY_MS = 300; // 两个片段之间的间隔，模拟大模型生成文本的速度

// 发现断线（/api/websocket#dead-connection）。有进行中的上下文时（有人在等音频）：PROBE_AFTER_MS 内
// 什么也没收到（消息、ping 或 pong），发一个 ping；发出后 PONG_TIMEOUT_MS 内还是什么也没收到，连接已经断了。
const PROBE_AFTER_MS = 2_000;
const PONG_TIMEOUT_MS = 2_000;
// 没有进行中的上下文时不发 ping：服务端每 20 秒发一次 ping，ws 自动回复 pong；两个间隔内什么也没收到
// （ping 也没有），连接已经断了。
const PING_INTERVAL_MS = 20_000;
const RECEIVE_TIMEOUT_MS = 2 * PING_INTERVAL_MS;
// 握手最多等这么久，超时按重试策略重连（/api/websocket#handshake-refusals）。
const HANDSHAKE_TIMEOUT_MS = 5_000;

// 关闭之后怎么办，按关闭码分三类（见 /api/websocket 的关闭码表）：
const RECONNECT_WITH_BACKOFF = new Set([1011, 1013, 4002]); // 按重试策略重连
const RECONNECT_WHEN_NEEDED = new Set([1000, 4000]); // 不必立即重连；还有没说完的文本，就是现在需要
const RECONNECT_NEVER = new Set([1008, 4029]); // 不要自动重连，先解决原因（1008 违反协议、4029 连接数超限）
// 表中没有的关闭码（例如中间的代理发出的）与 RECONNECT_WITH_BACKOFF 一样处理。
const MIN_WAIT_MS = { 1011: 1_000, 1013: 5_000 }; // 这两个关闭码第一次重连前至少等这么久
// 握手被拒绝时，这些状态码按重试策略重连，其余的不要；网关的 502、504 按 500 处理。
const RETRY_HANDSHAKE = new Set([429, 500, 502, 503, 504]);

// 重试策略（/api/errors#retries）：最多 5 次，指数退避加随机抖动。两个计数各自以它为限：
// 每一轮回复的尝试次数（每次在新的上下文中重发算一次）和连接的重连次数，
// 各自在这一轮、这条连接收到第一条 audio 时从头计算。1000、4000 不是失败，之后的重连两个都不加。
const MAX_ATTEMPTS = 5;
const BASE_DELAY_MS = 500;
const MAX_DELAY_MS = 4_000;

function closeAdvice(code) {
  if (RECONNECT_WITH_BACKOFF.has(code)) return '按重试策略重连';
  if (RECONNECT_WHEN_NEEDED.has(code)) return '需要时再连';
  if (RECONNECT_NEVER.has(code)) return '不要自动重连';
  return '按重试策略重连'; // 表中没有的关闭码
}

/** 第 attempt 次重连前等多久（毫秒）：Retry-After 优先，否则指数退避加随机抖动。 */
function backoff(attempt, retryAfterMs = 0) {
  if (retryAfterMs > 0) return retryAfterMs + Math.random() * BASE_DELAY_MS;
  return Math.random() * Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** (attempt - 1));
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** 一轮回复。断线重连后它在新的上下文里接着说，所以可能先后用几个 context_id。 */
class Turn {
  constructor(name, pieces) {
    this.name = name;
    this.pieces = pieces;
    this.text = ''; // 已经交给连接的全部文本（跨上下文）
    this.heard = 0; // text 中收到音频的部分到这里为止：最后一个有时间戳的词之后
    this.endMs = 0; // 进行中的上下文里最后一个有时间戳的词的 end_ms；还没有时为 0
    this.contextId = null; // 进行中的上下文；null 时下一条 generate 开始新的上下文
    this.contexts = 0; // 用过几个 context_id：每个上下文都用新的 ID
    this.final = false; // 最后一段已经交给连接
    this.ended = false; // 说完、被取消或出错，不再发送
    this.attempt = 1; // 这一轮连续第几次尝试：收到音频时回到 1
    this.waiting = false; // 上下文数超限：等这条连接上有上下文结束再开始
    this.cancelled = false; // 已发送 cancel：等 done 或结束上下文的 error（只会收到一条）
    this.retrying = false; // internal_error 之后：等退避结束再重发
  }

  newContextId() {
    this.contexts += 1;
    return this.contexts === 1 ? this.name : `${this.name}-resend-${this.contexts - 1}`;
  }
}

const turns = Object.entries(TURNS).map(([name, pieces]) => new Turn(name, pieces));
const byContext = new Map(); // context_id → Turn
const files = new Map();
const nextSequence = new Map();
let ws = null; // null：连接断开，正在重连
let connectionId = '-'; // 握手响应头 X-Request-Id：这条连接的 ID
let contextStartedAt = 0; // 最近一个上下文开始（第一条 generate 发出）的时刻
let attempt = 1; // 连接的重连次数：这是连续第几次尝试连接
let planned = false; // 上一次关闭是 1000 或 4000：不是失败，这次重连不算尝试
let failed = false;
let billed = 0;

// 用户打断：bargedIn 记录是否发生，wakeSender 唤醒正在等待的发送逻辑。
let bargedIn = false;
let wakeSender;
const senderWoken = new Promise((resolve) => (wakeSender = resolve));

const finished = () => turns.every((turn) => turn.ended);
// 连接上有没有进行中的上下文：开始了，还没有收到 done 或结束上下文的 error。
const inProgress = () => turns.some((turn) => turn.contextId !== null);

function send(message) {
  // 连接已断时不发：接收端会重连，没有收到音频的文本在那时重发。
  if (ws?.readyState !== WebSocket.OPEN) return;
  log({ dir: 'sent', message });
  ws.send(JSON.stringify(message));
}

/** 开始一个新的上下文，发送这一轮还没有收到音频的全部文本。 */
function startContext(turn) {
  // 最后一个有时间戳的词之后的全部文本，照原样重发（标点和空白都保留）。
  const text = turn.text.slice(turn.heard);
  if (!/[\p{L}\p{N}]/u.test(text)) {
    if (turn.final) turn.ended = true; // 只剩空白和标点：全部文本的音频都已收到，不重发
    return; // 没有要读的字：等下一段文本，和它一起发
  }
  turn.contextId = turn.newContextId();
  turn.endMs = 0;
  contextStartedAt = Date.now(); // 检查连接的 2 秒从这时或最后一帧起算，取较晚的
  byContext.set(turn.contextId, turn);
  // 第一条 generate 决定音色、模型和格式。
  send({ type: 'generate', context_id: turn.contextId, text, ...SETTINGS, continue: !turn.final });
}

/**
 * 上下文没有以 done 结束、要重发时：它的音频只留到最后一个有时间戳的词的 end_ms 为止。
 * 音频的末尾可能已经有下一个词的开头，而重发从下一个词说起，不截掉这一小段会听到两遍。
 * 重发的上下文写入新的文件，按顺序接在这个文件后面（pcm 按字节接上即可）。
 */
function cut(turn, contextId) {
  if (turn.name === INTERRUPTED && bargedIn) return; // 被打断的一轮不再重发：音频不用截
  const fd = files.get(contextId);
  if (fd === undefined) return;
  const rate = SETTINGS.output_format.sample_rate; // pcm_s16le：每个样本 2 字节
  const size = Math.floor((turn.endMs * rate) / 1000) * 2;
  if (size < fstatSync(fd).size) ftruncateSync(fd, size);
}

/** 在新的上下文中重发这一轮没有收到音频的文本：失败后是重试策略的一次尝试。 */
function retry(turn, counted = true) {
  turn.contextId = null;
  turn.waiting = turn.retrying = false;
  if (turn.name === INTERRUPTED && bargedIn) {
    turn.ended = true; // 用户已经打断：不再重发
    return;
  }
  if (!counted) {
    startContext(turn); // 服务端的 1000、4000 之后：不是失败，不算尝试
    return;
  }
  turn.attempt += 1;
  if (turn.attempt > MAX_ATTEMPTS) {
    console.error(`[${turn.name}] 连续尝试 ${MAX_ATTEMPTS} 次都没有收到音频，放弃这一轮`);
    turn.ended = true;
    failed = true;
    return;
  }
  startContext(turn);
}

/** internal_error 之后：按退避等待，再重发（连接断了就留给重连后的 resume）。 */
function retryLater(turn) {
  turn.retrying = true;
  setTimeout(() => {
    if (ws !== null && turn.retrying && !turn.ended) retry(turn);
  }, backoff(turn.attempt));
}

/** 有上下文结束、名额空出：等名额的一轮用新的上下文开始（一个名额只够一轮）。 */
function slotFreed() {
  const turn = turns.find((t) => t.waiting && !t.ended);
  if (turn) retry(turn);
}

function addText(turn, piece, last) {
  turn.text += piece;
  turn.final = last;
  if (ws === null || turn.waiting || turn.retrying) return; // 重连后、名额空出后或退避结束后一起发送
  if (turn.contextId === null) startContext(turn);
  else send({ type: 'generate', context_id: turn.contextId, text: piece, continue: !last });
}

function flush(turn) {
  if (ws !== null && turn.contextId !== null) send({ type: 'flush', context_id: turn.contextId });
}

function cancel(turn) {
  if (turn.ended || turn.cancelled) return;
  if (ws !== null && turn.contextId !== null) {
    send({ type: 'cancel', context_id: turn.contextId });
    turn.cancelled = true;
    console.log(`[${turn.contextId}] 已发送 cancel`);
  } else {
    turn.ended = true; // 连接已断：上下文随之结束，取消的文本不再重发
  }
}

/** 断线时有没有要重发的文本：进行中的上下文在最后一个有时间戳的词之后还有字。 */
function hasResend() {
  return turns.some(
    (turn) =>
      turn.contextId !== null && !turn.ended && /[\p{L}\p{N}]/u.test(turn.text.slice(turn.heard)),
  );
}

/** 重连后：每一轮没说完的文本放进新的上下文重发。 */
function resume(counted) {
  for (const turn of turns) {
    if (turn.contextId !== null && !turn.ended) cut(turn, turn.contextId); // 旧连接上没有说完的上下文
    turn.contextId = null; // 旧连接上的上下文已随连接结束，不会收到 done
    if (turn.name === INTERRUPTED && bargedIn) turn.ended = true;
    if (!turn.ended && turn.text) retry(turn, counted); // 新连接上的新上下文：失败后是又一次尝试
  }
}

/** 把一轮回复的各个片段发送出去。 */
async function speak(turn) {
  const interruptible = turn.name === INTERRUPTED;
  const lastText = turn.pieces.findLastIndex((piece) => piece !== FLUSH);
  for (const [i, piece] of turn.pieces.entries()) {
    if (piece === FLUSH) {
      flush(turn);
      continue;
    }
    if (i > 0) {
      // 等大模型生成下一段；用户打断时立即停下
      await (interruptible
        ? Promise.race([sleep(PIECE_DELAY_MS), senderWoken])
        : sleep(PIECE_DELAY_MS));
    }
    if (turn.ended) return; // 这一轮已因 error 结束，不再发送
    if (interruptible && bargedIn) break; // 用户已经打断，不再发送后面的文本
    addText(turn, piece, i === lastText);
  }

  // 文本发完后音频可能还在播放，用户仍然可以打断：等到打断（收到音频时当即取消）再说下一轮。
  if (interruptible) await Promise.race([sleep(10_000), senderWoken]);
}

function endTurn(turn, contextId) {
  slotFreed();
  if (turn?.contextId !== contextId) return;
  turn.contextId = null;
  turn.ended = true;
  if (turn.name === INTERRUPTED) wakeSender(); // 这一轮已经结束（例如出错），不必再等打断
}

function handle(message) {
  const { type } = message;
  if (!['audio', 'timestamps', 'done', 'error'].includes(type)) {
    // 服务端以后可能增加新的消息类型，它不一定有 context_id：记录后跳过，不要因此断开连接。
    console.log(`忽略不认识的消息类型 ${type}`);
    return;
  }
  const { context_id: contextId } = message;
  const turn = byContext.get(contextId);

  if (type === 'audio') {
    const { sequence } = message;
    if (sequence !== (nextSequence.get(contextId) ?? 0)) {
      console.error(`[${contextId}] 音频块序号不连续：${sequence}`);
    }
    nextSequence.set(contextId, sequence + 1);
    attempt = 1; // 这条连接送来了音频：重连次数从头计算
    if (turn) turn.attempt = 1; // 这一轮收到了音频：尝试次数从头计算
    if (turn?.name === INTERRUPTED && bargedIn) {
      // 取消之前已在路上的音频仍会到达：直接丢弃（播放器此时应清空待播队列）。
      console.log(`[${contextId}] 丢弃打断后的音频块 ${sequence}`);
      return;
    }
    if (!files.has(contextId)) files.set(contextId, openSync(`${contextId}.pcm`, 'w'));
    writeSync(files.get(contextId), Buffer.from(message.data, 'base64'));
    if (turn?.name === INTERRUPTED && sequence === 0) {
      console.log(`[${contextId}] 收到第一个音频块，模拟用户打断`);
      bargedIn = true;
      cancel(turn); // 打断就取消，不等发送逻辑：取消越早，多合成、多计费的越少
      wakeSender();
    }
  } else if (type === 'timestamps') {
    if (!turn || (turn.name === INTERRUPTED && bargedIn)) return; // 被打断的一轮：时间戳同样丢弃
    for (const word of message.words) {
      const span = `${String(word.start_ms).padStart(6)}–${String(word.end_ms).padStart(6)}`;
      console.log(`[${contextId}] ${span} ms  ${word.text}`);
      // 记下收到音频的文本到哪里为止。text_markup 为 none（默认）时，词按你发送的原文给出；
      // 用 pronunciation 时，要在去掉标记后的文本里找。
      const found = turn.text.indexOf(word.text, turn.heard);
      if (found >= 0) {
        turn.heard = found + word.text.length;
        turn.endMs = word.end_ms;
      }
    }
  } else if (type === 'done') {
    console.log(`[${contextId}] 完成，计费 ${message.billed_characters} 字符`);
    billed += message.billed_characters;
    endTurn(turn, contextId);
  } else if (type === 'error') {
    const { code, message: text, param, request_id: requestId } = message.error;
    const details = `${code}：${text}（param=${param}，request_id=${requestId}，连接 ID=${connectionId}）`;
    if (typeof message.billed_characters !== 'number') {
      // 不结束任何上下文的错误，包括 context_id 为 null 的：记进日志，照常继续。
      console.log(`[${contextId}] 忽略 ${details}`);
      return;
    }
    // 结束上下文的错误：带着这个上下文的计费字符数；按错误码决定怎样处理（/api/errors）。
    console.error(`[${contextId}] 错误 ${details}，计费 ${message.billed_characters} 字符`);
    billed += message.billed_characters;
    if (turn?.contextId === contextId && turn.cancelled) {
      endTurn(turn, contextId); // 取消的上下文先以 error 结束：不会再有 done，也不重发
    } else if (turn?.contextId === contextId && code === 'internal_error') {
      slotFreed();
      cut(turn, contextId);
      turn.contextId = null;
      retryLater(turn); // 服务端的故障：从第一个没有收到音频的词起重发
    } else if (turn?.contextId === contextId && code === 'rate_limited') {
      // 这个上下文没有占到名额，也就没有空出名额。
      turn.contextId = null;
      turn.waiting = true; // 上下文数超限：等一个 done，再用新的 context_id 开始
    } else {
      if (turn?.contextId === contextId) failed = true; // 其余的错误重发也没用：放弃这一轮
      endTurn(turn, contextId);
    }
  }
}

/**
 * 一条连接，从握手到关闭。结果：{ code }，每一轮都已结束时 code 为 null；
 * 握手被拒绝时为 { refused: 状态码, retryAfterMs }。
 */
function connectOnce() {
  return new Promise((resolve) => {
    const socket = new WebSocket(url, {
      headers: { Authorization: `Bearer ${apiKey}` },
      handshakeTimeout: HANDSHAKE_TIMEOUT_MS,
    });
    let watchdog;
    let last = Date.now(); // 最后一次收到帧（消息、ping 或 pong）的时刻
    let pinged = null; // 发出的 ping 还没有等到任何帧时，是发出的时刻（同一时间最多一个）
    let droppedIdle = false; // 没有进行中的上下文时发现的断线：不是失败
    let record = () => {}; // 这条连接的日志
    const dead = (why) => {
      console.error(`${why}，按重试策略重连`);
      socket.terminate(); // 连接已经断了：不发关闭帧，也不等服务端的，直接关掉
    };
    const watch = () => {
      clearTimeout(watchdog);
      const now = Date.now();
      let wait;
      if (pinged !== null) {
        if (now - pinged >= PONG_TIMEOUT_MS) {
          return dead(`发出 ping 后 ${PONG_TIMEOUT_MS / 1000} 秒内什么也没收到`);
        }
        wait = pinged + PONG_TIMEOUT_MS - now;
      } else if (inProgress()) {
        const since = Math.max(last, contextStartedAt);
        if (now - since >= PROBE_AFTER_MS) {
          socket.ping(); // 连接正常时只换来一个 pong
          pinged = now;
          wait = PONG_TIMEOUT_MS;
        } else {
          wait = since + PROBE_AFTER_MS - now;
        }
      } else {
        if (now - last >= RECEIVE_TIMEOUT_MS) {
          // 没有要重发的文本：从池中移除它，需要时再连；不是失败，不算尝试
          console.error(
            `${RECEIVE_TIMEOUT_MS / 1000} 秒内什么也没收到（包括 ping），连接已断开，需要时再连`,
          );
          droppedIdle = true;
          socket.terminate();
          return;
        }
        // 发送逻辑随时可能开始新的上下文：最迟 PROBE_AFTER_MS 后再看一次
        wait = Math.min(PROBE_AFTER_MS, last + RECEIVE_TIMEOUT_MS - now);
      }
      watchdog = setTimeout(watch, wait);
    };
    // 收到任何一帧：连接还通，重新计时。
    const heard = () => {
      last = Date.now();
      pinged = null;
      watch();
    };

    // 握手响应头 X-Request-Id 是这条连接的 ID：记进日志，联系技术支持时连同 context_id 一起提供。
    socket.on('upgrade', (response) => {
      connectionId = response.headers['x-request-id'] ?? '-';
      console.log(`已连接，连接 ID：${connectionId}`);
    });

    // 握手被拒绝：没有建立连接，也就没有关闭码；响应体是错误对象，状态码决定要不要重试。
    socket.on('unexpected-response', (request, response) => {
      let body = '';
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => {
        let error;
        try {
          error = JSON.parse(body).error;
        } catch {
          // 网关的 502、504 的响应体可能不是 JSON：按 internal_error 处理。
          error = {
            code: response.statusCode >= 500 ? 'internal_error' : '-',
            message: body,
            request_id: response.headers['x-request-id'] ?? '-',
          };
        }
        console.error(
          `握手被拒绝：HTTP ${response.statusCode} ${error.code}：${error.message}` +
            `（request_id=${error.request_id}）。见握手被拒绝时的处理（/api/websocket#handshake-refusals）`,
        );
        const retryAfter = Number(response.headers['retry-after'] ?? 0);
        resolve({ refused: response.statusCode, retryAfterMs: retryAfter * 1000 });
      });
    });

    socket.on('open', () => {
      record = log = connectionLog();
      ws = socket;
      heard(); // 从连接打开时开始计时
      resume(!planned); // 重连后：没说完的文本放进新的上下文
      planned = false;
      startSender();
    });

    socket.on('ping', heard); // ws 自动回复 pong
    socket.on('pong', heard);

    socket.on('message', (data, isBinary) => {
      heard();
      if (isBinary) return; // 协议只使用文本帧
      const message = JSON.parse(data.toString());
      record({ dir: 'received', message });
      handle(message);
      if (finished()) socket.close(1000); // 每一轮都已结束：正常关闭
    });

    socket.on('error', (err) => console.error(`连接出错：${err.message}`));

    socket.on('close', (code, reason) => {
      clearTimeout(watchdog);
      record({ dir: 'close', code });
      ws = null; // 进行中的上下文随连接结束，不会收到 done
      const resend = hasResend();
      if (finished()) {
        resolve({ code: null });
      } else if (droppedIdle) {
        resolve({ code: 'dropped-idle' });
      } else if (code === 1006) {
        console.error('连接意外断开（没有收到关闭帧，按重试策略重连）');
        resolve({ code, resend });
      } else {
        console.log(
          `连接 ${connectionId} 被关闭：${code} ${String(reason)}（${closeAdvice(code)}）`,
        );
        resolve({ code, resend });
      }
    });
  });
}

let senderStarted = false;
function startSender() {
  if (senderStarted) return;
  senderStarted = true;
  (async () => {
    for (const turn of turns) await speak(turn);
  })().catch((err) => console.error(`发送失败：${err.message}`));
}

for (;;) {
  const result = await connectOnce();
  if (result.code === null) break; // 每一轮都已结束
  let waitMs = 0;
  if (result.refused !== undefined) {
    if (!RETRY_HANDSHAKE.has(result.refused)) {
      failed = true;
      break;
    }
    waitMs = result.retryAfterMs;
  } else if (RECONNECT_NEVER.has(result.code)) {
    failed = true;
    break;
  } else if (result.code === 'dropped-idle') {
    // 发送逻辑还有下一轮要说，“需要时”就是现在：不是失败，不退避，不算尝试。
    planned = true;
    continue;
  } else if (RECONNECT_WHEN_NEEDED.has(result.code)) {
    // 还有没说完的文本，“需要时”就是现在。不是失败，不算尝试；服务端的 1000 先随机等一会儿，
    // 免得计划内停机后所有客户端同时重连。
    planned = true;
    if (result.code === 1000) await sleep(Math.random() * BASE_DELAY_MS);
    continue;
  } else {
    waitMs = MIN_WAIT_MS[result.code] ?? 0;
    if (!result.resend) {
      // 没有要重发的文本：不是失败，不算尝试，也不退避；关闭码的最短等待照样要等完。
      planned = true;
      await sleep(waitMs);
      continue;
    }
  }
  planned = false; // 失败了：之后的重连和重发都算尝试
  if (attempt >= MAX_ATTEMPTS) {
    console.error(`连续尝试 ${MAX_ATTEMPTS} 次都没有成功，放弃`);
    failed = true;
    break;
  }
  await sleep(backoff(attempt, waitMs));
  attempt += 1;
}

for (const fd of files.values()) closeSync(fd);
console.log(`合计计费 ${billed} 字符`);
process.exit(failed ? 1 : 0);
