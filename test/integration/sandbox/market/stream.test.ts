// Conformance of the market-data stream /api/3/ws/public (api-v3.md) over a real WebSocket.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startMarketHarness, type MarketHarness } from './harness';
import { isChannel, StreamClient, type Message } from './ws-client';

let h: MarketHarness;
const clients: StreamClient[] = [];
beforeAll(async () => {
  h = await startMarketHarness({ seed: 21, pingIntervalMs: 150 });
});
afterAll(async () => {
  await h.close();
});
afterEach(() => {
  for (const c of clients.splice(0)) c.close();
});
async function client(on: MarketHarness = h): Promise<StreamClient> {
  const c = await StreamClient.open(on.wsUrl);
  clients.push(c);
  return c;
}
type Json = Record<string, unknown>;
const DECIMAL = /^-?\d+(\.\d+)?$/;

describe('requests and replies', () => {
  it('replies to subscribe, subscriptions and unsubscribe with the channel and its symbols', async () => {
    const c = await client();
    expect(await c.request({ method: 'subscribe', ch: 'trades', params: { symbols: ['BTCUSDT', 'ethbtc'] }, id: 7 }))
      .toEqual({ result: { ch: 'trades', subscriptions: ['BTCUSDT', 'ETHBTC'] }, id: 7 });
    expect(await c.request({ method: 'subscribe', ch: 'trades', params: { symbols: ['XRPUSDT'] }, id: 'b' }))
      .toEqual({ result: { ch: 'trades', subscriptions: ['BTCUSDT', 'ETHBTC', 'XRPUSDT'] }, id: 'b' });
    expect(await c.request({ method: 'unsubscribe', ch: 'trades', params: { symbols: ['BTCUSDT'] }, id: 8 }))
      .toEqual({ result: { ch: 'trades', subscriptions: ['ETHBTC', 'XRPUSDT'] }, id: 8 });
    expect(await c.request({ method: 'subscriptions', ch: 'trades', id: 9 }))
      .toEqual({ result: { ch: 'trades', subscriptions: ['ETHBTC', 'XRPUSDT'] }, id: 9 });
    expect(await c.request({ method: 'subscriptions', ch: 'candles/M1', id: 10 }))
      .toEqual({ result: { ch: 'candles/M1', subscriptions: [] }, id: 10 });
  });

  it('answers a request without id without id', async () => {
    const c = await client();
    c.send({ method: 'subscribe', ch: 'ticker/3s', params: { symbols: ['BTCUSDT'] } });
    const reply = await c.next((m) => 'result' in m);
    expect(reply).toEqual({ result: { ch: 'ticker/3s', subscriptions: ['BTCUSDT'] } });
    c.send({ method: 'subscribe', ch: 'ticker/3s', params: { symbols: ['NOPE'] } });
    const error = await c.next((m) => 'error' in m);
    expect(error).not.toHaveProperty('id');
    expect((error.error as Json).code).toBe(2001);
  });

  it('refuses unknown symbols (2001), currencies (2002) and bad parameters (10001) naming them', async () => {
    const c = await client();
    const cases: Array<[Message, number, string]> = [
      [{ method: 'subscribe', ch: 'trades', params: { symbols: ['BTCUSDT', 'FOO'] } }, 2001, 'FOO'],
      [{ method: 'subscribe', ch: 'trades', params: { symbols: ['BTCUSDT'], limit: 1001 } }, 10001, 'limit'],
      [{ method: 'subscribe', ch: 'trades', params: { symbols: ['BTCUSDT'], limit: -1 } }, 10001, 'limit'],
      [{ method: 'subscribe', ch: 'trades', params: {} }, 10001, 'symbols'],
      [{ method: 'subscribe', ch: 'trades', params: { symbols: ['*'] } }, 2001, '*'],
      [{ method: 'subscribe', ch: 'candles/M2', params: { symbols: ['BTCUSDT'] } }, 10001, 'ch'],
      [{ method: 'subscribe', ch: 'ticker/2s', params: { symbols: ['BTCUSDT'] } }, 10001, 'ch'],
      [{ method: 'subscribe', ch: 'orderbook/D7/100ms', params: { symbols: ['BTCUSDT'] } }, 10001, 'ch'],
      [{ method: 'subscribe', ch: 'price/rate/1s', params: { currencies: ['BTC'] } }, 10001, 'target_currency'],
      [{ method: 'subscribe', ch: 'price/rate/1s', params: { currencies: ['QQQ'], target_currency: 'USDT' } }, 2002, 'QQQ'],
      [{ method: 'subscribe', ch: 'converted/candles/M1', params: { symbols: ['ETHBTC'], target_currency: 'ZZZ' } }, 2002, 'ZZZ'],
      [{ method: 'launch', ch: 'trades', params: {} }, 10001, 'method'],
      [{ method: 'subscribe', params: { symbols: ['BTCUSDT'] } }, 10001, 'ch'],
    ];
    for (const [request, code, named] of cases) {
      const reply = await c.request({ ...request, id: `${code}-${named}` });
      expect(reply.error, JSON.stringify(request)).toMatchObject({ code, message: expect.any(String) });
      expect(String((reply.error as Json).description)).toContain(named);
    }
    c.send('not json');
    expect(((await c.next((m) => 'error' in m && !('id' in m))).error as Json).code).toBe(10001);
  });

  it('pings every pingIntervalMs', async () => {
    const c = await client();
    await c.until(() => c.pings >= 2, 2000);
  });

  it('answers messages over the limit with a 429 error reply', async () => {
    let allowed = 2;
    const limited = await startMarketHarness({ allowMessage: () => allowed-- > 0 });
    try {
      const c = await client(limited);
      for (let i = 1; i <= 3; i += 1) c.send({ method: 'subscriptions', ch: 'trades', id: i });
      const third = await c.next((m) => m.id === 3);
      expect(third).toEqual({ error: { code: 429, message: 'Too many requests', description: expect.any(String) }, id: 3 });
      expect(await c.next((m) => m.id === 2)).toHaveProperty('result');
    } finally {
      await limited.close();
    }
  });
});

