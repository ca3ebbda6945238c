#!/usr/bin/env python3
"""实时场景的一轮回复：失败后按重试策略重连、重发，超出总时长就降级为文字。

音频写入 reply.pcm（24 kHz、16 位小端序 PCM）。
- 重发前，失败的上下文的音频只留到最后一个有时间戳的词的 end_ms 为止，重发的音频接在后面。
- 上下文收到 internal_error 或连接被关闭：用新的 context_id，重发最后一个有时间戳的词之后的全部文本（照原样）。
- 上下文收到 rate_limited（连接上的上下文已满）：不退避，等别的上下文结束，再用新的 context_id 开始。
- 总时长从这一轮第一次失败时算起，到之后的第一块音频为止；没有失败时不计时。
- 连接可能断开却收不到关闭帧：PROBE_AFTER 秒内什么也没收到就发一个 ping，之后 PONG_TIMEOUT 秒内还是
  什么也没收到，按连接被关闭处理。这是一次失败，总时长从发出 ping 时算起。
- 两个计数各以 MAX_ATTEMPTS 为限：这一轮的尝试次数和这条连接的重连次数，各自在收到音频时清零。
  服务端的 1000、4000 不是失败：之后的重连不算尝试，1000 先随机等待 0 到 BASE_DELAY 秒。

运行：
    pip install websocket-client
    export VOXLOOM_API_KEY="你的 API 密钥"
    python3 realtime_retry.py

设置 VOXLOOM_WS_LOG_DIR 时，每条连接收发的消息写成日志，可以交给日志检查器检查（/api/websocket#log-checker）。
"""

import base64
import json
import math
import os
import random
import sys
import time
import uuid

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

REPLY = "您好，您的订单已经发货。快递预计明天下午送达，到时请留意电话。还有什么可以帮您？"
SETTINGS = {
    "voice_id": "zh_female_qingxin",
    "model": "loom-turbo-v2",
    "output_format": {"container": "pcm", "sample_rate": 24000, "encoding": "pcm_s16le"},
    "timestamps": True,  # 失败后靠时间戳找出哪些词还没有收到音频
}

# 重试策略（/api/errors#retries）的参数
MAX_ATTEMPTS = 5
BASE_DELAY = 0.5  # 秒：第一次重试前退避的上限
MAX_DELAY = 4.0  # 秒：单次退避的上限
REALTIME_BUDGET = 10.0  # 秒：从第一次失败到之后的第一块音频，所有尝试和等待加起来的上限

RECONNECT_NEVER = {1008, 4029}  # 重连也没用的关闭码：先解决原因
NOT_FAILURE = {1000, 4000}  # 计划内停机和空闲超时：重连，但不算尝试
MIN_WAIT = {1011: 1, 1013: 5}  # 这两个关闭码第一次重连前至少等这么久（秒）
RETRY_HANDSHAKE = {429, 500, 502, 503, 504}  # 握手被拒绝时可以重连的状态码；网关的 502、504 按 500 处理
# 发现断线（/api/websocket#dead-connection）。上下文进行中（有人在等音频）：PROBE_AFTER 秒内什么也没收到
# （消息、ping 或 pong），发一个 ping；发出后 PONG_TIMEOUT 秒内还是什么也没收到，连接已经断了。
PROBE_AFTER = 2
PONG_TIMEOUT = 2
# 秒：握手最多等这么久，超时算一次失败，按重试策略重连（/api/websocket#handshake-refusals）。
HANDSHAKE_TIMEOUT = 5


class GiveUp(Exception):
    """这一轮放弃：改为显示文字回复。"""


class Budget:
    """一轮的实时总时长：从第一次失败算到之后的第一块音频；没有失败时不计时（大模型慢不算失败）。"""

    def __init__(self):
        self.deadline = None

    def audio_started(self):
        self.deadline = None  # 音频已经开始，不再计时

    def failed(self, at=None):
        """一次失败；at 是它发生的时刻（time.monotonic()），默认是现在。"""
        if self.deadline is None:
            self.deadline = (time.monotonic() if at is None else at) + REALTIME_BUDGET

    def left(self):
        """还剩几秒；不在计时时没有限制（inf）。"""
        if self.deadline is None:
            return math.inf
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise GiveUp("这一轮的总时长已经用完")
        return left

    def wait(self, attempt, at_least=0):
        """等待下一次尝试：at_least（Retry-After）优先，否则指数退避加随机抖动。"""
        if at_least:
            delay = at_least + random.uniform(0, BASE_DELAY)
        else:
            delay = random.uniform(0, min(MAX_DELAY, BASE_DELAY * 2 ** (attempt - 1)))
        if self.deadline is not None and time.monotonic() + delay > self.deadline:
            raise GiveUp(f"再等 {delay:.1f} 秒会超出这一轮的总时长")
        time.sleep(delay)


