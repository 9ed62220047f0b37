// Version 2 stream trouble the sandbox does not stage, played by a small JSON-RPC server started
// here: an order-book sequence gap (repaired from a fresh snapshot, counted in resyncs), a book
// that stalls, and a connection that goes silent (dropped and reconnected by the watchdog).
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { ServiceClock } from '../../../main/exchange/clock';
import { RateLimiter } from '../../../main/exchange/limiter';
import { silentLogger } from '../../../main/exchange/log';
import type { BookView } from '../../../main/exchange/stream/order-book';
import type { StreamSettings } from '../../../main/exchange/v3/stream-settings';
import { streamCallsV2 } from '../../../main/exchange/v2/streams';

let server: WebSocketServer | undefined;
afterEach(() => new Promise<void>((resolve) => (server === undefined ? resolve() : server.close(() => resolve()))));

interface FakeService {
  settings: StreamSettings;
  /** Every request as 'path method', in order. */
  received: string[];
}

/** A v2 public location that answers every request with result true and lets the test push notifications. */
async function fakeService(onRequest: (socket: WebSocket, method: string, count: number) => void, overrides: Partial<StreamSettings> = {}): Promise<FakeService> {
  const received: string[] = [];
  const counts = new Map<string, number>();
  server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  server.on('connection', (socket: WebSocket, request) => {
    socket.on('message', (raw) => {
      const message = JSON.parse(raw.toString()) as { method: string; id: string };
      received.push(`${request.url ?? ''} ${message.method}`);
      socket.send(JSON.stringify({ jsonrpc: '2.0', result: true, id: message.id }));
      const count = (counts.get(message.method) ?? 0) + 1;
      counts.set(message.method, count);
      onRequest(socket, message.method, count);
    });
  });
  await new Promise((resolve) => server?.once('listening', resolve));
  const settings: StreamSettings = {
    wsUrl: `ws://127.0.0.1:${(server.address() as AddressInfo).port}`, logger: silentLogger, limiter: new RateLimiter(), clock: new ServiceClock(),
    backoff: { baseMs: 50, capMs: 100, maxAttempts: Number.POSITIVE_INFINITY }, ...overrides,
  };
  return { settings, received };
}

function bookNotification(method: 'snapshotOrderbook' | 'updateOrderbook', sequence: number, ask: string): string {
  return JSON.stringify({
    jsonrpc: '2.0', method,
    params: { ask: [{ price: ask, size: '1' }], bid: [{ price: '100', size: '1' }], symbol: 'BTCUSDT', sequence, timestamp: new Date(1_700_000_000_000 + sequence).toISOString() },
  });
}

const eventually = (check: () => void): Promise<void> => vi.waitFor(check, { timeout: 5_000, interval: 20 });

describe('version 2 order book sequence gap', () => {
  it('asks for a fresh snapshot with unsubscribeOrderbook and subscribeOrderbook and resumes from it', async () => {
    const { settings, received } = await fakeService((socket, method, count) => {
      if (method !== 'subscribeOrderbook') return;
      if (count === 1) {
        socket.send(bookNotification('snapshotOrderbook', 1, '101'));
        socket.send(bookNotification('updateOrderbook', 2, '102'));
        socket.send(bookNotification('updateOrderbook', 4, '104'));
      } else {
        socket.send(bookNotification('snapshotOrderbook', 40, '140'));
        socket.send(bookNotification('updateOrderbook', 41, '141'));
      }
    });
    const stream = streamCallsV2(settings).publicStream();
    try {
      await stream.live();
      const views: BookView[] = [];
      await stream.orderBook('BTCUSDT', (view) => views.push(view));
      await eventually(() => expect(views.map((view) => view.sequence)).toEqual([1, 2, 40, 41]));
      expect(views.map((view) => view.asks.map(([price]) => price.toFixed()))).toEqual([['101'], ['101', '102'], ['140'], ['140', '141']]);
      expect(received).toEqual(['/api/2/ws/public subscribeOrderbook', '/api/2/ws/public unsubscribeOrderbook', '/api/2/ws/public subscribeOrderbook']);
      expect(stream.resyncs).toBe(1);
    } finally {
      stream.close();
    }
  });

  it('re-fetches a book that has gone silent while the connection stays up', async () => {
    const { settings, received } = await fakeService((socket, method, count) => {
      if (method === 'subscribeOrderbook') socket.send(bookNotification('snapshotOrderbook', count * 100, '101'));
    }, { bookStallMs: 300 });
    const stream = streamCallsV2(settings).publicStream();
    try {
      await stream.live();
      const sequences: number[] = [];
      await stream.orderBook('BTCUSDT', (view) => sequences.push(view.sequence));
      await eventually(() => expect(sequences.slice(0, 2)).toEqual([100, 200]));
      expect(received.slice(0, 3).map((line) => line.split(' ')[1])).toEqual(['subscribeOrderbook', 'unsubscribeOrderbook', 'subscribeOrderbook']);
    } finally {
      stream.close();
    }
  });
});

describe('version 2 watchdog', () => {
  it('drops a silent connection, reconnects, and subscribes its candles again', async () => {
    const { settings, received } = await fakeService(() => undefined, { silenceMs: 300 });
    const stream = streamCallsV2(settings).publicStream();
    try {
      const states: string[] = [];
      stream.onState((event) => states.push(event.state));
      await stream.live();
      await stream.subscribe('candles/M30', { symbols: ['BTCUSDT'], limit: 2 }, () => undefined);
      await eventually(() => expect(stream.connections).toBeGreaterThanOrEqual(2));
      await eventually(() => expect(received.filter((line) => line.endsWith('subscribeCandles')).length).toBeGreaterThanOrEqual(2));
      expect(states).toEqual(expect.arrayContaining(['live', 'down', 'connecting']));
    } finally {
      stream.close();
    }
  });
});
