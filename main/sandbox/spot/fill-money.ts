// The money of one spot fill, shared by the engine and the seeded trades so both record a trade
// alike. A trade moves exactly what its history record says: the quote currency moves
// quantity × price (exact: the catalog keeps quantity_increment × tick_size within the quote
// currency's decimals) and the fee is that notional × rate cut to the fee currency's decimals
// (ROUND_DOWN, toward zero: a fee and a maker rebate alike lose their dust, the figure the service
// has always printed).
import Decimal from '../decimal';
import type { SymbolDef } from '../catalog';
import { decimalsOf } from '../wallet/money';

export function fillFee(notional: Decimal, rate: string, feeCurrency: string): Decimal {
  return notional.times(rate).toDecimalPlaces(decimalsOf(feeCurrency), Decimal.ROUND_DOWN);
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

/** What a resting order holds back: a buy its notional and the fee at the larger rate (api-v3.md), cut to the currency's decimals; a sell its quantity. */
export function reserveFor(symbol: SymbolDef, side: 'buy' | 'sell', quantity: Decimal, price: Decimal): [string, Decimal] {
  if (side === 'sell') return [symbol.baseCurrency, quantity];
  const rate = Decimal.max(symbol.takeRate, symbol.makeRate, 0);
  return [symbol.quoteCurrency, quantity.times(price).times(rate.plus(1)).toDecimalPlaces(decimalsOf(symbol.quoteCurrency), Decimal.ROUND_DOWN)];
}
