import {
  apiKeyVariable,
  idempotencyKeyNote,
  idempotencyKeyVariable,
  literal,
  type SampleOperation,
} from '../sampleOperation';
import { clientTimeoutMarginSeconds, limit } from '../../data/limits';
import { messages as m, timeoutComment } from './common';

/** How long the clone sample waits for the connection, as the clone guide's example does. */
const connectTimeoutSeconds = 5;

const str = (s: string) => JSON.stringify(s);
const pythonLiteral = (value: unknown) =>
  literal(value, {
    indent: '    ',
    key: str,
    scalar: (v) =>
      v === null ? 'None' : v === true ? 'True' : v === false ? 'False' : JSON.stringify(v),
  });

/** Python 3 with requests: a script, run as `python3 sample.py`. */
export function python(op: SampleOperation): string {
  const { body, response } = op;
  const out: string[] = ['import os', 'import sys'];
  if (op.idempotencyKey) out.push('import uuid');
  out.push('', 'import requests', '', `url = ${str(op.url)}`);
  out.push(`headers = {"Authorization": f"Bearer {os.environ['${apiKeyVariable}']}"}`);
  for (const h of op.headers) out.push(`headers[${str(h.name)}] = ${str(h.value)}`);
  if (op.idempotencyKey) {
    out.push(
      '',
      '# 每个新的克隆用一个新的键；重新提交同一个克隆时沿用打印出的键',
      `idempotency_key = os.environ.get("${idempotencyKeyVariable}") or str(uuid.uuid4())`,
      `print(f"Idempotency-Key: {idempotency_key}${idempotencyKeyNote}", file=sys.stderr)`,
      'headers["Idempotency-Key"] = idempotency_key',
    );
  }
  out.push('');
  const call = (args: string) =>
    `requests.${op.method.toLowerCase()}(url, headers=headers${args}, timeout=${op.timeoutSeconds})`;
  const comment = timeoutComment(op, '#');
  if (body?.kind === 'json') {
    out.push(`payload = ${pythonLiteral(body.value)}`, '');
    out.push(`${comment}response = ${call(', json=payload')}`);
  } else if (body?.kind === 'form') {
    out.push(
      `data = ${pythonLiteral(Object.fromEntries(body.fields.map((f) => [f.name, f.value])))}`,
    );
    out.push(
      '',
      `with open(${str(body.file.filename)}, "rb") as f:`,
      // `requests` has no whole-request limit: connect, then each read waits at most the answer
      // limit plus the network margin (D151), as the clone guide says.
      `    # 连接最多等 ${connectTimeoutSeconds} 秒；上传时数据一直在发，不会超时，上传完后等应答，最多等服务端 ${limit('cloneResponseTime').value} 秒的应答时限加 ${clientTimeoutMarginSeconds} 秒`,
      `    response = requests.${op.method.toLowerCase()}(url, headers=headers, data=data, files={${str(body.file.name)}: f}, timeout=(${connectTimeoutSeconds}, ${limit('cloneResponseTime').value + clientTimeoutMarginSeconds}))`,
    );
  } else {
    out.push(`${comment}response = ${call('')}`);
  }
  out.push(
    '',
    'if not response.ok:',
    '    # 所有接口的错误都使用同一个错误对象：{"error": {"code", "message", "param", "request_id"}}',
    '    try:',
    '        error = response.json()["error"]',
    '    except (ValueError, KeyError, TypeError):',
    '        error = {"code": "unknown", "message": response.text, "request_id": response.headers.get("X-Request-Id")}',
    `    print(f"${m.failed}（HTTP {response.status_code}）：{error.get('code')}", file=sys.stderr)`,
    `    print(f"${m.message}：{error.get('message')}", file=sys.stderr)`,
    `    print(f"${m.requestId}：{error.get('request_id')}", file=sys.stderr)`,
    '    if "Retry-After" in response.headers:',
    `        print(f"${m.retryBefore} {response.headers['Retry-After']} ${m.retryAfter}", file=sys.stderr)`,
    '    sys.exit(1)',
    '',
  );
  if (response.kind === 'audio') {
    out.push(
      `with open(${str(response.file)}, "wb") as f:`,
      '    f.write(response.content)',
      `print(f"${m.saved} ${response.file}（{len(response.content)} ${m.bytes}）")`,
    );
  } else if (response.kind === 'json') {
    out.push('print(response.text)');
  } else {
    out.push(`print(f"${m.done}（HTTP {response.status_code}）")`);
  }
  if (op.billedCharacters) {
    out.push(`print(f"${m.billed}：{response.headers.get('X-Billed-Characters')}")`);
  }
  out.push(`print(f"${m.requestId}：{response.headers.get('X-Request-Id')}")`);
  return out.join('\n');
}
