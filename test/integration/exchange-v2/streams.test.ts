// Version 2 streams against the sandbox over real sockets: candles and price rates in the app's
// (v3) terms, an order book equal to a REST read, the account and trading locations logged in
// (HS256 and BASIC), a v2 REST transfer seen on both, and everything restored after the sandbox
// drops every socket.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ServiceClock } from '../../../main/exchange/clock';
import Decimal from '../../../main/exchange/decimal';
import type { Balance, Transaction } from '../../../main/exchange/domain';
import { ApiError } from '../../../main/exchange/errors';
import { RateLimiter } from '../../../main/exchange/limiter';
import { silentLogger } from '../../../main/exchange/log';
import type { AuthScheme } from '../../../main/exchange/signing';
import type { BookView } from '../../../main/exchange/stream/order-book';
import type { ChannelNotification } from '../../../main/exchange/stream/streams';
import type { StreamSettings } from '../../../main/exchange/v3/stream-settings';
import { parseStreamCandle } from '../../../main/exchange/v3/records';
import { createV2Api } from '../../../main/exchange/v2/api';
import { streamCallsV2 } from '../../../main/exchange/v2/streams';
import { startHarness, type Harness, type TestKey } from '../sandbox/harness';

let harness: Harness;
const fastBackoff = { baseMs: 50, capMs: 200, maxAttempts: Number.POSITIVE_INFINITY };

beforeAll(async () => {
  harness = await startHarness({ pingIntervalMs: 200 });
});
afterAll(() => harness.close());

function settingsFor(key: TestKey = harness.key(), scheme: AuthScheme = 'HS256', secret = key.secret_key): StreamSettings {
  return {
    wsUrl: harness.sandbox.wsUrl, backoff: fastBackoff, logger: silentLogger, limiter: new RateLimiter(), clock: new ServiceClock(),
    credentials: { apiKey: key.api_key, scheme, readSecret: () => Promise.resolve(secret) },
  };
}

/** Retries `check` until it passes (it throws until then), for up to 8 s. */
const eventually = <T>(check: () => T): Promise<T> => vi.waitFor(check, { timeout: 8_000, interval: 20 });

/** The last item of a list the test collects into, failing while there is none. */
function last<T>(items: readonly T[], what: string): T {
  const item = items[items.length - 1];
  if (item === undefined) throw new Error(`no ${what} yet`);
  return item;
}

async function transferV2(currency: string, amount: string, type: 'bankToExchange' | 'exchangeToBank'): Promise<void> {
  const reply = await harness.call('POST', '/api/2/account/transfer', { auth: 'hs256-v2', form: true, body: { currency, amount, type } });
  expect(reply.status, reply.text).toBe(200);
}

async function restBalances(side: 'account' | 'trading', currency: string): Promise<string> {
  const reply = await harness.call('GET', `/api/2/${side}/balance`, { auth: 'hs256-v2' });
  const found = (reply.json as Array<{ currency: string; available: string }>).find((b) => b.currency === currency);
  return new Decimal(found?.available ?? '0').toFixed();
}

const availableOf = (balances: Balance[], currency: string): string | undefined => balances.find((b) => b.currency === currency)?.available.toFixed();

