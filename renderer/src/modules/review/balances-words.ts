// A balances export under review in words, pure: the sentence its signed manifest makes of the
// day, and the rows and total as exported. The export carries no precisions, so every figure is
// shown with exactly the digits written in it.
import type { BalancesManifest } from '../../../../preload/contract/history';
import type { DateBalances } from '../../../../preload/contract/portfolio';
import { exactAmount, longDay } from '../portfolio/portfolio-words';

const SCOPE_WORDS: Record<BalancesManifest['scope'], string> = {
  master: 'master account only',
  all: 'master and sub-accounts',
};

/** "Balances at the close of 31 Dec 2025 in USDT, master and sub-accounts". */
export function balancesSentence(day: Pick<BalancesManifest, 'day' | 'valuationCurrency' | 'scope'>): string {
  return `Balances at the close of ${longDay(day.day)} in ${day.valuationCurrency}, ${SCOPE_WORDS[day.scope]}`;
}

export interface BalancesLine {
  currency: string;
  amount: string;
  price: string;
  value: string;
}

export interface BalancesView {
  sentence: string;
  /** The close time as exported (UTC), for the sentence's title. */
  closeAt: string;
  valuationCurrency: string;
  lines: BalancesLine[];
  total: string;
  /** Said under the table when some currency had no price that day. */
  unpricedNote: string | null;
}

export function balancesView(balances: DateBalances): BalancesView {
  const unpriced = balances.unpriced;
  return {
    sentence: balancesSentence(balances),
    closeAt: balances.closeAt,
    valuationCurrency: balances.valuationCurrency,
    lines: balances.rows.map((row) => ({
      currency: row.currency,
      amount: exactAmount(row.amount),
      price: row.price === null ? 'no price' : exactAmount(row.price),
      value: exactAmount(row.value),
    })),
    total: exactAmount(balances.totalValue),
    unpricedNote: unpriced.length === 0
      ? null
      : `No ${balances.valuationCurrency} price on ${longDay(balances.day)} for ${unpriced.join(', ')}: left out of the total.`,
  };
}