class Connection:
    """连接池中的一条连接。重连次数按连接计，几轮共用它时各轮仍各自计时。"""

    def __init__(self):
        self.ws = None
        self.used = False  # 连过一次之后，再连就是重连
        self.reconnects = 0  # 这是连续第几次重连；连接送来音频时清零
        self.at_least = 0  # 下一次连接前至少等几秒（关闭码或握手拒绝的 Retry-After）
        self.planned = False  # 上一次关闭是 1000 或 4000：这次重连不算尝试
        self.drained = False  # 上一次关闭是服务端的 1000（计划内停机）
        self.log = ConnectionLog(enabled=False)  # 这条连接的日志：连上之后才有

    def open(self, budget):
        while self.ws is None:
            if self.used and self.planned:
                if self.drained:  # 服务端的 1000：随机等一会儿，免得所有客户端同时重连
                    time.sleep(random.uniform(0, BASE_DELAY))
            elif self.used:
                self.reconnects += 1
                if self.reconnects >= MAX_ATTEMPTS:  # 连同第一次，连续尝试了 MAX_ATTEMPTS 次
                    raise GiveUp(f"连续 {MAX_ATTEMPTS} 次都没有连上")
                budget.wait(self.reconnects, self.at_least)
            self.used = True
            self.at_least = 0
            self.planned = False
            try:
                self.ws = websocket.create_connection(
                    URL,
                    header=[f"Authorization: Bearer {API_KEY}"],
                    timeout=min(HANDSHAKE_TIMEOUT, budget.left()),
                )
                self.log = ConnectionLog()
                print(f"已连接，连接 ID：{(self.ws.getheaders() or {}).get('x-request-id', '-')}")
            except websocket.WebSocketBadStatusException as exc:
                headers = exc.resp_headers or {}
                print(f"握手被拒绝：HTTP {exc.status_code}（request_id={headers.get('x-request-id', '-')}）")
                if exc.status_code not in RETRY_HANDSHAKE:
                    raise GiveUp("这个状态码重连也没用") from exc
                budget.failed()  # 握手被拒绝是一次失败：总时长从这里开始计时（如果还没有开始）
                # 按 Retry-After 等待；它超出这一轮剩下的总时长时，budget.wait 放弃。
                self.at_least = int(headers.get("retry-after", 0))
            except (OSError, websocket.WebSocketException) as exc:
                print(f"无法连接：{exc}")
                budget.failed()
        return self.ws

    def heard_audio(self):
        self.reconnects = 0  # 这条连接送来了音频：重连次数清零

    def send(self, message):
        self.log.write({"dir": "sent", "message": message})
        self.ws.send(json.dumps(message))

    def closed(self, code):
        self.log.write({"dir": "close", "code": code})
        self.ws = None
        self.at_least = MIN_WAIT.get(code, 0)
        self.planned = code in NOT_FAILURE
        self.drained = code == 1000


