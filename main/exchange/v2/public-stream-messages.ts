// The version 2 market-data stream spoken in the app's (version 3) terms: which v3 channels have a
// version 2 counterpart and with what subscription, and v2 notifications (camelCase candles,
// tickers, {price, size} book levels) turned into what a v3 stream would have delivered.
import Decimal from '../decimal';
import { ApiError } from '../errors';
import { asArray, isObject, optInt, type JsonObject } from '../json';
import type { BookMessage } from '../stream/order-book';

/** The version 3 channels the app follows that version 2 can serve. */
export type ChannelPlan =
  | { kind: 'candles'; period: string; symbols: string[]; limit: number | undefined }
  | { kind: 'rate'; currencies: string[]; target: string };

const CANDLES_CHANNEL = /^candles\/(M1|M3|M5|M15|M30|H1|H4|D1|D7|1M)$/;
const RATE_CHANNEL = 'price/rate/1s';

/** The version 2 subscription behind a v3 channel, or an error naming what cannot be served. */
export function planChannel(channel: string, params: JsonObject): ChannelPlan {
  const candles = CANDLES_CHANNEL.exec(channel);
  if (candles?.[1] !== undefined) {
    const limit = params.limit;
    if (limit !== undefined && (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 0 || limit > 1000)) {
      throw invalidParam('limit', 'must be a whole number from 0 to 1000');
    }
    return { kind: 'candles', period: candles[1], symbols: codes(params, 'symbols'), limit };
  }
  if (channel === RATE_CHANNEL) {
    const target = params.target_currency;
    if (typeof target !== 'string' || !/^[A-Z0-9]+$/i.test(target)) throw invalidParam('target_currency', 'must be a currency code');
    return { kind: 'rate', currencies: codes(params, 'currencies'), target: target.toUpperCase() };
  }
  throw new ApiError({ kind: 'input', field: 'channel', message: `The channel ${channel} is not available on version 2 of the service` });
}

/** Named symbols or currencies: version 2 subscribes one symbol at a time, so '*' cannot be served. */
function codes(params: JsonObject, field: string): string[] {
  const value = params[field];
  if (!Array.isArray(value) || value.length === 0) throw invalidParam(field, 'must list at least one code');
  return value.map((code) => {
    if (typeof code !== 'string' || !/^[A-Z0-9]+$/i.test(code)) throw invalidParam(field, 'must list codes (no "*" on version 2)');
    return code.toUpperCase();
  });
}

function invalidParam(field: string, problem: string): ApiError {
  return new ApiError({ kind: 'input', field, message: `${field} ${problem}` });
}

/** Milliseconds as the exact-JSON reader gives numbers (text), or undefined for a bad time. */
function msText(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? String(ms) : undefined;
}

/**
 * A v2 candle {timestamp, open, close, min, max, volume, volumeQuote} in v3's short names
 * {t, o, c, h, l, v, q}; a garbled one is passed on garbled for the reader to leave out, as on v3.
 */
export function shortCandle(candle: unknown): JsonObject {
  if (!isObject(candle)) return {};
  return {
    t: msText(candle.timestamp), o: candle.open, c: candle.close, h: candle.max, l: candle.min,
    v: candle.volume, q: candle.volumeQuote,
  };
}

/** snapshotCandles/updateCandles params {data, symbol, period}; undefined when unusable. */
export function candlesOf(params: unknown): { symbol: string; period: string; candles: JsonObject[] } | undefined {
  if (!isObject(params) || typeof params.symbol !== 'string' || typeof params.period !== 'string' || !Array.isArray(params.data)) return undefined;
  return { symbol: params.symbol, period: params.period, candles: params.data.map(shortCandle) };
}

/** Digits kept on a rate, as the service's own rate channel gives them. */
const RATE_DIGITS = 15;

/**
 * The v3 price/rate tick {t, r} of one currency from a ticker of the symbol joining it with the
 * target: the mid of bid and ask (the last price when one side is empty), inverted when the
 * symbol is quoted the other way round. Undefined when the ticker gives no price.
 */
export function rateTick(ticker: unknown, inverted: boolean): JsonObject | undefined {
  if (!isObject(ticker)) return undefined;
  const mid = midPrice(ticker);
  if (mid === undefined || !mid.isFinite() || mid.lte(0)) return undefined;
  const rate = inverted ? new Decimal(1).div(mid) : mid;
  return { t: msText(ticker.timestamp) ?? String(Date.now()), r: rate.toSignificantDigits(RATE_DIGITS).toFixed() };
}

function midPrice(ticker: JsonObject): Decimal | undefined {
  const bid = priceOf(ticker.bid);
  const ask = priceOf(ticker.ask);
  if (bid !== undefined && ask !== undefined) return bid.plus(ask).div(2);
  return priceOf(ticker.last);
}

function priceOf(value: unknown): Decimal | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  try {
    return new Decimal(value);
  } catch {
    return undefined;
  }
}

/** snapshotOrderbook/updateOrderbook params as the neutral book message; levels {price, size} become pairs. */
export function bookMessageOf(params: unknown): { symbol: string; message: BookMessage } | undefined {
  if (!isObject(params) || typeof params.symbol !== 'string') return undefined;
  return {
    symbol: params.symbol,
    message: { s: optInt(params, 'sequence') ?? -1, t: Number(msText(params.timestamp) ?? 0), a: levelPairs(params.ask), b: levelPairs(params.bid) },
  };
}

function levelPairs(levels: unknown): unknown[] {
  return asArray(levels ?? [], 'levels').map((level) => (isObject(level) ? [level.price, level.size] : level));
}
