import {
  apiKeyVariable,
  idempotencyKeyNote,
  idempotencyKeyVariable,
  jsonText,
  type SampleOperation,
} from '../sampleOperation';
import { messages as m, pascal } from './common';

const str = (s: string) =>
  `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\r/g, '\\r').replace(/\n/g, '\\n')}"`;

/** The class a Java sample declares (and so its file name). */
export const javaClassOf = (operationId: string): string => pascal(operationId);

/**
 * Java 11+ with java.net.http: one class with `main`, run as `java CreateSpeech.java`.
 * The standard library has neither a JSON parser nor a multipart writer: both are a few lines.
 */
export function java(op: SampleOperation): string {
  const { body, response } = op;
  const i2 = '        ';
  const imports = new Set([
    'java.io.IOException',
    'java.net.URI',
    'java.net.http.HttpClient',
    'java.net.http.HttpRequest',
    'java.net.http.HttpResponse',
    'java.nio.charset.StandardCharsets',
    'java.time.Duration',
    'java.util.regex.Matcher',
    'java.util.regex.Pattern',
  ]);
  const main: string[] = [
    `HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(${str(op.url)}))`,
    ...(op.timeoutNote ? [`        // ${op.timeoutNote}`] : []),
    `        .timeout(Duration.ofSeconds(${op.timeoutSeconds}))`,
    `        .header("Authorization", "Bearer " + System.getenv(${str(apiKeyVariable)}))${op.headers.length ? '' : ';'}`,
  ];
  op.headers.forEach((h, i) =>
    main.push(
      `        .header(${str(h.name)}, ${str(h.value)})${i === op.headers.length - 1 ? ';' : ''}`,
    ),
  );
  if (op.idempotencyKey) {
    imports.add('java.util.UUID');
    main.push(
      '',
      '// 每个新的克隆用一个新的键；重新提交同一个克隆时沿用打印出的键',
      `String idempotencyKey = System.getenv(${str(idempotencyKeyVariable)});`,
      'if (idempotencyKey == null || idempotencyKey.isEmpty()) idempotencyKey = UUID.randomUUID().toString();',
      `System.err.println("Idempotency-Key: " + idempotencyKey + ${str(idempotencyKeyNote)});`,
      'request.header("Idempotency-Key", idempotencyKey);',
    );
  }
  main.push('');
  if (body?.kind === 'json') {
    const lines = jsonText(body.value).split('\n');
    main.push(
      'String payload = String.join("\\n",',
      ...lines.map((l, i) => `        ${str(l)}${i === lines.length - 1 ? ');' : ','}`),
      'request.header("Content-Type", "application/json")',
      `        .method(${str(op.method)}, HttpRequest.BodyPublishers.ofString(payload));`,
    );
  } else if (body?.kind === 'form') {
    imports.add('java.io.ByteArrayOutputStream');
    imports.add('java.nio.file.Files');
    imports.add('java.nio.file.Path');
    imports.add('java.util.UUID');
    main.push(
      '// multipart/form-data（RFC 7578）：每个字段一个部分，部分之间用分隔符隔开',
      'String boundary = UUID.randomUUID().toString();',
      'ByteArrayOutputStream form = new ByteArrayOutputStream();',
      'String[][] fields = {',
      ...body.fields.map((f) => `        {${str(f.name)}, ${str(f.value)}},`),
      '};',
      'for (String[] field : fields) {',
      '    form.write(("--" + boundary + "\\r\\nContent-Disposition: form-data; name=\\"" + field[0]',
      '            + "\\"\\r\\n\\r\\n" + field[1] + "\\r\\n").getBytes(StandardCharsets.UTF_8));',
      '}',
      `form.write(("--" + boundary + "\\r\\nContent-Disposition: form-data; name=\\"${body.file.name}\\"; filename=\\"${body.file.filename}\\"\\r\\n"`,
      '        + "Content-Type: application/octet-stream\\r\\n\\r\\n").getBytes(StandardCharsets.UTF_8));',
      `form.write(Files.readAllBytes(Path.of(${str(body.file.filename)})));`,
      'form.write(("\\r\\n--" + boundary + "--\\r\\n").getBytes(StandardCharsets.UTF_8));',
      'request.header("Content-Type", "multipart/form-data; boundary=" + boundary)',
      `        .method(${str(op.method)}, HttpRequest.BodyPublishers.ofByteArray(form.toByteArray()));`,
    );
  } else {
    main.push(`request.method(${str(op.method)}, HttpRequest.BodyPublishers.noBody());`);
  }
  main.push(
    '',
    'HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();',
    'HttpResponse<byte[]> response = client.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());',
    'byte[] body = response.body();',
    'String requestId = response.headers().firstValue("X-Request-Id").orElse("");',
    '',
    'if (response.statusCode() >= 300) {',
    '    // 所有接口的错误都使用同一个错误对象：{"error": {"code", "message", "param", "request_id"}}',
    '    String text = new String(body, StandardCharsets.UTF_8);',
    `    System.err.println("${m.failed}（HTTP " + response.statusCode() + "）：" + field(text, "code", "unknown"));`,
    `    System.err.println("${m.message}：" + field(text, "message", text));`,
    `    System.err.println("${m.requestId}：" + field(text, "request_id", requestId));`,
    '    response.headers().firstValue("Retry-After").ifPresent(',
    `            seconds -> System.err.println("${m.retryBefore} " + seconds + " ${m.retryAfter}"));`,
    '    System.exit(1);',
    '}',
    '',
  );
  if (response.kind === 'audio') {
    imports.add('java.nio.file.Files');
    imports.add('java.nio.file.Path');
    main.push(
      `Files.write(Path.of(${str(response.file)}), body);`,
      `System.out.println("${m.saved} ${response.file}（" + body.length + " ${m.bytes}）");`,
    );
  } else if (response.kind === 'json') {
    main.push('System.out.println(new String(body, StandardCharsets.UTF_8));');
  } else {
    main.push(`System.out.println("${m.done}（HTTP " + response.statusCode() + "）");`);
  }
  if (op.billedCharacters) {
    main.push(
      `System.out.println("${m.billed}：" + response.headers().firstValue("X-Billed-Characters").orElse(""));`,
    );
  }
  main.push(`System.out.println("${m.requestId}：" + requestId);`);

  return [
    ...[...imports].sort().map((i) => `import ${i};`),
    '',
    `public class ${javaClassOf(op.operationId)} {`,
    '    public static void main(String[] args) throws IOException, InterruptedException {',
    ...main.map((l) => (l ? `${i2}${l}` : '')),
    '    }',
    '',
    '    // 从错误对象中取出一个字符串字段（原样保留转义字符）；没有这个字段时返回 fallback',
    '    static String field(String json, String name, String fallback) {',
    '        Matcher m = Pattern.compile("\\"" + name + "\\"\\\\s*:\\\\s*\\"((?:[^\\"\\\\\\\\]|\\\\\\\\.)*)\\"").matcher(json);',
    '        return m.find() ? m.group(1) : fallback;',
    '    }',
    '}',
  ].join('\n');
}
