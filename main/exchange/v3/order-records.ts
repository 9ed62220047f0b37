// Version 3 spot order records → domain objects: orders (REST, stream reports, history), fee
// records, symbols with their increments, and the order book.
import type { BookLevel, SpotFeeRate, SpotOrder, SpotOrderBook, SpotSymbol } from '../domain';
import { SPOT_ORDER_SIDES } from '../domain';
import Decimal from '../decimal';
import { asArray, asObject, bool, decimal, id, isObject, optDecimal, optStr, str, type JsonObject } from '../json';
import { requireOneOf } from '../validate';

const ZERO = new Decimal(0);

/** Where a version's order record keeps each field (version 3 snake_case, version 2 camelCase). */
export interface OrderFieldNames {
  clientOrderId: string;
  timeInForce: string;
  quantityFilled: string;
  stopPrice: string;
  priceAverage: string;
  postOnly: string;
  createdAt: string;
  updatedAt: string;
}

const V3_ORDER_FIELDS: OrderFieldNames = {
  clientOrderId: 'client_order_id', timeInForce: 'time_in_force', quantityFilled: 'quantity_cumulative', stopPrice: 'stop_price',
  priceAverage: 'price_average', postOnly: 'post_only', createdAt: 'created_at', updatedAt: 'updated_at',
};

/** An order record read with one version's field names. */
export function parseOrderNamed(value: unknown, names: OrderFieldNames): SpotOrder {
  const record = asObject(value, 'order');
  return {
    id: id(record, 'id'),
    clientOrderId: str(record, names.clientOrderId),
    symbol: str(record, 'symbol'),
    side: requireOneOf(str(record, 'side'), SPOT_ORDER_SIDES, 'side'),
    type: optStr(record, 'type') ?? 'limit',
    timeInForce: optStr(record, names.timeInForce) ?? 'GTC',
    status: str(record, 'status'),
    quantity: decimal(record, 'quantity'),
    quantityFilled: optDecimal(record, names.quantityFilled) ?? ZERO,
    price: optDecimal(record, 'price'),
    stopPrice: optDecimal(record, names.stopPrice),
    priceAverage: optDecimal(record, names.priceAverage),
    postOnly: bool(record, names.postOnly),
    createdAt: str(record, names.createdAt),
    updatedAt: optStr(record, names.updatedAt) ?? str(record, names.createdAt),
  };
}

export const parseSpotOrder = (value: unknown): SpotOrder => parseOrderNamed(value, V3_ORDER_FIELDS);

export function parseSpotOrders(value: unknown, field: string): SpotOrder[] {
  return asArray(value, field).map(parseSpotOrder);
}

export function parseSpotFees(value: unknown): SpotFeeRate[] {
  return asArray(value, 'fees').map((item) => {
    const record = asObject(item, 'fees');
    return { symbol: str(record, 'symbol'), takeRate: decimal(record, 'take_rate'), makeRate: decimal(record, 'make_rate') };
  });
}

/** GET /api/3/public/symbol: spot symbols only (futures have no base currency to trade). */
export function parseSpotSymbols(value: unknown): SpotSymbol[] {
  return Object.entries(asObject(value, 'symbols')).flatMap(([symbol, item]) => {
    const record = asObject(item, symbol);
    if ((optStr(record, 'type') ?? 'spot') !== 'spot') return [];
    const quote = str(record, 'quote_currency');
    return [{
      id: symbol, base: str(record, 'base_currency'), quote, status: optStr(record, 'status') ?? 'working',
      quantityIncrement: decimal(record, 'quantity_increment'), tickSize: decimal(record, 'tick_size'),
      feeCurrency: optStr(record, 'fee_currency') ?? quote, takeRate: decimal(record, 'take_rate'), makeRate: decimal(record, 'make_rate'),
    }];
  });
}

/** Levels as [price, quantity] pairs (version 3) or {price, size} objects (version 2). */
export function parseBookLevels(value: unknown, field: string): BookLevel[] {
  if (value === undefined) return [];
  return asArray(value, field).map((level) => {
    if (Array.isArray(level)) {
      const [price, quantity] = level as unknown[];
      return { price: decimal({ price }, 'price'), quantity: decimal({ quantity }, 'quantity') };
    }
    const record: JsonObject = isObject(level) ? level : {};
    return { price: decimal(record, 'price'), quantity: decimal(record, record.size === undefined ? 'quantity' : 'size') };
  });
}

export function parseOrderBook(symbol: string, value: unknown): SpotOrderBook {
  const record = asObject(value, 'orderbook');
  return {
    symbol, timestamp: str(record, 'timestamp'),
    asks: parseBookLevels(record.ask, 'ask'),
    bids: parseBookLevels(record.bid, 'bid'),
  };
}
