#!/usr/bin/env python3
"""语音对话的完整循环：大模型的流式回复、用户打断、下一轮，以及失败后在总时长内重发或降级。

模拟三轮对话，都在连接池里的同一条连接上进行，每一轮用新的 context_id：
- 大模型（这里是 fake_llm）每输出一段，就原样放进这一轮的上下文：generate 带 continue: true，
  输出结束时再发一条 text 为空、continue: false 的 generate。引用标记 [1]、Markdown 链接和
  3.14 这样的小数都照原样发送，不设置 text_markup；在哪里分段、半个词怎样处理由服务端决定。
- 大模型停顿（例如调用工具）超过 FLUSH_AFTER 秒时发一条 flush，先把已经生成的话说出来；停顿一直持续，
  每隔 HOLD_FLUSH_EVERY 秒再发一条，连接不会因空闲被关闭；停顿中重发到新的上下文时，对它也马上发一条。
- 第 2 轮收到第一组时间戳后模拟用户打断：发送 cancel，音频只留到最后一个有时间戳的词的 end_ms，
  丢弃之后到达的音频，等到 done 或结束上下文的 error，再开始第 3 轮。
- 失败时按重试策略，用新的 context_id 重发最后一个有时间戳的词之后的全部文本；下一次等待会超出
  这一轮的总时长时放弃，改为显示文字回复。
音频写入 turn-1.pcm、turn-2.pcm、turn-3.pcm（24 kHz、16 位小端序 PCM），重发的音频接在同一个文件里。

打印的行（<…> 是每次运行不同的部分）：
    已连接，连接 ID：<连接 ID>
    [<context_id>] 完成，计费 <字符数> 字符
    [<context_id>] 用户打断，已经听到：<文本>
    [<context_id>] 取消后以 <done 或 error> 结束，计费 <字符数> 字符
    [<context_id>] 错误 <错误码>：<说明>（request_id=<请求 ID>）
    发出 ping 后 <秒数> 秒内什么也没收到，连接已经断了
    连接被关闭：<关闭码>
    握手被拒绝：HTTP <状态码>（request_id=<请求 ID>）
    无法连接：<原因>
    [<context_id>] 从“<文本>”起重发
    放弃：<原因>。改为显示文字回复：<文本>
    合计计费 <字符数> 字符
    请先设置环境变量 VOXLOOM_API_KEY（在控制台创建 API 密钥）
放弃时和没有设置 VOXLOOM_API_KEY 时退出状态码为 1，否则为 0。

运行：
    pip install websocket-client
    export VOXLOOM_API_KEY="你的 API 密钥"
    python3 voice_agent.py

设置 VOXLOOM_WS_LOG_DIR 时，每条连接收发的消息写成日志，可以交给日志检查器检查（/api/websocket#log-checker）。
"""

import base64
import json
import math
import os
import queue
import random
import sys
import threading
import time

import websocket  # pip install websocket-client

API_KEY = os.environ.get("VOXLOOM_API_KEY")
WS_BASE = os.environ.get("VOXLOOM_WS_BASE", "wss://api.voxloom.example")
URL = f"{WS_BASE}/v1/speech/websocket"

# 连接日志（格式见 /api/websocket#log-format）：设置 VOXLOOM_WS_LOG_DIR 时，每条连接一个文件，
# connection-1.jsonl、connection-2.jsonl……，发出和收到的每条消息一行，最后一行是关闭码。
LOG_DIR = os.environ.get("VOXLOOM_WS_LOG_DIR")


class ConnectionLog:
    """一条连接的日志。没有设置 LOG_DIR 时什么也不写。"""

    count = 0

    def __init__(self, enabled=True):
        self.file = None
        if LOG_DIR and enabled:
            ConnectionLog.count += 1
            name = f"connection-{ConnectionLog.count}.jsonl"
            self.file = open(os.path.join(LOG_DIR, name), "w", encoding="utf-8")

    def write(self, record):
        if self.file is None:
            return
        self.file.write(json.dumps(record, ensure_ascii=False) + "\n")
        if record["dir"] == "close":
            self.file.close()
            self.file = None

