/**
 * The rules every piece of code the built site shows must keep (issue 41): no CommonJS `require(`
 * (the Node.js samples are ES modules), no fixed `Idempotency-Key` (a key is generated for each
 * clone), and a timeout on every HTTP call whose client has none by default: curl (`--max-time`,
 * `-m` or `--connect-timeout`), Python `requests` (`timeout=`), Node.js `fetch` (`signal`), Go
 * `net/http` (`http.Client{Timeout: …}`, never `http.Get` or the default client), PHP and C
 * libcurl (`CURLOPT_TIMEOUT`), Java `java.net.http` (`.timeout(`), Rust `reqwest` (`.timeout(`).
 * .NET's HttpClient waits 100 s by default, so C# needs none.
 */

/** The languages a block or sample file may be written in, as the site names them. */
const shells = new Set(['bash', 'sh', 'shell', 'curl']);
const pythons = new Set(['python', 'py']);
const javascripts = new Set(['js', 'javascript', 'nodejs', 'mjs']);
const code = new Set([
  ...shells,
  ...pythons,
  ...javascripts,
  'go',
  'csharp',
  'php',
  'java',
  'c',
  'rust',
  'powershell',
]);

/** Ways a program makes a fresh idempotency key. */
const keyGenerators =
  /uuid4\(|randomUUID\(|uuidgen|\/dev\/urandom|\/proc\/sys\/kernel\/random\/uuid|UUID\.randomUUID\(|Guid\.NewGuid\(|Uuid::new_v4\(|uuid\.New(String)?\(|uuid_generate|random_bytes\(|uniqid\(|RAND_bytes|getrandom|rand::|"crypto\/rand"/;
const uuidLiteral = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/i;
/**
 * A header written with its value, in any language: `-H 'Idempotency-Key: 9f1c…'`,
 * `"Idempotency-Key": "9f1c…"`, `Header.Set("Idempotency-Key", "9f1c…")`; a variable (`$key`,
 * `key`, `%s`, `' . $key`) is no literal.
 */
const literalKeyHeader = /Idempotency-Key(?::[ \t]*|['"]\s*[:,]\s*['"])[A-Za-z0-9_-]{4,}/i;

/** The text of a call from `start` (its opening parenthesis) to the matching closing one. */
function callArguments(text: string, open: number): string {
  let depth = 0;
  for (let i = open; i < text.length; i += 1) {
    if (text[i] === '(') depth += 1;
    else if (text[i] === ')') {
      depth -= 1;
      if (depth === 0) return text.slice(open, i + 1);
    }
  }
  return text.slice(open);
}

/** Shell lines joined at their `\` continuations, comments left out. */
function shellCommands(text: string): string[] {
  return text
    .replace(/\\\r?\n/g, ' ')
    .split('\n')
    .filter((line) => !/^\s*#/.test(line));
}

/** What is wrong with one block or file of code in `language`; empty when it keeps the rules. */
export function codeProblems(language: string, text: string): string[] {
  const lang = language.toLowerCase();
  if (!code.has(lang)) return [];
  const problems: string[] = [];
  if (/\brequire\(/.test(text)) problems.push('require(');
  if (/Idempotency-Key/i.test(text)) {
    if (literalKeyHeader.test(text) || (uuidLiteral.test(text) && !keyGenerators.test(text))) {
      problems.push('a fixed Idempotency-Key');
    } else if (!keyGenerators.test(text)) {
      problems.push('an Idempotency-Key not generated');
    }
  }
  if (shells.has(lang)) {
    for (const command of shellCommands(text)) {
      if (!/(?:^|[;&|(`]|\$\()\s*curl\s/.test(command)) continue;
      if (!/\s(?:--max-time|-m|--connect-timeout)[\s=]/.test(command)) {
        problems.push(`curl without --max-time: ${command.trim().slice(0, 80)}`);
      }
    }
  }
  if (pythons.has(lang)) {
    for (const m of text.matchAll(
      /\b(?:requests|session|s|client)\.(?:get|post|put|patch|delete|head|request)\(/g,
    )) {
      const args = callArguments(text, m.index + m[0].length - 1);
      if (!/\btimeout\s*=/.test(args)) problems.push(`${m[0]} without timeout=`);
    }
  }
  if (javascripts.has(lang)) {
    for (const m of text.matchAll(/(?<![\w.])fetch\(/g)) {
      const args = callArguments(text, m.index + m[0].length - 1);
      if (!/\bsignal\b/.test(args)) problems.push('fetch( without a signal (AbortSignal.timeout)');
    }
  }
  if (lang === 'go' && /"net\/http"/.test(text)) {
    if (/\bhttp\.(Get|Post|PostForm|Head)\(|http\.DefaultClient/.test(text)) {
      problems.push('Go default HTTP client (no timeout)');
    }
    if (/http\.Client\{/.test(text) && !/http\.Client\{[^}]*Timeout:/.test(text)) {
      problems.push('Go http.Client without Timeout');
    }
  }
  if ((lang === 'php' || lang === 'c') && /curl_(easy_)?init\(/.test(text)) {
    if (!/CURLOPT_TIMEOUT/.test(text)) problems.push('libcurl without CURLOPT_TIMEOUT');
  }
  if (lang === 'java' && /HttpRequest\.newBuilder\(/.test(text) && !/\.timeout\(/.test(text)) {
    problems.push('java.net.http request without .timeout(');
  }
  if (lang === 'rust' && /reqwest::/.test(text) && !/\.timeout\(/.test(text)) {
    problems.push('reqwest client without .timeout(');
  }
  return problems;
}
