// Channel names of the market-data stream (api-v3.md) and the subscribe parameters each takes.
import { findCurrency } from '../catalog';
import { errors, validationError, type ServiceError } from '../http/errors';
import { isPeriod, type Market, type Period } from '../market';

export const CHANNEL_KINDS = ['trades', 'candles', 'converted', 'rate', 'tickerPrice', 'ticker', 'bookFull', 'bookDepth', 'bookTop'] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

export interface Channel {
  /** The channel name as the client spells it, e.g. 'orderbook/D5/100ms/batch'. */
  name: string;
  kind: ChannelKind;
  batch: boolean;
  period?: Period;
  /** Push interval of the timed channels. */
  speedMs?: number;
  depth?: number;
  /** Items are currencies (price/rate) rather than symbols. */
  currencies: boolean;
  /** Accepts ['*'] for every symbol or currency. */
  star: boolean;
  /** Takes limit (0-1000) and sends a snapshot when it is above 0. */
  history: boolean;
  /** Takes target_currency. */
  target: boolean;
  /** Pushed on a timer rather than on market events. */
  timed: boolean;
}

const RATE_SPEEDS: Record<string, number> = { '1s': 1000, '3s': 3000 };
const BOOK_SPEEDS: Record<string, number> = { '100ms': 100, '500ms': 500, '1000ms': 1000 };
const DEPTHS: Record<string, number> = { D5: 5, D10: 10, D20: 20 };

type Shape = Omit<Channel, 'name' | 'batch'>;
const base = { currencies: false, star: false, history: false, target: false, timed: false } as const;

/** The channel a name denotes, or null when the service has no such channel. */
export function parseChannel(name: string): Channel | null {
  const parts = name.split('/');
  const batch = parts.at(-1) === 'batch';
  if (batch) parts.pop();
  const shape = shapeOf(parts);
  if (!shape) return null;
  if (batch && (shape.kind === 'trades' || shape.kind === 'candles' || shape.kind === 'converted' || shape.kind === 'bookFull')) return null;
  return { name, batch, ...shape };
}

function shapeOf(parts: string[]): Shape | null {
  const [a, b, c] = parts;
  if (parts.length === 1 && a === 'trades') return { ...base, kind: 'trades', history: true };
  if (parts.length === 2 && a === 'candles' && b && isPeriod(b)) return { ...base, kind: 'candles', period: b, history: true };
  if (parts.length === 3 && a === 'converted' && b === 'candles' && c && isPeriod(c)) {
    return { ...base, kind: 'converted', period: c, history: true, target: true };
  }
  if (parts.length === 3 && a === 'price' && b === 'rate' && c && RATE_SPEEDS[c]) {
    return { ...base, kind: 'rate', speedMs: RATE_SPEEDS[c], currencies: true, star: true, target: true, timed: true };
  }
  if (parts.length === 3 && a === 'ticker' && b === 'price' && c && RATE_SPEEDS[c]) {
    return { ...base, kind: 'tickerPrice', speedMs: RATE_SPEEDS[c], star: true, timed: true };
  }
  if (parts.length === 2 && a === 'ticker' && b && RATE_SPEEDS[b]) return { ...base, kind: 'ticker', speedMs: RATE_SPEEDS[b], star: true, timed: true };
  if (parts.length === 2 && a === 'orderbook' && b === 'full') return { ...base, kind: 'bookFull' };
  // orderbook/top speeds are not given by the spec: the depth channels' speeds, and ['*'] like them.
  if (parts.length === 3 && a === 'orderbook' && b === 'top' && c && BOOK_SPEEDS[c]) {
    return { ...base, kind: 'bookTop', speedMs: BOOK_SPEEDS[c], star: true, timed: true };
  }
  if (parts.length === 3 && a === 'orderbook' && b && DEPTHS[b] && c && BOOK_SPEEDS[c]) {
    return { ...base, kind: 'bookDepth', depth: DEPTHS[b], speedMs: BOOK_SPEEDS[c], star: true, timed: true };
  }
  return null;
}

export interface SubscribeParams {
  items: string[];
  limit: number;
  target?: string;
}

/** Validates the params of a subscribe (or, with `forUnsubscribe`, an unsubscribe) request. */
export function readParams(channel: Channel, params: Record<string, unknown>, market: Market, forUnsubscribe = false): SubscribeParams {
  const field = channel.currencies ? 'currencies' : 'symbols';
  const raw = params[field];
  const items = raw === undefined && forUnsubscribe ? [] : itemsOf(field, raw);
  for (const item of items) checkItem(channel, item, market);
  const target = channel.target ? targetOf(params.target_currency, forUnsubscribe) : undefined;
  const limit = channel.history && !forUnsubscribe ? limitOf(params.limit) : 0;
  return { items: items.map((i) => i.toUpperCase()), limit, ...(target === undefined ? {} : { target }) };
}

function itemsOf(field: string, raw: unknown): string[] {
  if (!Array.isArray(raw) || raw.length === 0 || !raw.every((v): v is string => typeof v === 'string' && v !== '')) {
    throw validationError(field, 'must be a non-empty array of strings');
  }
  return raw;
}

function checkItem(channel: Channel, item: string, market: Market): void {
  if (item === '*' && channel.star) return;
  const problem: ServiceError | null = channel.currencies
    ? findCurrency(item) ? null : errors.currencyNotFound(item)
    : market.symbol(item) ? null : errors.symbolNotFound(item);
  if (problem) throw problem;
}

function targetOf(raw: unknown, optional: boolean): string | undefined {
  if (raw === undefined && optional) return undefined;
  if (typeof raw !== 'string' || raw === '') throw validationError('target_currency', 'is required');
  if (!findCurrency(raw)) throw errors.currencyNotFound(raw);
  return raw.toUpperCase();
}

function limitOf(raw: unknown): number {
  if (raw === undefined) return 0;
  const n = typeof raw === 'string' && /^\d+$/.test(raw) ? Number.parseInt(raw, 10) : raw;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > 1000) throw validationError('limit', 'must be an integer between 0 and 1000');
  return n;
}