SETTINGS = {  # 只放在每个上下文的第一条 generate 里
    "voice_id": "zh_female_qingxin",
    "model": "loom-turbo-v2",
    "output_format": {"container": "pcm", "sample_rate": 24000, "encoding": "pcm_s16le"},
    "timestamps": True,  # 打断或失败时，靠时间戳知道哪些词已经收到音频
}
RATE = SETTINGS["output_format"]["sample_rate"]  # pcm_s16le：每个样本 2 字节

# 三轮回复，按大模型输出的片段切开。片段可以断在词语或数字中间（“3.” 和 “14”），服务端会接起来读。
PAUSE = None  # 大模型在这里停顿，例如调用工具
REPLIES = [
    [
        "您好，我先查一下您的账户",
        PAUSE,
        "。查到了：本月按每千字符 3.",
        "14 元计费，",
        "明细见[账单说明](/price)[1]。",
    ],
    ["好的，", "我们有三种套餐：", "按月、按季度", "和按年计费，", "下面逐一为您介绍。"],
    ["明白，", "已为您改为按年计费，", "下个月生效。"],
]
INTERRUPTED = 2  # 第几轮被用户打断
PIECE_DELAY = 0.2  # 秒：大模型两个片段之间的间隔
TOOL_CALL = 1.2  # 秒：PAUSE 处停顿多久
FLUSH_AFTER = 0.5  # 秒：大模型停顿这么久，就 flush 已经发出的文本
# 秒：停顿一直持续时，每隔这么久再发一条 flush，连接不会因空闲被关闭（/api/websocket#idle-timeout）
HOLD_FLUSH_EVERY = 20
USER_TURN = 0.5  # 秒：两轮之间用户说话的时间
POLL = 0.05  # 秒：没有消息时，隔多久看一次大模型有没有新的输出

# 重试策略（/api/errors#retries）的参数
MAX_ATTEMPTS = 5  # 一轮的尝试次数、一条连接的重连次数，各以它为限
BASE_DELAY = 0.5  # 秒：第一次重试前退避的上限
MAX_DELAY = 4.0  # 秒：单次退避的上限
REALTIME_BUDGET = 10.0  # 秒：一轮从第一次失败到之后的第一块音频，所有尝试和等待加起来的上限
RECONNECT_NEVER = {1008, 4029}  # 重连也没用的关闭码
NOT_FAILURE = {1000, 4000}  # 计划内停机和空闲超时：重连，但不算尝试
MIN_WAIT = {1011: 1, 1013: 5}  # 这两个关闭码第一次重连前至少等这么久（秒）
RETRY_HANDSHAKE = {429, 500, 502, 503, 504}  # 握手被拒绝时可以重连的状态码
# 发现断线（/api/websocket#dead-connection）：有进行中的上下文时，PROBE_AFTER 秒内什么也没收到就发 ping，
# 之后 PONG_TIMEOUT 秒内还是什么也没收到，连接已经断了。
PROBE_AFTER = 2
PONG_TIMEOUT = 2
HANDSHAKE_TIMEOUT = 5  # 秒：握手最多等这么久，超时算一次失败（/api/websocket#handshake-refusals）


class GiveUp(Exception):
    """这一轮放弃：改为显示文字回复。"""


class Closed(Exception):
    """连接断了。code 是关闭码；没有关闭帧时为 1006，dead_since 是发出检查 ping 的时刻。"""

    def __init__(self, code, dead_since=None):
        super().__init__(code)
        self.code = code
        self.dead_since = dead_since


def backoff(retry):
    """第 retry 次重试前的退避（秒）：指数增长，加随机抖动。"""
    return random.uniform(0, min(MAX_DELAY, BASE_DELAY * 2 ** (retry - 1)))


