import {
  apiKeyVariable,
  idempotencyKeyNote,
  idempotencyKeyVariable,
  jsonText,
  type SampleOperation,
} from '../sampleOperation';
import { messages as m, timeoutComment } from './common';

const str = (s: string) => JSON.stringify(s);
/** A raw string keeps the JSON readable; one with a backquote is written as a quoted string. */
const raw = (s: string) => (s.includes('`') ? str(s) : `\`${s}\``);

/** Go with net/http only: `package main`, run as `go run main.go`. */
export function go(op: SampleOperation): string {
  const { body, response } = op;
  const imports = new Set(['encoding/json', 'fmt', 'io', 'net/http', 'os', 'time']);
  const t = '\t';
  const lines: string[] = [];
  const request = (reader: string) => [
    `${t}req, err := http.NewRequest(${str(op.method)}, ${str(op.url)}, ${reader})`,
    `${t}if err != nil {`,
    `${t}${t}fail(err)`,
    `${t}}`,
    `${t}req.Header.Set("Authorization", "Bearer "+os.Getenv(${str(apiKeyVariable)}))`,
    ...op.headers.map((h) => `${t}req.Header.Set(${str(h.name)}, ${str(h.value)})`),
  ];
  if (body?.kind === 'json') {
    imports.add('strings');
    lines.push(
      `${t}payload := strings.NewReader(${raw(jsonText(body.value))})`,
      ...request('payload'),
    );
    lines.push(`${t}req.Header.Set("Content-Type", "application/json")`);
  } else if (body?.kind === 'form') {
    imports.add('bytes');
    imports.add('mime/multipart');
    lines.push(`${t}var form bytes.Buffer`, `${t}w := multipart.NewWriter(&form)`);
    for (const f of body.fields) lines.push(`${t}w.WriteField(${str(f.name)}, ${str(f.value)})`);
    lines.push(
      `${t}audio, err := os.ReadFile(${str(body.file.filename)})`,
      `${t}if err != nil {`,
      `${t}${t}fail(err)`,
      `${t}}`,
      `${t}part, err := w.CreateFormFile(${str(body.file.name)}, ${str(body.file.filename)})`,
      `${t}if err != nil {`,
      `${t}${t}fail(err)`,
      `${t}}`,
      `${t}part.Write(audio)`,
      `${t}w.Close()`,
      '',
      ...request('&form'),
      `${t}req.Header.Set("Content-Type", w.FormDataContentType())`,
    );
  } else {
    lines.push(...request('nil'));
  }
  if (op.idempotencyKey) {
    imports.add('crypto/rand');
    lines.push(
      '',
      `${t}// 每个新的克隆用一个新的键；重新提交同一个克隆时沿用打印出的键`,
      `${t}idempotencyKey := os.Getenv(${str(idempotencyKeyVariable)})`,
      `${t}if idempotencyKey == "" {`,
      `${t}${t}idempotencyKey = newUUID()`,
      `${t}}`,
      `${t}fmt.Fprintf(os.Stderr, "Idempotency-Key: %s${idempotencyKeyNote}\\n", idempotencyKey)`,
      `${t}req.Header.Set("Idempotency-Key", idempotencyKey)`,
    );
  }
  lines.push(
    '',
    `${timeoutComment(op, '//', t)}${t}client := &http.Client{Timeout: ${op.timeoutSeconds} * time.Second}`,
    `${t}res, err := client.Do(req)`,
    `${t}if err != nil {`,
    `${t}${t}fail(err)`,
    `${t}}`,
    `${t}defer res.Body.Close()`,
    `${t}body, err := io.ReadAll(res.Body)`,
    `${t}if err != nil {`,
    `${t}${t}fail(err)`,
    `${t}}`,
    '',
    `${t}if res.StatusCode >= 300 {`,
    `${t}${t}// 所有接口的错误都使用同一个错误对象：{"error": {"code", "message", "param", "request_id"}}`,
    `${t}${t}var e struct {`,
    `${t}${t}${t}Error struct {`,
    `${t}${t}${t}${t}Code      string \`json:"code"\``,
    `${t}${t}${t}${t}Message   string \`json:"message"\``,
    `${t}${t}${t}${t}RequestID string \`json:"request_id"\``,
    `${t}${t}${t}} \`json:"error"\``,
    `${t}${t}}`,
    `${t}${t}if json.Unmarshal(body, &e) != nil || e.Error.Code == "" {`,
    `${t}${t}${t}// 响应体不是错误对象（例如网关的错误页）：用原始文本`,
    `${t}${t}${t}e.Error.Code, e.Error.Message, e.Error.RequestID = "unknown", string(body), res.Header.Get("X-Request-Id")`,
    `${t}${t}}`,
    `${t}${t}fmt.Fprintf(os.Stderr, "${m.failed}（HTTP %d）：%s\\n", res.StatusCode, e.Error.Code)`,
    `${t}${t}fmt.Fprintf(os.Stderr, "${m.message}：%s\\n", e.Error.Message)`,
    `${t}${t}fmt.Fprintf(os.Stderr, "${m.requestId}：%s\\n", e.Error.RequestID)`,
    `${t}${t}if s := res.Header.Get("Retry-After"); s != "" {`,
    `${t}${t}${t}fmt.Fprintf(os.Stderr, "${m.retryBefore} %s ${m.retryAfter}\\n", s)`,
    `${t}${t}}`,
    `${t}${t}os.Exit(1)`,
    `${t}}`,
    '',
  );
  if (response.kind === 'audio') {
    lines.push(
      `${t}if err := os.WriteFile(${str(response.file)}, body, 0o644); err != nil {`,
      `${t}${t}fail(err)`,
      `${t}}`,
      `${t}fmt.Printf("${m.saved} ${response.file}（%d ${m.bytes}）\\n", len(body))`,
    );
  } else if (response.kind === 'json') {
    lines.push(`${t}fmt.Println(string(body))`);
  } else {
    lines.push(`${t}fmt.Printf("${m.done}（HTTP %d）\\n", res.StatusCode)`);
  }
  if (op.billedCharacters) {
    lines.push(`${t}fmt.Printf("${m.billed}：%s\\n", res.Header.Get("X-Billed-Characters"))`);
  }
  lines.push(`${t}fmt.Printf("${m.requestId}：%s\\n", res.Header.Get("X-Request-Id"))`, '}');

  const out = [
    'package main',
    '',
    'import (',
    ...[...imports].sort().map((i) => `${t}${str(i)}`),
    ')',
    '',
    'func main() {',
    ...lines,
    '',
    'func fail(err error) {',
    `${t}fmt.Fprintln(os.Stderr, err)`,
    `${t}os.Exit(1)`,
    '}',
  ];
  if (op.idempotencyKey) {
    out.push(
      '',
      '// newUUID 生成随机的（第 4 版）UUID：标准库没有生成 UUID 的函数',
      'func newUUID() string {',
      `${t}b := make([]byte, 16)`,
      `${t}if _, err := rand.Read(b); err != nil {`,
      `${t}${t}fail(err)`,
      `${t}}`,
      `${t}b[6], b[8] = b[6]&0x0f|0x40, b[8]&0x3f|0x80`,
      `${t}return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:])`,
      '}',
    );
  }
  return out.join('\n');
}
