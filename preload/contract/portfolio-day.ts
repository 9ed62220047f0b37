// A day's balances and what qualifies them, shared by the portfolio (which works them out) and
// review (which reads them back from a signed balances export): apart, so neither contract file
// imports the other.

/** master: the profile's own account; all: the master and every sub-account together. */
export const PORTFOLIO_SCOPES = ['master', 'all'] as const;
export type PortfolioScope = (typeof PORTFOLIO_SCOPES)[number];

/**
 * Why a chart or table is incomplete, said instead of drawing nothing:
 * - syncing: the history's first read is still running, so the past is not all known yet;
 * - noHistory: no transactions are stored, so only today is known;
 * - noPrice: the service has no price for `currency` on these days (its value is left out);
 * - negative: the reconstruction holds less than nothing of `currency` on these days, so some
 *   movement is missing from the history (a spot trade, a sub-account's own deposit);
 * - subAccountsCarried: sub-accounts' own movements cannot be read with the master's key: their
 *   balances are carried back unchanged except for transfers with the master;
 * - snapshotsDisagree: a snapshot Coffer took differs from the reconstruction (see disagreements).
 */
export const PORTFOLIO_NOTE_KINDS = ['syncing', 'noHistory', 'noPrice', 'negative', 'subAccountsCarried', 'snapshotsDisagree'] as const;
export type PortfolioNoteKind = (typeof PORTFOLIO_NOTE_KINDS)[number];

export interface PortfolioNote {
  kind: PortfolioNoteKind;
  /** In plain words, naming the currency and days. */
  message: string;
  currency?: string;
  /** The first and last day concerned (YYYY-MM-DD), when it is about days. */
  from?: string;
  till?: string;
}

/** Every currency's amount at one day's close and its value at that day's close price. */
export interface DateBalances {
  day: string;
  /** The day's last moment, ISO 8601 UTC: what the amounts are as of. */
  closeAt: string;
  valuationCurrency: string;
  scope: PortfolioScope;
  rows: Array<{ currency: string; amount: string; price: string | null; value: string | null }>;
  totalValue: string;
  unpriced: string[];
  notes: PortfolioNote[];
  syncing: boolean;
  precision: Record<string, number>;
}
