/**
 * What the live request editor's code gets on top of postman-code-generators' output (the OpenAPI
 * theme's, in the browser): the API key read from `VOXLOOM_API_KEY` (as the guides do), audio
 * written to a file instead of printed, and the generators' known defects mended. The reference
 * pages' own samples no longer come from here but from one template per language
 * (src/codegen/templates/), which the sample harness (tests/samples/) compiles and runs.
 */

import { apiKeyVariable } from '../data/codeSamples';
import { idempotencyKeyNote, idempotencyKeyVariable } from './sampleOperation';

export { audioFileOf, idempotencyKeyNote, idempotencyKeyVariable } from './sampleOperation';

export interface SampleContext {
  /** HTTP method, upper case. */
  readonly method: string;
  /** Where a sample whose response is audio saves it (e.g. `speech.mp3`); none for JSON. */
  readonly audioFile?: string;
}

type Finish = (code: string, context: SampleContext) => string;

/** The generators write the scheme's placeholder (`<TOKEN>`, `<token>`, …) after `Bearer `. */
const bearer = /Bearer <[^>\s]+>/;

/**
 * Replaces the first `search` with `replacement` (taken literally, or a function of the match)
 * and fails loudly when the generator's output no longer has it.
 */
function swap(
  code: string,
  search: string | RegExp,
  replacement: string | ((...groups: string[]) => string),
  what: string,
): string {
  const found = typeof search === 'string' ? code.includes(search) : search.test(code);
  if (!found) throw new Error(`finishSample: ${what} not found in the generated code`);
  return code.replace(search, typeof replacement === 'string' ? () => replacement : replacement);
}

