import {
  apiKeyVariable,
  idempotencyKeyNote,
  idempotencyKeyVariable,
  literal,
  type SampleOperation,
} from '../sampleOperation';
import { messages as m, timeoutComment } from './common';

const str = (s: string) =>
  `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
const jsLiteral = (value: unknown) =>
  literal(value, {
    indent: '  ',
    key: (k) => (/^[A-Za-z_$][\w$]*$/.test(k) ? k : str(k)),
    scalar: (v) => (typeof v === 'string' ? str(v) : JSON.stringify(v)),
  });

/** Node.js 18+: an ES module with the built-in fetch, FormData and Blob; nothing to install. */
export function nodejs(op: SampleOperation): string {
  const { body, response } = op;
  const imports: string[] = [];
  if (body?.kind === 'form' || response.kind === 'audio') {
    imports.push(
      `import { ${[body?.kind === 'form' && 'readFile', response.kind === 'audio' && 'writeFile'].filter(Boolean).join(', ')} } from 'node:fs/promises';`,
    );
  }
  if (op.idempotencyKey) imports.push("import { randomUUID } from 'node:crypto';");
  const out: string[] = [...imports, ''];
  if (op.idempotencyKey) {
    out.push(
      '// 每个新的克隆用一个新的键；重新提交同一个克隆时沿用打印出的键',
      `const idempotencyKey = process.env.${idempotencyKeyVariable} || randomUUID();`,
      `console.error(\`Idempotency-Key: \${idempotencyKey}${idempotencyKeyNote}\`);`,
      '',
    );
  }
  const headers = [
    `  Authorization: \`Bearer \${process.env.${apiKeyVariable}}\`,`,
    ...op.headers.map((h) => `  ${str(h.name)}: ${str(h.value)},`),
  ];
  if (op.idempotencyKey) headers.push("  'Idempotency-Key': idempotencyKey,");
  let requestBody = '';
  if (body?.kind === 'json') {
    headers.push("  'Content-Type': 'application/json',");
    requestBody = `  body: JSON.stringify(${jsLiteral(body.value).replace(/\n/g, '\n  ')}),\n`;
  } else if (body?.kind === 'form') {
    out.push('const form = new FormData();');
    for (const f of body.fields) out.push(`form.append(${str(f.name)}, ${str(f.value)});`);
    out.push(
      `form.append(${str(body.file.name)}, new Blob([await readFile(${str(body.file.filename)})]), ${str(body.file.filename)});`,
      '',
    );
    // fetch writes the multipart Content-Type itself, with its boundary.
    requestBody = '  body: form,\n';
  }
  out.push('const headers = {', ...headers, '};');
  out.push(
    '',
    `const response = await fetch(${str(op.url)}, {`,
    `  method: '${op.method}',`,
    '  headers,',
    ...(requestBody ? [requestBody.replace(/\n$/, '')] : []),
    `${timeoutComment(op, '//', '  ')}  signal: AbortSignal.timeout(${op.timeoutSeconds * 1000}),`,
    '});',
  );
  out.push(
    '',
    'if (!response.ok) {',
    '  // 所有接口的错误都使用同一个错误对象：{"error": {"code", "message", "param", "request_id"}}',
    '  const text = await response.text();',
    '  let error;',
    '  try {',
    '    error = JSON.parse(text).error;',
    '  } catch {',
    '    // 响应体不是 JSON（例如网关的错误页）：用原始文本',
    '  }',
    "  error ??= { code: 'unknown', message: text, request_id: response.headers.get('X-Request-Id') };",
    `  console.error(\`${m.failed}（HTTP \${response.status}）：\${error.code}\`);`,
    `  console.error(\`${m.message}：\${error.message}\`);`,
    `  console.error(\`${m.requestId}：\${error.request_id}\`);`,
    "  const retryAfter = response.headers.get('Retry-After');",
    `  if (retryAfter) console.error(\`${m.retryBefore} \${retryAfter} ${m.retryAfter}\`);`,
    '  process.exit(1);',
    '}',
    '',
  );
  if (response.kind === 'audio') {
    out.push(
      'const audio = Buffer.from(await response.arrayBuffer());',
      `await writeFile(${str(response.file)}, audio);`,
      `console.log(\`${m.saved} ${response.file}（\${audio.length} ${m.bytes}）\`);`,
    );
  } else if (response.kind === 'json') {
    out.push('console.log(await response.text());');
  } else {
    out.push(`console.log(\`${m.done}（HTTP \${response.status}）\`);`);
  }
  if (op.billedCharacters) {
    out.push(`console.log(\`${m.billed}：\${response.headers.get('X-Billed-Characters')}\`);`);
  }
  out.push(`console.log(\`${m.requestId}：\${response.headers.get('X-Request-Id')}\`);`);
  return out
    .filter((line, i) => line !== '' || out[i - 1] !== '')
    .join('\n')
    .replace(/^\n/, '');
}
