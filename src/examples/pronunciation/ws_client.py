#!/usr/bin/env python3
"""发音控制（WebSocket）：text_markup 和发音词典放在上下文的第一条 generate 中，对整个上下文生效；
拼音标注和停顿标记可以写在每一条 generate 的文本里。音频写入 pronunciation.pcm
（24 kHz、16 位小端序 PCM）。

运行：
    pip install websocket-client
    export VOXLOOM_API_KEY="你的 API 密钥"
    python3 ws_client.py
"""

import base64
import json
import os
import sys
import time

import websocket  # pip install websocket-client

API_KEY = os.environ.get("VOXLOOM_API_KEY")
if not API_KEY:
    sys.exit("请先设置环境变量 VOXLOOM_API_KEY（在控制台创建 API 密钥）。")
WS_BASE = os.environ.get("VOXLOOM_WS_BASE", "wss://api.voxloom.example").rstrip("/")

# 设置 VOXLOOM_WS_LOG_DIR 时，收发的消息写入其中的 connection-1.jsonl（格式见 /api/websocket#log-format），
# 可以交给日志检查器检查（/api/websocket#log-checker）。
LOG_DIR = os.environ.get("VOXLOOM_WS_LOG_DIR")
log = open(os.path.join(LOG_DIR, "connection-1.jsonl"), "w", encoding="utf-8") if LOG_DIR else None


def record(entry):
    """日志的一行；连接关闭的一行之后不再写。"""
    global log
    if log is not None:
        log.write(json.dumps(entry, ensure_ascii=False) + "\n")
        if entry["dir"] == "close":
            log.close()
            log = None


# 握手最多等这么久（秒），超时按重试策略重连（/api/websocket#handshake-refusals）。
HANDSHAKE_TIMEOUT = 5
# 发现断线（/api/websocket#dead-connection）。读取时上下文一直在进行中（有人在等音频）：PROBE_AFTER 秒内
# 什么也没收到（消息、ping 或 pong），发一个 ping；发出后 PONG_TIMEOUT 秒内还是什么也没收到，连接已经断了。
PROBE_AFTER = 2
PONG_TIMEOUT = 2

CONTEXT_ID = "pronunciation-1"  # 一个上下文一个 ID：再合成一段话时换一个新的
MESSAGES = [
    {
        "type": "generate",
        "context_id": CONTEXT_ID,
        "text": "您好，这里是重庆银行。[pause:300ms]",
        "voice_id": "zh_female_qingxin",
        "model": "loom-turbo-v2",
        "output_format": {"container": "pcm", "sample_rate": 24000, "encoding": "pcm_s16le"},
        # 文本里有标记：开启它。和词典一样，只写在上下文的第一条 generate 中。
        "text_markup": "pronunciation",
        "pronunciation_dictionary": [
            {"word": "重庆", "pinyin": "chong2 qing4"},
            {"word": "行长", "pinyin": "hang2 zhang3"},
        ],
        "continue": True,
    },
    {
        "type": "generate",
        "context_id": CONTEXT_ID,
        # 每条消息的标记各自完整：拼音标注要和它的汉字在同一条消息里。
        "text": "曾[zeng1]行长稍后为您办理。",
        "continue": False,
    },
]

try:
    ws = websocket.create_connection(
        f"{WS_BASE}/v1/speech/websocket",
        header=[f"Authorization: Bearer {API_KEY}"],
        timeout=HANDSHAKE_TIMEOUT,
    )
except websocket.WebSocketBadStatusException as exc:
    # 握手被拒绝：没有建立连接；要不要重试见 /api/websocket#handshake-refusals。
    sys.exit(f"握手被拒绝：HTTP {exc.status_code}")

try:
    for message in MESSAGES:
        record({"dir": "sent", "message": message})
        ws.send(json.dumps(message, ensure_ascii=False))
    with open("pronunciation.pcm", "wb") as audio:
        last = time.monotonic()  # 最后一次收到帧（消息、ping 或 pong）的时刻
        pinged = None  # 发出的 ping 还没有等到任何帧时，是发出的时刻（同一时间最多一个）
        while True:
            now = time.monotonic()
            if pinged is None and now - last >= PROBE_AFTER:
                ws.ping()  # 连接正常时只换来一个 pong
                pinged = now
            elif pinged is not None and now - pinged >= PONG_TIMEOUT:
                ws.shutdown()  # 连接已经断了：不发关闭帧，也不等服务端的，直接关掉
                record({"dir": "close", "code": 1006})
                # 上下文随连接结束：重连，在新的上下文中重发没有收到音频的文本。
                sys.exit(f"发出 ping 后 {PONG_TIMEOUT} 秒内什么也没收到，连接已经断了")
            ws.settimeout((pinged + PONG_TIMEOUT if pinged is not None else last + PROBE_AFTER) - now)
            try:
                # control_frame=True：收到 ping、pong 也返回，它们同样说明连接还通（服务端的 ping 由库自动回复 pong）
                opcode, data = ws.recv_data(control_frame=True)
            except websocket.WebSocketTimeoutException:
                continue  # 到时间了：回到上面，发 ping 或认定连接已断
            last = time.monotonic()
            pinged = None
            if opcode == websocket.ABNF.OPCODE_CLOSE:
                # 上下文随连接结束；关闭码怎样处理见 /api/websocket#close-codes。
                code = int.from_bytes(data[:2], "big") if len(data) >= 2 else 1005
                record({"dir": "close", "code": code})
                sys.exit(f"连接被关闭：{code} {data[2:].decode('utf-8', 'replace')}")
            if opcode != websocket.ABNF.OPCODE_TEXT:
                continue
            answer = json.loads(data)
            record({"dir": "received", "message": answer})
            if answer["type"] == "error":
                error = answer["error"]
                details = f"{error['code']}（{error['param']}）：{error['message']}"
                if answer.get("billed_characters") is None:
                    # 不结束任何上下文的错误（context_id 可能为 null）：记下来，照常继续。
                    print(f"忽略：{details}", file=sys.stderr)
                    continue
                # 标记或词典不合规：param 指出字段，message 给出位置和原因。
                sys.exit(f"合成失败：{details}，计费字符数：{answer['billed_characters']}")
            if answer["type"] not in ("audio", "timestamps", "done"):
                # 不认识的消息类型：记下来后跳过，不要因此断开连接
                print(f"忽略不认识的消息类型 {answer['type']}", file=sys.stderr)
                continue
            if answer["context_id"] != CONTEXT_ID:
                continue
            if answer["type"] == "audio":
                audio.write(base64.b64decode(answer["data"]))
            elif answer["type"] == "done":
                print(f"已保存 pronunciation.pcm，计费字符数：{answer['billed_characters']}")
                break
finally:
    ws.close()
    record({"dir": "close", "code": 1000})
