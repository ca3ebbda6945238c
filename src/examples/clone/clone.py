"""上传一段参考录音克隆自定义音色，轮询到克隆完成，再用新音色合成一句试听。

用法：python3 clone.py [录音文件路径]   （默认 reference.wav）
重新提交同一个克隆：VOXLOOM_IDEMPOTENCY_KEY=<打印出的键> python3 clone.py [录音文件路径]
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

# 轮询的间隔和次数上限，以及某一次出错时怎么办，都按 /api/errors#polling
POLL_INTERVAL = 5  # 秒
MAX_POLLS = 121
RETRYABLE_4XX = {429}  # 可以重试的 4xx；5xx 全部可以重试（包括网关返回、没有错误对象的 502、504）


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
    if not os.path.isfile(path):
        sys.exit(f"找不到录音文件：{path}")

    # 1. 以 multipart/form-data 上传；consent=true 表示你已获得说话人的授权。
    #    Idempotency-Key：每个新的克隆用一个新的 UUID；超时、429 或 5xx 之后用同一个键重新提交，
    #    最多只创建一个音色（这里不自动重新提交，而是打印键和重新提交的命令）。
    idempotency_key = os.environ.get("VOXLOOM_IDEMPOTENCY_KEY") or str(uuid.uuid4())
    resubmit = f"VOXLOOM_IDEMPOTENCY_KEY={idempotency_key} python3 clone.py {path}"
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
                # 服务端按文件内容识别 WAV、MP3 或 M4A，声明的媒体类型和文件名都不影响识别
                files={"audio": (os.path.basename(path), audio, "application/octet-stream")},
                # requests 没有总时限：连接最多等 5 秒，之后每次读写最多等 35 秒。上传只要不停顿就不会超时；
                # 上传完后等待应答最多 35 秒（服务端 30 秒内应答，多留 5 秒给网络）。
                # 所以总时长是实际的上传时间加上 35 秒，与文档说的“上传所需的时间加上应答时间”一致
                timeout=(5, 35),
            )
    except requests.RequestException as exc:
        sys.exit(f"提交失败（{exc}），不确定是否已创建音色。用同一个键重新提交：{resubmit}")
    if resp.status_code in RETRYABLE_4XX:
        # 速率限制在检查请求内容之前：429 的请求什么也没有创建
        wait = resp.headers.get("Retry-After")  # 429 总是带它
        print(f"没有创建音色。等待 {wait} 秒后用同一个键重新提交：{resubmit}", file=sys.stderr)
        fail(resp)
    if resp.status_code >= 500:
        print(f"不确定是否已创建音色。等待后用同一个键重新提交：{resubmit}", file=sys.stderr)
        fail(resp)
    if resp.status_code == 409:
        # 这个键已经创建了音色，这次提交的内容与那次不同（例如录音重新导出过）。
        # 一个键只属于一次克隆：接着用 Location 指向的音色，不要换新键重新提交
        voice_id, status = resp.headers["Location"].rsplit("/", 1)[-1], "processing"
        print(f"这个键已经创建了音色 {voice_id}，接着用它", file=sys.stderr)
    elif resp.status_code != 201:
        fail(resp)
    else:
        voice = resp.json()
        voice_id, status = voice["voice_id"], voice["status"]
    if resp.headers.get("Idempotent-Replayed") == "true":
        print("重放：这个键之前已经创建了这个音色，这次没有新建", file=sys.stderr)
    print(f"已提交克隆：voice_id={voice_id} status={status}", file=sys.stderr)

    # 2. 轮询音色状态，直到 ready 或 failed；只在状态变化时打印（重放的音色可能已经是这两种状态）
    wait = POLL_INTERVAL
    for _ in range(MAX_POLLS):
        if status != "processing":
            break  # ready、failed，或不认识的状态：停止轮询
        time.sleep(wait)
        try:
            resp = requests.get(f"{API_BASE}/v1/voices/{voice_id}", headers=HEADERS, timeout=10)
        except requests.RequestException as exc:
            print(f"查询失败：{exc}；下一次再查", file=sys.stderr)
            wait = POLL_INTERVAL
            continue
        # Retry-After（429 总是带它）是下一次查询之前的最短等待
        wait = max(POLL_INTERVAL, float(resp.headers.get("Retry-After", 0)))
        if resp.status_code in RETRYABLE_4XX or resp.status_code >= 500:
            continue  # 暂时性错误：下一次再查
        if not resp.ok:
            fail(resp)
        voice = resp.json()
        if voice["status"] != status:
            status = voice["status"]
            print(f"status={status}", file=sys.stderr)

    if status == "ready":
        try_voice(voice_id)
        return
    if status == "failed":
        sys.exit(
            f"克隆失败：{voice.get('failure_reason') or '没有给出原因'}。"
            f"删除这个音色（voice_id={voice_id}）腾出音色名额，换一段录音后用新的 Idempotency-Key 重新提交。"
        )
    if status != "processing":
        sys.exit(
            f"查到这个示例不认识的状态（status={status}），停止轮询："
            f"查看接口文档是否新增了状态，或带上 voice_id {voice_id} 联系技术支持。"
        )
    sys.exit(
        f"查询 {MAX_POLLS} 次后仍未就绪（status={status}），这不应发生："
        f"带上 voice_id {voice_id} 联系技术支持。"
    )


if __name__ == "__main__":
    main()
