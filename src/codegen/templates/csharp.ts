import {
  apiKeyVariable,
  idempotencyKeyNote,
  idempotencyKeyVariable,
  jsonText,
  type SampleOperation,
} from '../sampleOperation';
import { messages as m, timeoutComment } from './common';

const str = (s: string) => JSON.stringify(s);
/** A verbatim string keeps the JSON's lines: only `"` is doubled. */
const verbatim = (s: string) => `@"${s.replace(/"/g, '""')}"`;

/**
 * C# for .NET 8: a top-level program (`dotnet new console`, the code in Program.cs). Framework
 * classes only; the error object is read with the framework's JSON reader.
 */
export function csharp(op: SampleOperation): string {
  const { body, response } = op;
  const out: string[] = [
    'using System;',
    'using System.Collections.Generic;',
    'using System.IO;',
    'using System.Net.Http;',
    'using System.Runtime.Serialization.Json;',
    'using System.Text;',
    'using System.Xml;',
    'using System.Xml.Linq;',
    '',
    `${timeoutComment(op, '//')}var client = new HttpClient { Timeout = TimeSpan.FromSeconds(${op.timeoutSeconds}) };`,
    `var request = new HttpRequestMessage(new HttpMethod(${str(op.method)}), ${str(op.url)});`,
    `request.Headers.Add("Authorization", "Bearer " + Environment.GetEnvironmentVariable(${str(apiKeyVariable)}));`,
    ...op.headers.map((h) => `request.Headers.Add(${str(h.name)}, ${str(h.value)});`),
  ];
  if (op.idempotencyKey) {
    out.push(
      '',
      '// 每个新的克隆用一个新的键；重新提交同一个克隆时沿用打印出的键',
      `var idempotencyKey = Environment.GetEnvironmentVariable(${str(idempotencyKeyVariable)});`,
      'if (string.IsNullOrEmpty(idempotencyKey)) idempotencyKey = Guid.NewGuid().ToString();',
      `Console.Error.WriteLine("Idempotency-Key: " + idempotencyKey + ${str(idempotencyKeyNote)});`,
      'request.Headers.Add("Idempotency-Key", idempotencyKey);',
    );
  }
  if (body?.kind === 'json') {
    out.push(
      '',
      `var payload = ${verbatim(jsonText(body.value))};`,
      'request.Content = new StringContent(payload, Encoding.UTF8, "application/json");',
    );
  } else if (body?.kind === 'form') {
    out.push('', 'var form = new MultipartFormDataContent();');
    for (const f of body.fields)
      out.push(`form.Add(new StringContent(${str(f.value)}), ${str(f.name)});`);
    out.push(
      `form.Add(new ByteArrayContent(File.ReadAllBytes(${str(body.file.filename)})), ${str(body.file.name)}, ${str(body.file.filename)});`,
      'request.Content = form;',
    );
  }
  out.push(
    '',
    'var response = await client.SendAsync(request);',
    'var body = await response.Content.ReadAsByteArrayAsync();',
    'IEnumerable<string> values;',
    'var requestId = response.Headers.TryGetValues("X-Request-Id", out values) ? string.Join(", ", values) : "";',
    '',
    'if (!response.IsSuccessStatusCode)',
    '{',
    '    // 所有接口的错误都使用同一个错误对象：{"error": {"code", "message", "param", "request_id"}}',
    '    string code = "unknown", message = Encoding.UTF8.GetString(body), errorRequestId = requestId;',
    '    try',
    '    {',
    '        var json = JsonReaderWriterFactory.CreateJsonReader(body, XmlDictionaryReaderQuotas.Max);',
    '        var error = XElement.Load(json).Element("error");',
    '        code = (string)error.Element("code");',
    '        message = (string)error.Element("message");',
    '        errorRequestId = (string)error.Element("request_id");',
    '    }',
    '    catch (Exception)',
    '    {',
    '        // 响应体不是错误对象（例如网关的错误页）：用原始文本',
    '    }',
    `    Console.Error.WriteLine("${m.failed}（HTTP " + (int)response.StatusCode + "）：" + code);`,
    `    Console.Error.WriteLine("${m.message}：" + message);`,
    `    Console.Error.WriteLine("${m.requestId}：" + errorRequestId);`,
    '    if (response.Headers.TryGetValues("Retry-After", out values))',
    `        Console.Error.WriteLine("${m.retryBefore} " + string.Join(", ", values) + " ${m.retryAfter}");`,
    '    Environment.Exit(1);',
    '}',
    '',
  );
  if (response.kind === 'audio') {
    out.push(
      `File.WriteAllBytes(${str(response.file)}, body);`,
      `Console.WriteLine("${m.saved} ${response.file}（" + body.Length + " ${m.bytes}）");`,
    );
  } else if (response.kind === 'json') {
    out.push('Console.WriteLine(Encoding.UTF8.GetString(body));');
  } else {
    out.push(`Console.WriteLine("${m.done}（HTTP " + (int)response.StatusCode + "）");`);
  }
  if (op.billedCharacters) {
    out.push(
      `Console.WriteLine("${m.billed}：" + (response.Headers.TryGetValues("X-Billed-Characters", out values) ? string.Join(", ", values) : ""));`,
    );
  }
  out.push(`Console.WriteLine("${m.requestId}：" + requestId);`);
  return out.join('\n');
}