const finishers: Record<string, Finish> = {
  curl(code, { audioFile }) {
    let out = swap(
      code,
      /-H 'Authorization: Bearer <[^>\s]+>'/,
      `-H "Authorization: Bearer $${apiKeyVariable}"`,
      'curl Authorization header',
    );
    // `--fail`: an error response is not written to the audio file (curl writes nothing and
    // exits non-zero), as the guides check the status before saving.
    if (audioFile) out = `${out.replace(/\s+$/, '')} \\\n--fail \\\n-o ${audioFile}`;
    return out;
  },

  python(code, { audioFile }) {
    let out = `import os\n${code}`;
    out = swap(
      out,
      /'Authorization': 'Bearer <[^>\s]+>'/,
      `'Authorization': f"Bearer {os.environ['${apiKeyVariable}']}"`,
      'python Authorization header',
    );
    if (audioFile) {
      out = swap(
        out,
        'print(response.text)',
        `response.raise_for_status()\nwith open("${audioFile}", "wb") as f:\n    f.write(response.content)`,
        'python print',
      );
    }
    return out;
  },

  nodejs(code, { audioFile }) {
    let out = swap(
      code,
      /'Authorization': 'Bearer <[^>\s]+>'/,
      `'Authorization': \`Bearer \${process.env.${apiKeyVariable}}\``,
      'axios Authorization header',
    );
    if (audioFile) {
      if (!/require\('fs'\)/.test(out))
        out = out.replace(/^(const axios = .*\n)/, "$1const fs = require('fs');\n");
      out = swap(
        out,
        'maxBodyLength: Infinity,',
        "maxBodyLength: Infinity,\n  responseType: 'arraybuffer',",
        'axios config',
      );
      out = swap(
        out,
        'console.log(JSON.stringify(response.data));',
        `fs.writeFileSync('${audioFile}', response.data);`,
        'axios response log',
      );
    }
    return out;
  },

  go(code, { audioFile }) {
    let out = code;
    if (!/^\s+"os"$/m.test(out))
      out = swap(out, /^import \(\n/m, 'import (\n  "os"\n', 'go imports');
    out = swap(
      out,
      /"Bearer <[^>\s]+>"/,
      `"Bearer "+os.Getenv("${apiKeyVariable}")`,
      'go Authorization header',
    );
    if (audioFile) {
      out = swap(
        out,
        '  fmt.Println(string(body))',
        `  if res.StatusCode != http.StatusOK {\n    fmt.Println(res.Status, string(body))\n    return\n  }\n  if err := os.WriteFile("${audioFile}", body, 0o644); err != nil {\n    fmt.Println(err)\n  }`,
        'go print',
      );
    }
    return out;
  },

  csharp(code, { audioFile }) {
    let out = swap(
      code,
      /"Bearer <[^>\s]+>"/,
      `"Bearer " + Environment.GetEnvironmentVariable("${apiKeyVariable}")`,
      'C# Authorization header',
    );
    if (audioFile) {
      out = swap(
        out,
        'Console.WriteLine(await response.Content.ReadAsStringAsync());',
        `File.WriteAllBytes("${audioFile}", await response.Content.ReadAsByteArrayAsync());`,
        'C# print',
      );
    }
    return out;
  },

  php(code, { audioFile }) {
    let out = swap(
      code,
      /'Authorization: Bearer <[^>\s]+>'/,
      `'Authorization: Bearer ' . getenv('${apiKeyVariable}')`,
      'PHP Authorization header',
    );
    if (audioFile) {
      // The status is read before the handle is closed; an error response is printed, not saved.
      out = swap(
        out,
        /\$response = curl_exec\(\$curl\);\n\ncurl_close\(\$curl\);\necho \$response;/,
        [
          '$response = curl_exec($curl);',
          '$status = curl_getinfo($curl, CURLINFO_RESPONSE_CODE);',
          '',
          'curl_close($curl);',
          'if ($status !== 200) {',
          '  fwrite(STDERR, "HTTP $status: $response\\n");',
          '  exit(1);',
          '}',
          `file_put_contents('${audioFile}', $response);`,
        ].join('\n'),
        'PHP exec, close and echo',
      );
    }
    return out;
  },

  java(code, { method, audioFile }) {
    let out = code;
    // OkHttp refuses a body on GET and HEAD ("method GET must not have a request body"), but the
    // generator gives every request one: a bodiless request passes null.
    if (method === 'GET' || method === 'HEAD') {
      out = out
        .replace(
          /^MediaType mediaType = .*\nRequestBody body = RequestBody\.create\(mediaType, ""\);\n/m,
          '',
        )
        .replace(`.method("${method}", body)`, `.method("${method}", null)`);
    }
    out = swap(
      out,
      /"Bearer <[^>\s]+>"/,
      `"Bearer " + System.getenv("${apiKeyVariable}")`,
      'Java Authorization header',
    );
    const call = 'Response response = client.newCall(request).execute();';
    const after = audioFile
      ? [
          'if (!response.isSuccessful()) {',
          '  throw new java.io.IOException("HTTP " + response.code() + ": " + response.body().string());',
          '}',
          `java.nio.file.Files.write(java.nio.file.Paths.get("${audioFile}"), response.body().bytes());`,
        ].join('\n')
      : 'System.out.println(response.body().string());';
    return swap(out, call, `${call}\n${after}`, 'OkHttp call');
  },

  c(code, { audioFile }) {
    let out = swap(
      code,
      /^( *)headers = curl_slist_append\(headers, "Authorization: Bearer <[^>\s]+>"\);$/m,
      (_line, indent) =>
        [
          `${indent}char authorization[512];`,
          `${indent}snprintf(authorization, sizeof authorization, "Authorization: Bearer %s", getenv("${apiKeyVariable}"));`,
          `${indent}headers = curl_slist_append(headers, authorization);`,
        ].join('\n'),
      'libcurl Authorization header',
    );
    if (audioFile) {
      out = swap(
        out,
        /^( *)res = curl_easy_perform\(curl\);$/m,
        (_line, indent) =>
          [
            `FILE *audio = fopen("${audioFile}", "wb");`,
            'curl_easy_setopt(curl, CURLOPT_WRITEDATA, audio);',
            // An error response is not written; the empty file is removed.
            'curl_easy_setopt(curl, CURLOPT_FAILONERROR, 1L);',
            'res = curl_easy_perform(curl);',
            'fclose(audio);',
            'if (res != CURLE_OK) {',
            '  fprintf(stderr, "%s\\n", curl_easy_strerror(res));',
            `  remove("${audioFile}");`,
            '}',
          ]
            .map((line) => indent + line)
            .join('\n'),
        'libcurl perform',
      );
    }
    return out;
  },

  rust(code, { audioFile }) {
    // A part's content type is set with `Part::headers`, which older reqwest 0.11 releases
    // (Debian 12's 0.11.13) lack; `Part::mime_str` sets it on every 0.11 and 0.12 release.
    const types = new Map<string, string>();
    const declaration =
      /^ *let mut (form_param\d+_headers) = reqwest::header::HeaderMap::new\(\);\n *\1\.insert\("Content-Type", "([^"]+)"\.parse\(\)\?\);\n\n/gm;
    let out = code.replace(declaration, (_all, name: string, type: string) => {
      types.set(name, type);
      return '';
    });
    for (const [name, type] of types)
      out = out.replaceAll(`.headers(${name})`, `.mime_str("${type}")?`);
    out = swap(
      out,
      /"Bearer <[^>\s]+>"\.parse\(\)\?/,
      `format!("Bearer {}", std::env::var("${apiKeyVariable}")?).parse()?`,
      'reqwest Authorization header',
    );
    if (audioFile) {
      out = swap(
        out,
        /let body = response\.text\(\)\.await\?;\n\n( *)println!\("\{\}", body\);/,
        `let body = response.error_for_status()?.bytes().await?;\n    std::fs::write("${audioFile}", &body)?;`,
        'reqwest print',
      );
    }
    return out;
  },
};

