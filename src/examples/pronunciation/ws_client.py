#!/usr/bin/env python3
"""发音控制（WebSocket）：发音词典放在上下文的第一条 generate 中，对整个上下文生效；
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

import websocket  # pip install websocket-client

API_KEY = os.environ.get("VOXLOOM_API_KEY")
if not API_KEY:
    sys.exit("请先设置环境变量 VOXLOOM_API_KEY（在控制台创建 API 密钥）。")
WS_BASE = os.environ.get("VOXLOOM_WS_BASE", "wss://api.voxloom.example").rstrip("/")

CONTEXT_ID = "pronunciation-1"
MESSAGES = [
    {
        "type": "generate",
        "context_id": CONTEXT_ID,
        "text": "您好，这里是重庆银行。[pause:300ms]",
        "voice_id": "zh_female_qingxin",
        "model": "loom-turbo-v2",
        "output_format": {"container": "pcm", "sample_rate": 24000, "encoding": "pcm_s16le"},
        # 只在上下文的第一条 generate 中生效；后续消息里的这个字段会被忽略。
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

ws = websocket.create_connection(
    f"{WS_BASE}/v1/speech/websocket",
    header=[f"Authorization: Bearer {API_KEY}"],
    timeout=30,
)
try:
    for message in MESSAGES:
        ws.send(json.dumps(message, ensure_ascii=False))
    with open("pronunciation.pcm", "wb") as audio:
        while True:
            answer = json.loads(ws.recv())
            if answer.get("context_id") != CONTEXT_ID:
                continue
            if answer["type"] == "audio":
                audio.write(base64.b64decode(answer["data"]))
            elif answer["type"] == "error":
                error = answer["error"]
                # 标记或词典不合规：param 指出字段，message 给出位置和原因。
                sys.exit(f"合成失败：{error['code']}（{error['param']}）：{error['message']}")
            elif answer["type"] == "done":
                print(f"已保存 pronunciation.pcm，计费字符数：{answer['billed_characters']}")
                break
finally:
    ws.close()
