"""发音控制：拼音标注、停顿标记和发音词典，调用 POST /v1/speech，保存为 pronunciation.mp3。

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
    # 曾[zeng1]：拼音标注；[pause:500ms]：停顿；要朗读半角 [ 本身，写成 [[。
    "text": "请曾[zeng1]先生到三号窗口办理。[pause:500ms]行长正在三楼会议室，稍后由行长为您签字。",
    # 只有 text_markup 为 pronunciation 时才解析上面的标记；默认 none 把 [ 和 ] 当作文字朗读。
    "text_markup": "pronunciation",
    "voice_id": "zh_female_qingxin",
    "model": "loom-turbo-v2",
    # 发音词典：对文本中该词的每一次出现都生效，每个汉字一个音节，音节之间用空格分隔。
    "pronunciation_dictionary": [
        {"word": "行长", "pinyin": "hang2 zhang3"},
    ],
    "output_format": {"container": "mp3", "sample_rate": 24000, "bit_rate": 128000},
}

response = requests.post(
    f"{API_BASE}/v1/speech",
    headers={"Authorization": f"Bearer {API_KEY}"},
    json=payload,
    timeout=130,
)

if not response.ok:
    try:
        error = response.json()["error"]
    except (ValueError, KeyError, TypeError):
        error = {
            "code": "unknown",
            "message": response.text,
            "param": None,
            "request_id": response.headers.get("X-Request-Id"),
        }
    print(f"请求失败（HTTP {response.status_code}）：{error.get('code')}", file=sys.stderr)
    # 标记或词典不合规时，param 指出要改的字段，例如 text 或 pronunciation_dictionary[0].pinyin。
    print(f"字段：{error.get('param')}", file=sys.stderr)
    print(f"说明：{error.get('message')}", file=sys.stderr)
    print(f"请求 ID：{error.get('request_id')}", file=sys.stderr)
    sys.exit(1)

with open("pronunciation.mp3", "wb") as f:
    f.write(response.content)

# 拼音标注、停顿标记和发音词典不计入计费字符数，标点计入（算法见计费与价格页的“怎样计算字符”）。
print(f"已保存 pronunciation.mp3（{len(response.content)} 字节）")
print(f"计费字符数：{response.headers.get('X-Billed-Characters')}")
