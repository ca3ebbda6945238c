#!/usr/bin/env bash
# 上传一段参考录音克隆自定义音色，轮询到克隆完成，再用新音色合成一句试听。
# 用法：bash clone.sh [录音文件路径]（默认 reference.wav）
# 重新提交同一个克隆：VOXLOOM_IDEMPOTENCY_KEY=<打印出的键> bash clone.sh [录音文件路径]
# 依赖：curl、jq
set -euo pipefail

: "${VOXLOOM_API_KEY:?请先设置环境变量 VOXLOOM_API_KEY（在控制台创建 API 密钥）。}"
API_BASE="${VOXLOOM_API_BASE:-https://api.voxloom.example}"
FILE="${1:-reference.wav}"
# 轮询的间隔和次数上限，以及某一次出错时怎么办，都按 /api/errors#polling
POLL_INTERVAL=5 # 秒
MAX_POLLS=121

[[ -f "$FILE" ]] || { echo "找不到录音文件：$FILE" >&2; exit 1; }

BODY="$(mktemp)"
HEADERS="$(mktemp)"
AUDIO="$(mktemp)"
trap 'rm -f "$BODY" "$HEADERS" "$AUDIO"' EXIT

# 打印错误对象中的错误码、说明和请求 ID，然后退出
fail() {
  echo "HTTP $1 $(jq -r '"code=\(.error.code) param=\(.error.param) request_id=\(.error.request_id)：\(.error.message)"' "$BODY" 2>/dev/null || cat "$BODY")" >&2
  exit 1
}

# 1. 以 multipart/form-data 上传；consent=true 表示你已获得说话人的授权。
#    Idempotency-Key：每个新的克隆用一个新的 UUID；超时、429 或 5xx 之后用同一个键重新提交，
#    最多只创建一个音色（这里不自动重新提交，而是打印键和重新提交的命令）。
IDEMPOTENCY_KEY="${VOXLOOM_IDEMPOTENCY_KEY:-$(uuidgen 2>/dev/null || cat /proc/sys/kernel/random/uuid)}"
RESUBMIT="VOXLOOM_IDEMPOTENCY_KEY=$IDEMPOTENCY_KEY bash clone.sh $FILE"
echo "提交克隆：Idempotency-Key=$IDEMPOTENCY_KEY" >&2
# 服务端按文件内容识别 WAV、MP3 或 M4A，声明的媒体类型和文件名都不影响识别（curl 声明为 application/octet-stream）
# -m：总时限 = 上传时间（按上行 2 Mbit/s 即每秒 250000 字节估算）+ 服务端应答的 30 秒再多留 5 秒；
# 超时后用同一个键重新提交
MAX_TIME=$(( $(wc -c <"$FILE") / 250000 + 1 + 35 ))
: >"$HEADERS"
STATUS="$(curl -sS -m "$MAX_TIME" -o "$BODY" -D "$HEADERS" -w '%{http_code}' -X POST "$API_BASE/v1/voices" \
  -H "Authorization: Bearer $VOXLOOM_API_KEY" \
  -H "Idempotency-Key: $IDEMPOTENCY_KEY" \
  -F "name=客服小林" \
  -F "description=温和、语速适中的客服音色" \
  -F "language=zh" \
  -F "consent=true" \
  -F "audio=@$FILE")" || STATUS=000
header() { tr -d '\r' <"$HEADERS" | awk -F': *' -v name="$1" 'tolower($1) == name { print $2 }'; }
case "$STATUS" in
  201) ;;
  000) echo "提交失败，不确定是否已创建音色。用同一个键重新提交：$RESUBMIT" >&2; exit 1 ;;
  # 速率限制在检查请求内容之前：429 的请求什么也没有创建；429 总是带 Retry-After
  429) echo "没有创建音色。等待 $(header retry-after) 秒后用同一个键重新提交：$RESUBMIT" >&2; fail "$STATUS" ;;
  5??) echo "不确定是否已创建音色。等待后用同一个键重新提交：$RESUBMIT" >&2; fail "$STATUS" ;;
  # 这个键已经创建了音色，这次提交的内容与那次不同（例如录音重新导出过）。
  # 一个键只属于一次克隆：接着用 Location 指向的音色，不要换新键重新提交
  409) ;;
  *) fail "$STATUS" ;;
