// Pure logic of the balances table: revalue stream updates with the overview's rates, search,
// hide zero balances, sort. Every amount stays a decimal string.
import Decimal from '../../../../preload/contract/decimal';
import type { MergedBalance, ValuedBalance, WalletOverview } from '../../../../preload/contract/wallet';
import { compareAmounts, isZeroAmount, sumAmounts, toDecimal } from '../money/money-format';

export const BALANCE_SORT_KEYS = ['value', 'currency', 'total'] as const;
export type BalanceSortKey = (typeof BALANCE_SORT_KEYS)[number];
export type SortOrder = 'ascend' | 'descend';

export interface BalanceView {
  search: string;
  hideZero: boolean;
  sortKey: BalanceSortKey;
  sortOrder: SortOrder;
}

/** Value of `total` in the valuation currency, or null when there is no rate. */
export function valueOf(currency: string, total: string, valuationCurrency: string, rates: Readonly<Record<string, string>>): string | null {
  if (currency === valuationCurrency) return toDecimal(total)?.toFixed() ?? null;
  const rate = toDecimal(rates[currency]);
  const amount = toDecimal(total);
  if (rate === null || amount === null) return null;
  return amount.times(rate).toFixed();
}

/** The overview after a walletBalances event: new balances, values recomputed, total re-summed. */
export function applyBalanceUpdate(overview: WalletOverview, balances: readonly MergedBalance[]): WalletOverview {
  const valued: ValuedBalance[] = balances.map((balance) => ({
    ...balance,
    value: valueOf(balance.currency, balance.total, overview.valuationCurrency, overview.rates),
  }));
  return {
    ...overview,
    balances: valued,
    totalValue: sumAmounts(valued.map((balance) => balance.value)).toFixed(),
    unvalued: valued.filter((balance) => balance.value === null && !isZeroAmount(balance.total)).map((b) => b.currency),
    asOf: new Date().toISOString(),
  };
}

export function visibleBalances(
  balances: readonly ValuedBalance[],
  view: BalanceView,
  fullNames: Readonly<Record<string, string>> = {},
): ValuedBalance[] {
  const needle = view.search.trim().toLowerCase();
  const shown = balances.filter((balance) => {
    if (view.hideZero && isZeroAmount(balance.total)) return false;
    if (needle === '') return true;
    const name = fullNames[balance.currency] ?? '';
    return balance.currency.toLowerCase().includes(needle) || name.toLowerCase().includes(needle);
  });
  const direction = view.sortOrder === 'ascend' ? 1 : -1;
  return shown.sort((a, b) => direction * compareBy(view.sortKey, a, b) || a.currency.localeCompare(b.currency));
}

function compareBy(key: BalanceSortKey, a: ValuedBalance, b: ValuedBalance): number {
  if (key === 'currency') return a.currency.localeCompare(b.currency);
  if (key === 'total') return compareAmounts(a.total, b.total);
  // Unvalued balances sort below every valued one, whatever the direction of the value.
  if (a.value === null || b.value === null) return a.value === b.value ? 0 : a.value === null ? -1 : 1;
  return compareAmounts(a.value, b.value);
}

/** Share of each holding in the total value, biggest first; the tail folded into "Other". */
export interface HoldingShare {
  label: string;
  value: string;
  /** Percent of the total, two decimals (a ratio, not an amount). */
  percent: string;
}

export function holdingShares(balances: readonly ValuedBalance[], maxSlices = 6): HoldingShare[] {
  const valued = balances
    .filter((balance) => balance.value !== null && (toDecimal(balance.value)?.greaterThan(0) ?? false))
    .sort((a, b) => compareAmounts(b.value, a.value));
  const total = sumAmounts(valued.map((balance) => balance.value));
  if (total.isZero()) return [];
  const head = valued.slice(0, maxSlices - 1).map((balance) => ({ label: balance.currency, value: balance.value ?? '0' }));
  const tail = valued.slice(maxSlices - 1);
  const slices = tail.length <= 1 ? [...head, ...tail.map((b) => ({ label: b.currency, value: b.value ?? '0' }))]
    : [...head, { label: 'Other', value: sumAmounts(tail.map((b) => b.value)).toFixed() }];
  return slices.map((slice) => ({ ...slice, percent: new Decimal(slice.value).div(total).times(100).toFixed(2) }));
}
