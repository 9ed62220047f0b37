// `npm start` on this machine (no Electron binary): one line saying why, then the web host's URL,
// and the app is served there, with its icon. Builds first if out/ is stale, hence the generous
// timeout.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, expect, it } from 'vitest';
import { httpGet } from './host-client';

const ROOT = resolve(__dirname, '../../..');
const URL_LINE = /http:\/\/127\.0\.0\.1:(\d+)\/#token=[A-Za-z0-9_-]+/;
let child: ChildProcess | undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'coffer-start-'));

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((done) => child?.once('exit', done));
    child.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

it('falls back to the web host with one clear line and serves the app', { timeout: 120_000 }, async () => {
  child = spawn(process.execPath, [join(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT,
    env: { ...process.env, COFFER_DATA_DIR: dataDir, COFFER_NO_BROWSER: '1', COFFER_NO_SANDBOX: '1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: string[] = [];
  const urlLine = await new Promise<string>((done, fail) => {
    const reader = createInterface({ input: child?.stdout ?? process.stdin });
    reader.on('line', (line) => {
      lines.push(line);
      if (URL_LINE.test(line)) done(line);
    });
    child?.once('exit', (code) => fail(new Error(`npm start exited (${code}):\n${lines.join('\n')}`)));
  });
  const why = lines.filter((line) => line.startsWith('Electron is not installed on this machine'));
  expect(why).toHaveLength(1);
  expect(why[0]).toMatch(/opening Coffer in your browser instead$/);
  expect(lines.filter((line) => URL_LINE.test(line))).toHaveLength(1);
  const port = Number(URL_LINE.exec(urlLine)?.[1]);
  const page = await httpGet(port, '/', { Host: `127.0.0.1:${port}` });
  expect(page.status).toBe(200);
  expect(page.body).toContain('<div id="app">');
  expect(page.headers['content-security-policy']).toContain("script-src 'self'");
  // The app icon the page links (SVG and PNG) is served from the build with its image type.
  const icons = [...page.body.matchAll(/<link rel="icon" type="([^"]+)"[^>]* href="\.(\/[^"]+)"/g)];
  expect(icons.map(([, type]) => type)).toEqual(['image/svg+xml', 'image/png']);
  for (const [, type, path] of icons) {
    const icon = await httpGet(port, path ?? '', { Host: `127.0.0.1:${port}` });
    expect(icon.status, path).toBe(200);
    expect(icon.headers['content-type'], path).toBe(type);
  }
});
