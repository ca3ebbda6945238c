import {
  apiKeyVariable,
  idempotencyKeyNote,
  idempotencyKeyVariable,
  jsonText,
  type SampleOperation,
} from '../sampleOperation';
import { messages as m, timeoutComment } from './common';

const str = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** PHP with ext-curl: a script, run as `php sample.php`. */
export function php(op: SampleOperation): string {
  const { body, response } = op;
  const out: string[] = [
    '<?php',
    '',
    `$headers = ['Authorization: Bearer ' . getenv(${str(apiKeyVariable)})];`,
    ...op.headers.map((h) => `$headers[] = ${str(`${h.name}: ${h.value}`)};`),
  ];
  if (op.idempotencyKey) {
    out.push(
      '',
      '// 每个新的克隆用一个新的键；重新提交同一个克隆时沿用打印出的键',
      `$idempotencyKey = getenv(${str(idempotencyKeyVariable)});`,
      'if (!$idempotencyKey) {',
      '  $b = random_bytes(16);',
      '  $b[6] = chr(ord($b[6]) & 0x0f | 0x40); // UUID 第 4 版',
      '  $b[8] = chr(ord($b[8]) & 0x3f | 0x80);',
      "  $idempotencyKey = vsprintf('%s%s-%s-%s-%s-%s%s%s', str_split(bin2hex($b), 4));",
      '}',
      `fwrite(STDERR, "Idempotency-Key: {$idempotencyKey}${idempotencyKeyNote}\\n");`,
      "$headers[] = 'Idempotency-Key: ' . $idempotencyKey;",
    );
  }
  let fields = '';
  if (body?.kind === 'json') {
    const text = jsonText(body.value);
    out.push('', "$headers[] = 'Content-Type: application/json';");
    // A nowdoc keeps the JSON as it is; one that holds its own end marker is quoted instead.
    if (/^JSON$/m.test(text)) out.push(`$payload = ${str(text)};`);
    else out.push(`$payload = <<<'JSON'`, text, 'JSON;');
    fields = '  CURLOPT_POSTFIELDS => $payload,';
  } else if (body?.kind === 'form') {
    out.push('', '// curl 自己写 multipart 的 Content-Type 和分隔符', '$form = [');
    for (const f of body.fields) out.push(`  ${str(f.name)} => ${str(f.value)},`);
    out.push(`  ${str(body.file.name)} => new CURLFile(${str(body.file.filename)}),`, '];');
    fields = '  CURLOPT_POSTFIELDS => $form,';
  }
  out.push(
    '',
    '$responseHeaders = [];',
    `$curl = curl_init(${str(op.url)});`,
    'curl_setopt_array($curl, [',
    `  CURLOPT_CUSTOMREQUEST => '${op.method}',`,
    '  CURLOPT_HTTPHEADER => $headers,',
    ...(fields ? [fields] : []),
    '  CURLOPT_RETURNTRANSFER => true,',
    `${timeoutComment(op, '//', '  ')}  CURLOPT_TIMEOUT => ${op.timeoutSeconds},`,
    '  // 记下响应头（名称转为小写）',
    '  CURLOPT_HEADERFUNCTION => function ($curl, $line) use (&$responseHeaders) {',
    "    $parts = explode(':', $line, 2);",
    '    if (count($parts) === 2) {',
    '      $responseHeaders[strtolower(trim($parts[0]))] = trim($parts[1]);',
    '    }',
    '    return strlen($line);',
    '  },',
    ']);',
    '$body = curl_exec($curl);',
    'if ($body === false) {',
    '  fwrite(STDERR, curl_error($curl) . "\\n");',
    '  exit(1);',
    '}',
    '$status = curl_getinfo($curl, CURLINFO_RESPONSE_CODE);',
    "$requestId = $responseHeaders['x-request-id'] ?? '';",
    '',
    'if ($status >= 300) {',
    '  // 所有接口的错误都使用同一个错误对象：{"error": {"code", "message", "param", "request_id"}}',
    "  $error = json_decode($body, true)['error'] ?? ['code' => 'unknown', 'message' => $body, 'request_id' => $requestId];",
    `  fwrite(STDERR, "${m.failed}（HTTP {$status}）：{$error['code']}\\n");`,
    `  fwrite(STDERR, "${m.message}：{$error['message']}\\n");`,
    `  fwrite(STDERR, "${m.requestId}：{$error['request_id']}\\n");`,
    "  if (isset($responseHeaders['retry-after'])) {",
    `    fwrite(STDERR, "${m.retryBefore} {$responseHeaders['retry-after']} ${m.retryAfter}\\n");`,
    '  }',
    '  exit(1);',
    '}',
    '',
  );
  if (response.kind === 'audio') {
    out.push(
      `file_put_contents(${str(response.file)}, $body);`,
      `echo "${m.saved} ${response.file}（" . strlen($body) . " ${m.bytes}）\\n";`,
    );
  } else if (response.kind === 'json') {
    out.push('echo $body, "\\n";');
  } else {
    out.push(`echo "${m.done}（HTTP {$status}）\\n";`);
  }
  if (op.billedCharacters) {
    out.push(`echo "${m.billed}：{$responseHeaders['x-billed-characters']}\\n";`);
  }
  out.push(`echo "${m.requestId}：{$requestId}\\n";`);
  return out.join('\n');
}
