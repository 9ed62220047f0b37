// Pure logic of the sub-accounts table: each account with its valued totals (once read), search
// over email, id and description, the status filter, sorting, and the sums over the accounts.
// Amounts stay decimal strings.
import type { SubAccountRow, SubAccountStatus, SubAccountTotals } from '../../../../preload/contract';
import { compareAmounts, sumAmounts, toDecimal } from '../money/money-format';

export const SUB_ACCOUNT_SORT_KEYS = ['id', 'email', 'status', 'walletValue', 'spotValue'] as const;
export type SubAccountSortKey = (typeof SUB_ACCOUNT_SORT_KEYS)[number];
export type SortOrder = 'ascend' | 'descend';

export interface SubAccountView extends SubAccountRow {
  /** null until its balances have been read. */
  totals: SubAccountTotals | null;
}

export interface SubAccountFilter {
  search: string;
  status: SubAccountStatus | null;
  sortKey: SubAccountSortKey;
  sortOrder: SortOrder;
}

export function defaultFilter(): SubAccountFilter {
  return { search: '', status: null, sortKey: 'email', sortOrder: 'ascend' };
}

export function withTotals(rows: readonly SubAccountRow[], totals: Readonly<Record<string, SubAccountTotals>>): SubAccountView[] {
  return rows.map((row) => ({ ...row, totals: totals[row.id] ?? null }));
}

const STATUS_ORDER: Record<SubAccountStatus, number> = { active: 0, new: 1, frozen: 2, disabled: 3 };

export function visibleSubAccounts(views: readonly SubAccountView[], filter: SubAccountFilter): SubAccountView[] {
  const needle = filter.search.trim().toLowerCase();
  const shown = views.filter((view) => {
    if (filter.status !== null && view.status !== filter.status) return false;
    if (needle === '') return true;
    return [view.email, view.id, view.acl?.description ?? ''].some((text) => text.toLowerCase().includes(needle));
  });
  const direction = filter.sortOrder === 'ascend' ? 1 : -1;
  return shown.sort((a, b) => {
    const missing = missingLast(filter.sortKey, a, b);
    if (missing !== 0) return missing;
    return direction * compareBy(filter.sortKey, a, b) || a.email.localeCompare(b.email) || byId(a, b);
  });
}

function valueOf(key: SubAccountSortKey, view: SubAccountView): string | null {
  if (key === 'walletValue') return view.totals?.walletValue ?? null;
  if (key === 'spotValue') return view.totals?.spotValue ?? null;
  return '';
}

/** Accounts whose value is not known (not read yet, or failed) go last whichever way values sort. */
function missingLast(key: SubAccountSortKey, a: SubAccountView, b: SubAccountView): number {
  const [left, right] = [valueOf(key, a), valueOf(key, b)];
  if ((left === null) === (right === null)) return 0;
  return left === null ? 1 : -1;
}

function byId(a: SubAccountView, b: SubAccountView): number {
  return a.id.localeCompare(b.id, 'en', { numeric: true });
}

function compareBy(key: SubAccountSortKey, a: SubAccountView, b: SubAccountView): number {
  if (key === 'id') return byId(a, b);
  if (key === 'email') return a.email.localeCompare(b.email);
  if (key === 'status') return STATUS_ORDER[a.status] - STATUS_ORDER[b.status];
  return compareAmounts(valueOf(key, a), valueOf(key, b));
}

export interface SubAccountSums {
  wallet: string;
  spot: string;
  /** Wallet and spot together. */
  total: string;
  /** Accounts whose balances are in the sums. */
  counted: number;
  /** Accounts whose balances could not be read (left out of the sums). */
  failed: number;
  /** Currencies held somewhere that have no rate (left out of the values). */
  unvalued: string[];
}

export function sumSubAccounts(totals: readonly SubAccountTotals[]): SubAccountSums {
  const read = totals.filter((t) => t.error === null && t.walletValue !== null && t.spotValue !== null);
  const wallet = sumAmounts(read.map((t) => t.walletValue));
  const spot = sumAmounts(read.map((t) => t.spotValue));
  return {
    wallet: wallet.toFixed(),
    spot: spot.toFixed(),
    total: wallet.plus(spot).toFixed(),
    counted: read.length,
    failed: totals.length - read.length,
    unvalued: [...new Set(totals.flatMap((t) => t.unvalued))].sort(),
  };
}

/** The sub-accounts' total plus the master's, or null while the master's is unknown. */
export function combinedTotal(subAccounts: string, master: string | null | undefined): string | null {
  const masterValue = toDecimal(master);
  const subValue = toDecimal(subAccounts);
  return masterValue === null || subValue === null ? null : masterValue.plus(subValue).toFixed();
}

export interface SummaryFigures {
  wallet: string | null;
  spot: string | null;
  total: string | null;
  together: string | null;
}

/** The summary's figures: sums over no account read are unknown (null), never zero. */
export function summaryFigures(sums: SubAccountSums, listed: number, master: string | null): SummaryFigures {
  if (sums.counted === 0 && listed > 0) return { wallet: null, spot: null, total: null, together: null };
  return { wallet: sums.wallet, spot: sums.spot, total: sums.total, together: combinedTotal(sums.total, master) };
}
