// The web transport's client against a real WebSocket server on 127.0.0.1 (the `ws` package
// stands in for the browser's WebSocket; the host's own behaviour is covered by its tests).
import { afterEach, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { WebSocket, WebSocketServer } from 'ws';
import {
  createSocketClient,
  type SocketClient,
  type SocketHandlers,
  type SocketLike,
  type TransportState,
} from '../../../renderer/src/bridge/socket-client';

function nodeSocket(url: string, handlers: SocketHandlers): SocketLike {
  const ws = new WebSocket(url);
  ws.on('open', () => handlers.open());
  ws.on('message', (data) => handlers.message(String(data)));
  ws.on('close', (code, reason) => handlers.close(code, reason.toString()));
  ws.on('error', () => undefined); // the close event follows
  return { isOpen: () => ws.readyState === WebSocket.OPEN, send: (data) => ws.send(data), close: (code, reason) => ws.close(code, reason) };
}

interface TestServer {
  wss: WebSocketServer;
  url: string;
  received: Record<string, unknown>[];
}

async function startServer(onCall: (call: Record<string, unknown>, socket: WebSocket) => void, port = 0): Promise<TestServer> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  const received: Record<string, unknown>[] = [];
  wss.on('connection', (socket) => {
    socket.on('message', (data) => {
      const call = JSON.parse(String(data)) as Record<string, unknown>;
      received.push(call);
      onCall(call, socket);
    });
  });
  return { wss, url: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}/contract?token=t`, received };
}

const echo = (call: Record<string, unknown>, socket: WebSocket) =>
  socket.send(JSON.stringify({ type: 'result', id: call.id, result: { ok: true, value: { op: call.op, request: call.request ?? null } } }));

function waitForState(client: SocketClient, kind: TransportState['kind']): Promise<TransportState> {
  if (client.state().kind === kind) return Promise.resolve(client.state());
  return new Promise((resolve) => {
    const stop = client.onState((state) => {
      if (state.kind !== kind) return;
      stop();
      resolve(state);
    });
  });
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function track(server: TestServer, client?: SocketClient): void {
  cleanups.push(() => new Promise<void>((resolve) => {
    for (const socket of server.wss.clients) socket.terminate();
    server.wss.close(() => resolve());
  }));
  if (client) cleanups.push(() => client.close());
}

describe('createSocketClient', () => {
  it('answers each call with the result of the same id, sending no request for void operations', async () => {
    const server = await startServer(echo);
    const client = createSocketClient({ url: server.url, createSocket: nodeSocket, backoffMs: () => 20 });
    track(server, client);
    const [list, remove] = await Promise.all([client.call('listProfiles', undefined), client.call('removeProfile', { id: 'p1' })]);
    expect(list).toEqual({ ok: true, value: { op: 'listProfiles', request: null } });
    expect(remove).toEqual({ ok: true, value: { op: 'removeProfile', request: { id: 'p1' } } });
    expect(server.received.map((call) => Object.keys(call).sort())).toEqual([['id', 'op', 'type'], ['id', 'op', 'request', 'type']]);
    expect(client.state()).toEqual({ kind: 'ready' });
  });

  it('delivers events to their listeners until unsubscribed, and ignores frames that are not the wire format', async () => {
    const server = await startServer((call, socket) => {
      socket.send('not json');
      socket.send(JSON.stringify({ type: 'event', event: 'noSuchEvent', payload: {} }));
      socket.send(JSON.stringify({ type: 'event', event: 'profilesChanged', payload: { activeProfileId: 'p2' } }));
      echo(call, socket);
    });
    const client = createSocketClient({ url: server.url, createSocket: nodeSocket, backoffMs: () => 20 });
    track(server, client);
    const seen: unknown[] = [];
    const stop = client.on('profilesChanged', (payload) => seen.push(payload));
    await client.call('getAppInfo', undefined);
    expect(seen).toEqual([{ activeProfileId: 'p2' }]);
    stop();
    await client.call('getAppInfo', undefined);
    expect(seen).toHaveLength(1);
  });

  it('fails a call in flight as CONNECTION_LOST when the socket drops, never re-sends it, and reconnects', async () => {
    let dropNext = true;
    const server = await startServer((call, socket) => {
      if (dropNext) {
        dropNext = false;
        socket.terminate();
        return;
      }
      echo(call, socket);
    });
    const client = createSocketClient({ url: server.url, createSocket: nodeSocket, backoffMs: () => 20 });
    track(server, client);
    const states: string[] = [];
    client.onState((state) => states.push(state.kind));

    const lost = await client.call('createProfile', { name: 'x' });
    expect(lost).toMatchObject({ ok: false, error: { code: 'CONNECTION_LOST' } });
    await waitForState(client, 'ready');
    expect(await client.call('listProfiles', undefined)).toMatchObject({ ok: true });
    expect(server.received.map((call) => call.op)).toEqual(['createProfile', 'listProfiles']);
    expect(states).toEqual(['ready', 'reconnecting', 'ready']);
  });

  it('says which try it is on after a drop: the first retry is attempt 1, each failed one counts the next', async () => {
    const server = await startServer((_call, socket) => {
      // The host goes away: the socket drops and nothing listens any more.
      socket.terminate();
      server.wss.close();
    });
    let sockets = 0;
    const client = createSocketClient({
      url: server.url,
      createSocket: (url, handlers) => (sockets++, nodeSocket(url, handlers)),
      backoffMs: () => 10,
    });
    cleanups.push(() => client.close());
    const shown: Array<{ attempt: number; socketsMade: number }> = [];
    const thirdTry = new Promise<void>((resolve) =>
      client.onState((state) => {
        if (state.kind !== 'reconnecting') return;
        shown.push({ attempt: state.attempt, socketsMade: sockets });
        if (state.attempt === 3) resolve();
      }),
    );
    await waitForState(client, 'ready');
    await client.call('listProfiles', undefined);
    await thirdTry;
    // Each try is announced as it is scheduled, before its socket is made.
    expect(shown).toEqual([
      { attempt: 1, socketsMade: 1 },
      { attempt: 2, socketsMade: 2 },
      { attempt: 3, socketsMade: 3 },
    ]);
  });

  it('stops and says refused when the host closes with an auth code', async () => {
    const server = await startServer(() => undefined);
    server.wss.on('connection', (socket) => socket.close(4401, 'Unknown token'));
    let attempts = 0;
    const client = createSocketClient({
      url: server.url,
      createSocket: (url, handlers) => (attempts++, nodeSocket(url, handlers)),
      backoffMs: () => 10,
    });
    track(server, client);
    expect(await waitForState(client, 'refused')).toEqual({ kind: 'refused', reason: 'Unknown token' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(attempts).toBe(1);
  });

  it('keeps trying while the host is unreachable and sends the waiting call once it answers', async () => {
    const probe = await startServer(() => undefined);
    const port = (probe.wss.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.wss.close(() => resolve()));

    const client = createSocketClient({ url: probe.url, createSocket: nodeSocket, backoffMs: () => 20 });
    cleanups.push(() => client.close());
    const answer = client.call('getAppInfo', undefined);
    const unreachable = await waitForState(client, 'unreachable');
    expect(unreachable).toMatchObject({ kind: 'unreachable', attempt: 1 });

    const server = await startServer(echo, port);
    track(server);
    expect(await answer).toEqual({ ok: true, value: { op: 'getAppInfo', request: null } });
    expect(server.received).toHaveLength(1);
  });
});
