// The web host answers every call and survives what nobody caught: a dispatch that rejects or an
// answer with no JSON form still gets a result of the call's id, an upgrade to a target no URL can
// be made of is refused, and a stray rejection or exception is logged while the process goes on.
import { spawnSync } from 'node:child_process';
import { EventEmitter } from 'node:events';
import type { IncomingMessage } from 'node:http';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import type { Dispatch } from '../../../main/core/dispatch';
import { upgradeRefusal } from '../../../main/host/web-server';
import { attachWireSession } from '../../../main/host/wire-session';
import type { WireResult } from '../../../preload/contract/wire';

const ROOT = resolve(__dirname, '../../..');

/** Just enough of a ws socket for a wire session: what it sends is kept. */
function fakeSocket() {
  const socket = Object.assign(new EventEmitter(), { OPEN: 1, readyState: 1, sent: [] as WireResult[] });
  const send = (text: string) => socket.sent.push(JSON.parse(text) as WireResult);
  return Object.assign(socket, { send });
}

async function callThrough(dispatch: Dispatch, message: object) {
  const socket = fakeSocket();
  attachWireSession(socket as unknown as WebSocket, { connect: () => ({ dispatch, close: () => undefined }) });
  socket.emit('message', Buffer.from(JSON.stringify(message)), false);
  await vi.waitFor(() => expect(socket.sent).toHaveLength(1));
  return socket.sent[0];
}

afterEach(() => vi.restoreAllMocks());

describe('a wire session', () => {
  it('answers a call whose dispatch rejects with INTERNAL under the call’s id, naming no detail', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const answer = await callThrough(() => Promise.reject(new Error('detail at /home/secret')), { type: 'call', id: 7, op: 'listProfiles' });
    expect(answer).toEqual({ type: 'result', id: 7, result: { ok: false, error: { code: 'INTERNAL', message: expect.any(String) } } });
    expect(JSON.stringify(answer)).not.toContain('secret');
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('listProfiles failed unexpectedly: Error: detail at /home/secret'));
  });

  it('answers a result that has no JSON form with INTERNAL instead of dropping the call', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const answer = await callThrough(async () => ({ ok: true, value: 10n }), { type: 'call', id: 8, op: 'getAppInfo' });
    expect(answer).toMatchObject({ id: 8, result: { ok: false, error: { code: 'INTERNAL' } } });
  });
});

describe('an upgrade', () => {
  const request = (url: string) => ({ url, headers: { host: '127.0.0.1:4000', origin: 'http://127.0.0.1:4000' } }) as IncomingMessage;

  it.each(['//[', '//x:bad', 'http://[::1'])('to the target %j is refused with 400, not thrown', (target) => {
    expect(upgradeRefusal(request(target), 4000, 'token')).toEqual({ status: 400, reason: 'Bad Request' });
  });
});

describe('the host process', () => {
  it('logs a stray rejection and a stray exception, and goes on', () => {
    const script = `
      const { surviveStrayErrors } = require(${JSON.stringify(join(ROOT, 'main/host/process-guard.ts'))});
      surviveStrayErrors();
      Promise.reject(new Error('nobody awaited this'));
      setTimeout(() => { throw new TypeError('thrown from a timer'); }, 10);
      setTimeout(() => console.log('still serving'), 50);
    `;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], { cwd: ROOT, encoding: 'utf8', timeout: 20_000 });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('still serving');
    expect(run.stderr).toContain('[host] survived an unhandled rejection: Error: nobody awaited this');
    expect(run.stderr).toContain('[host] survived an uncaught exception: TypeError: thrown from a timer');
  });
});