class Budget:
    """一轮的实时总时长：从第一次失败算到之后的第一块音频；没有失败时不计时（大模型慢不算失败）。"""

    def __init__(self):
        self.deadline = None

    def failed(self, at=None):
        if self.deadline is None:
            self.deadline = (time.monotonic() if at is None else at) + REALTIME_BUDGET

    def audio_started(self):
        self.deadline = None  # 之后再失败，从那次失败重新计时

    def left(self):
        if self.deadline is None:
            return math.inf
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise GiveUp("这一轮的总时长已经用完")
        return left

    def wait(self, seconds):
        if self.deadline is not None and time.monotonic() + seconds > self.deadline:
            raise GiveUp(f"再等 {seconds:.1f} 秒会超出这一轮的总时长")
        time.sleep(seconds)


class Pool:
    """连接池（这个程序只用一条连接）。各轮共用它；重连次数按连接计，总时长按轮计。"""

    def __init__(self):
        self.ws = None
        self.used = False  # 连过一次之后，再连就是重连
        self.reconnects = 0  # 连续第几次重连；这条连接送来音频时清零
        self.counted = True  # 上一次断开算失败：1000、4000 和没有上下文时的关闭都不算
        self.at_least = 0  # 下一次连接前至少等几秒（关闭码或 Retry-After）
        self.not_before = 0.0  # 关闭码要求的最短等待到这一刻（time.monotonic()）为止
        self.last_frame = 0.0  # 最后一次收到帧（消息、ping 或 pong）的时刻
        self.pinged = None  # 发出检查 ping 的时刻；之后收到任何帧就清空
        self.log = ConnectionLog(enabled=False)  # 这条连接的日志：连上之后才有

    def get(self, budget):
        """返回打开的连接；断开时按重试策略重连，等待都算进这一轮的 budget。"""
        while self.ws is None:
            if self.used and self.counted:
                self.reconnects += 1
                if self.reconnects >= MAX_ATTEMPTS:  # 连同第一次，连续尝试了 MAX_ATTEMPTS 次
                    raise GiveUp(f"连续 {MAX_ATTEMPTS} 次都没有连上")
                # Retry-After 或关闭码要求的等待优先，否则指数退避
                if self.at_least:
                    budget.wait(self.at_least + random.uniform(0, BASE_DELAY))
                else:
                    budget.wait(backoff(self.reconnects))
            elif time.monotonic() < self.not_before:
                # 没有要重发的文本时不算尝试，但 1011、1013 的最短等待对下一次握手同样有效
                budget.wait(self.not_before - time.monotonic())
            self.used, self.counted, self.at_least = True, True, 0
            try:
                self.ws = websocket.create_connection(
                    URL,
                    header=[f"Authorization: Bearer {API_KEY}"],
                    timeout=min(HANDSHAKE_TIMEOUT, budget.left()),
                )
                self.log = ConnectionLog()
                print(f"已连接，连接 ID：{(self.ws.getheaders() or {}).get('x-request-id', '-')}")
                self.last_frame, self.pinged = time.monotonic(), None
            except websocket.WebSocketBadStatusException as exc:
                headers = exc.resp_headers or {}
                print(f"握手被拒绝：HTTP {exc.status_code}（request_id={headers.get('x-request-id', '-')}）")
                if exc.status_code not in RETRY_HANDSHAKE:
                    raise GiveUp("这个状态码重连也没用") from exc
                budget.failed()
                self.at_least = int(headers.get("retry-after", 0))  # 超出总时长时 budget.wait 放弃
            except (OSError, websocket.WebSocketException) as exc:
                print(f"无法连接：{exc}")  # 握手超时也在这里：算一次失败
                budget.failed()
        return self.ws

    def send(self, message):
        if self.ws is not None:
            self.log.write({"dir": "sent", "message": message})
        try:
            self.ws.send(json.dumps(message, ensure_ascii=False))
        except (AttributeError, OSError, websocket.WebSocketException):
            pass  # 连接已断：下一次 receive 会发现

    def receive(self, busy):
        """最多等 POLL 秒，返回收到的消息（没有时为 None）；连接断了抛出 Closed。
        busy：有进行中的上下文，也就是有人在等音频，这时按发现断线的规则检查连接。"""
        now = time.monotonic()
        if self.pinged is not None and now - self.pinged >= PONG_TIMEOUT:
            print(f"发出 ping 后 {PONG_TIMEOUT} 秒内什么也没收到，连接已经断了")
            self.ws.shutdown()  # 不发关闭帧，也不等服务端的
            raise Closed(1006, dead_since=self.pinged)
        if busy and self.pinged is None and now - self.last_frame >= PROBE_AFTER:
            self.ws.ping()  # 连接正常时只换来一个 pong
            self.pinged = now
        try:
            self.ws.settimeout(POLL)
            # control_frame=True：ping、pong 也返回，它们同样说明连接还通（服务端的 ping 由库自动回复）
            opcode, data = self.ws.recv_data(control_frame=True)
        except websocket.WebSocketTimeoutException:
            return None
        except (OSError, websocket.WebSocketException) as exc:
            raise Closed(1006) from exc  # 没有关闭帧的断开
        self.last_frame, self.pinged = time.monotonic(), None
        if opcode == websocket.ABNF.OPCODE_CLOSE:
            code = int.from_bytes(data[:2], "big") if len(data) >= 2 else 1005
            print(f"连接被关闭：{code}")
            raise Closed(code)
        if opcode != websocket.ABNF.OPCODE_TEXT:
            return None
        message = json.loads(data)
        self.log.write({"dir": "received", "message": message})
        return message

    def closed(self, code, waiting):
        """连接断了：下一次 get 重连。waiting：有人在等没说完的字；没有时只是移出连接池，需要时再连。"""
        self.log.write({"dir": "close", "code": code})
        self.ws = None
        self.counted = waiting and code not in NOT_FAILURE
        self.at_least = MIN_WAIT.get(code, 0) if self.counted else 0
        self.not_before = time.monotonic() + MIN_WAIT.get(code, 0)
        if code == 1000 and waiting:
            time.sleep(random.uniform(0, BASE_DELAY))  # 计划内停机：免得所有客户端同时重连