describe('public stream', () => {
  it('delivers candles and price rates as a version 3 stream would, and refuses what version 2 cannot serve', async () => {
    const stream = streamCallsV2(settingsFor()).publicStream();
    try {
      await stream.live();
      const heard: ChannelNotification[] = [];
      await stream.subscribe('candles/M1', { symbols: ['BTCUSDT'], limit: 2 }, (n) => heard.push(n));
      await stream.subscribe('price/rate/1s', { currencies: ['BTC'], target_currency: 'USDT' }, (n) => heard.push(n));
      await stream.subscribe('price/rate/1s', { currencies: ['USDT'], target_currency: 'BTC' }, (n) => heard.push(n));
      const candles = await eventually(() => last(heard.filter((n) => n.channel === 'candles/M1' && n.kind === 'snapshot'), 'candles snapshot'));
      const list = candles.data.BTCUSDT;
      if (!Array.isArray(list)) throw new Error('no BTCUSDT candles');
      expect(list).toHaveLength(2);
      const [older, newer] = list.map(parseStreamCandle);
      expect(Date.parse(newer?.timestamp ?? '') - Date.parse(older?.timestamp ?? '')).toBe(60_000);
      expect(newer?.high.gte(newer.low)).toBe(true);

      const rateOf = (currency: string, target: string) => eventually(() => {
        const tick = last(heard.filter((n) => n.kind === 'data' && n.target === target), `rate in ${target}`).data[currency] as { r: string };
        return new Decimal(tick.r);
      });
      const [direct, inverted] = await Promise.all([rateOf('BTC', 'USDT'), rateOf('USDT', 'BTC')]);
      const ticker = (await harness.call('GET', '/api/2/public/ticker/BTCUSDT', { key: null })).json as { bid: string; ask: string };
      const mid = new Decimal(ticker.bid).plus(ticker.ask).div(2);
      // The market walks between the stream's tick and the REST read: within half a percent.
      expect(direct.div(mid).minus(1).abs().lt(0.005)).toBe(true);
      expect(direct.times(inverted).minus(1).abs().lt(0.005)).toBe(true);

      await expect(stream.subscribe('ticker/1s', { symbols: ['BTCUSDT'] }, () => undefined)).rejects.toMatchObject({ field: 'channel' });
      await expect(stream.subscribe('price/rate/1s', { currencies: ['XRP'], target_currency: 'EUR' }, () => undefined))
        .rejects.toMatchObject({ field: 'currencies', message: expect.stringContaining('No symbol joins XRP and EUR') });
      await expect(stream.subscribe('candles/M1', { symbols: ['NOPEUSDT'] }, () => undefined)).rejects.toBeInstanceOf(ApiError);
    } finally {
      stream.close();
    }
  });

  it('keeps an order book equal to a REST read of the same moment', async () => {
    const stream = streamCallsV2(settingsFor()).publicStream();
    try {
      await stream.live();
      /** The last view per book timestamp: a REST read is compared with the stream's book of its moment. */
      const byTime = new Map<number, BookView>();
      let newest = 0;
      await stream.orderBook('ETHUSDT', (view) => {
        byTime.set(view.timestamp, view);
        newest = Math.max(newest, view.timestamp);
      });
      let compared = 0;
      for (let attempt = 0; attempt < 20 && compared < 2; attempt += 1) {
        const rest = (await harness.call('GET', '/api/2/public/orderbook/ETHUSDT', { key: null, query: 'limit=0' })).json as RestBook;
        const at = Date.parse(rest.timestamp);
        await eventually(() => expect(newest).toBeGreaterThanOrEqual(at));
        const view = byTime.get(at);
        if (view === undefined) continue;
        expect(view.asks.length * view.bids.length).toBeGreaterThan(0);
        expect(levels(view.asks)).toEqual(rest.ask.map((l) => [new Decimal(l.price).toFixed(), new Decimal(l.size).toFixed()]));
        expect(levels(view.bids)).toEqual(rest.bid.map((l) => [new Decimal(l.price).toFixed(), new Decimal(l.size).toFixed()]));
        compared += 1;
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
      expect(compared).toBe(2);
      expect(stream.resyncs).toBe(0);
    } finally {
      stream.close();
    }
  });
});

interface RestBook {
  ask: Array<{ price: string; size: string }>;
  bid: Array<{ price: string; size: string }>;
  timestamp: string;
}

const levels = (side: BookView['asks']): string[][] => side.map(([price, size]) => [price.toFixed(), size.toFixed()]);

describe('wallet and trading streams', () => {
  it('log in, see a version 2 transfer as a transaction and on both sides, and resume after the sandbox drops every socket', async () => {
    const calls = streamCallsV2(settingsFor());
    const wallet = calls.walletStream();
    const trading = calls.tradingStream();
    const publicStream = calls.publicStream();
    const walletBalances: Array<{ balances: Balance[]; kind: string }> = [];
    const spotBalances: Balance[][] = [];
    const transactions: Transaction[] = [];
    const states: string[] = [];
    wallet.onBalances((balances, kind) => walletBalances.push({ balances, kind }));
    wallet.onTransaction((tx) => transactions.push(tx));
    trading.onSpotBalances((balances) => spotBalances.push(balances));
    for (const stream of [wallet, trading, publicStream]) stream.onState((e) => states.push(`${e.stream} ${e.state}`));
    try {
      await Promise.all([wallet.live(), trading.live(), publicStream.live()]);
      const snapshot = await eventually(() => last(walletBalances, 'wallet balances'));
      expect(snapshot.kind).toBe('snapshot');
      expect(availableOf(snapshot.balances, 'USDT')).toBe(await restBalances('account', 'USDT'));
      expect(availableOf(await eventually(() => last(spotBalances, 'spot balances')), 'USDT') ?? '0').toBe(await restBalances('trading', 'USDT'));

      const transferred = async (amount: string): Promise<void> => {
        const [walletBefore, spotBefore] = [walletBalances.length, await restBalances('trading', 'USDT')];
        await transferV2('USDT', amount, 'bankToExchange');
        const tx = await eventually(() => last(transactions.filter((t) => t.amount.equals(amount)), `transaction ${amount}`));
        expect([tx.type, tx.subtype, tx.currency]).toEqual(['TRANSFER', 'WALLET_TO_SPOT', 'USDT']);
        const update = await eventually(() => last(walletBalances.slice(walletBefore).filter((b) => b.kind === 'update'), 'wallet update'));
        expect(availableOf(update.balances, 'USDT')).toBe(await restBalances('account', 'USDT'));
        const spotAfter = new Decimal(spotBefore).plus(amount).toFixed();
        await eventually(() => expect(availableOf(last(spotBalances, 'spot balances'), 'USDT')).toBe(spotAfter));
      };
      await transferred('1.25');

      const candleSnapshots: ChannelNotification[] = [];
      await publicStream.subscribe('candles/M1', { symbols: ['ETHUSDT'], limit: 1 }, (n) => n.kind === 'snapshot' && candleSnapshots.push(n));
      await eventually(() => expect(candleSnapshots).toHaveLength(1));
      states.length = 0;
      const dropped = await harness.control('POST', '/sandbox/faults', { drop_websockets: true });
      expect(dropped.status).toBe(200);
      // Down, then logged in and subscribed again: live, a second wallet snapshot, a second candles snapshot.
      await eventually(() => expect(states.filter((s) => s.endsWith(' live')).sort()).toEqual(['public live', 'trading live', 'wallet live']));
      expect(states).toEqual(expect.arrayContaining(['wallet down', 'trading down', 'public down']));
      await eventually(() => expect(candleSnapshots).toHaveLength(2));
      await eventually(() => expect(walletBalances.filter((b) => b.kind === 'snapshot')).toHaveLength(2));
      expect([wallet.connections, trading.connections, publicStream.connections]).toEqual([2, 2, 2]);
      await transferred('2.5');
    } finally {
      wallet.close();
      trading.close();
      publicStream.close();
    }
  });

  it('reads the spot side again on every order report: a resting order reserves, its cancellation frees', async () => {
    const trading = streamCallsV2(settingsFor()).tradingStream();
    const spotBalances: Balance[][] = [];
    trading.onSpotBalances((balances) => spotBalances.push(balances));
    const reservedOf = (balances: Balance[]): string => balances.find((b) => b.currency === 'USDT')?.reserved.toFixed() ?? '0';
    try {
      await trading.live();
      const before = reservedOf(await eventually(() => last(spotBalances, 'spot balances')));
      const order = { client_order_id: 'v2-stream-reserve', symbol: 'BTCUSDT', side: 'buy', quantity: '0.001', price: '1000' };
      const placed = await harness.call('POST', '/api/3/spot/order', { body: order });
      expect(placed.status, placed.text).toBe(200);
      // 0.001 BTC at 1000 USDT plus the 0.25 % fee.
      const reserved = new Decimal(before).plus('1.0025').toFixed();
      await eventually(() => expect(reservedOf(last(spotBalances, 'spot balances'))).toBe(reserved));
      const canceled = await harness.call('DELETE', `/api/3/spot/order/${order.client_order_id}`);
      expect(canceled.status, canceled.text).toBe(200);
      await eventually(() => expect(reservedOf(last(spotBalances, 'spot balances'))).toBe(before));
    } finally {
      trading.close();
    }
  });

  it('through the version 2 adapter: its own transfer updates the spot side live, whichever priority copy opened the streams', async () => {
    const key = harness.key();
    const api = createV2Api({
      baseUrl: harness.sandbox.restUrl, wsUrl: harness.sandbox.wsUrl, streamBackoff: fastBackoff,
      credentials: { apiKey: key.api_key, scheme: 'HS256', readSecret: () => Promise.resolve(key.secret_key) },
    });
    const wallet = api.walletStream();
    const trading = api.withPriority('background').tradingStream();
    const spotBalances: Balance[][] = [];
    trading.onSpotBalances((balances) => spotBalances.push(balances));
    try {
      await Promise.all([wallet.live(), trading.live()]);
      const before = availableOf(await eventually(() => last(spotBalances, 'spot balances')), 'USDT') ?? '0';
      await api.transfer({ currency: 'USDT', amount: new Decimal('0.75'), source: 'wallet', destination: 'spot' });
      await eventually(() => expect(availableOf(last(spotBalances, 'spot balances'), 'USDT')).toBe(new Decimal(before).plus('0.75').toFixed()));
    } finally {
      wallet.close();
      trading.close();
      api.close();
    }
  });

  it('logs in with BASIC too', async () => {
    const wallet = streamCallsV2(settingsFor(harness.key(), 'BASIC')).walletStream();
    try {
      const snapshots: Balance[][] = [];
      wallet.onBalances((balances, kind) => kind === 'snapshot' && snapshots.push(balances));
      await wallet.live();
      expect((await eventually(() => last(snapshots, 'wallet snapshot'))).length).toBeGreaterThan(0);
    } finally {
      wallet.close();
    }
  });

  it('reports a refused login as down with the reason and keeps retrying', async () => {
    const trading = streamCallsV2(settingsFor(harness.key(), 'HS256', 'wrong-secret')).tradingStream();
    try {
      const downs: Array<string | undefined> = [];
      trading.onState((e) => e.state === 'down' && downs.push(e.detail));
      expect(await eventually(() => last(downs, 'down'))).toContain('Authorization failed');
      await eventually(() => expect(trading.connections).toBeGreaterThanOrEqual(3));
      expect(trading.state).not.toBe('live');
    } finally {
      trading.close();
    }
  });
});