describe('event channels', () => {
  it('trades: snapshot of the last `limit` trades, then updates', async () => {
    const c = await client();
    await c.request({ method: 'subscribe', ch: 'trades', params: { symbols: ['BTCUSDT'], limit: 3 }, id: 1 });
    const snapshot = (await c.next(isChannel('trades', 'snapshot'))).snapshot as Record<string, Json[]>;
    expect(Object.keys(snapshot)).toEqual(['BTCUSDT']);
    const trades = snapshot.BTCUSDT!;
    expect(trades).toHaveLength(3);
    expect(Object.keys(trades[0]!).sort()).toEqual(['i', 'p', 'q', 's', 't']);
    expect(trades.map((t) => t.i as number)).toEqual(trades.map((t) => t.i as number).sort((a, b) => a - b));
    h.clock.advance(60_000);
    const update = (await c.next(isChannel('trades', 'update'))).update as Record<string, Json[]>;
    const fresh = update.BTCUSDT!;
    expect(fresh.length).toBeGreaterThan(0);
    expect(fresh[0]!.i as number).toBeGreaterThan(trades[2]!.i as number);
    expect(fresh[0]!.p).toMatch(DECIMAL);
  });

  it('trades without limit: no snapshot', async () => {
    const c = await client();
    await c.request({ method: 'subscribe', ch: 'trades', params: { symbols: ['LTCUSDT'] }, id: 1 });
    h.clock.advance(60_000);
    await c.next(isChannel('trades', 'update'));
    expect(c.messages.some((m) => 'snapshot' in m)).toBe(false);
  });

  it('candles/{period}: snapshot then updates of the current candle', async () => {
    const c = await client();
    await c.request({ method: 'subscribe', ch: 'candles/M1', params: { symbols: ['ETHUSDT'], limit: 2 }, id: 1 });
    const snapshot = ((await c.next(isChannel('candles/M1', 'snapshot'))).snapshot as Record<string, Json[]>).ETHUSDT!;
    expect(snapshot).toHaveLength(2);
    expect(Object.keys(snapshot[0]!).sort()).toEqual(['c', 'h', 'l', 'o', 'q', 't', 'v']);
    expect((snapshot[1]!.t as number) - (snapshot[0]!.t as number)).toBe(60_000);
    h.clock.advance(60_000);
    const lastOf = (m: Message): Json | undefined => ((m.update as Record<string, Json[]> | undefined)?.ETHUSDT ?? []).at(-1);
    // Updates of the snapshot's own minute may come first; the jump brings a later candle.
    // The push after the jump may be seconds away on a loaded machine (CI once saw none within 5 s).
    const update = lastOf(await c.next((m) => m.ch === 'candles/M1' && (lastOf(m)?.t as number) > (snapshot[1]!.t as number), 15_000))!;
    expect(Object.keys(update).sort()).toEqual(['c', 'h', 'l', 'o', 'q', 't', 'v']);
    expect((update.t as number) % 60_000).toBe(0);
  });

  it('converted/candles/{period}: candles in the target currency, target_currency in replies and notifications', async () => {
    const c = await client();
    const reply = await c.request({ method: 'subscribe', ch: 'converted/candles/M15', params: { symbols: ['ETHUSDT'], target_currency: 'BTC', limit: 1 }, id: 1 });
    expect(reply).toEqual({ result: { ch: 'converted/candles/M15', subscriptions: ['ETHUSDT'], target_currency: 'BTC' }, id: 1 });
    const message = await c.next(isChannel('converted/candles/M15', 'snapshot'));
    expect(message.target_currency).toBe('BTC');
    const candle = (message.snapshot as Record<string, Json[]>).ETHUSDT![0]!;
    expect(Number(candle.c)).toBeGreaterThan(0.01);
    expect(Number(candle.c)).toBeLessThan(0.2); // ETH priced in BTC, not in USDT
  });

  it('orderbook/full: snapshot then updates with consecutive per-symbol sequence numbers', async () => {
    const c = await client();
    await c.request({ method: 'subscribe', ch: 'orderbook/full', params: { symbols: ['BTCUSDT', 'XRPUSDT'] }, id: 1 });
    const snaps = new Map<string, Json>();
    await c.until(() => {
      for (const m of c.messages) if (m.ch === 'orderbook/full' && m.snapshot) for (const [k, v] of Object.entries(m.snapshot as Json)) snaps.set(k, v as Json);
      return snaps.size === 2;
    });
    const btc = snaps.get('BTCUSDT')!;
    expect(Object.keys(btc).sort()).toEqual(['a', 'b', 's', 't']);
    expect((btc.a as unknown[]).length).toBe(150);
    for (let i = 0; i < 10; i += 1) h.clock.advance(200);
    await c.until(() => c.messages.filter((m) => m.ch === 'orderbook/full' && m.update).length >= 10);
    for (const symbol of ['BTCUSDT', 'XRPUSDT']) {
      const updates = c.messages.filter((m) => m.ch === 'orderbook/full' && m.update && symbol in (m.update as Json)).map((m) => (m.update as Record<string, Json>)[symbol]!);
      expect(updates.length).toBeGreaterThan(0);
      const seqs = updates.map((u) => u.s as number);
      expect(seqs).toEqual(seqs.map((_, i) => (snaps.get(symbol)!.s as number) + 1 + i));
      for (const u of updates) expect(Object.keys(u).sort()).toEqual(['a', 'b', 's', 't']);
    }
  });
});

