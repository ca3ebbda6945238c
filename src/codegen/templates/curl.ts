import {
  apiKeyVariable,
  idempotencyKeyNote,
  idempotencyKeyVariable,
  jsonText,
  type SampleOperation,
} from '../sampleOperation';
import { messages as m, timeoutComment } from './common';

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** A bash script around the curl CLI; jq reads the error object. */
export function curl(op: SampleOperation): string {
  const { body, response } = op;
  const out: string[] = [
    '#!/usr/bin/env bash',
    '# 响应体和响应头先写进临时文件：成功时响应体是结果，失败时是 JSON 错误对象',
    'body="$(mktemp)"',
    'headers="$(mktemp)"',
    `trap 'rm -f "$body" "$headers"' EXIT`,
    `header() { tr -d '\\r' <"$headers" | awk -F': *' -v name="$1" 'tolower($1) == tolower(name) { print $2 }'; }`,
  ];
  if (op.idempotencyKey) {
    out.push(
      '',
      '# 每个新的克隆用一个新的键；重新提交同一个克隆时沿用打印出的键',
      `idempotency_key="\${${idempotencyKeyVariable}:-$(uuidgen 2>/dev/null || cat /proc/sys/kernel/random/uuid)}"`,
      `echo "Idempotency-Key: $idempotency_key${idempotencyKeyNote}" >&2`,
    );
  }
  const args = [
    `-X ${op.method} ${quote(op.url)}`,
    `-H "Authorization: Bearer $${apiKeyVariable}"`,
    ...op.headers.map((h) => `-H ${quote(`${h.name}: ${h.value}`)}`),
  ];
  if (op.idempotencyKey) args.push('-H "Idempotency-Key: $idempotency_key"');
  if (body?.kind === 'form') {
    // --form-string sends the value as it is (-F would read `@file` or `;type=` in it).
    for (const f of body.fields) args.push(`--form-string ${quote(`${f.name}=${f.value}`)}`);
    args.push(`-F ${quote(`${body.file.name}=@${body.file.filename}`)}`);
  } else if (body?.kind === 'json') {
    args.push(`-H 'Content-Type: application/json'`, '--data-binary @-');
  }
  out.push(
    '',
    `${timeoutComment(op, '#')}status="$(curl -sS --max-time ${op.timeoutSeconds} -o "$body" -D "$headers" -w '%{http_code}' \\`,
    args.map((a) => `  ${a}`).join(' \\\n') +
      (body?.kind === 'json' ? ` <<'JSON'` : ')" || exit 1'),
  );
  if (body?.kind === 'json') out.push(jsonText(body.value), 'JSON', ')" || exit 1');
  out.push(
    '',
    'if [ "$status" -ge 300 ]; then',
    '  # 所有接口的错误都使用同一个错误对象：{"error": {"code", "message", "param", "request_id"}}',
    `  jq -r --arg status "$status" '.error | "${m.failed}（HTTP \\($status)）：\\(.code)\\n${m.message}：\\(.message)\\n${m.requestId}：\\(.request_id)"' "$body" >&2 ||`,
    '    cat "$body" >&2',
    '  retry_after="$(header Retry-After)"',
    `  if [ -n "$retry_after" ]; then echo "${m.retryBefore} $retry_after ${m.retryAfter}" >&2; fi`,
    '  exit 1',
    'fi',
    '',
  );
  if (response.kind === 'audio') {
    out.push(
      `mv "$body" ${response.file}`,
      `echo "${m.saved} ${response.file}（$(wc -c <${response.file} | tr -d ' ') ${m.bytes}）"`,
    );
  } else if (response.kind === 'json') {
    out.push('cat "$body"', 'echo');
  } else {
    out.push(`echo "${m.done}（HTTP $status）"`);
  }
  if (op.billedCharacters) out.push(`echo "${m.billed}：$(header X-Billed-Characters)"`);
  out.push(`echo "${m.requestId}：$(header X-Request-Id)"`);
  return out.join('\n');
}
