// The version 2 stream messages the client builds and reads, without a socket: the login (an HMAC
// vector computed by openssl), the v3 channels mapped to v2 subscriptions, and v2 candles, tickers
// and book levels turned into what the app reads from a v3 stream.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../main/exchange/errors';
import { parseJsonExact } from '../../../main/exchange/json';
import { OrderBook } from '../../../main/exchange/stream/order-book';
import { parseStreamCandle } from '../../../main/exchange/v3/records';
import { bookMessageOf, candlesOf, planChannel, rateTick } from '../../../main/exchange/v2/public-stream-messages';
import { loginNonce, socketOptionsV2, streamLoginParamsV2 } from '../../../main/exchange/v2/rpc-stream-setup';
import { ServiceClock } from '../../../main/exchange/clock';
import { RateLimiter } from '../../../main/exchange/limiter';
import { silentLogger } from '../../../main/exchange/log';

describe('login message', () => {
  it('signs the nonce with HS256 as openssl does', () => {
    // printf '%s' 'nonce123' | openssl dgst -sha256 -hmac secret
    expect(streamLoginParamsV2('HS256', 'pub', 'secret', 'nonce123')).toEqual({
      algo: 'HS256', pKey: 'pub', nonce: 'nonce123', signature: '200d25382430431751844f950ca3cd34c696c2c791705a06ea177b28d71bb68f',
    });
  });

  it('sends the secret key with BASIC', () => {
    expect(streamLoginParamsV2('BASIC', 'pub', 'secret', 'ignored')).toEqual({ algo: 'BASIC', pKey: 'pub', sKey: 'secret' });
  });

  it('draws a different nonce for every login', () => {
    const nonces = new Set(Array.from({ length: 50 }, loginNonce));
    expect(nonces.size).toBe(50);
    for (const nonce of nonces) expect(nonce).toMatch(/^[0-9a-f]{32}$/);
  });

  it('connects to the three version 2 locations', () => {
    const settings = { wsUrl: 'ws://127.0.0.1:9/', logger: silentLogger, limiter: new RateLimiter(), clock: new ServiceClock() };
    expect(socketOptionsV2(settings, 'public').url).toBe('ws://127.0.0.1:9/api/2/ws/public');
    expect(socketOptionsV2(settings, 'wallet').url).toBe('ws://127.0.0.1:9/api/2/ws/account');
    expect(socketOptionsV2(settings, 'trading').url).toBe('ws://127.0.0.1:9/api/2/ws/trading');
  });
});

describe('channels', () => {
  it('maps candles and price rates, and refuses what version 2 cannot serve naming the field', () => {
    expect(planChannel('candles/M30', { symbols: ['btcusdt'], limit: 2 })).toEqual({ kind: 'candles', period: 'M30', symbols: ['BTCUSDT'], limit: 2 });
    expect(planChannel('price/rate/1s', { currencies: ['ETH'], target_currency: 'btc' })).toEqual({ kind: 'rate', currencies: ['ETH'], target: 'BTC' });
    const refusal = (channel: string, params: Record<string, unknown>) => {
      try {
        planChannel(channel, params);
      } catch (error) {
        return error instanceof ApiError ? { field: error.field, message: error.message } : String(error);
      }
      return 'accepted';
    };
    expect(refusal('ticker/1s', { symbols: ['BTCUSDT'] })).toEqual({ field: 'channel', message: expect.stringContaining('not available on version 2') });
    expect(refusal('candles/M2', { symbols: ['BTCUSDT'] })).toMatchObject({ field: 'channel' });
    expect(refusal('candles/M1', { symbols: ['*'] })).toMatchObject({ field: 'symbols' });
    expect(refusal('candles/M1', { symbols: ['BTCUSDT'], limit: 1001 })).toMatchObject({ field: 'limit' });
    expect(refusal('price/rate/1s', { currencies: ['BTC'] })).toMatchObject({ field: 'target_currency' });
    expect(refusal('price/rate/1s', { currencies: [], target_currency: 'USDT' })).toMatchObject({ field: 'currencies' });
  });
});

describe('notifications', () => {
  it('turns v2 candles into the short candles the app parses', () => {
    const params = parseJsonExact('{"data":[{"timestamp":"2024-05-01T10:30:00.000Z","open":"60000.5","close":"60010","min":"59990.25","max":"60020","volume":"1.5","volumeQuote":"90012.3"},{"timestamp":"garbled"}],"symbol":"BTCUSDT","period":"M30"}');
    const candles = candlesOf(params);
    expect(candles?.symbol).toBe('BTCUSDT');
    expect(candles?.period).toBe('M30');
    const [first, second] = candles?.candles ?? [];
    const parsed = parseStreamCandle(first);
    expect(parsed.timestamp).toBe('2024-05-01T10:30:00.000Z');
    expect([parsed.open, parsed.close, parsed.low, parsed.high, parsed.volume, parsed.volumeQuote].map((d) => d.toFixed()))
      .toEqual(['60000.5', '60010', '59990.25', '60020', '1.5', '90012.3']);
    expect(() => parseStreamCandle(second)).toThrow(/t is not a time/);
  });

  it('gives a rate from a ticker: the mid, inverted when the symbol runs the other way, the last price without a side', () => {
    const ticker = parseJsonExact('{"ask":"101","bid":"99","last":"100.5","timestamp":"2024-05-01T10:30:00.000Z","symbol":"ETHBTC"}');
    expect(rateTick(ticker, false)).toEqual({ t: String(Date.parse('2024-05-01T10:30:00.000Z')), r: '100' });
    expect(rateTick(ticker, true)).toMatchObject({ r: '0.01' });
    expect(rateTick({ ask: null, bid: '3', last: '3', timestamp: '2024-05-01T10:30:00.000Z' }, true)).toMatchObject({ r: '0.333333333333333' });
    expect(rateTick({ ask: null, bid: null, last: null, timestamp: '2024-05-01T10:30:00.000Z' }, false)).toBeUndefined();
  });

  it('keeps a book from v2 snapshots and updates: size 0 deletes, a skipped sequence is a gap', () => {
    const book = new OrderBook('BTCUSDT');
    const snapshot = bookMessageOf(parseJsonExact('{"ask":[{"price":"101","size":"1"},{"price":"102","size":"2"}],"bid":[{"price":"99","size":"3"}],"symbol":"BTCUSDT","sequence":7,"timestamp":"2024-05-01T10:30:00.000Z"}'));
    if (snapshot === undefined) throw new Error('snapshot not read');
    book.applySnapshot(snapshot.message);
    const update = bookMessageOf(parseJsonExact('{"ask":[{"price":"101","size":"0"}],"bid":[{"price":"99.5","size":"1.25"}],"symbol":"BTCUSDT","sequence":8,"timestamp":"2024-05-01T10:30:01.000Z"}'));
    if (update === undefined) throw new Error('update not read');
    expect(book.applyUpdate(update.message)).toBe('applied');
    const view = book.view();
    expect(view.sequence).toBe(8);
    expect(view.asks.map(([price, size]) => [price.toFixed(), size.toFixed()])).toEqual([['102', '2']]);
    expect(view.bids.map(([price, size]) => [price.toFixed(), size.toFixed()])).toEqual([['99.5', '1.25'], ['99', '3']]);
    const gap = bookMessageOf({ ask: [], bid: [], symbol: 'BTCUSDT', sequence: '10', timestamp: '2024-05-01T10:30:02.000Z' });
    expect(gap === undefined ? 'unread' : book.applyUpdate(gap.message)).toBe('gap');
  });
});
