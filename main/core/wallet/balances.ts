// Pure balance arithmetic: wallet and spot merged per currency, and valued in one currency.
// Decimal throughout; strings only at the edge.
import Decimal from '../../../preload/contract/decimal';
import type { MergedBalance, ValuedBalance } from '../../../preload/contract/wallet';
import type { Balance, Currency } from '../../exchange/domain';

export type BalanceMap = Map<string, Balance>;

export function toMap(balances: readonly Balance[]): BalanceMap {
  return new Map(balances.map((b) => [b.currency, b]));
}

/** A snapshot replaces the side; an update changes only the currencies it lists. */
export function applyBalances(current: BalanceMap, balances: readonly Balance[], kind: 'snapshot' | 'update'): BalanceMap {
  const next = kind === 'snapshot' ? new Map<string, Balance>() : new Map(current);
  for (const balance of balances) next.set(balance.currency, balance);
  return next;
}

const ZERO = new Decimal(0);

export function mergeBalances(wallet: BalanceMap, spot: BalanceMap): MergedBalance[] {
  const currencies = [...new Set([...wallet.keys(), ...spot.keys()])].sort();
  return currencies.map((currency) => {
    const w = wallet.get(currency);
    const s = spot.get(currency);
    const total = [w?.available, w?.reserved, s?.available, s?.reserved].reduce<Decimal>((sum, v) => sum.plus(v ?? ZERO), ZERO);
    return {
      currency,
      wallet: { available: (w?.available ?? ZERO).toFixed(), reserved: (w?.reserved ?? ZERO).toFixed() },
      spot: { available: (s?.available ?? ZERO).toFixed(), reserved: (s?.reserved ?? ZERO).toFixed() },
      total: total.toFixed(),
    };
  });
}

export interface Valuation {
  balances: ValuedBalance[];
  totalValue: string;
  unvalued: string[];
}

/** rates: price of one unit of each currency in the valuation currency (which is worth 1). */
export function valueBalances(merged: readonly MergedBalance[], rates: ReadonlyMap<string, Decimal>, valuationCurrency: string): Valuation {
  let total = ZERO;
  const unvalued: string[] = [];
  const balances = merged.map((balance) => {
    const rate = balance.currency === valuationCurrency ? new Decimal(1) : rates.get(balance.currency);
    if (rate === undefined) {
      if (!new Decimal(balance.total).isZero()) unvalued.push(balance.currency);
      return { ...balance, value: null };
    }
    const value = new Decimal(balance.total).times(rate);
    total = total.plus(value);
    return { ...balance, value: value.toFixed() };
  });
  return { balances, totalValue: total.toFixed(), unvalued };
}

/** Decimal places of a currency from its minimum transfer amount (0.00000001 → 8). */
export function precisionOf(minimum: Decimal | undefined, fallback = 8): number {
  return minimum === undefined ? fallback : minimum.decimalPlaces();
}

/** Decimal places to show, per currency code. */
export function precisionByCode(currencies: readonly Currency[]): Record<string, number> {
  return Object.fromEntries(currencies.map((c) => [c.code, precisionOf(c.precisionTransfer)]));
}
