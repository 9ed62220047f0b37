// The contract's answers (preload/contract/portfolio.ts) made from a reconstruction: the net worth
// points and series, the snapshots beside them and where they disagree, the balances of one
// day, today's allocation, and the notes that say why a figure is incomplete.
import Decimal from '../../../preload/contract/decimal';
import type {
  DateBalances, NetWorthHistory, PortfolioAllocation, PortfolioNote, PortfolioRange, PortfolioScope, SnapshotDisagreement,
} from '../../../preload/contract';
import type { HistorySyncStatus } from '../../../preload/contract/history';
import type { TodayHoldings } from './holdings';
import { summedTotals } from './holdings';
import { closeOf, dayText, type Closes, type Reconstruction, type ReconstructedDay } from './reconstruct';
import { MASTER_ACCOUNT, type Snapshot } from './snapshots';

export interface PortfolioView {
  scope: PortfolioScope;
  today: TodayHoldings;
  reconstruction: Reconstruction;
  closes: Closes;
  /** The snapshots of the days shown, of the accounts in scope. */
  snapshots: Snapshot[];
  /** No transaction is stored: only today is known. */
  empty: boolean;
  /** The master's reconstruction at a snapshot's moment. */
  masterAt(snapshot: Snapshot): Map<string, Decimal>;
  status: HistorySyncStatus | null;
  historyKept: boolean;
}

const ZERO = new Decimal(0);
const text = (value: Decimal | null): string | null => (value === null ? null : value.toFixed());
const byCode = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Value high to low, the unpriced after, then by code. */
function byValueThenCode(a: { currency: string; value: Decimal | null }, b: { currency: string; value: Decimal | null }): number {
  const byValue = a.value === null || b.value === null ? Number(a.value === null) - Number(b.value === null) : b.value.comparedTo(a.value);
  return byValue || byCode(a.currency, b.currency);
}

function snapshotValue(snapshots: readonly Snapshot[], day: number, view: PortfolioView): string | null {
  const ofDay = snapshots.filter((snapshot) => snapshot.day === day);
  if (!ofDay.some((snapshot) => snapshot.account === MASTER_ACCOUNT)) return null;
  let value = ZERO;
  for (const snapshot of ofDay) {
    for (const [currency, amount] of snapshot.amounts) {
      const close = closeOf(view.closes, view.today.valuationCurrency, currency, day);
      if (close !== null) value = value.plus(amount.times(close));
    }
  }
  return value.toFixed();
}

function disagreements(view: PortfolioView): SnapshotDisagreement[] {
  const found: SnapshotDisagreement[] = [];
  // Only the master's movements are all known: a sub-account's snapshot has nothing to be checked against.
  for (const snapshot of view.snapshots.filter((s) => s.account === MASTER_ACCOUNT)) {
    const reconstructed = view.masterAt(snapshot);
    const currencies = new Set([...snapshot.amounts.keys(), ...[...reconstructed].filter(([, amount]) => !amount.isZero()).map(([currency]) => currency)]);
    for (const currency of [...currencies].sort(byCode)) {
      const taken = snapshot.amounts.get(currency) ?? ZERO;
      const rebuilt = reconstructed.get(currency) ?? ZERO;
      if (!taken.eq(rebuilt)) found.push({ day: dayText(snapshot.day), takenAt: snapshot.takenAt, currency, snapshot: taken.toFixed(), reconstructed: rebuilt.toFixed() });
    }
  }
  return found;
}

function notesOf(view: PortfolioView, found: readonly SnapshotDisagreement[], days: readonly ReconstructedDay[]): PortfolioNote[] {
  const notes: PortfolioNote[] = [];
  const shown = new Set(days.map((day) => day.day));
  const within = (run: { fromDay: number; tillDay: number }) => days.some((day) => day.day >= run.fromDay && day.day <= run.tillDay) && shown.size > 0;
  const span = (from: number, till: number) => (from === till ? `on ${dayText(from)}` : `from ${dayText(from)} to ${dayText(till)}`);
  if (view.status?.phase === 'initial') {
    const read = view.status.expected === null ? `${view.status.read} read` : `${view.status.read} of ${view.status.expected} read`;
    notes.push({ kind: 'syncing', message: `The history's first read is still running (${read}): older days may still change.` });
  }
  if (view.empty) {
    notes.push({
      kind: 'noHistory',
      message: view.historyKept
        ? 'No transactions are stored yet: only today is known, earlier days show today\'s holdings.'
        : 'The transaction history of this profile is not available: only today is known.',
    });
  }
  for (const run of view.reconstruction.noPrice.filter(within)) {
    notes.push({ kind: 'noPrice', currency: run.currency, from: dayText(run.fromDay), till: dayText(run.tillDay), message: `The service has no ${run.currency} price in ${view.today.valuationCurrency} ${span(run.fromDay, run.tillDay)}: its value is left out.` });
  }
  for (const run of view.reconstruction.negative.filter(within)) {
    notes.push({ kind: 'negative', currency: run.currency, from: dayText(run.fromDay), till: dayText(run.tillDay), message: `${run.currency} comes out below zero ${span(run.fromDay, run.tillDay)}: a movement is missing from the history (a spot trade, a sub-account's own deposit).` });
  }
  if (view.scope === 'all') {
    const missing = view.today.missing.map((m) => m.label);
    notes.push({
      kind: 'subAccountsCarried',
      message: `Sub-accounts' own movements cannot be read with the master's key: their balances are today's, carried back unchanged except for transfers with the master.${missing.length > 0 ? ` Left out, their balances could not be read: ${missing.join(', ')}.` : ''}`,
    });
  }
  const byTaken = new Map<string, string[]>();
  for (const d of found) byTaken.set(d.takenAt, [...(byTaken.get(d.takenAt) ?? []), d.currency]);
  for (const [takenAt, currencies] of byTaken) {
    notes.push({ kind: 'snapshotsDisagree', from: takenAt.slice(0, 10), till: takenAt.slice(0, 10), message: `Coffer's snapshot of ${takenAt} differs from the reconstruction in ${currencies.join(', ')}: a movement is missing from the history or not synced yet.` });
  }
  return notes;
}

