// `npm start` on a machine where Electron's binary cannot be downloaded: it tries, through
// electron's own install script and the mirror ELECTRON_MIRROR names (here a local server that
// refuses every download), says why in one line, and the web host serves the app, with its icon.
// Builds first if out/ is stale, hence the generous timeout.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { httpGet } from './host-client';

const ROOT = resolve(__dirname, '../../..');
const URL_LINE = /http:\/\/127\.0\.0\.1:(\d+)\/#token=[A-Za-z0-9_-]+/;
let child: ChildProcess | undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'coffer-start-'));
// An empty download cache, so no Electron zip cached on this machine can be used instead of the mirror.
const electronCache = mkdtempSync(join(tmpdir(), 'coffer-electron-cache-'));
const askedOfMirror: string[] = [];
const refusingMirror: Server = createServer((request, response) => {
  askedOfMirror.push(request.url ?? '');
  response.writeHead(403).end('downloads refused');
});

beforeAll(() => new Promise<void>((done) => refusingMirror.listen(0, '127.0.0.1', done)));

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((done) => child?.once('exit', done));
    child.kill('SIGTERM');
    await exited;
  }
  refusingMirror.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(electronCache, { recursive: true, force: true });
});

it('tries to download Electron, falls back to the web host with one clear line and serves the app', { timeout: 120_000 }, async () => {
  const { port: mirrorPort } = refusingMirror.address() as AddressInfo;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    COFFER_DATA_DIR: dataDir,
    COFFER_NO_BROWSER: '1',
    COFFER_NO_SANDBOX: '1',
    ELECTRON_MIRROR: `http://127.0.0.1:${mirrorPort}/`,
    electron_config_cache: electronCache,
  };
  // The local mirror is reached directly, whatever skip or proxy this machine's environment sets.
  for (const name of ['ELECTRON_SKIP_BINARY_DOWNLOAD', 'HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy']) delete env[name];
  child = spawn(process.execPath, [join(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT,
    env,
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
  expect(askedOfMirror.some((path) => /electron-v[\d.]+-\w+-\w+\.zip$/.test(path)), askedOfMirror.join(', ')).toBe(true);
  const why = lines.filter((line) => line.includes('opening Coffer in your browser instead'));
  expect(why).toEqual([expect.stringMatching(/^The desktop window cannot open here \(Electron's download failed: .*403.*\); opening Coffer in your browser instead$/)]);
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