describe('timed channels', () => {
  it('price/rate/{speed}: one currency per notification; /batch: all in one', async () => {
    const c = await client();
    await c.request({ method: 'subscribe', ch: 'price/rate/1s', params: { currencies: ['BTC', 'EUR'], target_currency: 'USDT' }, id: 1 });
    await c.request({ method: 'subscribe', ch: 'price/rate/1s/batch', params: { currencies: ['BTC', 'EUR'], target_currency: 'USDT' }, id: 2 });
    const single = await c.next(isChannel('price/rate/1s', 'data'));
    expect(single.target_currency).toBe('USDT');
    expect(Object.keys(single.data as Json)).toHaveLength(1);
    const batch = await c.next(isChannel('price/rate/1s/batch', 'data'));
    const data = batch.data as Record<string, Json>;
    expect(Object.keys(data).sort()).toEqual(['BTC', 'EUR']);
    expect(data.EUR).toEqual({ t: expect.any(Number), r: expect.stringMatching(DECIMAL) });
  });

  it('ticker/{speed} and ticker/price/{speed} carry the documented fields; [*] means all symbols', async () => {
    const c = await client();
    await c.request({ method: 'subscribe', ch: 'ticker/1s', params: { symbols: ['BTCUSDT'] }, id: 1 });
    await c.request({ method: 'subscribe', ch: 'ticker/price/1s/batch', params: { symbols: ['*'] }, id: 2 });
    const ticker = ((await c.next(isChannel('ticker/1s', 'data'))).data as Record<string, Json>).BTCUSDT!;
    expect(Object.keys(ticker).sort()).toEqual(['A', 'B', 'L', 'P', 'a', 'b', 'c', 'h', 'l', 'o', 'p', 'q', 't', 'v'].sort());
    expect(Number(ticker.a)).toBeGreaterThan(Number(ticker.b));
    expect(typeof ticker.L).toBe('number');
    const prices = (await c.next(isChannel('ticker/price/1s/batch', 'data'))).data as Record<string, Json>;
    expect(Object.keys(prices)).toHaveLength(10);
    expect(Object.keys(prices.SOLUSDT!).sort()).toEqual(['c', 'h', 'l', 'o', 'q', 't', 'v']);
  });

  it('orderbook/{depth}/{speed} and orderbook/top/{speed}', async () => {
    const c = await client();
    await c.request({ method: 'subscribe', ch: 'orderbook/D5/100ms', params: { symbols: ['ETHBTC'] }, id: 1 });
    await c.request({ method: 'subscribe', ch: 'orderbook/D10/500ms/batch', params: { symbols: ['ETHBTC', 'BTCEUR'] }, id: 2 });
    await c.request({ method: 'subscribe', ch: 'orderbook/top/1000ms', params: { symbols: ['ETHBTC'] }, id: 3 });
    const d5 = ((await c.next(isChannel('orderbook/D5/100ms', 'data'))).data as Record<string, Json>).ETHBTC!;
    expect(Object.keys(d5).sort()).toEqual(['a', 'b', 's', 't']);
    expect(d5.a).toHaveLength(5);
    expect(d5.b).toHaveLength(5);
    const d10 = (await c.next(isChannel('orderbook/D10/500ms/batch', 'data'))).data as Record<string, Json>;
    expect(Object.keys(d10).sort()).toEqual(['BTCEUR', 'ETHBTC']);
    expect(d10.BTCEUR!.a).toHaveLength(10);
    const top = ((await c.next(isChannel('orderbook/top/1000ms', 'data'))).data as Record<string, Json>).ETHBTC!;
    expect(Object.keys(top).sort()).toEqual(['A', 'B', 'a', 'b', 't']);
    expect(Number(top.a)).toBeGreaterThan(Number(top.b));
  });

  it('/batch sends each subscriber its own set; [*] plus a symbol on a plain channel arrives once', async () => {
    const [one, two] = [await client(), await client()];
    await one.request({ method: 'subscribe', ch: 'orderbook/top/100ms/batch', params: { symbols: ['BTCUSDT', 'ETHUSDT'] }, id: 1 });
    await two.request({ method: 'subscribe', ch: 'orderbook/top/100ms/batch', params: { symbols: ['ETHUSDT'] }, id: 1 });
    await two.request({ method: 'subscribe', ch: 'orderbook/top/100ms', params: { symbols: ['*', 'XRPUSDT'] }, id: 2 });
    const first = await one.next(isChannel('orderbook/top/100ms/batch', 'data'));
    const second = await two.next(isChannel('orderbook/top/100ms/batch', 'data'));
    expect(Object.keys(first.data as Json).sort()).toEqual(['BTCUSDT', 'ETHUSDT']);
    expect(Object.keys(second.data as Json)).toEqual(['ETHUSDT']);
    await two.until(() => two.messages.filter((m) => m.ch === 'orderbook/top/100ms').length >= 30);
    const plain = two.messages.filter((m) => m.ch === 'orderbook/top/100ms').map((m) => Object.keys(m.data as Json));
    expect(plain.every((keys) => keys.length === 1)).toBe(true);
    const count = (symbol: string): number => plain.filter((keys) => keys[0] === symbol).length;
    expect(Math.abs(count('XRPUSDT') - count('BTCUSDT'))).toBeLessThanOrEqual(1);
  });

  it('unsubscribe without symbols leaves the whole channel', async () => {
    const c = await client();
    await c.request({ method: 'subscribe', ch: 'ticker/price/3s', params: { symbols: ['BTCUSDT', 'ETHUSDT'] }, id: 1 });
    expect(await c.request({ method: 'unsubscribe', ch: 'ticker/price/3s', params: {}, id: 2 }))
      .toEqual({ result: { ch: 'ticker/price/3s', subscriptions: [] }, id: 2 });
  });

  it('stops sending after unsubscribe', async () => {
    const c = await client();
    await c.request({ method: 'subscribe', ch: 'orderbook/top/100ms', params: { symbols: ['BTCUSDT'] }, id: 1 });
    await c.next(isChannel('orderbook/top/100ms', 'data'));
    await c.request({ method: 'unsubscribe', ch: 'orderbook/top/100ms', params: { symbols: ['BTCUSDT'] }, id: 2 });
    const count = c.messages.length;
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(c.messages.length).toBe(count);
  });
});

describe('fan-out', () => {
  it('sends fifty subscribers the very same notification text', async () => {
    const many = await Promise.all(Array.from({ length: 50 }, () => client()));
    await Promise.all(many.map((c, i) => c.request({ method: 'subscribe', ch: 'trades', params: { symbols: ['DOGEUSDT'] }, id: i })));
    const marks = many.map((c) => c.raw.length);
    h.clock.advance(60_000);
    await Promise.all(many.map((c, i) => c.next(isChannel('trades', 'update'), 5000, marks[i])));
    const texts = new Set(many.map((c, i) => c.raw.slice(marks[i]).find((r) => r.includes('"update"'))));
    expect(texts.size).toBe(1);
  });
});