const note = idempotencyKeyNote;
const variable = idempotencyKeyVariable;

/**
 * The spec's `Idempotency-Key` example is one value: a sample that sent it would make every
 * reader's clones one clone (D14). Each language instead sends a new UUID per run (or the key of
 * `idempotencyKeyVariable`, to resubmit) and prints it first. Standard libraries only: Go, C
 * and Rust have no UUID function, so they draw 16 random bytes and set the version 4 bits.
 */
const idempotencyFinishers: Record<string, Finish> = {
  curl: (code) =>
    [
      `IDEMPOTENCY_KEY="\${${variable}:-$(uuidgen 2>/dev/null || cat /proc/sys/kernel/random/uuid)}"`,
      `echo "Idempotency-Key: $IDEMPOTENCY_KEY${note}" >&2`,
      swap(
        code,
        /-H 'Idempotency-Key: [^']*'/,
        `-H "Idempotency-Key: $IDEMPOTENCY_KEY"`,
        'curl Idempotency-Key header',
      ),
    ].join('\n'),

  python(code) {
    const out = swap(
      code,
      /'Idempotency-Key': '[^']*'/,
      "'Idempotency-Key': idempotency_key",
      'python Idempotency-Key header',
    );
    return swap(
      out.replace(/^import requests$/m, 'import sys\nimport uuid\n\nimport requests'),
      /^headers = \{$/m,
      [
        `idempotency_key = os.environ.get('${variable}') or str(uuid.uuid4())`,
        `print(f"Idempotency-Key: {idempotency_key}${note}", file=sys.stderr)`,
        'headers = {',
      ].join('\n'),
      'python headers',
    );
  },

  nodejs(code) {
    const out = swap(
      code,
      /'Idempotency-Key': '[^']*'/,
      "'Idempotency-Key': idempotencyKey",
      'axios Idempotency-Key header',
    );
    return swap(
      out.replace(/^(const axios = .*\n)/, "$1const { randomUUID } = require('crypto');\n"),
      /^let config = \{$/m,
      [
        `const idempotencyKey = process.env.${variable} || randomUUID();`,
        `console.error(\`Idempotency-Key: \${idempotencyKey}${note}\`);`,
        '',
        'let config = {',
      ].join('\n'),
      'axios config',
    );
  },

  go(code) {
    const out = swap(code, /^import \(\n/m, 'import (\n  "crypto/rand"\n', 'go imports');
    return swap(
      out,
      /^( *)req\.Header\.Add\("Idempotency-Key", "[^"]*"\)$/m,
      (_line, indent) =>
        [
          `idempotencyKey := os.Getenv("${variable}")`,
          'if idempotencyKey == "" {',
          '  b := make([]byte, 16)',
          '  if _, err := rand.Read(b); err != nil {',
          '    fmt.Println(err)',
          '    return',
          '  }',
          '  b[6], b[8] = b[6]&0x0f|0x40, b[8]&0x3f|0x80 // UUID version 4',
          '  idempotencyKey = fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:])',
          '}',
          `fmt.Fprintln(os.Stderr, "Idempotency-Key: "+idempotencyKey+"${note}")`,
          'req.Header.Add("Idempotency-Key", idempotencyKey)',
        ]
          .map((line) => indent + line)
          .join('\n'),
      'go Idempotency-Key header',
    );
  },

  csharp: (code) =>
    swap(
      code,
      /^request\.Headers\.Add\("Idempotency-Key", "[^"]*"\);$/m,
      [
        `var idempotencyKey = Environment.GetEnvironmentVariable("${variable}") ?? Guid.NewGuid().ToString();`,
        `Console.Error.WriteLine($"Idempotency-Key: {idempotencyKey}${note}");`,
        'request.Headers.Add("Idempotency-Key", idempotencyKey);',
      ].join('\n'),
      'C# Idempotency-Key header',
    ),

  php(code) {
    const out = swap(
      code,
      /'Idempotency-Key: [^']*'/,
      "'Idempotency-Key: ' . $idempotencyKey",
      'PHP Idempotency-Key header',
    );
    return swap(
      out,
      /^\$curl = curl_init\(\);$/m,
      [
        `$idempotencyKey = getenv('${variable}');`,
        'if (!$idempotencyKey) {',
        '  $b = random_bytes(16);',
        '  $b[6] = chr(ord($b[6]) & 0x0f | 0x40); // UUID version 4',
        '  $b[8] = chr(ord($b[8]) & 0x3f | 0x80);',
        "  $idempotencyKey = vsprintf('%s%s-%s-%s-%s-%s%s%s', str_split(bin2hex($b), 4));",
        '}',
        `fwrite(STDERR, "Idempotency-Key: $idempotencyKey${note}\\n");`,
        '',
        '$curl = curl_init();',
      ].join('\n'),
      'PHP curl_init',
    );
  },

  java(code) {
    const out = swap(
      code,
      /\.addHeader\("Idempotency-Key", "[^"]*"\)/,
      '.addHeader("Idempotency-Key", idempotencyKey)',
      'Java Idempotency-Key header',
    );
    return swap(
      out,
      /^Request request = new Request\.Builder\(\)$/m,
      [
        `String idempotencyKey = System.getenv("${variable}");`,
        'if (idempotencyKey == null) idempotencyKey = java.util.UUID.randomUUID().toString();',
        `System.err.println("Idempotency-Key: " + idempotencyKey + "${note}");`,
        'Request request = new Request.Builder()',
      ].join('\n'),
      'OkHttp request',
    );
  },

  c: (code) =>
    swap(
      code,
      /^( *)headers = curl_slist_append\(headers, "Idempotency-Key: [^"]*"\);$/m,
      (_line, indent) =>
        [
          `const char *idempotencyKey = getenv("${variable}");`,
          'char uuid[37];',
          'if (idempotencyKey == NULL) {',
          '  unsigned char b[16];',
          '  FILE *urandom = fopen("/dev/urandom", "rb");',
          '  if (urandom == NULL || fread(b, 1, sizeof b, urandom) != sizeof b) exit(1);',
          '  fclose(urandom);',
          '  b[6] = (b[6] & 0x0f) | 0x40; /* UUID version 4 */',
          '  b[8] = (b[8] & 0x3f) | 0x80;',
          '  for (int i = 0, at = 0; i < 16; i++)',
          '    at += snprintf(uuid + at, sizeof uuid - at, i == 4 || i == 6 || i == 8 || i == 10 ? "-%02x" : "%02x", b[i]);',
          '  idempotencyKey = uuid;',
          '}',
          `fprintf(stderr, "Idempotency-Key: %s${note}\\n", idempotencyKey);`,
          'char idempotency[128];',
          'snprintf(idempotency, sizeof idempotency, "Idempotency-Key: %s", idempotencyKey);',
          'headers = curl_slist_append(headers, idempotency);',
        ]
          .map((line) => indent + line)
          .join('\n'),
      'libcurl Idempotency-Key header',
    ),

  rust: (code) =>
    swap(
      code,
      /^( *)headers\.insert\("Idempotency-Key", "[^"]*"\.parse\(\)\?\);$/m,
      (_line, indent) =>
        [
          `let idempotency_key = match std::env::var("${variable}") {`,
          '    Ok(key) => key,',
          '    Err(_) => {',
          '        let mut b = [0u8; 16];',
          '        std::io::Read::read_exact(&mut std::fs::File::open("/dev/urandom")?, &mut b)?;',
          '        b[6] = b[6] & 0x0f | 0x40; // UUID version 4',
          '        b[8] = b[8] & 0x3f | 0x80;',
          '        let h: String = b.iter().map(|x| format!("{:02x}", x)).collect();',
          '        format!("{}-{}-{}-{}-{}", &h[..8], &h[8..12], &h[12..16], &h[16..20], &h[20..])',
          '    }',
          '};',
          `eprintln!("Idempotency-Key: {}${note}", idempotency_key);`,
          'headers.insert("Idempotency-Key", idempotency_key.parse()?);',
        ]
          .map((line) => indent + line)
          .join('\n'),
      'reqwest Idempotency-Key header',
    ),
};

/** The sample a reader keeps, from the generator's output for `language`. */
export function finishSample(language: string, code: string, context: SampleContext): string {
  const finish = finishers[language];
  if (!finish) throw new Error(`finishSample: no rules for ${language}`);
  if (!bearer.test(code))
    throw new Error(`finishSample: ${language} sample has no Bearer placeholder`);
  let out = finish(code, context);
  if (/Idempotency-Key/.test(code)) out = idempotencyFinishers[language](out, context);
  // A code block drops a final line break (so does its copy button): the sample has none.
  return out.trimEnd();
}
