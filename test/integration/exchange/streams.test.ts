// Streams against the sandbox: public channels and order books, the wallet and trading feeds,
// reconnection after a dropped connection (login and subscriptions restored) and the watchdog.
import Decimal from '../../../preload/contract/decimal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Balance, Transaction } from '../../../main/exchange/domain';
import { ServiceClock } from '../../../main/exchange/clock';
import type { ConnectionStateEvent } from '../../../main/exchange/stream/socket';
import type { BookView } from '../../../main/exchange/stream/order-book';
import { clientFor, startFixture, type Fixture } from './sandbox-fixture';

let fixture: Fixture;
const fastBackoff = { baseMs: 50, capMs: 200, maxAttempts: Number.POSITIVE_INFINITY };

beforeAll(async () => {
  fixture = await startFixture({ pingIntervalMs: 200 });
});
afterAll(() => fixture.close());

function waitFor<T>(what: string, register: (done: (value: T) => void) => void, timeoutMs = 8_000): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), timeoutMs);
    register((value) => {
      clearTimeout(timer);
      resolve(value);
    });
  });
}

describe('public stream', () => {
  it('subscribes to a channel and keeps a full order book in sequence', async () => {
    const { api } = clientFor(fixture, { streamBackoff: fastBackoff });
    const stream = api.publicStream();
    await stream.live();
    const ticker = await waitFor<unknown>('ticker data', (done) => {
      void stream.subscribe('ticker/1s', { symbols: ['BTCUSDT'] }, (notification) => done(notification));
    });
    expect(ticker).toMatchObject({ channel: 'ticker/1s', data: { BTCUSDT: expect.any(Object) } });
    const books: BookView[] = [];
    await waitFor<void>('three book views', (done) => {
      void stream.orderBook('BTCUSDT', (book) => {
        books.push(book);
        if (books.length === 3) done();
      });
    });
    const last = books[books.length - 1];
    if (last === undefined) throw new Error('no book');
    expect(last.asks.length).toBeGreaterThan(0);
    expect(last.bids.length).toBeGreaterThan(0);
    const [bestAsk] = last.asks;
    const [bestBid] = last.bids;
    expect(bestAsk?.[0].gt(bestBid?.[0] ?? new Decimal(0))).toBe(true);
    expect(books.map((book) => book.sequence)).toEqual([...books.map((book) => book.sequence)].sort((a, b) => a - b));
    stream.close();
  });

  it('turns a stream error reply into an ApiError', async () => {
    const { api } = clientFor(fixture);
    const stream = api.publicStream();
    await stream.live();
    await expect(stream.subscribe('orderbook/full', { symbols: ['NOPEUSDT'] }, () => undefined)).rejects.toMatchObject({ code: 2001 });
    stream.close();
  });
});

describe('wallet and trading streams', () => {
  it('log in, deliver balances and transactions, and resume after the sandbox drops them', async () => {
    const { api } = clientFor(fixture, { streamBackoff: fastBackoff });
    const wallet = api.walletStream();
    const trading = api.tradingStream();
    const states: ConnectionStateEvent[] = [];
    wallet.onState((event) => states.push(event));
    const snapshot = waitFor<Balance[]>('wallet balances', (done) => wallet.onBalances((balances, kind) => kind === 'snapshot' && done(balances)));
    const spot = waitFor<Balance[]>('spot balances', (done) => trading.onSpotBalances(done));
    await Promise.all([wallet.live(), trading.live()]);
    expect((await snapshot).some((balance) => balance.currency === 'BTC')).toBe(true);
    expect(Array.isArray(await spot)).toBe(true);

    const transferSeen = (amount: string) => waitFor<Transaction>(`transaction ${amount}`, (done) =>
      wallet.onTransaction((tx) => tx.amount.equals(amount) && done(tx)));
    const first = transferSeen('1.25');
    await api.transfer({ currency: 'USDT', amount: new Decimal('1.25'), source: 'wallet', destination: 'spot' });
    expect((await first).type).toBe('TRANSFER');

    const relogged = waitFor<void>('wallet live again', (done) => wallet.onState((event) => event.state === 'live' && done()));
    await fixture.control('POST', '/sandbox/faults', { drop_websockets: true });
    await relogged;
    await trading.live();
    expect(wallet.connections).toBeGreaterThanOrEqual(2);
    expect(states.map((event) => event.state)).toEqual(expect.arrayContaining(['live', 'down', 'connecting']));

    const second = transferSeen('2.5');
    await api.transfer({ currency: 'USDT', amount: new Decimal('2.5'), source: 'wallet', destination: 'spot' });
    expect((await second).amount.toFixed()).toBe('2.5');
    wallet.close();
    trading.close();
  });

  it('the public stream resubscribes its order book after a drop', async () => {
    const { api } = clientFor(fixture, { streamBackoff: fastBackoff });
    const stream = api.publicStream();
    await stream.live();
    let views = 0;
    await stream.orderBook('ETHUSDT', () => (views += 1));
    await new Promise((resolve) => setTimeout(resolve, 600));
    const before = views;
    await fixture.control('POST', '/sandbox/faults', { drop_websockets: true });
    await waitFor<void>('reconnect', (done) => stream.onState((event) => event.state === 'live' && done()));
    const afterDrop = views;
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(before).toBeGreaterThan(0);
    expect(views).toBeGreaterThan(afterDrop);
    stream.close();
  });
});

describe('stream login with a skewed clock', () => {
  it('re-syncs the clock over REST after a refused login and logs in', async () => {
    const { api, statuses } = clientFor(fixture, { clock: new ServiceClock(() => Date.now() + 300_000), streamBackoff: fastBackoff });
    const wallet = api.walletStream();
    await wallet.live();
    expect(wallet.connections).toBe(1);
    expect(statuses.length).toBeGreaterThan(0);
    wallet.close();
  });
});

describe('stream login refused', () => {
  it('reports down with the reason in plain words and keeps retrying with backoff', async () => {
    const key = { apiKey: fixture.sandbox.master.apiKey, secretKey: 'wrong-secret' };
    const { api } = clientFor(fixture, { streamBackoff: fastBackoff }, key);
    const wallet = api.walletStream();
    const down = await waitFor<ConnectionStateEvent>('down with a reason', (done) =>
      wallet.onState((event) => event.state === 'down' && done(event)));
    expect(down.detail).toContain('Authorization failed');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(wallet.connections).toBeGreaterThanOrEqual(2);
    expect(wallet.state).not.toBe('live');
    wallet.close();
  });
});

describe('watchdog', () => {
  it('reconnects when the service goes silent for longer than silenceMs', async () => {
    const quiet = await startFixture({ pingIntervalMs: 60_000 });
    try {
      const { api } = clientFor(quiet, { streamSilenceMs: 400, streamBackoff: fastBackoff });
      const stream = api.publicStream();
      const states: string[] = [];
      stream.onState((event) => states.push(event.state));
      await stream.live();
      await new Promise((resolve) => setTimeout(resolve, 1_300));
      expect(stream.connections).toBeGreaterThanOrEqual(2);
      expect(states.slice(0, 4)).toEqual(['live', 'down', 'connecting', 'live']);
      stream.close();
    } finally {
      await quiet.close();
    }
  });
});
