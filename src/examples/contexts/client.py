#!/usr/bin/env python3
"""WebSocket 上下文示例。

一条连接上先后打开两个上下文：turn-1 是一段较长的回复，收到它的第一个音频块时模拟用户打断
（barge-in），客户端取消 turn-1 并开始新的回复 turn-2。每个上下文的音频写入 <context_id>.pcm
（24 kHz、16 位小端序 PCM），可以用 `ffplay -f s16le -ar 24000 turn-2.pcm` 试听。

运行：
    pip install websocket-client
    export VOXLOOM_API_KEY="你的 API 密钥"
    python3 client.py
"""

import base64
import json
import os
import sys
import threading
import time

import websocket  # pip install websocket-client

API_KEY = os.environ.get("VOXLOOM_API_KEY")
WS_BASE = os.environ.get("VOXLOOM_WS_BASE", "wss://api.voxloom.example")
URL = f"{WS_BASE}/v1/speech/websocket"

# 只放在每个上下文的第一条 generate 里；同一上下文后续的 generate 只带文本。
SETTINGS = {
    "voice_id": "zh_female_qingxin",
    "model": "loom-turbo-v2",
    "output_format": {"container": "pcm", "sample_rate": 24000, "encoding": "pcm_s16le"},
    "timestamps": True,
}

FLUSH = None  # 片段之间的 FLUSH：不再等待后文，立即合成已缓冲的文本

# 模拟大模型逐段输出的两轮回复，每轮一个上下文。
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
INTERRUPTED = "turn-1"  # 这个上下文会在第一个音频块到达后被取消
PIECE_DELAY = 0.3  # 两个片段之间的间隔（秒），模拟大模型生成文本的速度

# 关闭之后怎么办，按关闭码分三类（见 /api/websocket 的关闭码表）：
RECONNECT_WITH_BACKOFF = {1011, 1013, 4002}  # 按重试策略重连
RECONNECT_WHEN_NEEDED = {1000, 4000}  # 不必立即重连：从连接池移除，下一轮的连接按“规划连接”建立
RECONNECT_NEVER = {1008, 4029}  # 不要自动重连，先解决原因（1008 违反协议、4029 连接数超限）
# 表中没有的关闭码（例如中间的代理发出的）与 RECONNECT_WITH_BACKOFF 一样处理。


def close_advice(code):
    if code in RECONNECT_WITH_BACKOFF:
        return "按重试策略重连"
    if code in RECONNECT_WHEN_NEEDED:
        return "需要时再连"
    if code in RECONNECT_NEVER:
        return "不要自动重连"
    return "按重试策略重连"  # 表中没有的关闭码


class Session:
    """发送线程与接收线程共享的状态。"""

    def __init__(self):
        self.pending = set(TURNS)  # 还没收到 done（或 error）的上下文
        self.finished = set()
        self.barge_in = threading.Event()  # 用户打断
        self.failed = False
        self.connection_id = "-"  # 握手响应头 X-Request-Id：这条连接的 ID

    def finish(self, context_id):
        self.pending.discard(context_id)
        self.finished.add(context_id)
        if context_id == INTERRUPTED:
            self.barge_in.set()  # 这一轮已经结束（例如出错），发送线程不必再等打断


def send(ws, message):
    ws.send(json.dumps(message, ensure_ascii=False))


def speak(ws, session, context_id, pieces):
    """把一轮回复的各个片段发送到同一个上下文。"""
    interruptible = context_id == INTERRUPTED
    last_text = max(i for i, piece in enumerate(pieces) if piece is not FLUSH)
    first = True
    for i, piece in enumerate(pieces):
        if piece is FLUSH:
            send(ws, {"type": "flush", "context_id": context_id})
            continue
        if not first:  # 等大模型生成下一段；用户打断时立即停下
            if interruptible:
                session.barge_in.wait(PIECE_DELAY)
            else:
                time.sleep(PIECE_DELAY)
        if context_id in session.finished:
            return  # 上下文已因 error 结束，不再向它发送文本
        if interruptible and session.barge_in.is_set():
            break  # 用户已经打断，不再发送后面的文本
        message = {"type": "generate", "context_id": context_id, "text": piece}
        if first:  # 第一条 generate 决定音色、模型和格式
            message.update(SETTINGS)
            first = False
        message["continue"] = i < last_text  # 最后一段为 false
        send(ws, message)

    # 文本发完后音频可能还在播放，用户仍然可以打断。
    if interruptible and session.barge_in.wait(timeout=10):
        if context_id not in session.finished:
            send(ws, {"type": "cancel", "context_id": context_id})
            print(f"[{context_id}] 已发送 cancel")


def sender(ws, session):
    try:
        for context_id, pieces in TURNS.items():
            speak(ws, session, context_id, pieces)
    except (OSError, websocket.WebSocketException) as exc:
        print(f"发送失败：{exc}", file=sys.stderr)  # 接收端会报告连接为何断开


