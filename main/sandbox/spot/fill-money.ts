// The money of one spot fill, shared by the engine and the seeded trades so both record a trade
// alike. A trade moves exactly what its history record says: the quote currency moves
// quantity × price (exact: the catalog keeps quantity_increment × tick_size within the quote
// currency's decimals) and the fee is that notional × rate rounded to the fee currency's decimals
// toward the service (ROUND_CEIL: a fee rounds up, a maker rebate, negative, rounds toward zero).
import Decimal from '../decimal';
import type { SymbolDef } from '../catalog';
import { decimalsOf } from '../wallet/money';

export function fillFee(notional: Decimal, rate: string, feeCurrency: string): Decimal {
  return notional.times(rate).toDecimalPlaces(decimalsOf(feeCurrency), Decimal.ROUND_CEIL);
}

/** A price on the symbol's tick: the simulator's mid rounded against the taker (buy up, sell down). */
export function tickPrice(symbol: SymbolDef, price: Decimal, side: 'buy' | 'sell'): Decimal {
  return price.toNearest(symbol.tickSize, side === 'buy' ? Decimal.ROUND_UP : Decimal.ROUND_DOWN);
}

export interface FillMoney {
  notional: Decimal;
  fee: Decimal;
  /** What the spot balance moves per currency: + received, − paid (fee or rebate included). */
  deltas: Map<string, Decimal>;
}

export function fillMoney(symbol: SymbolDef, side: 'buy' | 'sell', quantity: Decimal, price: Decimal, rate: string): FillMoney {
  const notional = quantity.times(price);
  const fee = fillFee(notional, rate, symbol.feeCurrency);
  const deltas = new Map<string, Decimal>();
  const add = (currency: string, amount: Decimal): void => {
    deltas.set(currency, (deltas.get(currency) ?? new Decimal(0)).plus(amount));
  };
  add(symbol.baseCurrency, side === 'buy' ? quantity : quantity.negated());
  add(symbol.quoteCurrency, side === 'buy' ? notional.negated() : notional);
  add(symbol.feeCurrency, fee.negated());
  return { notional, fee, deltas };
}

/** What a resting order holds back: a buy its notional and the largest fee it may pay; a sell its quantity. */
export function reserveFor(symbol: SymbolDef, side: 'buy' | 'sell', quantity: Decimal, price: Decimal): [string, Decimal] {
  if (side === 'sell') return [symbol.baseCurrency, quantity];
  const notional = quantity.times(price);
  return [symbol.quoteCurrency, notional.plus(Decimal.max(fillFee(notional, symbol.takeRate, symbol.feeCurrency), 0))];
}
