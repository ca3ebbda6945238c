"""上传一段参考录音克隆自定义音色，轮询到克隆完成，再用新音色合成一句试听。

用法：python3 clone.py [录音文件路径] [幂等键]   （默认 reference.wav；幂等键默认新生成）
依赖：pip install requests
"""
import os
import sys
import time
import uuid

import requests

API_KEY = os.environ.get("VOXLOOM_API_KEY")
if not API_KEY:
    sys.exit("请先设置环境变量 VOXLOOM_API_KEY（在控制台创建 API 密钥）。")
API_BASE = os.environ.get("VOXLOOM_API_BASE", "https://api.voxloom.example")
HEADERS = {"Authorization": f"Bearer {API_KEY}"}

POLL_INTERVAL = 5  # 秒
MAX_POLLS = 120  # 轮询的轮数上限（约 10 分钟），用完就停止
# 轮询不是重试（规则见 /api/errors#polling）：某一轮遇到暂时性错误（4xx 中只有 429；5xx 全部算，
# 包括网关返回、没有错误对象的 502、504）或网络错误时，不重试这一轮，下一轮再查；
# 响应带 Retry-After（例如 429）时，下一轮前至少等这么多秒。
RETRYABLE_4XX = {429}

# 参考录音支持的格式及其媒体类型
MEDIA_TYPES = {".wav": "audio/wav", ".mp3": "audio/mpeg", ".m4a": "audio/x-m4a"}


def fail(resp: requests.Response) -> None:
    """打印错误对象中的错误码、说明和请求 ID，然后退出。"""
    request_id = resp.headers.get("X-Request-Id", "-")
    try:
        error = resp.json()["error"]
    except (ValueError, KeyError):
        error = {"code": "unknown", "message": resp.text}
    print(
        f"HTTP {resp.status_code} code={error.get('code')} param={error.get('param')} "
        f"request_id={error.get('request_id', request_id)}：{error.get('message')}",
        file=sys.stderr,
    )
    sys.exit(1)


def try_voice(voice_id: str) -> None:
    """3. 用新音色合成一句试听，保存为 clone_test.mp3。"""
    resp = requests.post(
        f"{API_BASE}/v1/speech",
        headers=HEADERS,
        json={
            "text": "您好，这是用我的克隆音色合成的第一句话。今天的天气怎么样？",
            "voice_id": voice_id,
            "model": "loom-turbo-v2",
            "output_format": {"container": "mp3", "sample_rate": 24000, "bit_rate": 128000},
        },
        timeout=(5, 150),
    )
    if not resp.ok:
        fail(resp)
    with open("clone_test.mp3", "wb") as f:
        f.write(resp.content)
    print(f"已保存试听 clone_test.mp3；合成时使用 voice_id={voice_id}")


def main() -> None:
    path = sys.argv[1] if len(sys.argv) > 1 else "reference.wav"
    media_type = MEDIA_TYPES.get(os.path.splitext(path)[1].lower())
    if media_type is None:
        sys.exit("参考录音须为 WAV、MP3 或 M4A 文件。")
    if not os.path.isfile(path):
        sys.exit(f"找不到录音文件：{path}")

    # 1. 以 multipart/form-data 上传；consent=true 表示你已获得说话人的授权。
    #    Idempotency-Key：超时或 5xx 之后用同一个键重新提交，最多只创建一个音色（这里不自动重试，
    #    而是先打印键：重新提交时把它作为第二个参数传入）。
    idempotency_key = sys.argv[2] if len(sys.argv) > 2 else str(uuid.uuid4())
    print(f"提交克隆：Idempotency-Key={idempotency_key}", file=sys.stderr)
    try:
        with open(path, "rb") as audio:
            resp = requests.post(
                f"{API_BASE}/v1/voices",
                headers={**HEADERS, "Idempotency-Key": idempotency_key},
                data={
                    "name": "客服小林",
                    "description": "温和、语速适中的客服音色",
                    "language": "zh",
                    "consent": "true",
                },
                files={"audio": (os.path.basename(path), audio, media_type)},
                timeout=(5, 120),
            )
    except requests.RequestException as exc:
        sys.exit(
            f"提交失败（{exc}），不确定是否已创建音色：用同一个键再运行一次，"
            f"python clone.py {path} {idempotency_key}"
        )
    if resp.status_code != 201:
        fail(resp)
    voice = resp.json()
    voice_id = voice["voice_id"]
    print(f"已提交克隆：voice_id={voice_id} status={voice['status']}", file=sys.stderr)

    # 2. 轮询音色状态：processing → ready 或 failed
    for _ in range(MAX_POLLS):
        time.sleep(POLL_INTERVAL)
        try:
            resp = requests.get(f"{API_BASE}/v1/voices/{voice_id}", headers=HEADERS, timeout=10)
        except requests.RequestException as exc:
            print(f"查询失败：{exc}；下一轮再查", file=sys.stderr)
            continue
        if resp.status_code in RETRYABLE_4XX or resp.status_code >= 500:
            # 暂时性错误：先按 Retry-After 等待（429 总是带它），再进入下一轮
            time.sleep(float(resp.headers.get("Retry-After", 0)))
            continue
        if not resp.ok:
            fail(resp)
        status = resp.json()["status"]
        if status == "ready":
            print(f"克隆完成：voice_id={voice_id}", file=sys.stderr)
            try_voice(voice_id)
            return
        if status == "failed":
            sys.exit(f"克隆失败：voice_id={voice_id}。请检查录音质量后重新录制再试。")
        print(f"仍在处理（status={status}）……", file=sys.stderr)

    sys.exit(f"轮询 {MAX_POLLS} 次仍未完成，已超过克隆的处理时间上限：带上 voice_id {voice_id} 联系技术支持，或先删除这个音色，再用新的 Idempotency-Key 重新提交。")


if __name__ == "__main__":
    main()
