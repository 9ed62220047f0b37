// The web host over real sockets on 127.0.0.1: it serves the renderer with the CSP header,
// carries the contract over the WebSocket, and refuses bad tokens, missing tokens, foreign
// Origins, foreign Hosts (DNS rebinding) and malformed payloads.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createCore, type Core } from '../../../main/core/app';
import { startHost, type RunningHost } from '../../../main/host/server';
import { WIRE_PATH } from '../../../preload/contract/wire';
import { connect, httpGet, ownHeaders, upgradeStatus } from './host-client';

let root: string;
let core: Core;
let host: RunningHost;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'coffer-host-'));
  const rendererDir = join(root, 'renderer');
  mkdirSync(join(rendererDir, 'assets'), { recursive: true });
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Coffer</title>');
  writeFileSync(join(rendererDir, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(root, 'secret.txt'), 'outside the renderer');
  core = await createCore({ dataDir: join(root, 'data'), transport: 'web' });
  host = await startHost({ dispatch: core.dispatch, events: core.events, rendererDir });
});

afterAll(async () => {
  await host?.close();
  await core?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('serving the renderer', () => {
  it('prints a launch URL with the token in the fragment', () => {
    expect(host.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#token=[A-Za-z0-9_-]+$/);
    expect(host.url).toBe(`http://127.0.0.1:${host.port}/#token=${host.token}`);
    expect(host.token.length).toBeGreaterThanOrEqual(43);
  });

  it('serves index.html and assets with the CSP header', async () => {
    const page = await httpGet(host.port, '/', { Host: `127.0.0.1:${host.port}` });
    expect(page.status).toBe(200);
    expect(page.body).toContain('<title>Coffer</title>');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain(`connect-src 'self' ws://127.0.0.1:${host.port}`);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    const asset = await httpGet(host.port, '/assets/app.js', { Host: `localhost:${host.port}` });
    expect(asset.status).toBe(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);
  });

  it('never serves a file outside the renderer folder', async () => {
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt']) {
      const reply = await httpGet(host.port, path, { Host: `127.0.0.1:${host.port}` });
      expect(reply.body).not.toContain('outside the renderer');
    }
    expect((await httpGet(host.port, '/assets/missing.js', { Host: `127.0.0.1:${host.port}` })).status).toBe(404);
  });

  it('refuses a foreign Host header (DNS rebinding) over HTTP', async () => {
    const reply = await httpGet(host.port, '/', { Host: `attacker.example:${host.port}` });
    expect(reply.status).toBe(421);
    expect(reply.body).not.toContain('Coffer');
    expect((await httpGet(host.port, '/', { Host: '127.0.0.1:1' })).status).toBe(421);
  });

  it('refuses a foreign Origin over HTTP', async () => {
    const reply = await httpGet(host.port, '/', { Host: `127.0.0.1:${host.port}`, Origin: 'http://attacker.example' });
    expect(reply.status).toBe(403);
  });
});

describe('admission to the contract socket', () => {
  const path = (token?: string) => (token === undefined ? WIRE_PATH : `${WIRE_PATH}?token=${token}`);

  it('accepts our own page with the right token', async () => {
    expect(await upgradeStatus(host.port, path(host.token), ownHeaders(host.port))).toBe(101);
    const localhost = { Host: `localhost:${host.port}`, Origin: `http://localhost:${host.port}` };
    expect(await upgradeStatus(host.port, path(host.token), localhost)).toBe(101);
  });

  it('refuses a socket without a token', async () => {
    expect(await upgradeStatus(host.port, path(), ownHeaders(host.port))).toBe(401);
    expect(await upgradeStatus(host.port, path(''), ownHeaders(host.port))).toBe(401);
  });

  it('refuses a bad token, including one that differs in the last character only', async () => {
    const last = host.token.at(-1) === 'A' ? 'B' : 'A';
    expect(await upgradeStatus(host.port, path(host.token.slice(0, -1) + last), ownHeaders(host.port))).toBe(401);
    expect(await upgradeStatus(host.port, path('x'), ownHeaders(host.port))).toBe(401);
  });

  it('refuses a foreign Origin, and a missing one, even with the right token', async () => {
    const foreign = { Host: `127.0.0.1:${host.port}`, Origin: 'http://attacker.example' };
    expect(await upgradeStatus(host.port, path(host.token), foreign)).toBe(403);
    const otherPort = { Host: `127.0.0.1:${host.port}`, Origin: `http://127.0.0.1:${host.port + 1}` };
    expect(await upgradeStatus(host.port, path(host.token), otherPort)).toBe(403);
    expect(await upgradeStatus(host.port, path(host.token), { Host: `127.0.0.1:${host.port}` })).toBe(403);
  });

  it('refuses a foreign Host header, even with the right token and Origin', async () => {
    const rebinding = { Host: `attacker.example:${host.port}`, Origin: `http://127.0.0.1:${host.port}` };
    expect(await upgradeStatus(host.port, path(host.token), rebinding)).toBe(421);
  });

  it('refuses upgrades on any other path', async () => {
    expect(await upgradeStatus(host.port, `/other?token=${host.token}`, ownHeaders(host.port))).toBe(404);
  });
});

describe('the contract over the socket', () => {
  it('answers a call with its result, tagged with the call id', async () => {
    const client = await connect(host.port, host.token);
    try {
      const info = await client.call('getAppInfo');
      expect(info).toEqual({
        ok: true,
        value: { version: expect.any(String), transport: 'web', activeProfileId: null, dataDir: join(root, 'data') },
      });
      expect(await client.call('listProfiles')).toEqual({ ok: true, value: [] });
    } finally {
      client.close();
    }
  });

  it('turns a bad payload into a VALIDATION result naming the field', async () => {
    const client = await connect(host.port, host.token);
    try {
      const bad = await client.call('createProfile', {
        name: 'Ops', apiVersion: '3', restUrl: 'ftp://x', streamUrl: 'wss://s.example', authMethod: 'HS256',
        publicKey: 'pk', secretKey: 'sk',
      });
      expect(bad).toEqual({ ok: false, error: { code: 'VALIDATION', message: expect.stringMatching(/http/), field: 'restUrl' } });
      expect(await client.call('removeProfile', {})).toMatchObject({ ok: false, error: { code: 'VALIDATION', field: 'id' } });
      expect(await client.call('noSuchOp')).toMatchObject({ ok: false, error: { code: 'UNKNOWN_OPERATION' } });
    } finally {
      client.close();
    }
  });

  it('answers malformed messages with VALIDATION instead of silence', async () => {
    const client = await connect(host.port, host.token);
    try {
      expect(await client.sendRaw('not json')).toMatchObject({ id: -1, result: { ok: false, error: { code: 'VALIDATION' } } });
      expect(await client.sendRaw(JSON.stringify({ type: 'call', id: 7 }))).toMatchObject({
        id: 7,
        result: { ok: false, error: { code: 'VALIDATION', field: 'op' } },
      });
      const fieldOf = async (message: unknown) => ((await client.sendRaw(JSON.stringify(message))).result as { error?: { field?: string } }).error?.field;
      expect(await fieldOf([1, 2])).toBe('message');
      expect(await fieldOf(null)).toBe('message');
      expect(await fieldOf({ id: 3, op: 'listProfiles' })).toBe('type');
      expect(await fieldOf({ type: 'event', id: 3, op: 'listProfiles' })).toBe('type');
      expect(await fieldOf({ type: 'call', id: -1, op: 'listProfiles' })).toBe('id');
      expect(await fieldOf({ type: 'call', id: 1.5, op: 'listProfiles' })).toBe('id');
      expect(await fieldOf({ type: 'call', id: '4', op: 'listProfiles' })).toBe('id');
      expect(await fieldOf({ type: 'call', id: 4, op: '' })).toBe('op');
      expect(await fieldOf({ type: 'call', id: 4, op: 5 })).toBe('op');
      expect(await client.sendRaw(JSON.stringify({ type: 'call', id: 9, op: 'listProfiles', extra: true }))).toEqual({
        type: 'result', id: 9, result: { ok: true, value: [] },
      });
      // The socket is still usable afterwards.
      expect(await client.call('listProfiles')).toEqual({ ok: true, value: [] });
    } finally {
      client.close();
    }
  });

  it('survives an oversized message: that socket is closed, the host keeps serving', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${host.port}${WIRE_PATH}?token=${host.token}`, {
      origin: `http://127.0.0.1:${host.port}`,
    });
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const closed = new Promise<number>((resolve) => ws.once('close', resolve));
    ws.send('x'.repeat(2 * 1024 * 1024));
    expect(await closed).toBe(1009);
    const client = await connect(host.port, host.token);
    expect(await client.call('listProfiles')).toEqual({ ok: true, value: [] });
    client.close();
  });

  it('pushes core events to every connected socket', async () => {
    const [first, second] = [await connect(host.port, host.token), await connect(host.port, host.token)];
    try {
      core.events.emit('profilesChanged', { activeProfileId: 'abc' });
      const expected = { type: 'event', event: 'profilesChanged', payload: { activeProfileId: 'abc' } };
      expect(await first.nextEvent()).toEqual(expected);
      expect(await second.nextEvent()).toEqual(expected);
    } finally {
      first.close();
      second.close();
    }
  });
});
