// The web host's defences seen from a real Chromium: a page on another origin cannot open the
// contract socket even when it knows the token, and a DNS-rebinding name that resolves to
// 127.0.0.1 gets nothing. Our own page, served by the host, connects and calls the contract.
import { createServer, type Server } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createCore, type Core } from '../../../main/core/app';
import { startHost, type RunningHost } from '../../../main/host/server';
import { WIRE_PATH } from '../../../preload/contract/wire';

let root: string;
let core: Core;
let host: RunningHost;
let attacker: Server;
let attackerPort: number;
let browser: Browser;

/** Opens the contract socket from inside the page; resolves with what happened. */
const PROBE = `(url) => new Promise((resolve) => {
  const ws = new WebSocket(url);
  ws.onopen = () => ws.send(JSON.stringify({ type: 'call', id: 1, op: 'listProfiles' }));
  ws.onmessage = (m) => { resolve('answered: ' + m.data); ws.close(); };
  ws.onerror = () => resolve('refused');
  setTimeout(() => resolve('timeout'), 5000);
})`;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'coffer-browser-'));
  mkdirSync(join(root, 'renderer'));
  writeFileSync(join(root, 'renderer', 'index.html'), '<!doctype html><title>Coffer</title><p>own page</p>');
  core = await createCore({ dataDir: join(root, 'data'), transport: 'web' });
  host = await startHost({ dispatch: core.dispatch, events: core.events, rendererDir: join(root, 'renderer') });
  attacker = createServer((_req, res) => res.end('<!doctype html><title>Attacker</title>'));
  attackerPort = await new Promise((done) => attacker.listen(0, '127.0.0.1', () => {
    const address = attacker.address();
    done(typeof address === 'object' && address ? address.port : 0);
  }));
  browser = await chromium.launch({
    executablePath: process.env.COFFER_CHROMIUM ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--host-resolver-rules=MAP rebind.test 127.0.0.1'],
  });
});

afterAll(async () => {
  await browser?.close();
  await new Promise((done) => attacker?.close(done));
  await host?.close();
  await core?.close();
  rmSync(root, { recursive: true, force: true });
});

const socketUrl = () => `ws://127.0.0.1:${host.port}${WIRE_PATH}?token=${host.token}`;

it('our own page connects and gets answers', async () => {
  const page = await browser.newPage();
  await page.goto(host.url);
  expect(await page.evaluate(`(${PROBE})(${JSON.stringify(socketUrl())})`)).toMatch(/^answered: .*"ok":true/);
  await page.close();
});

it('a page on another origin is refused even with the token', async () => {
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${attackerPort}/`);
  expect(await page.evaluate(`(${PROBE})(${JSON.stringify(socketUrl())})`)).toBe('refused');
  await page.close();
});

it('a DNS-rebinding name pointing at 127.0.0.1 gets neither the page nor the socket', async () => {
  const page = await browser.newPage();
  const response = await page.goto(`http://rebind.test:${host.port}/`);
  expect(response?.status()).toBe(421);
  expect(await page.content()).not.toContain('own page');
  const sameOriginSocket = `ws://rebind.test:${host.port}${WIRE_PATH}?token=${host.token}`;
  expect(await page.evaluate(`(${PROBE})(${JSON.stringify(sameOriginSocket)})`)).toBe('refused');
  await page.close();
});
