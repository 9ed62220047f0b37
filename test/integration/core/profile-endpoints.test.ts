// Where a profile's key may go, through the app core: real SQLite, the real keytar store on a
// private keyring, the sandbox over loopback, and a second local server that records every header,
// body and stream frame it is sent. A profile moved to that server without its secret typed again
// must not reach it at all, and once moved with a new secret nothing signed with the old one arrives.
import { createHmac } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import keytar from 'keytar';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { startSandbox, type RunningSandbox } from '../../../main/sandbox/index';
import type { AuthMethod, Profile, Result } from '../../../preload/contract';
import { startPrivateBus, type PrivateBus } from '../keychain/private-keyring';
import { createCoreFixture, validInput, type CoreFixture } from './core-fixture';

interface Seen {
  kind: 'http' | 'ws-open' | 'ws-frame';
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

interface Recorder {
  restUrl: string;
  wsUrl: string;
  seen: Seen[];
  /** Answers every HTTP call 200 with an empty list while set, so a key tried there is not refused. */
  accepting: boolean;
  close(): Promise<void>;
}

/** A stand-in service that records everything and refuses every key, like a server that is not the user's. */
async function startRecorder(): Promise<Recorder> {
  const seen: Seen[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      seen.push({ kind: 'http', method: request.method ?? '', url: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      if (recorder.accepting) {
        response.writeHead(200, { 'Content-Type': 'application/json' });
        response.end('[]');
        return;
      }
      response.writeHead(401, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ error: { code: 1002, message: 'Authorization failed', description: 'recorder' } }));
    });
  });
  const sockets = new WebSocketServer({ server });
  sockets.on('connection', (socket, request) => {
    seen.push({ kind: 'ws-open', method: 'GET', url: request.url ?? '', headers: request.headers, body: '' });
    socket.on('message', (data: Buffer) => {
      const text = data.toString('utf8');
      seen.push({ kind: 'ws-frame', method: '', url: request.url ?? '', headers: {}, body: text });
      const id = (JSON.parse(text) as { id?: unknown }).id;
      if (id !== undefined) socket.send(JSON.stringify({ jsonrpc: '2.0', id, error: { code: 1002, message: 'Authorization failed' } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const recorder: Recorder = {
    restUrl: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}`,
    seen,
    accepting: false,
    close: async () => {
      for (const client of sockets.clients) client.terminate();
      sockets.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return recorder;
}

const hmac = (secret: string, message: string) => createHmac('sha256', secret).update(message, 'utf8').digest('hex');

/** The secret that signed one recorded request or login, checked against the candidates (SUPPLEMENT §1, §2). */
function signerOf(entry: Seen, candidates: Record<string, string>): string[] {
  const matches = (test: (secret: string) => boolean) => Object.entries(candidates).filter(([, secret]) => test(secret)).map(([name]) => name);
  if (entry.kind === 'http') {
    const authorization = entry.headers.authorization;
    if (authorization === undefined) return [];
    const [scheme, encoded = ''] = authorization.split(' ');
    const decoded = Buffer.from(encoded, 'base64').toString('utf8');
    if (scheme === 'Basic') return matches((secret) => decoded.endsWith(`:${secret}`));
    const [, signature, timestamp, window = ''] = decoded.split(':');
    const [path = '', query = ''] = entry.url.split('?');
    const signed = `${entry.method}${path}${entry.method === 'GET' && query ? `?${query}` : ''}${entry.method === 'GET' ? '' : entry.body}${timestamp}${window}`;
    return matches((secret) => hmac(secret, signed) === signature);
  }
  if (entry.kind === 'ws-frame') {
    const frame = JSON.parse(entry.body) as { method?: string; params?: Record<string, unknown> };
    if (frame.method !== 'login' || frame.params === undefined) return [];
    const params = frame.params;
    if (params.type === 'BASIC') return matches((secret) => params.secret_key === secret);
    return matches((secret) => hmac(secret, `${String(params.timestamp)}${String(params.window ?? '')}`) === params.signature);
  }
  return [];
}

let bus: PrivateBus;
let sandbox: RunningSandbox;
let recorder: Recorder;
let fixture: CoreFixture;

beforeAll(async () => {
  bus = await startPrivateBus();
  Object.assign(process.env, bus.env);
  sandbox = await startSandbox({ lightSeed: true });
});
afterAll(async () => {
  await sandbox?.close();
  await bus?.stop();
});
beforeEach(async () => {
  fixture = await createCoreFixture();
  recorder = await startRecorder();
});
afterEach(async () => {
  await fixture.dispose();
  await recorder.close();
});

const call = (op: string, request?: unknown) => fixture.core.dispatch(op, request);
const keychainSecret = (id: string) => keytar.getPassword('coffer', `profile:${id}`);

function valueOf<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected ok, got ${JSON.stringify(result.error)}`);
  return result.value;
}

async function until(condition: () => boolean, what: string, timeoutMs = 8_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function dataFilesContain(text: string): string[] {
  // Every file, the profiles' history stores in their own folder included.
  return readdirSync(fixture.dataDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => statSync(join(fixture.dataDir, file)).isFile() && readFileSync(join(fixture.dataDir, file)).includes(text));
}

describe('endpoints a key may be sent to', () => {
  it('refuses plain http and ws to another computer on their fields, and stores nothing', async () => {
    const rest = await call('createProfile', validInput({ restUrl: 'http://api.example.com' }));
    expect(rest).toMatchObject({ ok: false, error: { code: 'VALIDATION', field: 'restUrl', message: expect.stringMatching(/^Use https:\/\//) } });
    const stream = await call('createProfile', validInput({ streamUrl: 'ws://stream.example.com' }));
    expect(stream).toMatchObject({ ok: false, error: { code: 'VALIDATION', field: 'streamUrl' } });
    expect(await call('listProfiles')).toEqual({ ok: true, value: [] });
  });

  it('refuses a password in a URL without echoing it, and it never reaches coffer.db', async () => {
    const result = await call('createProfile', validInput({ restUrl: 'https://ops:URL-PASSWORD-77@api.example.com' }));
    expect(result).toMatchObject({ ok: false, error: { code: 'VALIDATION', field: 'restUrl' } });
    expect(JSON.stringify(result)).not.toContain('URL-PASSWORD-77');
    const created = valueOf(await call('createProfile', validInput())) as Profile;
    const edit = await call('updateProfile', { ...validInput({ streamUrl: 'wss://ops:URL-PASSWORD-77@stream.example.com' }), id: created.id });
    expect(edit).toMatchObject({ ok: false, error: { field: 'streamUrl' } });
    expect(JSON.stringify(edit)).not.toContain('URL-PASSWORD-77');
    await fixture.reopen();
    expect(dataFilesContain('URL-PASSWORD-77')).toEqual([]);
  });

  it('are enforced by the profile service itself, whoever calls it', async () => {
    const service = fixture.core.profiles;
    await expect(service.create(validInput({ restUrl: 'http://api.example.com' }))).rejects.toMatchObject({ code: 'VALIDATION', field: 'restUrl' });
    await expect(service.create(validInput({ streamUrl: 'wss://u:p@stream.example.com' }))).rejects.toMatchObject({ field: 'streamUrl' });
    await expect(service.create(validInput({ authMethod: 'BASIC', streamUrl: 'ws://stream.example.com' }))).rejects.toMatchObject({ field: 'streamUrl' });
    const { keyCheck: _check, ...created } = await service.create(validInput());
    await expect(service.update({ ...validInput({ restUrl: 'http://api.example.com' }), id: created.id })).rejects.toMatchObject({ field: 'restUrl' });
    expect(service.list()).toEqual([created]);
  });

  it('lets the sandbox on loopback be reached over plain http and ws', async () => {
    const created = valueOf(await call('createProfile', validInput({
      restUrl: sandbox.restUrl, streamUrl: sandbox.wsUrl, publicKey: sandbox.master.apiKey, secretKey: sandbox.master.secretKey,
    }))) as Profile;
    expect(created.restUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(valueOf(await call('checkProfileRights', { id: created.id }))).toMatchObject({ undetermined: [] });
  });
});

describe('moving a profile to another host', () => {
  it.each(['HS256', 'BASIC'] as AuthMethod[])('with %s: refused without the secret, and the old secret never reaches the new host', async (authMethod) => {
    const oldSecret = sandbox.master.secretKey;
    const newSecret = `typed-again-for-the-new-host-${authMethod}`;
    const atSandbox = { restUrl: sandbox.restUrl, streamUrl: sandbox.wsUrl, authMethod, publicKey: sandbox.master.apiKey };
    const profile = valueOf(await call('createProfile', validInput({ ...atSandbox, secretKey: oldSecret }))) as Profile;
    valueOf(await call('activateProfile', { id: profile.id }));
    valueOf(await call('getWalletOverview', { valuationCurrency: 'USD' })); // the old secret works where it belongs

    // Another origin for REST, for the stream, or for both: each refused on the secret field.
    const { secretKey: _none, ...withoutSecret } = validInput(atSandbox);
    for (const moved of [
      { restUrl: recorder.restUrl },
      { streamUrl: recorder.wsUrl },
      { restUrl: recorder.restUrl, streamUrl: recorder.wsUrl },
    ]) {
      for (const secretKey of [undefined, '']) {
        const refused = await call('updateProfile', { ...withoutSecret, ...moved, id: profile.id, ...(secretKey === undefined ? {} : { secretKey }) });
        expect(refused, JSON.stringify(moved)).toEqual({
          ok: false,
          error: { code: 'VALIDATION', field: 'secretKey', message: 'Enter the secret again: the stored secret is never sent to a new host' },
        });
      }
    }
    // Nothing changed, and the profile keeps working where it was.
    const [stored] = valueOf(await call('listProfiles')) as Profile[];
    expect(stored).toMatchObject({ restUrl: sandbox.restUrl, streamUrl: sandbox.wsUrl, updatedAt: profile.updatedAt });
    expect(await keychainSecret(profile.id)).toBe(oldSecret);
    valueOf(await call('getWalletOverview', { valuationCurrency: 'USD' }));
    valueOf(await call('checkProfileRights', { id: profile.id }));
    expect(recorder.seen).toEqual([]);

    // With the secret typed again the move is accepted; everything that then reaches the new host
    // is signed with the new secret, and nothing with the old one.
    // The new key is tried at the new host before the move is saved: refused there, nothing moves.
    const movedTo = { ...withoutSecret, restUrl: recorder.restUrl, streamUrl: recorder.wsUrl, id: profile.id, secretKey: newSecret };
    expect(await call('updateProfile', movedTo)).toMatchObject({ ok: false, error: { code: 'API_1002', field: 'secretKey' } });
    expect(await keychainSecret(profile.id)).toBe(oldSecret);
    recorder.accepting = true; // a host that takes the key: the move is saved
    const moved = valueOf(await call('updateProfile', movedTo)) as Profile;
    recorder.accepting = false;
    expect(moved).toMatchObject({ restUrl: recorder.restUrl, streamUrl: recorder.wsUrl, hasSecret: true });
    expect(await keychainSecret(profile.id)).toBe(newSecret);
    expect(await call('getWalletOverview', { valuationCurrency: 'USD' })).toMatchObject({ ok: false });
    expect(await call('checkProfileRights', { id: profile.id })).toMatchObject({ ok: false });
    await until(() => recorder.seen.some((entry) => entry.kind === 'ws-frame' && entry.body.includes('"login"')), 'a stream login at the new host');

    const signed = recorder.seen.map((entry) => ({ entry, signers: signerOf(entry, { old: oldSecret, new: newSecret }) }))
      .filter(({ entry }) => entry.headers.authorization !== undefined || entry.body.includes('"login"'));
    expect(signed.filter(({ entry }) => entry.kind === 'http').length).toBeGreaterThan(0);
    expect(signed.filter(({ entry }) => entry.kind === 'ws-frame').length).toBeGreaterThan(0);
    for (const { entry, signers } of signed) expect(signers, `${entry.kind} ${entry.method} ${entry.url}`).toEqual(['new']);
    const everything = JSON.stringify(recorder.seen);
    expect(everything).not.toContain(oldSecret);
    expect(everything).not.toContain(Buffer.from(`${sandbox.master.apiKey}:${oldSecret}`).toString('base64'));
  });

  it('keeps the stored secret for an edit on the same host', async () => {
    const created = valueOf(await call('createProfile', validInput({ restUrl: 'https://api.example.com/v3' }))) as Profile;
    const { secretKey: _none, ...withoutSecret } = validInput({ name: 'Renamed', restUrl: 'https://API.example.com:443/v4' });
    const updated = valueOf(await call('updateProfile', { ...withoutSecret, id: created.id })) as Profile;
    expect(updated).toMatchObject({ name: 'Renamed', restUrl: 'https://API.example.com:443/v4' });
    expect(await keychainSecret(created.id)).toBe('very-secret-key-value-9f8e7d');
  });
});
