// Version 2 streams against the sandbox over real sockets: candles and price rates in the app's
// (v3) terms, an order book equal to a REST read, the account and trading locations logged in
// (HS256 and BASIC), a v2 REST transfer seen on both, and everything restored after the sandbox
// drops every socket.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceClock } from '../../../main/exchange/clock';
import Decimal from '../../../main/exchange/decimal';
import type { Balance, Transaction } from '../../../main/exchange/domain';
import { ApiError } from '../../../main/exchange/errors';
import { RateLimiter } from '../../../main/exchange/limiter';
import { silentLogger } from '../../../main/exchange/log';
import type { AuthScheme } from '../../../main/exchange/signing';
import type { BookView } from '../../../main/exchange/stream/order-book';
import type { ChannelNotification, StreamHandle } from '../../../main/exchange/stream/streams';
import type { StreamSettings } from '../../../main/exchange/v3/stream-settings';
import { parseStreamCandle } from '../../../main/exchange/v3/records';
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

function waitFor<T>(what: string, register: (done: (value: T) => void) => void, timeoutMs = 8_000): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), timeoutMs);
    register((value) => {
      clearTimeout(timer);
      resolve(value);
    });
  });
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
      const candles = await waitFor<ChannelNotification>('candles snapshot', (done) => {
        void stream.subscribe('candles/M1', { symbols: ['BTCUSDT'], limit: 2 }, (n) => n.kind === 'snapshot' && done(n));
      });
      expect(candles.channel).toBe('candles/M1');
      const list = candles.data.BTCUSDT;
      if (!Array.isArray(list)) throw new Error('no BTCUSDT candles');
      expect(list).toHaveLength(2);
      const [older, newer] = list.map(parseStreamCandle);
      expect(Date.parse(newer?.timestamp ?? '') - Date.parse(older?.timestamp ?? '')).toBe(60_000);
      expect(newer?.high.gte(newer.low)).toBe(true);

      const rateOf = (currency: string, target: string) => waitFor<{ r: string; target: string | undefined }>(`rate ${currency}/${target}`, (done) => {
        void stream.subscribe('price/rate/1s', { currencies: [currency], target_currency: target }, (n) => {
          const tick = n.data[currency] as { r: string } | undefined;
          if (n.kind === 'data' && tick !== undefined) done({ r: tick.r, target: n.target });
        });
      });
      const [direct, inverted] = await Promise.all([rateOf('BTC', 'USDT'), rateOf('USDT', 'BTC')]);
      expect(direct.target).toBe('USDT');
      expect(inverted.target).toBe('BTC');
      const ticker = (await harness.call('GET', '/api/2/public/ticker/BTCUSDT', { key: null })).json as { bid: string; ask: string };
      const mid = new Decimal(ticker.bid).plus(ticker.ask).div(2);
      // The market walks between the stream's tick and the REST read: within half a percent.
      expect(new Decimal(direct.r).div(mid).minus(1).abs().lt(0.005)).toBe(true);
      expect(new Decimal(direct.r).times(inverted.r).minus(1).abs().lt(0.005)).toBe(true);

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
      await waitFor<void>('a first book', (done) => {
        void stream.orderBook('ETHUSDT', (view) => {
          byTime.set(view.timestamp, view);
          newest = Math.max(newest, view.timestamp);
          done();
        });
      });
      let compared = 0;
      for (let attempt = 0; attempt < 20 && compared < 2; attempt += 1) {
        const rest = (await harness.call('GET', '/api/2/public/orderbook/ETHUSDT', { key: null, query: 'limit=0' })).json as RestBook;
        const at = Date.parse(rest.timestamp);
        await waitFor<void>('the stream to reach the REST read', (done) => {
          const check = setInterval(() => newest >= at && (clearInterval(check), done()), 20);
        });
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
    wallet.onBalances((balances, kind) => walletBalances.push({ balances, kind }));
    wallet.onTransaction((tx) => transactions.push(tx));
    trading.onSpotBalances((balances) => spotBalances.push(balances));
    try {
      await Promise.all([wallet.live(), trading.live(), publicStream.live()]);
      await waitFor<void>('wallet snapshot and spot balances', (done) => {
        const check = setInterval(() => walletBalances.length > 0 && spotBalances.length > 0 && (clearInterval(check), done()), 20);
      });
      expect(walletBalances[0]?.kind).toBe('snapshot');
      expect(availableOf(walletBalances[0]?.balances ?? [], 'USDT')).toBe(await restBalances('account', 'USDT'));
      expect(availableOf(spotBalances[spotBalances.length - 1] ?? [], 'USDT') ?? '0').toBe(await restBalances('trading', 'USDT'));

      const transferred = async (amount: string): Promise<void> => {
        const seen = waitFor<Transaction>(`transaction ${amount}`, (done) => wallet.onTransaction((tx) => tx.amount.equals(amount) && done(tx)));
        const walletAfter = waitFor<void>('wallet balance update', (done) => wallet.onBalances((_b, kind) => kind === 'update' && done()));
        const spotBefore = await restBalances('trading', 'USDT');
        const spotAfter = waitFor<Balance[]>('spot balances after the transfer', (done) =>
          trading.onSpotBalances((balances) => availableOf(balances, 'USDT') !== spotBefore && done(balances)));
        await transferV2('USDT', amount, 'bankToExchange');
        const tx = await seen;
        expect([tx.type, tx.subtype, tx.currency]).toEqual(['TRANSFER', 'WALLET_TO_SPOT', 'USDT']);
        await walletAfter;
        expect(availableOf(walletBalances[walletBalances.length - 1]?.balances ?? [], 'USDT')).toBe(await restBalances('account', 'USDT'));
        expect(availableOf(await spotAfter, 'USDT')).toBe(new Decimal(spotBefore).plus(amount).toFixed());
      };
      await transferred('1.25');

      const candlesAgain = waitFor<void>('candles snapshot after the reconnection', (done) => {
        let snapshots = 0;
        void publicStream.subscribe('candles/M1', { symbols: ['ETHUSDT'], limit: 1 }, (n) => n.kind === 'snapshot' && (snapshots += 1) === 2 && done());
      });
      const liveAgain = (stream: StreamHandle) => waitFor<void>('live again', (done) => stream.onState((e) => e.state === 'live' && done()));
      const back = Promise.all([liveAgain(wallet), liveAgain(trading), liveAgain(publicStream)]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const dropped = await harness.control('POST', '/sandbox/faults', { drop_websockets: true });
      expect(dropped.status).toBe(200);
      await back;
      await candlesAgain;
      expect([wallet.connections, trading.connections, publicStream.connections].every((n) => n >= 2)).toBe(true);
      // Logged in and subscribed again: the wallet snapshot comes anew and a transfer is seen live.
      await waitFor<void>('a second wallet snapshot', (done) => {
        const check = setInterval(() => walletBalances.filter((b) => b.kind === 'snapshot').length >= 2 && (clearInterval(check), done()), 20);
      });
      await transferred('2.5');
      expect(transactions.map((tx) => tx.amount.toFixed())).toEqual(expect.arrayContaining(['1.25', '2.5']));
    } finally {
      wallet.close();
      trading.close();
      publicStream.close();
    }
  });

  it('logs in with BASIC too', async () => {
    const wallet = streamCallsV2(settingsFor(harness.key(), 'BASIC')).walletStream();
    try {
      const snapshot = waitFor<Balance[]>('wallet snapshot', (done) => wallet.onBalances((balances, kind) => kind === 'snapshot' && done(balances)));
      await wallet.live();
      expect((await snapshot).length).toBeGreaterThan(0);
    } finally {
      wallet.close();
    }
  });

  it('reports a refused login as down with the reason and keeps retrying', async () => {
    const trading = streamCallsV2(settingsFor(harness.key(), 'HS256', 'wrong-secret')).tradingStream();
    try {
      const down = await waitFor<string | undefined>('down with a reason', (done) => trading.onState((e) => e.state === 'down' && done(e.detail)));
      expect(down).toContain('Authorization failed');
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(trading.connections).toBeGreaterThanOrEqual(2);
      expect(trading.state).not.toBe('live');
    } finally {
      trading.close();
    }
  });
});