esac
if [[ "$STATUS" == 409 ]]; then
  VOICE_ID="$(header location)"
  VOICE_ID="${VOICE_ID##*/}"
  VOICE_STATUS=processing
  echo "这个键已经创建了音色 $VOICE_ID，接着用它" >&2
else
  VOICE_ID="$(jq -r '.voice_id' "$BODY")"
  VOICE_STATUS="$(jq -r '.status' "$BODY")"
fi
if [[ "$(header idempotent-replayed)" == true ]]; then
  echo "重放：这个键之前已经创建了这个音色，这次没有新建" >&2
fi
echo "已提交克隆：voice_id=$VOICE_ID status=$VOICE_STATUS" >&2

# 2. 轮询音色状态，直到 ready 或 failed；只在状态变化时打印（重放的音色可能已经是这两种状态）
WAIT="$POLL_INTERVAL"
ROUND=0
while ((ROUND < MAX_POLLS)) && [[ "$VOICE_STATUS" == processing ]]; do
  ROUND=$((ROUND + 1))
  sleep "$WAIT"
  : >"$HEADERS"
  STATUS="$(curl -sS -m 10 -o "$BODY" -D "$HEADERS" -w '%{http_code}' \
    "$API_BASE/v1/voices/$VOICE_ID" -H "Authorization: Bearer $VOXLOOM_API_KEY")" || STATUS=000
  # Retry-After（429 总是带它）是下一次查询之前的最短等待
  RETRY_AFTER="$(header retry-after)"
  WAIT=$((${RETRY_AFTER:-0} > POLL_INTERVAL ? ${RETRY_AFTER:-0} : POLL_INTERVAL))
  case "$STATUS" in
    200) ;;
    000 | 429 | 5??) continue ;; # 网络错误或暂时性错误（429 和所有 5xx）：下一次再查
    *) fail "$STATUS" ;;
  esac
  NEW_STATUS="$(jq -r '.status' "$BODY")"
  if [[ "$NEW_STATUS" != "$VOICE_STATUS" ]]; then
    VOICE_STATUS="$NEW_STATUS"
    echo "status=$VOICE_STATUS" >&2
  fi
done
case "$VOICE_STATUS" in
  ready) ;;
  failed)
    echo "克隆失败：$(jq -r '.failure_reason // "没有给出原因"' "$BODY")。删除这个音色（voice_id=$VOICE_ID）腾出音色名额，换一段录音后用新的 Idempotency-Key 重新提交。" >&2
    exit 1
    ;;
  processing)
    echo "查询 $MAX_POLLS 次后仍未就绪（status=$VOICE_STATUS），这不应发生：带上 voice_id $VOICE_ID 联系技术支持。" >&2
    exit 1
    ;;
  *)
    echo "查到这个示例不认识的状态（status=$VOICE_STATUS），停止轮询：查看接口文档是否新增了状态，或带上 voice_id $VOICE_ID 联系技术支持。" >&2
    exit 1
    ;;
esac

# 3. 用新音色合成一句试听，保存为 clone_test.mp3
PAYLOAD="$(jq -n --arg voice_id "$VOICE_ID" '{
  text: "您好，这是用我的克隆音色合成的第一句话。今天的天气怎么样？",
  voice_id: $voice_id,
  model: "loom-turbo-v2",
  output_format: {container: "mp3", sample_rate: 24000, bit_rate: 128000}
}')"
# 先写进临时文件，成功后才改名，失败时不留下半截的 clone_test.mp3
STATUS="$(curl -sS -m 150 -o "$AUDIO" -w '%{http_code}' -X POST "$API_BASE/v1/speech" \
  -H "Authorization: Bearer $VOXLOOM_API_KEY" \
  -H "Content-Type: application/json" \
  -d "$PAYLOAD")" || STATUS=000
case "$STATUS" in
  200) mv "$AUDIO" clone_test.mp3 ;;
  000) echo "试听合成失败（网络错误或超时），音色已就绪，可以再合成：voice_id=$VOICE_ID" >&2; exit 1 ;;
  *) mv "$AUDIO" "$BODY"; fail "$STATUS" ;;
esac
echo "已保存试听 clone_test.mp3；合成时使用 voice_id=$VOICE_ID"
