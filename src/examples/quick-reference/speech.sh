#!/usr/bin/env bash
# 语音合成速查：用最少的字段调用 POST /v1/speech，保存音频并打印成功响应的响应头。
# 只传必填的 text 和 voice_id，其余字段取默认值（默认输出 MP3）。
# 运行前：设置环境变量 VOXLOOM_API_KEY；可选 VOXLOOM_API_BASE。
set -euo pipefail

: "${VOXLOOM_API_KEY:?请先设置环境变量 VOXLOOM_API_KEY（在控制台创建 API 密钥）。}"
API_BASE="${VOXLOOM_API_BASE:-https://api.voxloom.example}"
API_BASE="${API_BASE%/}"

body_file="$(mktemp)"
header_file="$(mktemp)"
trap 'rm -f "$body_file" "$header_file"' EXIT

# 取出一个响应头的值（名称不区分大小写）。
header() {
  awk -v name="$(printf '%s' "$1" | tr '[:upper:]' '[:lower:]')" -F': *' \
    'tolower($1) == name { sub(/\r$/, "", $2); print $2 }' "$header_file" | tail -n 1
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
    --data-binary '{"text": "你好，欢迎使用声织语音合成。", "voice_id": "zh_female_qingxin"}'
)"

if [[ "$status" -lt 200 || "$status" -ge 300 ]]; then
  # 错误对象：{"error": {"code", "message", "param", "request_id"}}
  echo "合成失败（HTTP $status，请求 ID：$(header X-Request-Id)）" >&2
  # 装了 jq 时逐项打印；否则（或响应体不是 JSON 时）原样输出。
  if ! jq -er '.error | "错误码：\(.code)\n说明：\(.message)\n字段：\(.param)"' \
    "$body_file" >&2 2>/dev/null; then
    cat "$body_file" >&2
    echo >&2
  fi
  exit 1
fi

cp "$body_file" hello.mp3
echo "已保存 hello.mp3（$(wc -c <hello.mp3 | tr -d ' ') 字节）"
echo "Content-Type:          $(header Content-Type)"
echo "X-Request-Id:          $(header X-Request-Id)"
echo "X-Billed-Characters:   $(header X-Billed-Characters)"
echo "X-RateLimit-Remaining: $(header X-RateLimit-Remaining) / $(header X-RateLimit-Limit)"
echo "X-RateLimit-Reset:     $(header X-RateLimit-Reset) 秒后重置"
# 直接试听：ffplay -autoexit -nodisp hello.mp3