def handle(message, session, files, next_sequence):
    kind = message["type"]
    context_id = message["context_id"]

    if kind == "audio":
        sequence = message["sequence"]
        if sequence != next_sequence.get(context_id, 0):
            print(f"[{context_id}] 音频块序号不连续：{sequence}", file=sys.stderr)
        next_sequence[context_id] = sequence + 1
        if context_id == INTERRUPTED and session.barge_in.is_set():
            # 取消之前已在路上的音频仍会到达：直接丢弃（播放器此时应清空待播队列）。
            print(f"[{context_id}] 丢弃打断后的音频块 {sequence}")
            return
        if context_id not in files:
            files[context_id] = open(f"{context_id}.pcm", "wb")
        files[context_id].write(base64.b64decode(message["data"]))
        if context_id == INTERRUPTED and sequence == 0:
            print(f"[{context_id}] 收到第一个音频块，模拟用户打断")
            session.barge_in.set()

    elif kind == "timestamps":
        if context_id == INTERRUPTED and session.barge_in.is_set():
            return  # 被打断的上下文：之后的时间戳同样丢弃
        for word in message["words"]:
            print(f"[{context_id}] {word['start_ms']:>6}–{word['end_ms']:>6} ms  {word['text']}")

    elif kind == "done":
        print(f"[{context_id}] 完成，计费 {message['billed_characters']} 字符")
        session.finish(context_id)

    elif kind == "error":
        error = message["error"]
        details = (
            f"{error['code']}：{error['message']}（param={error.get('param')}，"
            f"request_id={error['request_id']}，连接 ID={session.connection_id}）"
        )
        if error["code"] == "invalid_request" and error.get("param") == "context_id":
            # 消息发给了不再接收它的上下文（例如 cancel 与 done 在网络中错过）：
            # 这个错误不结束任何上下文，记下来、忽略即可。
            print(f"[{context_id}] 忽略 {details}")
            return
        print(f"[{context_id}] 错误 {details}", file=sys.stderr)
        session.failed = True
        if context_id is not None:  # 出错的上下文随之结束，连接保持打开
            session.finish(context_id)


def receive(ws, session):
    """处理服务端消息，直到每个上下文都结束。连接被关闭时返回 False。"""
    files = {}
    next_sequence = {}
    try:
        while session.pending:
            opcode, data = ws.recv_data()  # 服务端的 ping 由库自动回复 pong
            if opcode == websocket.ABNF.OPCODE_CLOSE:
                code = int.from_bytes(data[:2], "big") if len(data) >= 2 else 1005
                reason = data[2:].decode("utf-8", "replace")
                print(
                    f"连接 {session.connection_id} 被服务端关闭：{code} {reason}"
                    f"（{close_advice(code)}）",
                    file=sys.stderr,
                )
                return False
            if opcode == websocket.ABNF.OPCODE_TEXT:
                handle(json.loads(data), session, files, next_sequence)
        return True
    finally:
        for f in files.values():
            f.close()


def handshake_refused(exc):
    """被拒绝的握手：状态码，以及响应体（错误对象）中的错误码、说明和请求 ID。
    要不要重试取决于状态码：400、401 不要重试，429、500、503 按重试策略重连。"""
    headers = exc.resp_headers or {}
    body = getattr(exc, "resp_body", None)  # 较旧的 websocket-client 不提供响应体
    try:
        error = json.loads(body)["error"]
    except (TypeError, ValueError, KeyError):
        error = {
            "code": "-",
            "message": "（这个版本的 websocket-client 读不到响应体）",
            "request_id": headers.get("x-request-id", "-"),
        }
    return (
        f"握手被拒绝：HTTP {exc.status_code} {error['code']}：{error['message']}"
        f"（request_id={error.get('request_id')}）。见握手被拒绝时的处理（/api/websocket#handshake-refusals）"
    )


def main():
    if not API_KEY:
        sys.exit("请先设置环境变量 VOXLOOM_API_KEY（在控制台创建 API 密钥）")

    try:
        ws = websocket.create_connection(
            URL, header=[f"Authorization: Bearer {API_KEY}"], timeout=30
        )
    except websocket.WebSocketBadStatusException as exc:
        # 握手被拒绝（例如 API 密钥无效时的 HTTP 401）：没有建立连接，也就没有关闭码。
        sys.exit(handshake_refused(exc))
    except (OSError, websocket.WebSocketException) as exc:
        sys.exit(f"无法连接 {URL}：{exc}")

    session = Session()
    # 握手响应头 X-Request-Id 是这条连接的 ID：记进日志，联系技术支持时连同 context_id 一起提供。
    session.connection_id = (ws.getheaders() or {}).get("x-request-id", "-")
    print(f"已连接，连接 ID：{session.connection_id}")
    threading.Thread(target=sender, args=(ws, session), daemon=True).start()
    try:
        ok = receive(ws, session)
    except websocket.WebSocketTimeoutException:
        print("30 秒内没有收到任何消息，放弃等待", file=sys.stderr)
        ok = False
    except websocket.WebSocketConnectionClosedException:
        print("连接意外断开（没有收到关闭帧，按重试策略重连）", file=sys.stderr)
        ok = False
    except (OSError, websocket.WebSocketException) as exc:
        print(f"连接出错：{exc}", file=sys.stderr)
        ok = False
    finally:
        ws.close()  # 正常关闭，关闭码 1000

    if not ok or session.failed:
        sys.exit(1)


if __name__ == "__main__":
    main()
