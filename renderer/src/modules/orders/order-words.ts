// Orders in words a person reads: sides, kinds and states spelled out, the orders grouped by
// symbol, and what cancelling some of them frees ("1,234.56 USDT and 0.5 BTC"). One wording for
// each fact, used by the list, the confirmations and the outcomes alike.
import type { Money, OrderView, TradingSymbol } from '../../../../preload/contract/orders';
import Decimal from '../../../../preload/contract/decimal';
import { formatAmount, formatMoneyWithCode, toDecimal, type Precisions } from '../money/money-format';

const SIDE_WORDS: Readonly<Record<string, string>> = { buy: 'Buy', sell: 'Sell' };
const TYPE_WORDS: Readonly<Record<string, string>> = {
  limit: 'Limit',
  market: 'Market',
  stopLimit: 'Stop limit',
  stopMarket: 'Stop market',
  takeProfitLimit: 'Take-profit limit',
  takeProfitMarket: 'Take-profit market',
};
const STATUS_WORDS: Readonly<Record<string, string>> = {
  new: 'open',
  suspended: 'waiting for its stop price',
  partiallyFilled: 'partly filled',
  filled: 'filled',
  canceled: 'cancelled',
  expired: 'expired',
};
const TIME_IN_FORCE_WORDS: Readonly<Record<string, string>> = {
  GTC: 'until cancelled',
  IOC: 'fill what it can at once, cancel the rest',
  FOK: 'all at once or nothing',
  Day: 'until the end of the day',
  GTD: 'until its expiry date',
};

export const sideWord = (side: string): string => SIDE_WORDS[side] ?? side;
export const typeWord = (type: string): string => TYPE_WORDS[type] ?? type;
export const statusWord = (status: string): string => STATUS_WORDS[status] ?? status;
export const timeInForceWord = (tif: string): string => TIME_IN_FORCE_WORDS[tif] ?? tif;

export interface SymbolGroup {
  symbol: string;
  orders: OrderView[];
  /** What this symbol's orders hold, per currency; orders whose hold is unknown are counted apart. */
  reserved: Money[];
  unknownReserves: number;
}

/** Orders grouped by symbol (symbols in alphabetical order, newest order first within each). */
export function groupBySymbol(orders: readonly OrderView[]): SymbolGroup[] {
  const groups = new Map<string, OrderView[]>();
  for (const order of orders) groups.set(order.symbol, [...(groups.get(order.symbol) ?? []), order]);
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([symbol, list]) => {
      const sorted = list.slice().sort((a, b) => b.createdAt.localeCompare(a.createdAt));
      return { symbol, orders: sorted, reserved: sumReserves(sorted), unknownReserves: sorted.filter((o) => o.reserves === null).length };
    });
}

/** Σ of the orders' known holds per currency, currencies in alphabetical order, exact. */
export function sumReserves(orders: readonly OrderView[]): Money[] {
  return sumMoney(orders.map((order) => order.reserves));
}

export function sumMoney(amounts: readonly (Money | null)[]): Money[] {
  const totals = new Map<string, Decimal>();
  for (const money of amounts) {
    const amount = money ? toDecimal(money.amount) : null;
    if (!money || amount === null) continue;
    totals.set(money.currency, (totals.get(money.currency) ?? new Decimal(0)).plus(amount));
  }
  return [...totals.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([currency, total]) => ({ currency, amount: total.toFixed() }));
}

/** "1,234.56 USDT and 0.5 BTC"; "nothing known" for an empty list. */
export function moneyList(amounts: readonly Money[], precision: Precisions): string {
  const parts = amounts.map((money) => formatMoneyWithCode(money.amount, money.currency, precision));
  if (parts.length === 0) return 'nothing known';
  if (parts.length === 1) return parts[0] ?? '';
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/** Orders holding `currency` (what the Wallet's Reserved cell links to); all of them for null. */
export function ordersHolding(orders: readonly OrderView[], currency: string | null): OrderView[] {
  return currency === null ? orders.slice() : orders.filter((order) => order.reserves?.currency === currency);
}

/** "0.5 of 2 BTC" style progress of an order: how much of its quantity has filled. */
export function filledShare(order: OrderView): string {
  const filled = toDecimal(order.quantityFilled) ?? new Decimal(0);
  const quantity = toDecimal(order.quantity);
  if (quantity === null || quantity.isZero()) return '';
  return `${filled.dividedBy(quantity).times(100).toDecimalPlaces(0, Decimal.ROUND_DOWN).toFixed()}%`;
}

/** The base and quote currency of a symbol, and the places of its tick, when the symbols are known. */
export interface SymbolSides {
  base: string;
  quote: string;
  /** A price is padded to its tick's places ("10" at a 0.01 tick shows "10.00"), never rounded. */
  priceDecimals: number;
}

export function sidesOfSymbol(symbol: TradingSymbol): SymbolSides {
  return { base: symbol.baseCurrency, quote: symbol.quoteCurrency, priceDecimals: toDecimal(symbol.tickSize)?.decimalPlaces() ?? 0 };
}

/** "64,000.00 USDT": a price as recorded, padded to the tick's places; as written when the symbol is unknown. */
export function priceText(price: string, sides: SymbolSides | null): string {
  return sides ? `${formatAmount(price, sides.priceDecimals)} ${sides.quote}` : price;
}
