#!/usr/bin/env bash
# 快速开始：调用 POST /v1/speech 合成一句话，保存为 hello.mp3。
# 运行前：设置环境变量 VOXLOOM_API_KEY。
set -euo pipefail

: "${VOXLOOM_API_KEY:?请先设置环境变量 VOXLOOM_API_KEY（在控制台创建 API 密钥）。}"
API_BASE="${VOXLOOM_API_BASE:-https://api.voxloom.example}"
API_BASE="${API_BASE%/}"

# 响应体先写进临时文件：成功时它是音频，失败时它是 JSON 错误对象。
body_file="$(mktemp)"
trap 'rm -f "$body_file"' EXIT

status="$(
  curl --silent --show-error \
    --output "$body_file" \
    --write-out '%{http_code}' \
    --request POST "$API_BASE/v1/speech" \
    --header "Authorization: Bearer $VOXLOOM_API_KEY" \
    --header 'Content-Type: application/json' \
    --data-binary @- <<'JSON'
{
  "text": "你好，这是我用 API 合成的第一段语音。",
  "voice_id": "zh_female_qingxin",
  "model": "loom-turbo-v2",
  "output_format": { "container": "mp3", "sample_rate": 24000, "bit_rate": 128000 }
}
JSON
)"

if [[ "$status" -lt 200 || "$status" -ge 300 ]]; then
  # 错误对象：{"error": {"code", "message", "param", "request_id"}}
  echo "合成失败（HTTP $status）：" >&2
  cat "$body_file" >&2
  echo >&2
  exit 1
fi

cp "$body_file" hello.mp3
echo "已保存 hello.mp3（$(wc -c <hello.mp3 | tr -d ' ') 字节）"
