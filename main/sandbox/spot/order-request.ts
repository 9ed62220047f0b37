// Order parameters of POST /api/3/spot/order, the trading stream's spot_new_order and each order of
// an order list: symbol, side, type, time in force, quantity and prices on the symbol's increments.
import { randomBytes } from 'node:crypto';
import Decimal from '../decimal';
import { findSymbol, type SymbolDef } from '../catalog';
import { errors, validationError } from '../http/errors';
import type { ParamReader } from '../http/params';
import type { OrderRequest } from './engine';

const ORDER_TYPES = ['limit', 'market', 'stopLimit', 'stopMarket', 'takeProfitLimit', 'takeProfitMarket'] as const;
const TIME_IN_FORCE = ['GTC', 'IOC', 'FOK', 'Day', 'GTD'] as const;
const CLIENT_ORDER_ID = /^[A-Za-z0-9_-]{8,32}$/;
const DAY_MS = 86_400_000;

export function symbolOf(id: string): SymbolDef {
  const symbol = findSymbol(id);
  if (!symbol) throw errors.symbolNotFound(id);
  return symbol;
}

/** Order parameters of POST /api/3/spot/order (also the trading stream's spot_new_order). */
export function readOrder(p: ParamReader, accountId: number, now: number): OrderRequest {
  const clientOrderId = p.text('client_order_id');
  if (clientOrderId !== undefined && !CLIENT_ORDER_ID.test(clientOrderId)) throw validationError('client_order_id', 'must be 8-32 Latin letters, digits, underscores or hyphens');
  const symbol = symbolOf(p.requiredText('symbol'));
  if (!p.has('side')) throw validationError('side', 'is required');
  const side = p.oneOf('side', ['buy', 'sell'] as const, 'buy');
  const hasPrice = p.has('price');
  const type = p.oneOf('type', ORDER_TYPES, hasPrice ? 'limit' : 'market');
  const needsPrice = type === 'limit' || type === 'stopLimit' || type === 'takeProfitLimit';
  const needsStop = type !== 'limit' && type !== 'market';
  const timeInForce = p.oneOf('time_in_force', TIME_IN_FORCE, needsPrice ? 'GTC' : 'FOK');
  const strict = p.bool('strict_validate', false);
  const quantity = step(p, 'quantity', symbol.quantityIncrement, strict);
  const price = needsPrice ? step(p, 'price', symbol.tickSize, strict) : undefined;
  if (!needsPrice && hasPrice) throw validationError('price', `must be omitted for ${type} orders`);
  const stopPrice = needsStop ? step(p, 'stop_price', symbol.tickSize, strict) : undefined;
  const expireTime = timeInForce === 'GTD' ? requiredFuture(p, now) : timeInForce === 'Day' ? endOfDay(now) : undefined;
  return {
    accountId, clientOrderId: clientOrderId ?? randomBytes(16).toString('hex'), symbol, side, type, timeInForce,
    quantity, price, stopPrice, expireTime, postOnly: p.bool('post_only', false),
  };
}

/** A positive value on the symbol's increment: rounded down, or refused under strict_validate. */
function step(p: ParamReader, name: string, increment: string, strict: boolean): Decimal {
  const value = p.amount(name, 18);
  const stepped = value.toNearest(increment, Decimal.ROUND_DOWN);
  if (strict && !stepped.eq(value)) throw validationError(name, `must be a multiple of ${increment}`);
  if (stepped.lte(0)) throw validationError(name, `must be at least ${increment}`);
  return stepped;
}

function requiredFuture(p: ParamReader, now: number): number {
  const expire = p.optionalTime('expire_time');
  if (expire === undefined) throw validationError('expire_time', 'is required for GTD orders');
  if (expire <= now) throw validationError('expire_time', 'must be in the future');
  return expire;
}

function endOfDay(now: number): number {
  return Math.floor(now / DAY_MS) * DAY_MS + DAY_MS - 60_000;
}
