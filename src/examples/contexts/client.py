#!/usr/bin/env python3
"""WebSocket 上下文示例。

一条连接上先后进行两轮回复：turn-1 收到第一个音频块时模拟用户打断（barge-in），客户端取消它，
开始下一轮 turn-2。每个上下文的音频写入 <context_id>.pcm（24 kHz、16 位小端序 PCM），
可以用 `ffplay -f s16le -ar 24000 turn-2.pcm` 试听。

连接被关闭时按关闭码决定是否重连；重连后，没有收到音频的文本放进新的上下文（新的 context_id）重发，
旧上下文的音频只留到最后一个有时间戳的词的 end_ms 为止。连接可能断开却收不到关闭帧：有进行中的上下文时，
一段时间什么也没收到就发一个 ping 检查连接。
上下文因 internal_error 结束时同样用新的 context_id 重发；上下文数超限（rate_limited）时等有上下文结束再开始。
取消之后，上下文以 done 或结束上下文的 error 结束，两者只会收到一条。

运行：
    pip install websocket-client
    export VOXLOOM_API_KEY="你的 API 密钥"
    python3 client.py

设置 VOXLOOM_WS_LOG_DIR 时，每条连接收发的消息写成日志，可以交给日志检查器检查（/api/websocket#log-checker）。
"""

import base64
import json
import os
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
        self.lock = threading.Lock()  # 发送线程和接收线程都写

    def write(self, record):
        with self.lock:
            if self.file is None:
                return
            self.file.write(json.dumps(record, ensure_ascii=False) + "\n")
            if record["dir"] == "close":
                self.file.close()
                self.file = None

# 只放在每个上下文的第一条 generate 里；同一上下文后续的 generate 只带文本。
SETTINGS = {
    "voice_id": "zh_female_qingxin",
    "model": "loom-turbo-v2",
    "output_format": {"container": "pcm", "sample_rate": 24000, "encoding": "pcm_s16le"},
    "timestamps": True,  # 断线后靠时间戳找出哪些文本还没有收到音频
}

FLUSH = None  # 片段之间的 FLUSH：不再等待后文，立即合成已缓冲的文本

# 模拟大模型逐段输出的两轮回复。
TURNS = {
    "turn-1": [
        "您好，这里是客服中心，我先查一下您的账户",
        FLUSH,  # 大模型去查账户，一时没有新文本：没有标点结尾的半句先合成出来
        "。关于您咨询的套餐变更，",
        "我们目前提供按月、按季度",
        "和按年三种计费方式，",
        "下面我逐一为您介绍。",
    ],
    "turn-2": ["好的，", "我先帮您查一下", "账户余额。"],
}
INTERRUPTED = "turn-1"  # 这一轮会在第一个音频块到达后被打断
PIECE_DELAY = 0.3  # 两个片段之间的间隔（秒），模拟大模型生成文本的速度

# 发现断线（/api/websocket#dead-connection）。有进行中的上下文时（有人在等音频）：PROBE_AFTER 秒内
# 什么也没收到（消息、ping 或 pong），发一个 ping；发出后 PONG_TIMEOUT 秒内还是什么也没收到，连接已经断了。
PROBE_AFTER = 2
PONG_TIMEOUT = 2
# 没有进行中的上下文时不发 ping：服务端每 20 秒发一次 ping，库自动回复 pong；两个间隔内什么也没收到
# （ping 也没有），连接已经断了。
PING_INTERVAL = 20
RECEIVE_TIMEOUT = 2 * PING_INTERVAL
# receive() 的返回值：没有进行中的上下文时发现连接已断开（不是服务端的关闭码，也不是失败）
DROPPED_IDLE = "dropped-idle"
# 握手最多等这么久（秒），超时按重试策略重连（/api/websocket#handshake-refusals）。
HANDSHAKE_TIMEOUT = 5

# 关闭之后怎么办，按关闭码分三类（见 /api/websocket 的关闭码表）：
RECONNECT_WITH_BACKOFF = {1011, 1013, 4002}  # 按重试策略重连
RECONNECT_WHEN_NEEDED = {1000, 4000}  # 不必立即重连；还有没说完的文本，就是现在需要
RECONNECT_NEVER = {1008, 4029}  # 不要自动重连，先解决原因（1008 违反协议、4029 连接数超限）
# 表中没有的关闭码（例如中间的代理发出的）与 RECONNECT_WITH_BACKOFF 一样处理。
MIN_WAIT = {1011: 1, 1013: 5}  # 这两个关闭码第一次重连前至少等这么久（秒）
# 握手被拒绝时，这些状态码按重试策略重连，其余的不要；网关的 502、504 按 500 处理。
RETRY_HANDSHAKE = {429, 500, 502, 503, 504}