export function netWorthOf(view: PortfolioView, range: PortfolioRange): NetWorthHistory {
  const { reconstruction, today } = view;
  // With nothing stored only today is known.
  const days = view.empty ? reconstruction.days.slice(-1) : reconstruction.days;
  const found = view.empty ? [] : disagreements(view);
  const valuation = today.valuationCurrency;
  return {
    valuationCurrency: valuation,
    scope: view.scope,
    range,
    points: days.map((day) => ({ day: dayText(day.day), value: text(day.value), unpriced: day.unpriced, snapshotValue: snapshotValue(view.snapshots, day.day, view) })),
    currencies: reconstruction.currencies
      .filter((currency) => days.some((day) => !(day.holdings.get(currency) ?? ZERO).isZero()))
      .map((currency) => ({
        currency,
        points: days.map((day) => {
          const amount = day.holdings.get(currency) ?? ZERO;
          const price = closeOf(view.closes, valuation, currency, day.day);
          return { day: dayText(day.day), amount: amount.toFixed(), price: text(price), value: price === null ? null : amount.times(price).toFixed() };
        }),
      })),
    disagreements: found,
    notes: notesOf(view, found, days),
    syncing: view.status?.phase === 'initial',
    precision: today.precision,
    asOf: new Date(today.readMs).toISOString(),
  };
}

export function dateBalancesOf(view: PortfolioView): DateBalances {
  const { reconstruction, today } = view;
  const day = reconstruction.days[0] as ReconstructedDay;
  const valuation = today.valuationCurrency;
  const rows = [...day.holdings]
    .filter(([, amount]) => !amount.isZero())
    .map(([currency, amount]) => {
      const price = closeOf(view.closes, valuation, currency, day.day);
      return { currency, amount, price, value: price === null ? null : amount.times(price) };
    })
    .sort(byValueThenCode);
  const isToday = day.day === reconstruction.days.at(-1)?.day;
  return {
    day: dayText(day.day),
    closeAt: new Date(isToday ? today.readMs : (day.day + 1) * 86_400_000 - 1).toISOString(),
    valuationCurrency: valuation,
    scope: view.scope,
    rows: rows.map((row) => ({ currency: row.currency, amount: row.amount.toFixed(), price: text(row.price), value: text(row.value) })),
    totalValue: rows.reduce((sum, row) => (row.value === null ? sum : sum.plus(row.value)), ZERO).toFixed(),
    unpriced: day.unpriced,
    notes: notesOf(view, [], [day]),
    syncing: view.status?.phase === 'initial',
    precision: today.precision,
  };
}

export function allocationOf(today: TodayHoldings, scope: PortfolioScope): PortfolioAllocation {
  const valuation = today.valuationCurrency;
  const rateOf = (currency: string) => (currency === valuation ? new Decimal(1) : today.rates.get(currency) ?? null);
  const byCurrency = [...summedTotals(today.accounts)]
    .map(([currency, amount]) => {
      const rate = rateOf(currency);
      return { currency, amount, value: rate === null ? null : amount.times(rate) };
    })
    .sort(byValueThenCode);
  const sum = (pick: (account: TodayHoldings['accounts'][number]) => string) => today.accounts.reduce((total, account) => total.plus(pick(account)), ZERO).toFixed();
  return {
    valuationCurrency: valuation,
    scope,
    byCurrency: byCurrency.map((row) => ({ currency: row.currency, amount: row.amount.toFixed(), value: text(row.value) })),
    bySide: [{ side: 'wallet', value: sum((a) => a.walletValue) }, { side: 'spot', value: sum((a) => a.spotValue) }],
    byAccount: today.accounts.map((account) => ({ accountId: account.accountId, label: account.label, value: new Decimal(account.walletValue).plus(account.spotValue).toFixed() })),
    totalValue: byCurrency.reduce((total, row) => (row.value === null ? total : total.plus(row.value)), ZERO).toFixed(),
    unvalued: byCurrency.filter((row) => row.value === null).map((row) => row.currency),
    missing: today.missing,
    precision: today.precision,
    asOf: new Date(today.readMs).toISOString(),
  };
}