class Turn:
    """一轮回复。失败后它在新的上下文里接着说，所以可能先后用几个 context_id。"""

    def __init__(self, number):
        self.name = f"turn-{number}"
        self.file = open(f"{self.name}.pcm", "wb")
        self.text = ""  # 大模型到现在为止的全部输出
        self.llm_done = False  # 大模型的输出已经结束
        self.heard = 0  # text 中收到音频的部分到这里为止：最后一个有时间戳的词之后
        self.context_id = None  # 进行中的上下文
        self.contexts = 0
        self.start = 0  # 进行中的上下文的音频从文件的这里开始
        self.end_ms = 0  # 进行中的上下文里最后一个有时间戳的词的 end_ms
        self.cancelled = False  # 已发送 cancel：等 done 或结束上下文的 error
        self.over = False
        self.attempts = 1  # 这一轮连续第几次尝试；收到音频时回到 1
        self.budget = Budget()
        self.billed = 0
        self.llm = queue.Queue()  # 大模型的输出，一段一条；None 表示结束
        self.stop = threading.Event()  # 用户打断：大模型不必再生成

    def unheard(self):
        """最后一个收到音频的词之后还有没有要读的字；只剩标点和空白时不必重发。"""
        return any(ch.isalnum() for ch in self.text[self.heard :])

    def unspoken(self):
        """没有说出来的文本：最后一个收到音频的词之后的全部，加上大模型还没有输出的部分。"""
        rest = self.text[self.heard :]
        while not self.llm_done:
            piece = self.llm.get()
            self.llm_done = piece is None
            rest += piece or ""
        return rest

    def cut(self):
        """没有以 done 结束的上下文：音频只留到最后一个有时间戳的词的 end_ms（没有时间戳时一点不留）。
        音频的末尾可能已经有下一个词的开头，重发时这个词会再说一遍。"""
        keep = self.start + self.end_ms * RATE // 1000 * 2
        self.file.seek(min(self.file.tell(), keep))
        self.file.truncate()


