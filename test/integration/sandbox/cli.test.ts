// The standalone CLI prints working base URLs and the master key pair.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '../../..');
let child: ChildProcess | undefined;

afterAll(() => {
  child?.kill('SIGTERM');
});

function readBanner(proc: ChildProcess): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error(`no banner: ${text}`)), 20_000);
    proc.stdout?.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (!text.includes('Master secret key')) return;
      clearTimeout(timer);
      const fields: Record<string, string> = {};
      for (const line of text.split('\n')) {
        const match = /^([^:]+):\s+(\S+)/.exec(line);
        if (match?.[1] && match[2]) fields[match[1].trim()] = match[2];
      }
      resolve(fields);
    });
    proc.once('exit', (code) => reject(new Error(`exited ${String(code)}: ${text}`)));
  });
}

describe('cli', () => {
  it('starts on a free port with the given key pair', async () => {
    child = spawn(join(ROOT, 'node_modules/.bin/tsx'), ['main/sandbox/cli.ts', '--port', '0', '--light', '--api-key', 'cli-key-0001', '--secret-key', 'cli-secret-0001'], { cwd: ROOT });
    const banner = await readBanner(child);
    expect(banner['REST base URL']).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(banner['Streaming base URL']).toMatch(/^ws:\/\/127\.0\.0\.1:\d+$/);
    expect(banner['Master API key']).toBe('cli-key-0001');
    const timestamp = String(Date.now());
    const signature = createHmac('sha256', 'cli-secret-0001').update(`GET/api/3/wallet/balance/BTC${timestamp}`).digest('hex');
    const res = await fetch(`${banner['REST base URL']}/api/3/wallet/balance/BTC`, {
      headers: { authorization: `HS256 ${Buffer.from(`cli-key-0001:${signature}:${timestamp}`).toString('base64')}` },
    });
    expect(res.status).toBe(200);
  });
});
