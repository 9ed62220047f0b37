// A sequence gap in the full order book, played by a small WebSocket server started here (the
// sandbox never skips a number): the client must ask for a fresh snapshot and resume from it.
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { createV3Api } from '../../../main/exchange/v3/api';
import type { BookView } from '../../../main/exchange/stream/order-book';

let server: WebSocketServer | undefined;
afterEach(() => new Promise<void>((resolve) => (server === undefined ? resolve() : server.close(() => resolve()))));

const book = (s: number, ask: string) => ({ BTCUSDT: { t: 1_700_000_000_000 + s, s, a: [[ask, '1']], b: [['100', '1']] } });

describe('order book sequence gap', () => {
  it('asks for a fresh snapshot and resumes from it', async () => {
    const received: string[] = [];
    let subscribes = 0;
    server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    server.on('connection', (socket: WebSocket) => {
      socket.on('message', (raw) => {
        const message = JSON.parse(raw.toString()) as { method: string; ch: string; id: string };
        received.push(`${message.method} ${message.ch}`);
        socket.send(JSON.stringify({ result: { ch: message.ch, subscriptions: ['BTCUSDT'] }, id: message.id }));
        if (message.method !== 'subscribe') return;
        subscribes += 1;
        if (subscribes === 1) {
          socket.send(JSON.stringify({ ch: 'orderbook/full', snapshot: book(1, '101') }));
          socket.send(JSON.stringify({ ch: 'orderbook/full', update: book(2, '102') }));
          socket.send(JSON.stringify({ ch: 'orderbook/full', update: book(4, '104') }));
        } else {
          socket.send(JSON.stringify({ ch: 'orderbook/full', snapshot: book(40, '140') }));
          socket.send(JSON.stringify({ ch: 'orderbook/full', update: book(41, '141') }));
        }
      });
    });
    await new Promise((resolve) => server?.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
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