# 重试策略（/api/errors#retries）：最多 5 次，指数退避加随机抖动。两个计数各自以它为限：
# 每一轮回复的尝试次数（每次在新的上下文中重发算一次）和连接的重连次数，
# 各自在这一轮、这条连接收到第一条 audio 时从头计算。1000、4000 不是失败，之后的重连两个都不加。
MAX_ATTEMPTS = 5
BASE_DELAY = 0.5
MAX_DELAY = 4.0


def close_advice(code):
    if code in RECONNECT_WITH_BACKOFF:
        return "按重试策略重连"
    if code in RECONNECT_WHEN_NEEDED:
        return "需要时再连"
    if code in RECONNECT_NEVER:
        return "不要自动重连"
    return "按重试策略重连"  # 表中没有的关闭码


def backoff(attempt, retry_after=0):
    """第 attempt 次重连前等多久（秒）：Retry-After 优先，否则指数退避加随机抖动。"""
    if retry_after:
        return retry_after + random.uniform(0, BASE_DELAY)
    return random.uniform(0, min(MAX_DELAY, BASE_DELAY * 2 ** (attempt - 1)))


class Turn:
    """一轮回复。断线重连后它在新的上下文里接着说，所以可能先后用几个 context_id。"""

    def __init__(self, name, pieces):
        self.name = name
        self.pieces = pieces
        self.text = ""  # 已经交给连接的全部文本（跨上下文）
        self.heard = 0  # text 中收到音频的部分到这里为止：最后一个有时间戳的词之后
        self.end_ms = 0  # 进行中的上下文里最后一个有时间戳的词的 end_ms；还没有时为 0
        self.context_id = None  # 进行中的上下文；None 时下一条 generate 开始新的上下文
        self.contexts = 0  # 用过几个 context_id：每个上下文都用新的 ID
        self.final = False  # 最后一段已经交给连接
        self.ended = False  # 说完、被取消或出错，不再发送
        self.attempt = 1  # 这一轮连续第几次尝试：收到音频时回到 1
        self.waiting = False  # 上下文数超限：等这条连接上有上下文结束再开始
        self.cancelled = False  # 已发送 cancel：等 done 或结束上下文的 error（只会收到一条）
        self.retrying = False  # internal_error 之后：等退避结束再重发

    def new_context_id(self):
        self.contexts += 1
        return self.name if self.contexts == 1 else f"{self.name}-resend-{self.contexts - 1}"


