// Order-book trouble the sandbox does not stage, played by a small WebSocket server started here:
// a sequence gap and a silent stall. Either way the client asks for a fresh snapshot.
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { createV3Api } from '../../../main/exchange/v3/api';
import type { BookView } from '../../../main/exchange/stream/order-book';

let server: WebSocketServer | undefined;
afterEach(() => new Promise<void>((resolve) => (server === undefined ? resolve() : server.close(() => resolve()))));

const book = (s: number, ask: string) => ({ BTCUSDT: { t: 1_700_000_000_000 + s, s, a: [[ask, '1']], b: [['100', '1']] } });

async function bookServer(onSubscribe: (socket: WebSocket, count: number) => void): Promise<{ port: number; received: string[] }> {
  const received: string[] = [];
  let subscribes = 0;
  server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  server.on('connection', (socket: WebSocket) => {
    socket.on('message', (raw) => {
      const message = JSON.parse(raw.toString()) as { method: string; ch: string; id: string };
      received.push(`${message.method} ${message.ch}`);
      socket.send(JSON.stringify({ result: { ch: message.ch, subscriptions: ['BTCUSDT'] }, id: message.id }));
      if (message.method === 'subscribe') onSubscribe(socket, (subscribes += 1));
    });
  });
  await new Promise((resolve) => server?.once('listening', resolve));
  return { port: (server.address() as AddressInfo).port, received };
}

describe('order book stall', () => {
  it('re-fetches a book that has gone silent while the connection stays up', async () => {
    const { port, received } = await bookServer((socket, count) => {
      socket.send(JSON.stringify({ ch: 'orderbook/full', snapshot: book(count * 100, '101') }));
    });
    const api = createV3Api({ baseUrl: `http://127.0.0.1:${port}`, wsUrl: `ws://127.0.0.1:${port}`, bookStallMs: 300 });
    const stream = api.publicStream();
    await stream.live();
    const sequences: number[] = [];
    await new Promise<void>((resolve) => {
      void stream.orderBook('BTCUSDT', (view: BookView) => {
        sequences.push(view.sequence);
        if (view.sequence === 200) resolve();
      });
    });
    expect(sequences.slice(0, 2)).toEqual([100, 200]);
    expect(received.slice(0, 3)).toEqual(['subscribe orderbook/full', 'unsubscribe orderbook/full', 'subscribe orderbook/full']);
    stream.close();
  });
});

describe('order book sequence gap', () => {
  it('asks for a fresh snapshot and resumes from it', async () => {
    const { port, received } = await bookServer((socket, count) => {
      const send = (kind: string, s: number, ask: string) => socket.send(JSON.stringify({ ch: 'orderbook/full', [kind]: book(s, ask) }));
      if (count === 1) {
        send('snapshot', 1, '101');
        send('update', 2, '102');
        send('update', 4, '104');
      } else {
        send('snapshot', 40, '140');
        send('update', 41, '141');
      }
    });
    const api = createV3Api({ baseUrl: `http://127.0.0.1:${port}`, wsUrl: `ws://127.0.0.1:${port}` });
    const stream = api.publicStream();
    await stream.live();
    const sequences: number[] = [];
    await new Promise<void>((resolve) => {
      void stream.orderBook('BTCUSDT', (view: BookView) => {
        sequences.push(view.sequence);
        if (view.sequence === 41) resolve();
      });
    });
    expect(sequences).toEqual([1, 2, 40, 41]);
    expect(received).toEqual(['subscribe orderbook/full', 'unsubscribe orderbook/full', 'subscribe orderbook/full']);
    expect(stream.resyncs).toBe(1);
    stream.close();
  });
});
