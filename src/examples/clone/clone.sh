#!/usr/bin/env bash
# 上传一段参考录音克隆自定义音色，轮询到克隆完成，再用新音色合成一句试听。
# 用法：bash clone.sh [录音文件路径] [幂等键]（默认 reference.wav，幂等键默认新生成）
# 依赖：curl、jq
set -euo pipefail

: "${VOXLOOM_API_KEY:?请先设置环境变量 VOXLOOM_API_KEY（在控制台创建 API 密钥）。}"
API_BASE="${VOXLOOM_API_BASE:-https://api.voxloom.example}"
FILE="${1:-reference.wav}"
POLL_INTERVAL=5 # 秒
MAX_POLLS=120   # 轮询的轮数上限（约 10 分钟），用完就停止

case "$(printf '%s' "$FILE" | tr '[:upper:]' '[:lower:]')" in
  *.wav) TYPE=audio/wav ;;
  *.mp3) TYPE=audio/mpeg ;;
  *.m4a) TYPE=audio/x-m4a ;;
  *) echo "参考录音须为 WAV、MP3 或 M4A 文件。" >&2; exit 1 ;;
esac
[[ -f "$FILE" ]] || { echo "找不到录音文件：$FILE" >&2; exit 1; }

BODY="$(mktemp)"
HEADERS="$(mktemp)"
trap 'rm -f "$BODY" "$HEADERS"' EXIT

# 打印错误对象中的错误码、说明和请求 ID，然后退出
fail() {
  echo "HTTP $1 $(jq -r '"code=\(.error.code) param=\(.error.param) request_id=\(.error.request_id)：\(.error.message)"' "$BODY" 2>/dev/null || cat "$BODY")" >&2
  exit 1
}

# 1. 以 multipart/form-data 上传；consent=true 表示你已获得说话人的授权。
#    Idempotency-Key：超时或 5xx 之后用同一个键重新提交，最多只创建一个音色（这里不自动重试，
#    而是先打印键：重新提交时把它作为第二个参数传入）。
IDEMPOTENCY_KEY="${2:-$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')}"
echo "提交克隆：Idempotency-Key=$IDEMPOTENCY_KEY" >&2
# -m 120：上行 2 Mbit/s 时，上传最大 20 MB 的录音也够用，网络更慢时调大；超时（curl 退出码 28）后用同一个键重新提交
STATUS="$(curl -sS -m 120 -o "$BODY" -w '%{http_code}' -X POST "$API_BASE/v1/voices" \
  -H "Authorization: Bearer $VOXLOOM_API_KEY" \
  -H "Idempotency-Key: $IDEMPOTENCY_KEY" \
  -F "name=客服小林" \
  -F "description=温和、语速适中的客服音色" \
  -F "language=zh" \
  -F "consent=true" \
  -F "audio=@$FILE;type=$TYPE")"
[[ "$STATUS" == 201 ]] || fail "$STATUS"
VOICE_ID="$(jq -r '.voice_id' "$BODY")"
echo "已提交克隆：voice_id=$VOICE_ID status=$(jq -r '.status' "$BODY")" >&2

# 2. 轮询音色状态：processing → ready 或 failed
#    轮询不是重试（规则见 /api/errors#polling）：某一轮遇到暂时性错误或网络错误时，下一轮再查；
#    响应带 Retry-After（例如 429）时，下一轮前至少等这么多秒。
READY=0
for ((i = 0; i < MAX_POLLS; i++)); do
  sleep "$POLL_INTERVAL"
  : >"$HEADERS"
  STATUS="$(curl -sS -m 10 -o "$BODY" -D "$HEADERS" -w '%{http_code}' \
    "$API_BASE/v1/voices/$VOICE_ID" -H "Authorization: Bearer $VOXLOOM_API_KEY")" || STATUS=000
  # 响应带 Retry-After 时（429 总是带它），先等这么多秒；成功的响应不带它
  RETRY_AFTER="$(tr -d '\r' <"$HEADERS" | awk -F': *' 'tolower($1) == "retry-after" { print $2 }')"
  sleep "${RETRY_AFTER:-0}"
  case "$STATUS" in
    200) ;;
    000 | 429 | 5??) continue ;; # 网络错误或暂时性错误（429 和所有 5xx）：下一轮再查
    *) fail "$STATUS" ;;
  esac
  case "$(jq -r '.status' "$BODY")" in
    ready) READY=1; break ;;
    failed) echo "克隆失败：voice_id=$VOICE_ID。请检查录音质量后重新录制再试。" >&2; exit 1 ;;
    *) echo "仍在处理……" >&2 ;;
  esac
done
if ((READY == 0)); then
  echo "轮询 $MAX_POLLS 次仍未完成，已超过克隆的处理时间上限：带上 voice_id $VOICE_ID 联系技术支持，或先删除这个音色，再用新的 Idempotency-Key 重新提交。" >&2
  exit 1
fi
echo "克隆完成：voice_id=$VOICE_ID" >&2

# 3. 用新音色合成一句试听，保存为 clone_test.mp3
PAYLOAD="$(jq -n --arg voice_id "$VOICE_ID" '{
  text: "您好，这是用我的克隆音色合成的第一句话。今天的天气怎么样？",
  voice_id: $voice_id,
  model: "loom-turbo-v2",
  output_format: {container: "mp3", sample_rate: 24000, bit_rate: 128000}
}')"
STATUS="$(curl -sS -m 150 -o clone_test.mp3 -w '%{http_code}' -X POST "$API_BASE/v1/speech" \
  -H "Authorization: Bearer $VOXLOOM_API_KEY" \
  -H "Content-Type: application/json" \
  -d "$PAYLOAD")"
if [[ "$STATUS" != 200 ]]; then
  mv clone_test.mp3 "$BODY"
  fail "$STATUS"
fi
echo "已保存试听 clone_test.mp3；合成时使用 voice_id=$VOICE_ID"
