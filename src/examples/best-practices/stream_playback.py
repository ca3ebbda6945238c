"""流式合成：音频边合成边返回，收到一块就写出一块。

输出是 24 kHz、16 位小端、单声道的裸 PCM（没有文件头），可以直接交给播放器：

    python3 stream_playback.py | aplay -f S16_LE -r 24000 -c 1
    python3 stream_playback.py | ffplay -f s16le -sample_rate 24000 -nodisp -autoexit -

也可以写到文件：python3 stream_playback.py hello.pcm
依赖：pip install requests
"""
import os
import sys
import time

import requests

API_KEY = os.environ.get("VOXLOOM_API_KEY")
if not API_KEY:
    sys.exit("请先设置环境变量 VOXLOOM_API_KEY（在控制台创建 API 密钥）。")
API_BASE = os.environ.get("VOXLOOM_API_BASE", "https://api.voxloom.example")

payload = {
    "text": "你好，欢迎使用声织语音合成。流式返回的音频可以在第一块到达时就开始播放。",
    "voice_id": "zh_female_qingxin",
    "model": "loom-turbo-v2",  # 首包延迟最低的模型
    "output_format": {"container": "pcm", "sample_rate": 24000, "encoding": "pcm_s16le"},
    "stream": True,
}

out = open(sys.argv[1], "wb") if len(sys.argv) > 1 else sys.stdout.buffer
started = time.monotonic()

# requests 的 stream=True 让响应体按块读取，而不是等全部下载完
with requests.post(
    f"{API_BASE}/v1/speech",
    headers={"Authorization": f"Bearer {API_KEY}"},
    json=payload,
    stream=True,
    timeout=(5, 15),  # 读取超时是“两块数据之间”的最长等待（服务端最多间隔 10 秒），不是整段音频的总时长
) as resp:
    request_id = resp.headers.get("X-Request-Id", "-")
    if not resp.ok:
        try:
            error = resp.json()["error"]
        except (ValueError, KeyError):
            error = {"code": "unknown", "message": resp.text}
        print(
            f"HTTP {resp.status_code} code={error.get('code')} "
            f"request_id={error.get('request_id', request_id)}：{error.get('message')}",
            file=sys.stderr,
        )
        sys.exit(1)

    total = 0
    try:
        for chunk in resp.iter_content(chunk_size=4096):
            if not chunk:
                continue
            if total == 0:
                elapsed_ms = (time.monotonic() - started) * 1000
                print(f"首包延迟 {elapsed_ms:.0f} ms（request_id={request_id}）", file=sys.stderr)
            out.write(chunk)
            out.flush()  # 立刻交给播放器，不在本进程里攒
            total += len(chunk)
    except requests.RequestException as exc:
        # 200 之后出错时服务端直接断开连接：已收到的音频不完整，需要时按重试策略重新请求整段文本。
        print(f"音频流中途断开（request_id={request_id}，已收到 {total} 字节）：{exc}", file=sys.stderr)
        sys.exit(1)

if out is not sys.stdout.buffer:
    out.close()
print(f"完成：共 {total} 字节", file=sys.stderr)