class Session:
    """发送线程与接收线程共享的状态；lock 保护它和 ws。"""

    def __init__(self):
        self.turns = [Turn(name, pieces) for name, pieces in TURNS.items()]
        self.by_context = {}  # context_id → Turn
        self.lock = threading.Lock()
        self.ws = None  # None：连接断开，正在重连
        self.barge_in = threading.Event()  # 用户打断
        self.failed = False
        self.billed = 0
        self.connection_id = "-"  # 握手响应头 X-Request-Id：这条连接的 ID
        self.files = {}
        self.context_started = 0.0  # 最近一个上下文开始（第一条 generate 发出）的时刻
        self.next_sequence = {}
        self.log = ConnectionLog(enabled=False)  # 当前连接的日志：连上之后才有

    def send(self, message):
        # 先记日志再发送：回复可能在 send() 返回之前就被接收线程记下。
        self.log.write({"dir": "sent", "message": message})
        try:
            self.ws.send(json.dumps(message, ensure_ascii=False))
        except (OSError, websocket.WebSocketException):
            pass  # 连接已断：接收端会重连，没有收到音频的文本在那时重发

    def start_context(self, turn):
        """开始一个新的上下文，发送这一轮还没有收到音频的全部文本。调用时持有 lock。"""
        # 最后一个有时间戳的词之后的全部文本，照原样重发（标点和空白都保留）。
        text = turn.text[turn.heard :]
        if not any(ch.isalnum() for ch in text):
            if turn.final:
                turn.ended = True  # 只剩空白和标点：全部文本的音频都已收到，不重发
            return  # 没有要读的字：等下一段文本，和它一起发
        turn.context_id = turn.new_context_id()
        turn.end_ms = 0
        self.context_started = time.monotonic()  # 检查连接的 2 秒从这时或最后一帧起算，取较晚的
        self.by_context[turn.context_id] = turn
        message = {"type": "generate", "context_id": turn.context_id, "text": text}
        message.update(SETTINGS)  # 第一条 generate 决定音色、模型和格式
        message["continue"] = not turn.final
        self.send(message)

    def cut(self, turn, context_id):
        """上下文没有以 done 结束、要重发时：它的音频只留到最后一个有时间戳的词的 end_ms 为止。

        音频的末尾可能已经有下一个词的开头，而重发从下一个词说起，不截掉这一小段会听到两遍。
        重发的上下文写入新的文件，按顺序接在这个文件后面（pcm 按字节接上即可）。调用时持有 lock。
        """
        if turn.name == INTERRUPTED and self.barge_in.is_set():
            return  # 被打断的一轮不再重发：音频不用截
        file = self.files.get(context_id)
        if file is not None:
            rate = SETTINGS["output_format"]["sample_rate"]  # pcm_s16le：每个样本 2 字节
            file.seek(min(file.tell(), turn.end_ms * rate // 1000 * 2))
            file.truncate()

    def retry(self, turn, counted=True):
        """在新的上下文中重发这一轮没有收到音频的文本：失败后是重试策略的一次尝试。调用时持有 lock。"""
        turn.context_id = None
        turn.waiting = turn.retrying = False
        if turn.name == INTERRUPTED and self.barge_in.is_set():
            turn.ended = True  # 用户已经打断：不再重发
            return
        if not counted:  # 服务端的 1000、4000 之后：不是失败，不算尝试
            self.start_context(turn)
            return
        turn.attempt += 1
        if turn.attempt > MAX_ATTEMPTS:
            print(f"[{turn.name}] 连续尝试 {MAX_ATTEMPTS} 次都没有收到音频，放弃这一轮", file=sys.stderr)
            turn.ended = True
            self.failed = True
            return
        self.start_context(turn)

    def retry_later(self, turn):
        """internal_error 之后：按退避等待，再重发（连接断了就留给重连后的 resume）。"""

        def run():
            with self.lock:
                if self.ws is not None and turn.retrying and not turn.ended:
                    self.retry(turn)

        turn.retrying = True
        timer = threading.Timer(backoff(turn.attempt), run)
        timer.daemon = True
        timer.start()

    def slot_freed(self):
        """有上下文结束、名额空出：等名额的轮次用新的上下文开始。调用时持有 lock。"""
        for turn in self.turns:
            if turn.waiting and not turn.ended:
                turn.waiting = False
                self.retry(turn)
                return  # 一个名额只够一轮

    def add_text(self, turn, piece, last):
        with self.lock:
            turn.text += piece
            turn.final = last
            if self.ws is None or turn.waiting or turn.retrying:
                return  # 重连后、名额空出后或退避结束后一起发送
            if turn.context_id is None:
                self.start_context(turn)
            else:
                message = {"type": "generate", "context_id": turn.context_id, "text": piece}
                message["continue"] = not last  # 最后一段为 false
                self.send(message)

    def flush(self, turn):
        with self.lock:
            if self.ws is not None and turn.context_id is not None:
                self.send({"type": "flush", "context_id": turn.context_id})

    def cancel(self, turn):
        with self.lock:
            if turn.ended or turn.cancelled:
                return
            if self.ws is not None and turn.context_id is not None:
                self.send({"type": "cancel", "context_id": turn.context_id})
                turn.cancelled = True
                print(f"[{turn.context_id}] 已发送 cancel")
            else:
                turn.ended = True  # 连接已断：上下文随之结束，取消的文本不再重发

    def resume(self, counted):
        """重连后：每一轮没说完的文本放进新的上下文重发。调用时持有 lock。"""
        for turn in self.turns:
            if turn.context_id is not None and not turn.ended:
                self.cut(turn, turn.context_id)  # 旧连接上没有说完的上下文
            turn.context_id = None  # 旧连接上的上下文已随连接结束，不会收到 done
            if turn.name == INTERRUPTED and self.barge_in.is_set():
                turn.ended = True
            if not turn.ended and turn.text:
                self.retry(turn, counted)  # 新连接上的新上下文：失败后是这一轮的又一次尝试

    def finished(self):
        return all(turn.ended for turn in self.turns)

    def has_resend(self):
        """断线时有没有要重发的文本：进行中的上下文在最后一个有时间戳的词之后还有字。调用时持有 lock。"""
        return any(
            turn.context_id is not None
            and not turn.ended
            and any(ch.isalnum() for ch in turn.text[turn.heard :])
            for turn in self.turns
        )

    def in_progress(self):
        """连接上有没有进行中的上下文：开始了，还没有收到 done 或结束上下文的 error。"""
        return any(turn.context_id is not None for turn in self.turns)


def speak(session, turn):
    """把一轮回复的各个片段发送出去。"""
    interruptible = turn.name == INTERRUPTED
    last_text = max(i for i, piece in enumerate(turn.pieces) if piece is not FLUSH)
    for i, piece in enumerate(turn.pieces):
        if piece is FLUSH:
            session.flush(turn)
            continue
        if i > 0:  # 等大模型生成下一段；用户打断时立即停下
            if interruptible:
                session.barge_in.wait(PIECE_DELAY)
            else:
                time.sleep(PIECE_DELAY)
        if turn.ended:
            return  # 这一轮已因 error 结束，不再发送
        if interruptible and session.barge_in.is_set():
            break  # 用户已经打断，不再发送后面的文本
        session.add_text(turn, piece, last=i == last_text)

    # 文本发完后音频可能还在播放，用户仍然可以打断：等到打断（接收线程当即取消）再说下一轮。
    if interruptible:
        session.barge_in.wait(timeout=10)


def sender(session):
    for turn in session.turns:
        speak(session, turn)


def handle(session, message):
    kind = message["type"]
    if kind not in ("audio", "timestamps", "done", "error"):
        # 服务端以后可能增加新的消息类型，它不一定有 context_id：记录后跳过，不要因此断开连接。
        print(f"忽略不认识的消息类型 {kind}")
        return
    context_id = message["context_id"]
    turn = session.by_context.get(context_id)

    if kind == "audio":
        sequence = message["sequence"]
        if sequence != session.next_sequence.get(context_id, 0):
            print(f"[{context_id}] 音频块序号不连续：{sequence}", file=sys.stderr)
        session.next_sequence[context_id] = sequence + 1
        if turn:
            turn.attempt = 1  # 这一轮收到了音频：尝试次数从头计算
        if turn and turn.name == INTERRUPTED and session.barge_in.is_set():
            # 取消之前已在路上的音频仍会到达：直接丢弃（播放器此时应清空待播队列）。
            print(f"[{context_id}] 丢弃打断后的音频块 {sequence}")
            return
        if context_id not in session.files:
            session.files[context_id] = open(f"{context_id}.pcm", "wb")
        session.files[context_id].write(base64.b64decode(message["data"]))
        if turn and turn.name == INTERRUPTED and sequence == 0:
            print(f"[{context_id}] 收到第一个音频块，模拟用户打断")
            session.barge_in.set()
            session.cancel(turn)  # 打断就取消，不等发送线程：取消越早，多合成、多计费的越少

    elif kind == "timestamps":
        if turn is None or (turn.name == INTERRUPTED and session.barge_in.is_set()):
            return  # 被打断的一轮：之后的时间戳同样丢弃
        for word in message["words"]:
            print(f"[{context_id}] {word['start_ms']:>6}–{word['end_ms']:>6} ms  {word['text']}")
            # 记下收到音频的文本到哪里为止。text_markup 为 none（默认）时，词按你发送的原文给出；
            # 用 pronunciation 时，要在去掉标记后的文本里找。
            with session.lock:
                found = turn.text.find(word["text"], turn.heard)
                if found >= 0:
                    turn.heard = found + len(word["text"])
                    turn.end_ms = word["end_ms"]

    elif kind == "done":
        print(f"[{context_id}] 完成，计费 {message['billed_characters']} 字符")
        session.billed += message["billed_characters"]
        with session.lock:
            if turn and turn.context_id == context_id:
                turn.context_id = None
                turn.ended = True
            session.slot_freed()

    elif kind == "error":
        error = message["error"]
        details = (
            f"{error['code']}：{error['message']}（param={error.get('param')}，"
            f"request_id={error['request_id']}，连接 ID={session.connection_id}）"
        )
        if message.get("billed_characters") is None:
            # 不结束任何上下文的错误，包括 context_id 为 null 的：记进日志，照常继续。
            print(f"[{context_id}] 忽略 {details}")
            return
        # 结束上下文的错误：带着这个上下文的计费字符数；按错误码决定怎样处理（/api/errors）。
        print(f"[{context_id}] 错误 {details}，计费 {message['billed_characters']} 字符", file=sys.stderr)
        session.billed += message["billed_characters"]
        with session.lock:
            if error["code"] != "rate_limited":  # 被拒绝的新上下文没有占到名额
                session.slot_freed()
            if not turn or turn.context_id != context_id:
                return
            turn.context_id = None
            if turn.cancelled:
                turn.ended = True  # 取消的上下文先以 error 结束：不会再有 done，也不重发
                return
            if error["code"] == "internal_error":
                session.cut(turn, context_id)
                session.retry_later(turn)  # 服务端的故障：从第一个没有收到音频的词起重发
            elif error["code"] == "rate_limited":
                turn.waiting = True  # 上下文数超限：等一个 done，再用新的 context_id 开始
            else:
                turn.ended = True  # 其余的错误重发也没用：放弃这一轮
                session.failed = True
                if turn.name == INTERRUPTED:
                    session.barge_in.set()  # 发送线程不必再等打断


def connect():
    """一次握手。返回 (连接, None)；被拒绝或连不上时返回 (None, 重试前至少等几秒)，不要重试时为 (None, None)。"""
    try:
        ws = websocket.create_connection(
            URL, header=[f"Authorization: Bearer {API_KEY}"], timeout=HANDSHAKE_TIMEOUT
        )
        return ws, None
    except websocket.WebSocketBadStatusException as exc:
        # 没有建立连接，也就没有关闭码：响应体是错误对象，状态码决定要不要重试。
        print(handshake_refused(exc), file=sys.stderr)
        if exc.status_code not in RETRY_HANDSHAKE:
            return None, None
        return None, int((exc.resp_headers or {}).get("retry-after", 0))
    except (OSError, websocket.WebSocketException) as exc:
        print(f"无法连接 {URL}：{exc}（按重试策略重连）", file=sys.stderr)
        return None, 0


def handshake_refused(exc):
    """被拒绝的握手：状态码，以及响应体（错误对象）中的错误码、说明和请求 ID。"""
    headers = exc.resp_headers or {}
    body = getattr(exc, "resp_body", None)  # 较旧的 websocket-client 不提供响应体
    try:
        error = json.loads(body)["error"]
    except (TypeError, ValueError, KeyError):
        # 读不到错误对象：较旧的 websocket-client，或者网关的 502、504（响应体不是 JSON，按 internal_error 处理）。
        error = {
            "code": "internal_error" if exc.status_code >= 500 else "-",
            "message": "（响应体不是错误对象，或者这个版本的 websocket-client 读不到它）",
            "request_id": headers.get("x-request-id", "-"),
        }
    return (
        f"握手被拒绝：HTTP {exc.status_code} {error['code']}：{error['message']}"
        f"（request_id={error.get('request_id')}）。见握手被拒绝时的处理（/api/websocket#handshake-refusals）"
    )


def receive(session, ws):
    """处理一条连接上的消息，直到每一轮都结束（返回 None）或连接关闭（返回关闭码）。"""
    last = time.monotonic()  # 最后一次收到帧（消息、ping 或 pong）的时刻
    pinged = None  # 发出的 ping 还没有等到任何帧时，是发出的时刻（同一时间最多一个）
    while not session.finished():
        now = time.monotonic()
        try:
            if pinged is not None:
                if now - pinged >= PONG_TIMEOUT:
                    print(f"发出 ping 后 {PONG_TIMEOUT} 秒内什么也没收到，按重试策略重连", file=sys.stderr)
                    return 1006  # 连接已经断了
                wait = pinged + PONG_TIMEOUT - now
            elif session.in_progress():
                since = max(last, session.context_started)
                if now - since >= PROBE_AFTER:
                    ws.ping()  # 连接正常时只换来一个 pong
                    pinged = now
                    continue
                wait = since + PROBE_AFTER - now
            else:
                if now - last >= RECEIVE_TIMEOUT:
                    # 没有要重发的文本：从池中移除它，需要时再连；不是失败，不算尝试
                    print(f"{RECEIVE_TIMEOUT} 秒内什么也没收到（包括 ping），连接已断开，需要时再连", file=sys.stderr)
                    return DROPPED_IDLE
                # 发送线程随时可能开始新的上下文：最迟 PROBE_AFTER 秒后再看一次
                wait = min(PROBE_AFTER, last + RECEIVE_TIMEOUT - now)
            ws.settimeout(wait)
            # control_frame=True：收到 ping、pong 也返回，它们同样说明连接还通（服务端的 ping 由库自动回复 pong）
            opcode, data = ws.recv_data(control_frame=True)
        except websocket.WebSocketTimeoutException:
            continue  # 到时间了：回到上面，发 ping、认定连接已断或者接着等
        except (OSError, websocket.WebSocketException):
            print("连接意外断开（没有收到关闭帧，按重试策略重连）", file=sys.stderr)
            return 1006  # 库在本地报告的异常关闭，不是服务端的关闭码
        last = time.monotonic()
        pinged = None
        if opcode == websocket.ABNF.OPCODE_CLOSE:
            code = int.from_bytes(data[:2], "big") if len(data) >= 2 else 1005
            session.log.write({"dir": "close", "code": code})
            reason = data[2:].decode("utf-8", "replace")
            print(f"连接 {session.connection_id} 被关闭：{code} {reason}（{close_advice(code)}）")
            return code
        if opcode == websocket.ABNF.OPCODE_TEXT:
            message = json.loads(data)
            session.log.write({"dir": "received", "message": message})
            if message["type"] == "audio":
                session.attempt = 1  # 这条连接送来了音频：重连次数从头计算
            handle(session, message)
    return None


def main():
    if not API_KEY:
        sys.exit("请先设置环境变量 VOXLOOM_API_KEY（在控制台创建 API 密钥）")

    session = Session()
    sending = None
    session.attempt = 1  # 连接的重连次数：这是连续第几次尝试连接
    planned = False  # 上一次关闭是 1000 或 4000：不是失败，这次重连不算尝试
    while True:
        code = None
        ws, wait = connect()
        if ws is not None:
            # 握手响应头 X-Request-Id 是这条连接的 ID：记进日志，联系技术支持时连同 context_id 一起提供。
            session.connection_id = (ws.getheaders() or {}).get("x-request-id", "-")
            print(f"已连接，连接 ID：{session.connection_id}")
            with session.lock:
                session.ws = ws
                session.log = ConnectionLog()
                session.resume(counted=not planned)  # 重连后：没说完的文本放进新的上下文
            planned = False
            if sending is None:
                sending = threading.Thread(target=sender, args=(session,), daemon=True)
                sending.start()
            code = receive(session, ws)
            with session.lock:
                session.ws = None  # 进行中的上下文随连接结束，不会收到 done
                resend = session.has_resend()
            if code in (1006, DROPPED_IDLE):
                ws.shutdown()  # 连接已经断了：不发关闭帧，也不等服务端的，直接关掉
                session.log.write({"dir": "close", "code": 1006})
            else:
                ws.close()  # 正常关闭，关闭码 1000
                session.log.write({"dir": "close", "code": 1000 if code is None else code})
            if code is None:
                break  # 每一轮都已结束
            if code in RECONNECT_NEVER:
                session.failed = True
                break
            if code == DROPPED_IDLE:
                # 发送线程还有下一轮要说，“需要时”就是现在：不是失败，不退避，不算尝试。
                planned = True
                continue
            if code in RECONNECT_WHEN_NEEDED:
                # 还有没说完的文本，“需要时”就是现在。不是失败，不算尝试；服务端的 1000 先随机等一会儿，
                # 免得计划内停机后所有客户端同时重连。
                planned = True
                if code == 1000:
                    time.sleep(random.uniform(0, BASE_DELAY))
                continue
            wait = MIN_WAIT.get(code, 0)
            if not resend:
                # 没有要重发的文本：不是失败，不算尝试，也不退避；关闭码的最短等待照样要等完。
                planned = True
                time.sleep(wait)
                continue
        elif wait is None:
            session.failed = True
            break
        planned = False  # 这次握手失败了：之后的重连和重发都算尝试
        if session.attempt >= MAX_ATTEMPTS:
            print(f"连续尝试 {MAX_ATTEMPTS} 次都没有成功，放弃", file=sys.stderr)
            session.failed = True
            break
        time.sleep(backoff(session.attempt, wait))
        session.attempt += 1

    for f in session.files.values():
        f.close()
    print(f"合计计费 {session.billed} 字符")
    if session.failed:
        sys.exit(1)


if __name__ == "__main__":
    main()