def fake_llm(pieces, stop):
    """模拟大模型的流式输出：隔一会儿产出一段文本；用户打断（stop）后不再生成。"""
    for piece in pieces:
        time.sleep(TOOL_CALL if piece is PAUSE else PIECE_DELAY)
        if stop.is_set():
            return
        if piece is not PAUSE:
            yield piece


def start_context(pool, turn):
    """开始一个新的上下文，发送还没有收到音频的全部文本，照原样（标点和空白都保留）。"""
    if not turn.unheard():
        turn.over = turn.llm_done  # 已经说完；大模型还没有输出完时，等它的下一段
        return
    text = turn.text[turn.heard :]
    pool.get(turn.budget)
    turn.contexts += 1
    turn.context_id = turn.name if turn.contexts == 1 else f"{turn.name}-resend-{turn.contexts - 1}"
    if turn.contexts > 1:
        print(f"[{turn.context_id}] 从“{text[:10]}”起重发")
    turn.start, turn.end_ms = turn.file.tell(), 0
    pool.last_frame = max(pool.last_frame, time.monotonic())  # 从现在起有人在等音频
    message = {"type": "generate", "context_id": turn.context_id, "text": text, **SETTINGS}
    pool.send({**message, "continue": not turn.llm_done})


def forward(pool, turn, piece):
    """大模型的一段输出：原样转发。piece 为 None 表示输出结束。"""
    if piece is None:
        turn.llm_done = True
    else:
        turn.text += piece
    if turn.context_id is None:
        start_context(pool, turn)
    else:
        message = {"type": "generate", "context_id": turn.context_id, "text": piece or ""}
        pool.send({**message, "continue": not turn.llm_done})


def failed(pool, turn, dead_since=None, counted=True, wait=False):
    """上下文没有以 done 结束：截音频，然后在这一轮的总时长内用新的 context_id 重发。
    dead_since：发现断线时发出 ping 的时刻；counted：算一次尝试；wait：先退避（连接还在时）。"""
    turn.cut()
    turn.context_id = None
    if not turn.unheard():
        turn.over = turn.llm_done  # 每个词的音频都已收到：不是失败，不重发
        return
    turn.budget.failed(dead_since)
    if counted:
        turn.attempts += 1
        if turn.attempts > MAX_ATTEMPTS:
            raise GiveUp(f"连续尝试 {MAX_ATTEMPTS} 次都没有收到音频")
    if wait:
        turn.budget.wait(backoff(turn.attempts - 1))
    start_context(pool, turn)


def handle(pool, turn, message, interrupt):
    kind = message.get("type")
    if kind == "error":
        error = message["error"]
        details = f"{error['code']}：{error['message']}（request_id={error['request_id']}）"
        print(f"[{message['context_id']}] 错误 {details}")
    if kind not in ("audio", "timestamps", "done", "error"):
        return  # 服务端以后可能增加的消息类型：跳过，不要因此断开
    if message.get("context_id") != turn.context_id:
        return  # 别的上下文，或者 context_id 为 null 的 error：记下即可
    if kind == "audio":
        if not turn.cancelled:  # 打断之后到达的音频直接丢弃（播放器此时清空待播队列）
            turn.file.write(base64.b64decode(message["data"]))
            turn.budget.audio_started()
            turn.attempts, pool.reconnects = 1, 0
    elif kind == "timestamps":
        if turn.cancelled:
            return  # 取消之前已在路上的时间戳：丢弃
        for word in message["words"]:  # text_markup 为 none：词按发送的原文给出
            found = turn.text.find(word["text"], turn.heard)
            if found >= 0:
                turn.heard, turn.end_ms = found + len(word["text"]), word["end_ms"]
        if interrupt:  # 模拟用户开口：停止播放，取消这一轮
            pool.send({"type": "cancel", "context_id": turn.context_id})
            turn.cancelled = True
            turn.stop.set()
            turn.cut()
            print(f"[{turn.context_id}] 用户打断，已经听到：{turn.text[: turn.heard]}")
    elif kind == "done" or message["billed_characters"] is not None:  # 这个上下文结束了
        billed = message["billed_characters"]
        turn.billed += billed
        if turn.cancelled:  # done 和结束上下文的 error 只会收到一条
            print(f"[{turn.context_id}] 取消后以 {kind} 结束，计费 {billed} 字符")
            turn.context_id, turn.over = None, True
        elif kind == "done":
            print(f"[{turn.context_id}] 完成，计费 {billed} 字符")
            turn.context_id, turn.over = None, True
        elif message["error"]["code"] == "internal_error":
            failed(pool, turn, wait=True)  # 服务端的故障：退避后重发
        else:
            # 其余的错误码重发也没用（/api/errors#catalogue）。这个程序一条连接上同时只有一个上下文，
            # 不会收到 rate_limited；几个会话共用连接时，按 /api/errors#websocket-rate-limited 处理。
            raise GiveUp(f"错误码 {message['error']['code']} 重发也没用")


