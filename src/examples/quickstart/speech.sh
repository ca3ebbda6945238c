#!/usr/bin/env bash
# 快速开始：调用 POST /v1/speech 合成一句话，保存为 hello.mp3。
# 运行前：设置环境变量 VOXLOOM_API_KEY；需要 curl 和 jq（读出错误对象）。
set -euo pipefail

: "${VOXLOOM_API_KEY:?请先设置环境变量 VOXLOOM_API_KEY（在控制台创建 API 密钥）。}"
API_BASE="${VOXLOOM_API_BASE:-https://api.voxloom.example}"
API_BASE="${API_BASE%/}"

# 响应体和响应头先写进临时文件：成功时响应体是音频，失败时是 JSON 错误对象。
body_file="$(mktemp)"
header_file="$(mktemp)"
trap 'rm -f "$body_file" "$header_file"' EXIT

# 取出一个响应头的值（名称不区分大小写）。
header() {
  tr -d '\r' <"$header_file" | awk -F': *' -v name="$1" 'tolower($1) == tolower(name) { print $2 }'
}

# --max-time：合成最长处理 120 秒，超时略长于它（curl 默认不设超时）。
status="$(
  curl --silent --show-error --max-time 130 \
    --output "$body_file" \
    --dump-header "$header_file" \
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
  # 所有接口的错误都使用同一个错误对象：{"error": {"code", "message", "param", "request_id"}}
  # 响应体不是 JSON（例如中间代理返回的错误页）时，原样输出。
  jq -r --arg status "$status" \
    '.error | "请求失败（HTTP \($status)）：\(.code)\n说明：\(.message)\n请求 ID：\(.request_id)"' \
    "$body_file" >&2 2>/dev/null || cat "$body_file" >&2
  exit 1
fi

cp "$body_file" hello.mp3
echo "已保存 hello.mp3（$(wc -c <hello.mp3 | tr -d ' ') 字节）"
echo "计费字符数：$(header X-Billed-Characters)"
echo "请求 ID：$(header X-Request-Id)"
