// Version 2 market-data stream (/api/2/ws/public, JSON-RPC 2.0): reply and error envelopes, the
// currency and symbol reads against /api/2/public, requests without id executed but never
// answered, and the order book, trades and candles feeds (snapshot, then updates).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Decimal from '../../../preload/contract/decimal';
import { startHarness, type Harness } from '../sandbox/harness';
import { TestSocket, type Message } from '../sandbox/ws-client';

let h: Harness;
const sockets: TestSocket[] = [];

async function open(path = '/api/2/ws/public'): Promise<TestSocket> {
  const socket = await TestSocket.open(h.sandbox.wsUrl + path);
  sockets.push(socket);
  return socket;
}

async function rest(path: string, query?: string): Promise<unknown> {
  const reply = await h.call('GET', path, { key: null, query });
  expect(reply.status).toBe(200);
  return reply.json;
}

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await h.close();
});

interface Level { price: string; size: string }
interface BookMessage { ask: Level[]; bid: Level[]; symbol: string; sequence: number; timestamp: string }

/** A client's copy of the book: levels by price, size "0" removes one. */
class ClientBook {
  readonly asks = new Map<string, string>();
  readonly bids = new Map<string, string>();
  sequence = 0;
  timestamp = '';

  apply(book: BookMessage): void {
    for (const [side, levels] of [[this.asks, book.ask], [this.bids, book.bid]] as const) {
      for (const { price, size } of levels) {
        if (new Decimal(size).isZero()) side.delete(price);
        else side.set(price, size);
      }
    }
    this.sequence = book.sequence;
    this.timestamp = book.timestamp;
  }

  view(): { ask: Level[]; bid: Level[] } {
    const sorted = (side: Map<string, string>, sign: number): Level[] =>
      [...side].map(([price, size]) => ({ price, size })).sort((a, b) => sign * new Decimal(a.price).cmp(b.price));
    return { ask: sorted(this.asks, 1), bid: sorted(this.bids, -1) };
  }
}

describe('envelopes and reads', () => {
  it('answers {jsonrpc, result, id} and errors as {jsonrpc, error{code, message, description}, id}', async () => {
    const ws = await open();
    expect(await ws.request('getSymbol', { symbol: 'ethbtc' }, 7)).toEqual({ jsonrpc: '2.0', result: await rest('/api/2/public/symbol/ETHBTC'), id: 7 });
    const unknown = await ws.request('getSymbol', { symbol: 'NOPE' }, 'a');
    expect(unknown).toEqual({ jsonrpc: '2.0', error: { code: 2001, message: 'Symbol not found', description: 'NOPE' }, id: 'a' });
    const missing = await ws.request('subscribeTrades', {}, 'b');
    expect(missing).toMatchObject({ jsonrpc: '2.0', error: { code: 10001, description: expect.stringMatching(/^symbol:/) }, id: 'b' });
    const limit = await ws.request('subscribeCandles', { symbol: 'BTCUSDT', limit: 5000 }, 'c');
    expect(limit).toMatchObject({ error: { code: 10001, description: expect.stringMatching(/^limit:/) } });
    const method = await ws.request('getEverything', {}, 'd');
    expect(method).toMatchObject({ error: { code: -32601, message: 'Method not found', description: expect.stringContaining('getEverything') }, id: 'd' });
    const privateMethod = await ws.request('getTradingBalance', {}, 'e');
    expect(privateMethod).toMatchObject({ error: { code: -32601 } });
  });

  it('reads currencies and symbols in the shapes of /api/2/public', async () => {
    const ws = await open();
    expect((await ws.request('getCurrencies')).result).toEqual(await rest('/api/2/public/currency'));
    expect((await ws.request('getCurrencies', { currency: 'BTC,usdt' })).result).toEqual(await rest('/api/2/public/currency', 'currencies=BTC,USDT'));
    expect((await ws.request('getCurrency', { currency: 'ETH' })).result).toEqual(await rest('/api/2/public/currency/ETH'));
    const extended = (await ws.request('getCurrency', { currency: 'USDT', extended: true })).result as Record<string, unknown>;
    expect(extended).toMatchObject({ ...(await rest('/api/2/public/currency/USDT') as object), sign: 'USDT', qrPrefix: 'tether:', isInstrumentsStable: true });
    expect(extended.cryptoExplorer).toContain('{tx}');
    expect(Object.keys(extended)).toEqual(expect.arrayContaining(['cryptoPaymentIdName', 'cryptoType']));
    const bitcoin = (await ws.request('getCurrencies', { currency: 'BTC', extended: true })).result as Record<string, unknown>[];
    expect(bitcoin).toEqual([expect.objectContaining({ id: 'BTC', isInstrumentsStable: false, qrPrefix: 'bitcoin:' })]);
    expect(await ws.request('getCurrency', { currency: 'XXX' })).toMatchObject({ error: { code: 2002 } });
    expect((await ws.request('getSymbols')).result).toEqual(await rest('/api/2/public/symbol'));
  });

  it('serves getTrades as {data, symbol} with the REST parameters', async () => {
    const ws = await open();
    const from = new Date(Date.now() - 3_600_000).toISOString();
    const reply = await ws.request('getTrades', { symbol: 'BTCUSDT', sort: 'ASC', from, limit: 3 });
    expect(reply.result).toEqual({ symbol: 'BTCUSDT', data: await rest('/api/2/public/trades/BTCUSDT', `sort=ASC&from=${from}&limit=3`) });
    expect((reply.result as { data: unknown[] }).data).toHaveLength(3);
    expect(await ws.request('getTrades', { symbol: 'BTCUSDT', by: 'size' })).toMatchObject({ error: { code: 10001, description: expect.stringMatching(/^by:/) } });
  });
});