def run_turn(pool, turn, pieces, interrupt):
    """一轮回复：大模型的输出一到就转发，同时接收音频，直到这一轮说完、被打断或放弃。"""

    def produce():
        for piece in fake_llm(pieces, turn.stop):
            turn.llm.put(piece)
        turn.llm.put(None)  # 输出结束

    threading.Thread(target=produce, daemon=True).start()
    # 最后一次收到大模型输出的时刻；这次停顿中最后一次发 flush 的时刻和上下文（还没发为 None）
    last_text, flushed_at, flushed_context = time.monotonic(), None, None
    while not turn.over:
        try:
            piece = turn.llm.get_nowait()
            if not turn.cancelled:
                forward(pool, turn, piece)
            last_text, flushed_at = time.monotonic(), None
        except queue.Empty:
            now = time.monotonic()
            if turn.context_id and not (turn.llm_done or turn.cancelled):
                # 停顿开始时发一条；停顿一直持续就每隔 HOLD_FLUSH_EVERY 秒再发；停顿中重发到了新的
                # 上下文，新上下文也要马上发一条，重发的半句才会先说出来
                due = (
                    now - last_text >= FLUSH_AFTER
                    if flushed_at is None
                    else now - flushed_at >= HOLD_FLUSH_EVERY or flushed_context != turn.context_id
                )
                if due:
                    pool.send({"type": "flush", "context_id": turn.context_id})
                    flushed_at, flushed_context = now, turn.context_id
        if pool.ws is None:
            time.sleep(POLL)  # 还没有需要连接的文本
            continue
        busy = turn.context_id is not None
        try:
            message = pool.receive(busy)
        except Closed as closed:
            if closed.code in RECONNECT_NEVER:
                raise GiveUp(f"关闭码 {closed.code}：重连也没用") from closed
            # 还有人在等、还有没说完的字时，这次断开才是失败
            pool.closed(closed.code, busy and not turn.cancelled and turn.unheard())
            if turn.cancelled:
                turn.context_id, turn.over = None, True  # 取消的上下文随连接结束，不重发
            elif busy:
                failed(pool, turn, closed.dead_since, counted=closed.code not in NOT_FAILURE)
            continue
        if message is not None:
            handle(pool, turn, message, interrupt)
    turn.stop.set()
    turn.file.close()


def main():
    if not API_KEY:
        sys.exit("请先设置环境变量 VOXLOOM_API_KEY（在控制台创建 API 密钥）")
    pool, billed, turn = Pool(), 0, None
    try:
        for number, pieces in enumerate(REPLIES, start=1):
            if number > 1:
                time.sleep(USER_TURN)
            turn = Turn(number)
            run_turn(pool, turn, pieces, interrupt=number == INTERRUPTED)
            billed += turn.billed
    except GiveUp as exc:
        print(f"放弃：{exc}。改为显示文字回复：{turn.unspoken()}")
        sys.exit(1)
    finally:
        if pool.ws is not None:
            pool.ws.close()
            pool.log.write({"dir": "close", "code": 1000})
    print(f"合计计费 {billed} 字符")


if __name__ == "__main__":
    main()
