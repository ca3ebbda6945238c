import {
  apiKeyVariable,
  idempotencyKeyNote,
  idempotencyKeyVariable,
  literal,
  type SampleOperation,
} from '../sampleOperation';
import { messages as m } from './common';

const str = (s: string) =>
  `"${s
    .replace(/\\/g, '\\\\')
    .replace(/"/g, '\\"')
    .replace(/\p{Cc}/gu, (ch) => `\\u{${ch.charCodeAt(0).toString(16)}}`)}"`;
const jsonMacro = (value: unknown, depth: number): string =>
  literal(
    value,
    {
      indent: '    ',
      key: str,
      scalar: (v) => (typeof v === 'string' ? str(v) : JSON.stringify(v)),
    },
    depth,
  );

/** Rust with reqwest on tokio: src/main.rs of a Cargo project (src/data/codeSamples' `rustDependencies`). */
export function rust(op: SampleOperation): string {
  const { body, response } = op;
  const main: string[] = [
    `let key = std::env::var(${str(apiKeyVariable)})?;`,
    ...(op.timeoutNote ? [`// ${op.timeoutNote}`] : []),
    'let client = reqwest::Client::builder()',
    `    .timeout(Duration::from_secs(${op.timeoutSeconds}))`,
    '    .build()?;',
    'let mut request = client',
    `    .request(reqwest::Method::${op.method}, ${str(op.url)})`,
    `    .bearer_auth(key)${op.headers.length ? '' : ';'}`,
  ];
  op.headers.forEach((h, i) =>
    main.push(
      `    .header(${str(h.name)}, ${str(h.value)})${i === op.headers.length - 1 ? ';' : ''}`,
    ),
  );
  if (op.idempotencyKey) {
    main.push(
      '',
      '// 每个新的克隆用一个新的键；重新提交同一个克隆时沿用打印出的键',
      `let idempotency_key = match std::env::var(${str(idempotencyKeyVariable)}) {`,
      '    Ok(key) if !key.is_empty() => key,',
      '    _ => new_uuid()?,',
      '};',
      `eprintln!("Idempotency-Key: {}${idempotencyKeyNote}", idempotency_key);`,
      'request = request.header("Idempotency-Key", idempotency_key);',
    );
  }
  if (body?.kind === 'json') {
    main.push('', `request = request.json(&serde_json::json!(${jsonMacro(body.value, 0)}));`);
  } else if (body?.kind === 'form') {
    main.push('', 'let form = reqwest::multipart::Form::new()');
    for (const f of body.fields) main.push(`    .text(${str(f.name)}, ${str(f.value)})`);
    main.push(
      '    .part(',
      `        ${str(body.file.name)},`,
      `        reqwest::multipart::Part::bytes(std::fs::read(${str(body.file.filename)})?).file_name(${str(body.file.filename)}),`,
      '    );',
      '// reqwest 自己写 multipart 的 Content-Type 和分隔符',
      'request = request.multipart(form);',
    );
  }
  main.push(
    '',
    'let response = request.send().await?;',
    'let status = response.status();',
    'let headers = response.headers().clone();',
    'let body = response.bytes().await?;',
    '',
    'if !status.is_success() {',
    '    // 所有接口的错误都使用同一个错误对象：{"error": {"code", "message", "param", "request_id"}}',
    '    let error = serde_json::from_slice::<serde_json::Value>(&body).ok();',
    '    let field = |name: &str| {',
    '        let value = error.as_ref().and_then(|e| e["error"][name].as_str());',
    '        value.map(str::to_string)',
    '    };',
    `    eprintln!("${m.failed}（HTTP {}）：{}", status.as_u16(), field("code").unwrap_or("unknown".into()));`,
    `    eprintln!("${m.message}：{}", field("message").unwrap_or(String::from_utf8_lossy(&body).into()));`,
    `    eprintln!("${m.requestId}：{}", field("request_id").unwrap_or(header(&headers, "X-Request-Id").into()));`,
    '    let retry_after = header(&headers, "Retry-After");',
    '    if !retry_after.is_empty() {',
    `        eprintln!("${m.retryBefore} {} ${m.retryAfter}", retry_after);`,
    '    }',
    '    std::process::exit(1);',
    '}',
    '',
  );
  if (response.kind === 'audio') {
    main.push(
      `std::fs::write(${str(response.file)}, &body)?;`,
      `println!("${m.saved} ${response.file}（{} ${m.bytes}）", body.len());`,
    );
  } else if (response.kind === 'json') {
    main.push('println!("{}", String::from_utf8_lossy(&body));');
  } else {
    main.push(`println!("${m.done}（HTTP {}）", status.as_u16());`);
  }
  if (op.billedCharacters) {
    main.push(`println!("${m.billed}：{}", header(&headers, "X-Billed-Characters"));`);
  }
  main.push(`println!("${m.requestId}：{}", header(&headers, "X-Request-Id"));`, 'Ok(())');

  const out = [
    'use std::time::Duration;',
    '',
    '#[tokio::main]',
    'async fn main() -> Result<(), Box<dyn std::error::Error>> {',
    ...main.map((l) => (l ? `    ${l}` : '')),
    '}',
    '',
    '// 一个响应头的值；没有这个头时为空字符串',
    "fn header<'a>(headers: &'a reqwest::header::HeaderMap, name: &str) -> &'a str {",
    '    headers.get(name).and_then(|v| v.to_str().ok()).unwrap_or("")',
    '}',
  ];
  if (op.idempotencyKey) {
    out.push(
      '',
      '// 随机的（第 4 版）UUID：标准库没有生成 UUID 的函数',
      'fn new_uuid() -> std::io::Result<String> {',
      '    let mut b = [0u8; 16];',
      '    std::io::Read::read_exact(&mut std::fs::File::open("/dev/urandom")?, &mut b)?;',
      '    b[6] = b[6] & 0x0f | 0x40;',
      '    b[8] = b[8] & 0x3f | 0x80;',
      '    let h: String = b.iter().map(|x| format!("{:02x}", x)).collect();',
      '    Ok(format!("{}-{}-{}-{}-{}", &h[..8], &h[8..12], &h[12..16], &h[16..20], &h[20..]))',
      '}',
    );
  }
  return out.join('\n');
}
