"""合成一句话并保存为 hello.mp3；遇到可重试的错误时按指数退避加随机抖动重试。

用法：python3 retry.py [voice_id]
依赖：pip install requests
"""
import os
import random
import sys
import time
from typing import Optional

import requests

API_KEY = os.environ.get("VOXLOOM_API_KEY")
if not API_KEY:
    sys.exit("请先设置环境变量 VOXLOOM_API_KEY（在控制台创建 API 密钥）。")
API_BASE = os.environ.get("VOXLOOM_API_BASE", "https://api.voxloom.example")

VOICE_ID = sys.argv[1] if len(sys.argv) > 1 else "zh_female_qingxin"

# 可以重试的状态码：4xx 中只有 rate_limited（429）；5xx 全部可以，包括网关返回、
# 没有错误对象的 502、504。503 的 param 为 text（超过处理时间上限）除外：拆短文本，不重试。
RETRYABLE_4XX = {429}
MAX_ATTEMPTS = 5
BASE_DELAY = 0.5  # 秒：第一次重试前退避的上限
MAX_DELAY = 4.0  # 秒：单次退避的上限


def backoff_delay(attempt: int, retry_after: Optional[str]) -> float:
    """服务端给了 Retry-After 就照办；否则用指数退避加随机抖动。"""
    if retry_after and retry_after.isdigit():
        return float(retry_after) + random.uniform(0, BASE_DELAY)
    return random.uniform(0, min(MAX_DELAY, BASE_DELAY * 2 ** (attempt - 1)))


def synthesize(session: requests.Session, payload: dict) -> bytes:
    for attempt in range(1, MAX_ATTEMPTS + 1):
        retry_after = None
        try:
            resp = session.post(
                f"{API_BASE}/v1/speech",
                headers={"Authorization": f"Bearer {API_KEY}"},
                json=payload,
                # （连接超时，读取超时），单位秒；读取超时要长于服务端的最长处理时间
                timeout=(5, 150),
            )
        except (
            requests.ConnectionError,
            requests.Timeout,
            requests.exceptions.ChunkedEncodingError,  # 读取响应体时连接被重置
        ) as exc:
            # 没有收到完整的响应，也就没有请求 ID；同样退避后重试。
            print(f"第 {attempt} 次请求网络错误：{exc}", file=sys.stderr)
        else:
            request_id = resp.headers.get("X-Request-Id", "-")
            if resp.ok:
                billed = resp.headers.get("X-Billed-Characters", "-")
                print(f"成功 request_id={request_id} billed_characters={billed}", file=sys.stderr)
                return resp.content

            try:
                error = resp.json()["error"]
            except (ValueError, KeyError):
                # 不是 JSON 的响应（例如网关的 502、504）：5xx 按 internal_error 处理
                code = "internal_error" if resp.status_code >= 500 else "unknown"
                error = {"code": code, "message": resp.text[:200], "request_id": request_id}
            print(
                f"第 {attempt} 次请求失败 HTTP {resp.status_code} code={error.get('code')} "
                f"request_id={error.get('request_id', request_id)}：{error.get('message')}",
                file=sys.stderr,
            )
            if resp.status_code not in RETRYABLE_4XX and resp.status_code < 500:
                sys.exit(1)  # 400、401、402、404 等：原样重试不会成功，先修正请求
            if error.get("param"):
                sys.exit(1)  # 503 的 param 为 text：超过处理时间上限，拆短文本后再合成
            retry_after = resp.headers.get("Retry-After")

        if attempt < MAX_ATTEMPTS:
            delay = backoff_delay(attempt, retry_after)
            print(f"{delay:.1f} 秒后重试", file=sys.stderr)
            time.sleep(delay)

    sys.exit(f"尝试 {MAX_ATTEMPTS} 次仍未成功，放弃。")


def main() -> None:
    payload = {
        "text": "你好，欢迎使用声织语音合成。",
        "voice_id": VOICE_ID,
        "model": "loom-turbo-v2",
        "output_format": {"container": "mp3", "sample_rate": 24000, "bit_rate": 128000},
    }
    with requests.Session() as session:  # 复用连接，省去重复的 TCP 和 TLS 握手
        audio = synthesize(session, payload)
    with open("hello.mp3", "wb") as f:
        f.write(audio)
    print("已保存 hello.mp3", file=sys.stderr)


if __name__ == "__main__":
    main()
