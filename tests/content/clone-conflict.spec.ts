/**
 * A 409 `idempotency_conflict` on a clone (D112): the key already created a voice and this
 * submission differs (say, the recording was re-exported). One key is one clone, so the guide's
 * examples carry on with the voice at `Location`, polling it to `ready`, and never resubmit with
 * a new key (which would create and bill a second voice).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test, expect } from '@playwright/test';
import { examplesDir, python } from '../support/examples';

function run(
  command: string[],
  env: Record<string, string>,
): Promise<{ status: number | null; output: string }> {
  const cwd = mkdtempSync(path.join(tmpdir(), 'clone-409-'));
  writeFileSync(path.join(cwd, 'reference.wav'), Buffer.from('RIFF....WAVEfmt '));
  return new Promise((resolve) => {
    const child = spawn(command[0], command.slice(1), {
      cwd,
      env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1', VOXLOOM_API_KEY: 'sk-test', ...env },
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, output });
    });
  });
}

for (const [name, command] of [
  ['clone/clone.py', [python]],
  ['clone/clone.mjs', ['node']],
  ['clone/clone.sh', ['bash']],
] as const) {
  test(`${name} carries on with the voice a 409 names, without a new key (D112)`, async () => {
    const seen: string[] = [];
    const server = createServer((req, res) => {
      req.resume();
      seen.push(`${req.method} ${req.url}`);
      const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
        res
          .writeHead(status, { 'content-type': 'application/json', ...headers })
          .end(JSON.stringify(body));
      if (req.method === 'POST' && req.url === '/v1/voices') {
        return json(
          409,
          { error: { code: 'idempotency_conflict', message: 'x', param: 'Idempotency-Key' } },
          { location: '/v1/voices/voice_custom_d112' },
        );
      }
      if (req.method === 'GET' && req.url === '/v1/voices/voice_custom_d112') {
        return json(200, { voice_id: 'voice_custom_d112', status: 'ready', name: '客服小林' });
      }
      if (req.method === 'POST' && req.url === '/v1/speech') {
        return res.writeHead(200, { 'content-type': 'audio/mpeg' }).end('ID3-audio');
      }
      json(404, { error: { code: 'voice_not_found', message: 'x', param: null } });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const result = await run([...command, path.join(examplesDir, name)], {
        VOXLOOM_API_BASE: `http://127.0.0.1:${port}`,
      });
      expect(result.status, result.output).toBe(0);
      // One submission only, then the voice the key created, then a try of it.
      expect(seen.filter((s) => s === 'POST /v1/voices')).toHaveLength(1);
      expect(seen).toContain('GET /v1/voices/voice_custom_d112');
      expect(result.output).toContain('voice_custom_d112');
    } finally {
      server.close();
    }
  });
}