def say(conn, budget, context_id, text, out):
    """在一个新的上下文中合成 text。

    返回 (结果, 收到音频的文本到哪里为止, 最后一个有时间戳的词的 end_ms, 是否收到了音频)。
    """
    ws = conn.open(budget)
    conn.send({"type": "generate", "context_id": context_id, "text": text, **SETTINGS})
    heard = 0
    end_ms = 0  # 还没有收到时间戳时为 0：这个上下文的音频一点也不留
    got_audio = False
    waiting_for_slot = False  # 收到 rate_limited 后，等这条连接上别的上下文结束
    last = time.monotonic()  # 最后一次收到帧（消息、ping 或 pong）的时刻
    pinged = None  # 发出的 ping 还没有等到任何帧时，是发出的时刻（同一时间最多一个）
    while True:
        now = time.monotonic()
        try:
            if pinged is None and now - last >= PROBE_AFTER:
                ws.ping()  # 连接正常时只换来一个 pong
                pinged = now
            elif pinged is not None and now - pinged >= PONG_TIMEOUT:
                print(f"发出 ping 后 {PONG_TIMEOUT} 秒内什么也没收到，连接已经断了")
                budget.failed(pinged)  # 这是一次失败：总时长从发出 ping 时算起
                conn.closed(1006)
                ws.shutdown()  # 不发关闭帧，也不等服务端的，直接关掉
                return "closed", heard, end_ms, got_audio
            due = pinged + PONG_TIMEOUT if pinged is not None else last + PROBE_AFTER
            # 还没有音频时，最多等到这一轮的总时长用完（用完时 budget.left() 放弃）
            ws.settimeout(min(due - now, budget.left()))
            # control_frame=True：收到 ping、pong 也返回，它们同样说明连接还通（服务端的 ping 由库自动回复 pong）
            opcode, data = ws.recv_data(control_frame=True)
        except websocket.WebSocketTimeoutException:
            continue  # 到时间了：回到上面，发 ping、认定连接已断，或者总时长已经用完
        except (OSError, websocket.WebSocketException):
            conn.closed(1006)  # 没有关闭帧的断开
            return "closed", heard, end_ms, got_audio
        last = time.monotonic()
        pinged = None
        if opcode == websocket.ABNF.OPCODE_CLOSE:
            code = int.from_bytes(data[:2], "big") if len(data) >= 2 else 1005
            print(f"连接被关闭：{code}")
            conn.closed(code)
            if code in RECONNECT_NEVER:
                raise GiveUp(f"关闭码 {code}：重连也没用")
            return "closed", heard, end_ms, got_audio
        if opcode != websocket.ABNF.OPCODE_TEXT:
            continue
        message = json.loads(data)
        conn.log.write({"dir": "received", "message": message})
        if message.get("context_id") != context_id:
            if message["type"] == "error" and message.get("context_id") is None:
                # 不结束任何上下文，记下即可
                print(f"忽略 {message['error']['code']}：{message['error']['message']}")
            elif waiting_for_slot and (
                message["type"] == "done" or message.get("billed_characters") is not None
            ):
                return "busy", heard, end_ms, got_audio  # 别的上下文结束了，空出了位置
            continue
        if message["type"] == "audio":
            out.write(base64.b64decode(message["data"]))
            got_audio = True
            budget.audio_started()
            conn.heard_audio()
        elif message["type"] == "timestamps":
            for word in message["words"]:
                found = text.find(word["text"], heard)
                if found >= 0:
                    heard = found + len(word["text"])
                    end_ms = word["end_ms"]
        elif message["type"] == "done":
            print(f"[{context_id}] 完成，计费 {message['billed_characters']} 字符")
            return "done", len(text), end_ms, got_audio
        elif message["type"] == "error":
            error = message["error"]
            print(
                f"[{context_id}] {error['code']}：{error['message']}"
                f"（request_id={error['request_id']}，计费 {message.get('billed_characters')} 字符）"
            )
            if error["code"] == "rate_limited":
                budget.failed()  # 这是一次失败：等待计入总时长
                waiting_for_slot = True  # 不退避，最多等到这一轮的总时长用完
                continue
            if error["code"] != "internal_error":
                raise GiveUp("这个错误重发也没用，按错误码一览处理")  # 例如 insufficient_credit
            return "failed", heard, end_ms, got_audio


def main():
    if not API_KEY:
        sys.exit("请先设置环境变量 VOXLOOM_API_KEY（在控制台创建 API 密钥）")
    conn = Connection()
    budget = Budget()
    rest = REPLY
    try:
        with open("reply.pcm", "wb") as out:
            failures = 0  # 这一轮连续失败了几次；收到音频时清零
            while True:
                context_id = f"reply-{uuid.uuid4().hex[:8]}"  # 每次尝试都用新的 context_id
                start = out.tell()  # 这个上下文的音频从文件的这里开始
                result, heard, end_ms, got_audio = say(conn, budget, context_id, rest, out)
                rest = rest[heard:]  # 最后一个有时间戳的词之后，照原样（标点也保留）
                if result == "done" or not any(ch.isalnum() for ch in rest):
                    return  # 只剩空白和标点：这一轮已经说完，不重发，也不算失败
                # 音频的末尾可能已经有下一个词的开头，而重发从下一个词说起：旧上下文的音频只留到
                # end_ms 为止，否则这一小段会听到两遍。字节数按请求的 output_format 算，取整到整个样本。
                rate = SETTINGS["output_format"]["sample_rate"]  # pcm_s16le：每个样本 2 字节
                out.seek(min(out.tell(), start + end_ms * rate // 1000 * 2))
                out.truncate()
                budget.failed()  # 总时长从第一次失败起计时（服务端的 1000、4000 也让听的人等）
                if got_audio:
                    failures = 0  # 这一轮收到了音频：尝试次数清零
                if not (result == "closed" and conn.planned):
                    failures += 1  # 1000、4000 之后的重发不算尝试
                if failures == MAX_ATTEMPTS:
                    raise GiveUp(f"连续尝试 {MAX_ATTEMPTS} 次都没有收到音频")
                if result == "failed":
                    budget.wait(failures)  # 连接还在：退避后在新的上下文中重发
                print(f"从“{rest[:10]}”起重发")
    except GiveUp as exc:
        print(f"放弃：{exc}。改为显示文字回复：{rest}", file=sys.stderr)
        sys.exit(1)
    finally:
        if conn.ws is not None:
            conn.ws.close()
            conn.log.write({"dir": "close", "code": 1000})


if __name__ == "__main__":
    main()
