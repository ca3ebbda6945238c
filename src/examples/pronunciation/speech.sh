#!/usr/bin/env bash
# 发音控制：用拼音标注指定多音字的读音，用停顿标记插入停顿，用发音词典统一指定词语的读音，
# 调用 POST /v1/speech，保存为 pronunciation.mp3。
# 运行前：设置环境变量 VOXLOOM_API_KEY。
set -euo pipefail

: "${VOXLOOM_API_KEY:?请先设置环境变量 VOXLOOM_API_KEY（在控制台创建 API 密钥）。}"
API_BASE="${VOXLOOM_API_BASE:-https://api.voxloom.example}"
API_BASE="${API_BASE%/}"

body_file="$(mktemp)"
trap 'rm -f "$body_file"' EXIT

# 曾[zeng1]：拼音标注，曾作姓氏读 zēng；[pause:500ms]：停顿 500 毫秒；
# 这两种标记只在 "text_markup": "pronunciation" 时解析，默认 none 把 [ 和 ] 当作文字朗读。
# 行长[hang2 zhang3] 这样的词放进发音词典，文本中每次出现都按词典朗读（两种方式下都生效）。
# --max-time：合成最长处理 120 秒，超时略长于它（curl 默认不设超时）。
status="$(
  curl --silent --show-error --max-time 130 \
    --output "$body_file" \
    --write-out '%{http_code}' \
    --request POST "$API_BASE/v1/speech" \
    --header "Authorization: Bearer $VOXLOOM_API_KEY" \
    --header 'Content-Type: application/json' \
    --data-binary @- <<'JSON'
{
  "text": "请曾[zeng1]先生到三号窗口办理。[pause:500ms]行长正在三楼会议室，稍后由行长为您签字。",
  "text_markup": "pronunciation",
  "voice_id": "zh_female_qingxin",
  "model": "loom-turbo-v2",
  "pronunciation_dictionary": [{ "word": "行长", "pinyin": "hang2 zhang3" }],
  "output_format": { "container": "mp3", "sample_rate": 24000, "bit_rate": 128000 }
}
JSON
)"

if [[ "$status" -lt 200 || "$status" -ge 300 ]]; then
  # 标记或词典不合规时是 HTTP 400 invalid_request，param 指出要改的字段。
  echo "合成失败（HTTP $status）：" >&2
  cat "$body_file" >&2
  echo >&2
  exit 1
fi

cp "$body_file" pronunciation.mp3
echo "已保存 pronunciation.mp3（$(wc -c <pronunciation.mp3 | tr -d ' ') 字节）"
