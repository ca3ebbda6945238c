/**
 * What production serving needs from a build folder, beside nginx itself: precompressed copies
 * of the text files, the hashes of the inline scripts for the Content-Security-Policy, and the
 * nginx configuration rendered from deploy/nginx/ for that folder and an address.
 */
import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { mkdir, readdir, readFile, stat, utimes, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { load } from 'cheerio';

export const root = path.resolve(__dirname, '../..');
export const templateDir = path.join(root, 'deploy/nginx');
export const nginxBinary = '/usr/sbin/nginx';
const moduleDir = '/usr/lib/nginx/modules';
const brotliModules = ['ngx_http_brotli_filter_module.so', 'ngx_http_brotli_static_module.so'];

/** Debian's brotli modules for nginx are installed (scripts/ensure-nginx.sh installs them). */
export const hasBrotli = (): boolean =>
  brotliModules.every((m) => existsSync(path.join(moduleDir, m)));

async function walk(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) => {
      const full = path.join(dir, e.name);
      return e.isDirectory() ? walk(full) : Promise.resolve([full]);
    }),
  );
  return nested.flat();
}

/** The text types nginx compresses (site.conf's gzip_types, plus HTML). */
const compressible = /\.(?:html|css|js|json|svg|xml|atom|txt|md|yaml)$/;
/** Below this, compression saves less than its headers cost (site.conf's *_min_length). */
const minLength = 256;

const compressors = {
  br: (data: Buffer) =>
    promisify(brotliCompress)(data, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
        [zlib.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
  gz: (data: Buffer) => promisify(gzip)(data, { level: zlib.Z_BEST_COMPRESSION }),
};

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file of the build, at maximum quality
 * (done once, so nginx never compresses on the fly what it serves most). A copy carries its
 * source's mtime, which marks it current; one that would not be smaller is not written.
 */
export async function precompress(
  siteDir: string,
  encodings: readonly ('br' | 'gz')[],
): Promise<{ written: number; current: number }> {
  const files = (await walk(siteDir)).filter((f) => compressible.test(f));
  let written = 0;
  let current = 0;
  const queue = [...files];
  const work = async (): Promise<void> => {
    for (let file = queue.shift(); file; file = queue.shift()) {
      const source = await stat(file);
      if (source.size < minLength) continue;
      let data: Buffer | undefined;
      for (const encoding of encodings) {
        const target = `${file}.${encoding}`;
        const existing = await stat(target).catch(() => undefined);
        // utimes keeps milliseconds, stat reports finer: equal to the millisecond is current.
        if (existing && Math.abs(existing.mtimeMs - source.mtimeMs) < 1) {
          current += 1;
          continue;
        }
        data ??= await readFile(file);
        const compressed = await compressors[encoding](data);
        if (compressed.length >= data.length) continue;
        await writeFile(target, compressed);
        await utimes(target, source.atime, source.mtime);
        written += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: availableParallelism() }, work));
  return { written, current };
}

/** Inline scripts a browser executes (JSON-LD and other data blocks are not, so CSP skips them). */
const executable = (type: string | undefined): boolean =>
  !type || /^(?:module|(?:text|application)\/(?:x-)?(?:java|ecma)script)$/i.test(type.trim());

/** The CSP sources ('sha256-…') of the inline scripts and style elements in the build's HTML. */
export async function inlineHashes(
  siteDir: string,
): Promise<{ scripts: string[]; styles: string[] }> {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const source = (text: string) =>
    `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
  for (const file of (await walk(siteDir)).filter((f) => f.endsWith('.html'))) {
    // Parsed as a browser without JavaScript does, so that <noscript> content counts too (the
    // <noscript><style> in every page's head that unfolds the tabs).
    const $ = load(await readFile(file, 'utf8'), { scriptingEnabled: false });
    $('script:not([src])').each((_, el) => {
      if (executable($(el).attr('type'))) scripts.add(source($(el).text()));
    });
    $('style').each((_, el) => {
      styles.add(source($(el).text()));
    });
  }
  return { scripts: [...scripts].sort(), styles: [...styles].sort() };
}

export interface RenderOptions {
  /** The build folder nginx serves, as written into the config (absolute). */
  readonly siteRoot: string;
  /** `listen` address, e.g. 127.0.0.1:8080. */
  readonly listen: string;
  readonly serverNames: readonly string[];
  /** Folder the rendered files (and, when run here, nginx's pid, logs and temp files) go to. */
  readonly prefix: string;
  /** Folder site.conf and headers.conf are read from when nginx runs (the prefix, here). */
  readonly configDir: string;
  readonly scriptHashes: readonly string[];
  readonly styleHashes: readonly string[];
  readonly brotli: boolean;
}

function fill(template: string, values: Record<string, string>, brotli: boolean): string {
  const text = template
    .split('\n')
    .filter((line) => brotli || !line.endsWith('# needs brotli'))
    .join('\n')
    .replace(/\{\{(\w+)\}\}/g, (_m, name: string) => {
      if (!(name in values)) throw new Error(`no value for {{${name}}}`);
      return values[name];
    });
  return text;
}

/** The user nginx's workers run as, when it is started as root. */
function workerUser(siteRoot: string): string {
  if (process.getuid?.() !== 0) return '';
  // Workers drop to www-data when it can read the build (every folder on the way searchable
  // by others); a build inside a private home folder leaves them as root, on loopback only.
  let dir = siteRoot;
  let readable = (statSync(dir).mode & 0o005) === 0o005;
  while (readable && dir !== path.dirname(dir)) {
    dir = path.dirname(dir);
    readable = (statSync(dir).mode & 0o001) !== 0;
  }
  return readable
    ? 'user www-data;'
    : '# The build is not readable by other users: workers keep root.\nuser root;';
}

/** Writes nginx.conf, site.conf and headers.conf into `prefix`; returns nginx.conf's path. */
export async function renderConfig(options: RenderOptions): Promise<string> {
  const { prefix, brotli } = options;
  await mkdir(path.join(prefix, 'temp'), { recursive: true });
  const values = {
    PREFIX: prefix,
    USER: existsSync(options.siteRoot) ? workerUser(options.siteRoot) : '',
    ROOT: options.siteRoot,
    LISTEN: options.listen,
    SERVER_NAMES: options.serverNames.join(' '),
    HEADERS: path.join(options.configDir, 'headers.conf'),
    SCRIPT_HASHES: options.scriptHashes.join(' '),
    STYLE_HASHES: options.styleHashes.join(' '),
  };
  for (const name of ['nginx.conf', 'site.conf', 'headers.conf']) {
    const template = await readFile(path.join(templateDir, `${name}.template`), 'utf8');
    await writeFile(path.join(prefix, name), fill(template, values, brotli));
  }
  return path.join(prefix, 'nginx.conf');
}
