"""快速开始：调用 POST /v1/speech 合成一句话，保存为 hello.mp3。

运行前：pip install requests，并设置环境变量 VOXLOOM_API_KEY。
"""

import os
import sys

import requests

API_KEY = os.environ.get("VOXLOOM_API_KEY")
if not API_KEY:
    sys.exit("请先设置环境变量 VOXLOOM_API_KEY（在控制台创建 API 密钥）。")

API_BASE = os.environ.get("VOXLOOM_API_BASE", "https://api.voxloom.example").rstrip("/")

payload = {
    "text": "你好，这是我用 API 合成的第一段语音。",
    "voice_id": "zh_female_qingxin",
    "model": "loom-turbo-v2",
    "output_format": {"container": "mp3", "sample_rate": 24000, "bit_rate": 128000},
}

response = requests.post(
    f"{API_BASE}/v1/speech",
    headers={"Authorization": f"Bearer {API_KEY}"},
    json=payload,
    timeout=130,  # 合成最长处理 120 秒，超时略长于它
)

if not response.ok:
    # 所有接口的错误都使用同一个错误对象：{"error": {"code", "message", "param", "request_id"}}
    try:
        error = response.json()["error"]
    except (ValueError, KeyError, TypeError):
        error = {
            "code": "unknown",
            "message": response.text,
            "request_id": response.headers.get("X-Request-Id"),
        }
    print(f"请求失败（HTTP {response.status_code}）：{error.get('code')}", file=sys.stderr)
    print(f"说明：{error.get('message')}", file=sys.stderr)
    print(f"请求 ID：{error.get('request_id')}", file=sys.stderr)
    sys.exit(1)

with open("hello.mp3", "wb") as f:
    f.write(response.content)

print(f"已保存 hello.mp3（{len(response.content)} 字节）")
print(f"计费字符数：{response.headers.get('X-Billed-Characters')}")
print(f"请求 ID：{response.headers.get('X-Request-Id')}")