describe('requests without id', () => {
  it('executes an id-less subscribeTicker: ticker notifications come, a result never does', async () => {
    const ws = await open();
    ws.send({ method: 'subscribeTicker', params: { symbol: 'ETHUSDT' } });
    const ticker = await ws.next((m) => m.method === 'ticker');
    expect(ticker).toEqual({ jsonrpc: '2.0', method: 'ticker', params: expect.objectContaining({ symbol: 'ETHUSDT', volumeQuote: expect.any(String) }) });
    expect(Object.keys(ticker.params as object).sort()).toEqual(['ask', 'bid', 'high', 'last', 'low', 'open', 'symbol', 'timestamp', 'volume', 'volumeQuote']);
    ws.send({ method: 'getSymbol', params: { symbol: 'NOPE' } }); // an error is not answered either
    expect(await ws.request('getSymbol', { symbol: 'ETHUSDT' }, 'probe')).toMatchObject({ id: 'probe' });
    expect(ws.messages.filter((m) => 'result' in m || 'error' in m)).toEqual([]);
    // One a second, until unsubscribed.
    await ws.next((m) => m.method === 'ticker', 2_500);
    expect(await ws.request('unsubscribeTicker', { symbol: 'ETHUSDT' }, 'stop')).toEqual({ jsonrpc: '2.0', result: true, id: 'stop' });
    ws.messages.length = 0;
    await new Promise((resolve) => setTimeout(resolve, 1_300));
    expect(ws.messages.filter((m) => m.method === 'ticker')).toEqual([]);
  });
});

describe('feeds', () => {
  it('keeps an order book from snapshot and updates equal to a fresh /api/2/public/orderbook read', async () => {
    const ws = await open();
    expect(await ws.request('subscribeOrderbook', { symbol: 'BTCUSDT' }, 1)).toEqual({ jsonrpc: '2.0', result: true, id: 1 });
    const snapshot = (await ws.next((m) => m.method === 'snapshotOrderbook')).params as BookMessage;
    expect(snapshot).toMatchObject({ symbol: 'BTCUSDT', sequence: expect.any(Number), timestamp: expect.any(String) });
    expect(snapshot.ask.length).toBeGreaterThan(10);
    const book = new ClientBook();
    book.apply(snapshot);
    const update = async (): Promise<BookMessage> => (await ws.next((m) => m.method === 'updateOrderbook')).params as BookMessage;
    // Apply a few updates first, checking each sequence follows the one before.
    for (let i = 0; i < 3; i += 1) {
      const next = await update();
      expect(next.symbol).toBe('BTCUSDT');
      expect(next.sequence).toBe(book.sequence + 1);
      book.apply(next);
    }
    const fresh = await rest('/api/2/public/orderbook/BTCUSDT', 'limit=0') as { ask: Level[]; bid: Level[]; timestamp: string };
    // The read moved the market to its own moment; the stream announces that moment too.
    while (book.timestamp < fresh.timestamp) {
      const next = await update();
      expect(next.sequence).toBe(book.sequence + 1);
      book.apply(next);
    }
    expect(book.timestamp).toBe(fresh.timestamp);
    expect(book.view()).toEqual({ ask: fresh.ask, bid: fresh.bid });
    expect(await ws.request('unsubscribeOrderbook', { symbol: 'BTCUSDT' })).toMatchObject({ result: true });
  });

  it('sends trades and candles snapshots, then updates as the market trades', async () => {
    const ws = await open('/api/2/ws');
    expect(await ws.request('subscribeTrades', { symbol: 'ETHUSDT', limit: 5 })).toMatchObject({ result: true });
    const trades = (await ws.next((m) => m.method === 'snapshotTrades')).params as { data: Record<string, unknown>[]; symbol: string };
    expect(trades.symbol).toBe('ETHUSDT');
    expect(trades.data).toHaveLength(5);
    expect(Object.keys(trades.data[0] ?? {}).sort()).toEqual(['id', 'price', 'quantity', 'side', 'timestamp']);
    const newest = await rest('/api/2/public/trades/ETHUSDT', 'limit=5&sort=ASC&from=' + String(trades.data[0]?.timestamp)) as unknown[];
    expect(newest).toEqual(trades.data);
    expect(await ws.request('subscribeCandles', { symbol: 'ETHUSDT', period: 'M1', limit: 3 })).toMatchObject({ result: true });
    const candles = (await ws.next((m) => m.method === 'snapshotCandles')).params as { data: Record<string, unknown>[]; symbol: string; period: string };
    expect(candles).toMatchObject({ symbol: 'ETHUSDT', period: 'M1' });
    expect(candles.data).toHaveLength(3);
    expect(Object.keys(candles.data[0] ?? {}).sort()).toEqual(['close', 'max', 'min', 'open', 'timestamp', 'volume', 'volumeQuote']);
    await h.control('POST', '/sandbox/clock/advance', { ms: 120_000 });
    const isUpdate = (method: string) => (m: Message): boolean => m.method === method;
    const tradeUpdate = (await ws.next(isUpdate('updateTrades'))).params as { data: { id: number }[]; symbol: string };
    expect(tradeUpdate.symbol).toBe('ETHUSDT');
    expect(tradeUpdate.data.length).toBeGreaterThan(0);
    expect(tradeUpdate.data[0]?.id).toBeGreaterThan(Number(trades.data[4]?.id));
    const candleUpdate = (await ws.next(isUpdate('updateCandles'))).params as { data: { timestamp: string }[]; symbol: string; period: string };
    expect(candleUpdate).toMatchObject({ symbol: 'ETHUSDT', period: 'M1' });
    expect(candleUpdate.data[0]?.timestamp.endsWith(':00.000Z')).toBe(true);
  });
});
