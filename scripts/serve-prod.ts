/**
 * Serves a production build with nginx, as the provider deploys it (deploy/nginx/):
 *
 *   npm run serve:prod                      # build/ at http://127.0.0.1:8080
 *   npx tsx scripts/serve-prod.ts --dir .tmp/x-build --port 4173
 *   npx tsx scripts/serve-prod.ts --render-only --host 0.0.0.0 --port 8080 \
 *     --root /srv/voxloom-docs --config-dir /etc/nginx/voxloom
 *
 * It installs Debian's nginx (and brotli modules) when missing, writes .br/.gz copies of the
 * build's text files, hashes the inline scripts and styles for the Content-Security-Policy,
 * renders the configuration into .tmp/nginx-<port>/ and runs nginx in the foreground there,
 * on loopback, until stopped. `--render-only` stops after rendering (and prints the CSP), for
 * copying the configuration to a server.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { deployment } from '../src/data/deployment';
import {
  hasBrotli,
  inlineHashes,
  nginxBinary,
  precompress,
  renderConfig,
  root,
} from './lib/nginx-site';

const { values: args } = parseArgs({
  options: {
    dir: { type: 'string', default: 'build' },
    host: { type: 'string', default: '127.0.0.1' },
    port: { type: 'string', default: '8080' },
    'render-only': { type: 'boolean', default: false },
    root: { type: 'string' },
    'config-dir': { type: 'string' },
  },
});

async function main(): Promise<void> {
  const siteDir = path.resolve(root, args.dir);
  if (
    !existsSync(path.join(siteDir, 'index.html')) ||
    !existsSync(path.join(siteDir, '404.html'))
  ) {
    throw new Error(`${siteDir} holds no production build: run \`npm run build\` first.`);
  }
  const port = Number(args.port);
  const loopback = ['127.0.0.1', 'localhost', '::1'].includes(args.host);
  if (!args['render-only']) {
    // Run here, nginx is a local preview: loopback and an unprivileged port. A server takes the
    // rendered files (--render-only) behind its TLS front.
    if (!Number.isInteger(port) || port < 1024 || port > 65535) {
      throw new Error(`--port ${args.port}: use an unprivileged port (1024-65535).`);
    }
    if (!loopback) throw new Error(`--host ${args.host}: serve on loopback, or use --render-only.`);
  }

  if (!existsSync(nginxBinary) || !hasBrotli()) {
    const install = spawnSync('bash', [path.join(root, 'scripts/ensure-nginx.sh')], {
      stdio: 'inherit',
    });
    if (install.status !== 0) throw new Error('could not install nginx');
  }
  const brotli = hasBrotli();

  const { written, current } = await precompress(siteDir, brotli ? ['br', 'gz'] : ['gz']);
  console.log(`Precompressed copies: ${written} written, ${current} already current.`);
  const hashes = await inlineHashes(siteDir);

  const prefix = path.join(root, '.tmp', `nginx-${port}`);
  const conf = await renderConfig({
    siteRoot: args.root ?? siteDir,
    listen: `${args.host.includes(':') ? `[${args.host}]` : args.host}:${port}`,
    // The public host name; on loopback, the names a local browser uses too.
    serverNames: [
      new URL(deployment.siteUrl).hostname,
      ...(loopback ? ['127.0.0.1', 'localhost'] : []),
    ],
    prefix,
    configDir: args['config-dir'] ?? prefix,
    scriptHashes: hashes.scripts,
    styleHashes: hashes.styles,
    brotli,
  });

  const nginxArgs = ['-p', prefix, '-c', conf, '-e', path.join(prefix, 'error.log')];
  // Rendered for another machine's folders, the files can only be checked there.
  if (!args['config-dir']) {
    const check = spawnSync(nginxBinary, ['-q', '-t', ...nginxArgs], { stdio: 'inherit' });
    if (check.status !== 0) throw new Error(`nginx rejects ${conf}`);
  }
  if (args['render-only']) {
    console.log(
      `Rendered ${prefix}/: site.conf and headers.conf are the site, nginx.conf runs it here.`,
    );
    // The same policy, for a CDN's response-header settings.
    const headers = await readFile(path.join(prefix, 'headers.conf'), 'utf8');
    console.log(
      `Content-Security-Policy: ${/Content-Security-Policy "([^"]+)"/.exec(headers)?.[1]}`,
    );
    return;
  }

  console.log(
    `nginx serves ${path.relative(root, siteDir) || '.'} at http://${args.host}:${port}/ ` +
      `(${brotli ? 'brotli and gzip' : 'gzip'}; config and logs in ${path.relative(root, prefix)}/)`,
  );
  const nginx = spawn(nginxBinary, nginxArgs, { stdio: 'inherit' });
  // nginx stops at once on TERM or INT (a terminal's Ctrl-C reaches it directly too).
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => nginx.kill('SIGTERM'));
  }
  nginx.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
