import {
  apiKeyVariable,
  idempotencyKeyNote,
  idempotencyKeyVariable,
  jsonText,
  type SampleOperation,
} from '../sampleOperation';
import { messages as m, timeoutComment } from './common';

const str = (s: string) =>
  `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\r/g, '\\r').replace(/\n/g, '\\n')}"`;

/** C with libcurl (7.84+, for `curl_easy_header`): a whole program, `cc sample.c -lcurl`. */
export function c(op: SampleOperation): string {
  const { body, response } = op;
  const t = '  ';
  const main: string[] = [
    `const char *key = getenv(${str(apiKeyVariable)});`,
    'if (key == NULL) {',
    `  fprintf(stderr, "${m.noKey} ${apiKeyVariable}\\n");`,
    '  return 1;',
    '}',
    'curl_global_init(CURL_GLOBAL_DEFAULT);',
    'CURL *curl = curl_easy_init();',
    'if (curl == NULL) return 1;',
    '',
    'struct curl_slist *headers = NULL;',
    'char authorization[512];',
    'snprintf(authorization, sizeof authorization, "Authorization: Bearer %s", key);',
    'headers = curl_slist_append(headers, authorization);',
    ...op.headers.map(
      (h) => `headers = curl_slist_append(headers, ${str(`${h.name}: ${h.value}`)});`,
    ),
  ];
  if (op.idempotencyKey) {
    main.push(
      '',
      '/* 每个新的克隆用一个新的键；重新提交同一个克隆时沿用打印出的键 */',
      `const char *idempotency_key = getenv(${str(idempotencyKeyVariable)});`,
      'char uuid[37];',
      "if (idempotency_key == NULL || *idempotency_key == '\\0') {",
      '  new_uuid(uuid);',
      '  idempotency_key = uuid;',
      '}',
      `fprintf(stderr, "Idempotency-Key: %s${idempotencyKeyNote}\\n", idempotency_key);`,
      'char idempotency[128];',
      'snprintf(idempotency, sizeof idempotency, "Idempotency-Key: %s", idempotency_key);',
      'headers = curl_slist_append(headers, idempotency);',
    );
  }
  main.push('');
  if (body?.kind === 'json') {
    const lines = jsonText(body.value).split('\n');
    main.push(
      'headers = curl_slist_append(headers, "Content-Type: application/json");',
      'const char *payload =',
      ...lines.map(
        (l, i) =>
          `    ${str(i === lines.length - 1 ? l : `${l}\n`)}${i === lines.length - 1 ? ';' : ''}`,
      ),
      'curl_easy_setopt(curl, CURLOPT_POSTFIELDS, payload);',
    );
  } else if (body?.kind === 'form') {
    main.push(
      '/* libcurl 自己写 multipart 的 Content-Type 和分隔符 */',
      'curl_mime *form = curl_mime_init(curl);',
      'const char *fields[][2] = {',
      ...body.fields.map((f) => `    {${str(f.name)}, ${str(f.value)}},`),
      '};',
      'for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++) {',
      '  curl_mimepart *part = curl_mime_addpart(form);',
      '  curl_mime_name(part, fields[i][0]);',
      '  curl_mime_data(part, fields[i][1], CURL_ZERO_TERMINATED);',
      '}',
      'curl_mimepart *file = curl_mime_addpart(form);',
      `curl_mime_name(file, ${str(body.file.name)});`,
      `curl_mime_filedata(file, ${str(body.file.filename)});`,
      'curl_easy_setopt(curl, CURLOPT_MIMEPOST, form);',
    );
  }
  if (!['GET', 'POST'].includes(op.method)) {
    main.push(`curl_easy_setopt(curl, CURLOPT_CUSTOMREQUEST, ${str(op.method)});`);
  }
  main.push(
    `curl_easy_setopt(curl, CURLOPT_URL, ${str(op.url)});`,
    'curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);',
    'struct buffer body = {NULL, 0};',
    'curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, collect);',
    'curl_easy_setopt(curl, CURLOPT_WRITEDATA, &body);',
    `${timeoutComment(op, '/*').replace(/\n$/, ' */\n')}curl_easy_setopt(curl, CURLOPT_TIMEOUT, ${op.timeoutSeconds}L);`,
    '',
    'CURLcode res = curl_easy_perform(curl);',
    'if (res != CURLE_OK) {',
    '  fprintf(stderr, "%s\\n", curl_easy_strerror(res));',
    '  return 1;',
    '}',
    'long status = 0;',
    'curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);',
    'const char *text = body.data ? body.data : "";',
    '',
    'int failed = status >= 300;',
    'if (failed) {',
    '  /* 所有接口的错误都使用同一个错误对象：{"error": {"code", "message", "param", "request_id"}} */',
    '  char first[64];',
    `  snprintf(first, sizeof first, "${m.failed}（HTTP %ld）", status);`,
    '  print_field(first, text, "code", "unknown");',
    `  print_field("${m.message}", text, "message", text);`,
    `  print_field("${m.requestId}", text, "request_id", header(curl, "X-Request-Id"));`,
    '  if (*header(curl, "Retry-After"))',
    `    fprintf(stderr, "${m.retryBefore} %s ${m.retryAfter}\\n", header(curl, "Retry-After"));`,
    '} else {',
  );
  if (response.kind === 'audio') {
    main.push(
      `  FILE *audio = fopen(${str(response.file)}, "wb");`,
      '  if (audio == NULL || fwrite(body.data, 1, body.size, audio) != body.size) {',
      `    perror(${str(response.file)});`,
      '    return 1;',
      '  }',
      '  fclose(audio);',
      `  printf("${m.saved} ${response.file}（%zu ${m.bytes}）\\n", body.size);`,
    );
  } else if (response.kind === 'json') {
    main.push('  printf("%s\\n", text);');
  } else {
    main.push(`  printf("${m.done}（HTTP %ld）\\n", status);`);
  }
  if (op.billedCharacters) {
    main.push(`  printf("${m.billed}：%s\\n", header(curl, "X-Billed-Characters"));`);
  }
  main.push(
    `  printf("${m.requestId}：%s\\n", header(curl, "X-Request-Id"));`,
    '}',
    '',
    'free(body.data);',
    'curl_slist_free_all(headers);',
    ...(body?.kind === 'form' ? ['curl_mime_free(form);'] : []),
    'curl_easy_cleanup(curl);',
    'curl_global_cleanup();',
    'return failed;',
  );

  const out = [
    '#include <stdio.h>',
    '#include <stdlib.h>',
    '#include <string.h>',
    '#include <curl/curl.h>',
    '',
    '/* 响应体先收进内存：成功时是结果，失败时是 JSON 错误对象 */',
    'struct buffer {',
    '  char *data;',
    '  size_t size;',
    '};',
    '',
    'static size_t collect(char *chunk, size_t size, size_t count, void *userdata) {',
    '  struct buffer *b = userdata;',
    '  char *grown = realloc(b->data, b->size + size * count + 1);',
    '  if (grown == NULL) return 0;',
    '  memcpy(grown + b->size, chunk, size * count);',
    '  b->data = grown;',
    '  b->size += size * count;',
    "  b->data[b->size] = '\\0';",
    '  return size * count;',
    '}',
    '',
    '/* 一个响应头的值；没有这个头时为空字符串 */',
    'static const char *header(CURL *curl, const char *name) {',
    '  struct curl_header *h;',
    '  return curl_easy_header(curl, name, 0, CURLH_HEADER, -1, &h) == CURLHE_OK ? h->value : "";',
    '}',
    '',
    '/* 打印错误对象中的一个字符串字段（原样保留转义字符）；没有这个字段时打印 fallback */',
    'static void print_field(const char *label, const char *json, const char *name, const char *fallback) {',
    '  char key[64];',
    '  snprintf(key, sizeof key, "\\"%s\\"", name);',
    '  const char *at = strstr(json, key);',
    '  if (at != NULL) at += strspn(at + strlen(key), " \\t\\r\\n") + strlen(key);',
    '  if (at != NULL && *at == \':\') at += 1 + strspn(at + 1, " \\t\\r\\n");',
    "  if (at == NULL || *at != '\"') {",
    '    fprintf(stderr, "%s：%s\\n", label, fallback);',
    '    return;',
    '  }',
    '  const char *end = ++at;',
    "  while (*end != '\\0' && *end != '\"') end += (*end == '\\\\' && end[1] != '\\0') ? 2 : 1;",
    '  fprintf(stderr, "%s：%.*s\\n", label, (int)(end - at), at);',
    '}',
  ];
  if (op.idempotencyKey) {
    out.push(
      '',
      '/* 随机的（第 4 版）UUID：标准库没有生成 UUID 的函数 */',
      'static void new_uuid(char out[37]) {',
      '  unsigned char b[16];',
      '  FILE *urandom = fopen("/dev/urandom", "rb");',
      '  if (urandom == NULL || fread(b, 1, sizeof b, urandom) != sizeof b) exit(1);',
      '  fclose(urandom);',
      '  b[6] = (b[6] & 0x0f) | 0x40;',
      '  b[8] = (b[8] & 0x3f) | 0x80;',
      '  for (int i = 0, at = 0; i < 16; i++)',
      '    at += sprintf(out + at, i == 4 || i == 6 || i == 8 || i == 10 ? "-%02x" : "%02x", b[i]);',
      '}',
    );
  }
  out.push('', 'int main(void) {', ...main.map((l) => (l ? `${t}${l}` : '')), '}');
  return out.join('\n');
}
