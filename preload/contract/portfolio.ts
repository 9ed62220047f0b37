// The portfolio: what the account held and what it was worth, day by day from its first
// transaction, reconstructed backwards from today's balances through the synced history and valued
// with the service's daily price history; checked against the snapshots Coffer takes itself each
// day. Also today's allocation, the balances at any day's close (exportable, signed), and the
// market's candles for one symbol. Every amount, price and value is decimal text.
import { z } from 'zod';
import { currency } from './fields';
import type { ExportResult } from './history';
import { changes, noPayload, reads, type EventList, type Op, type OperationSpecs } from './operation';
import { visibleText } from './profile-schemas';
import { PORTFOLIO_SCOPES, type DateBalances, type PortfolioNote, type PortfolioScope } from './portfolio-day';

export * from './portfolio-day';

export const PORTFOLIO_RANGES = ['1W', '1M', '3M', '1Y', 'All'] as const;
export type PortfolioRange = (typeof PORTFOLIO_RANGES)[number];

/** One UTC day of the net worth chart (day: YYYY-MM-DD; values at the day's close). */
export interface NetWorthPoint {
  day: string;
  /** The reconstruction's value; null when nothing held that day has a price. */
  value: string | null;
  /** Currencies held at the close with no price that day (left out of value). */
  unpriced: string[];
  /** The same prices applied to the snapshot Coffer took that day; null: no snapshot that day. */
  snapshotValue: string | null;
}

/** One currency's holding over the same days: the amount, its close price and value (null: no price). */
export interface CurrencySeries {
  currency: string;
  points: Array<{ day: string; amount: string; price: string | null; value: string | null }>;
}

/** A snapshot and the reconstruction at the snapshot's own moment, for one currency. */
export interface SnapshotDisagreement {
  day: string;
  takenAt: string;
  currency: string;
  snapshot: string;
  reconstructed: string;
}

export interface NetWorthHistory {
  valuationCurrency: string;
  scope: PortfolioScope;
  range: PortfolioRange;
  /** One point per UTC day, oldest first, through today. */
  points: NetWorthPoint[];
  /** Every currency held on any of those days. */
  currencies: CurrencySeries[];
  disagreements: SnapshotDisagreement[];
  notes: PortfolioNote[];
  /** True while the history's first read runs: older days may still change. */
  syncing: boolean;
  /** Decimal places to show per currency (the valuation currency's included). */
  precision: Record<string, number>;
  asOf: string;
}

export const ALLOCATION_SIDES = ['wallet', 'spot'] as const;
export type AllocationSide = (typeof ALLOCATION_SIDES)[number];

/** Today's holdings valued three ways; every value in the valuation currency. */
export interface PortfolioAllocation {
  valuationCurrency: string;
  scope: PortfolioScope;
  byCurrency: Array<{ currency: string; amount: string; value: string | null }>;
  bySide: Array<{ side: AllocationSide; value: string }>;
  /** accountId 'master' for the profile's own account, else the sub-account's id. */
  byAccount: Array<{ accountId: string; label: string; value: string }>;
  /** Sum of every value that could be computed. */
  totalValue: string;
  /** Currencies held that have no rate (left out of every value). */
  unvalued: string[];
  /** Sub-accounts whose balances could not be read, and why (left out of every figure). */
  missing: Array<{ accountId: string; label: string; reason: string }>;
  precision: Record<string, number>;
  asOf: string;
}

export const CANDLE_PERIODS = ['M1', 'M3', 'M5', 'M15', 'M30', 'H1', 'H4', 'D1', 'D7', '1M'] as const;
export type CandlePeriod = (typeof CANDLE_PERIODS)[number];

export interface Candle {
  /** The candle's opening time, ISO 8601 UTC. */
  at: string;
  open: string;
  close: string;
  high: string;
  low: string;
  /** Base-currency volume. */
  volume: string;
  volumeQuote: string;
}

export interface MarketSymbolInfo {
  symbol: string;
  base: string;
  quote: string;
}

/** Oldest first. */
export interface CandleSeries {
  symbol: string;
  period: CandlePeriod;
  candles: Candle[];
}

export interface PortfolioOperations {
  portfolioNetWorth: Op<{ valuationCurrency: string; range: PortfolioRange; scope: PortfolioScope }, NetWorthHistory>;
  portfolioAllocation: Op<{ valuationCurrency: string; scope: PortfolioScope }, PortfolioAllocation>;
  balancesOnDate: Op<{ day: string; valuationCurrency: string; scope: PortfolioScope }, DateBalances>;
}

/** The balances at a day's close, written as one signed export (verifiable like a history export). */
export interface PortfolioExportOperations {
  exportBalancesOnDate: Op<{ day: string; valuationCurrency: string; scope: PortfolioScope; folder?: string }, ExportResult>;
}

export interface MarketOperations {
  marketSymbols: Op<void, MarketSymbolInfo[]>;
  /** The symbol's recent candles, then follows its candle stream (replacing the one followed before): marketCandles events. */
  watchCandles: Op<{ symbol: string; period: CandlePeriod }, CandleSeries>;
  stopCandles: Op<void, void>;
}

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Why `text` is not a UTC calendar day (YYYY-MM-DD) that exists and is not after `now`, or null.
 * Total: any text gets an answer, never an exception (a date that does not exist has no ISO form).
 */
export function calendarDayProblem(text: string, now: number = Date.now()): string | null {
  if (!DAY_PATTERN.test(text)) return 'day must be a date written YYYY-MM-DD';
  const midnight = Date.parse(`${text}T00:00:00Z`);
  if (Number.isNaN(midnight) || new Date(midnight).toISOString().slice(0, 10) !== text) return 'day is not a calendar date';
  if (midnight > now) return 'day must not be in the future';
  return null;
}

/** A UTC calendar day, YYYY-MM-DD, that exists and is not in the future. */
export const calendarDay = z
  .string({ error: 'day must be a date' })
  .trim()
  .superRefine((day, ctx) => {
    const problem = calendarDayProblem(day);
    if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
  });

const range = z.enum(PORTFOLIO_RANGES, { error: `range must be one of ${PORTFOLIO_RANGES.join(', ')}` });
const scope = z.enum(PORTFOLIO_SCOPES, { error: 'scope must be master or all' });
const symbol = z.string().trim().min(1, 'Choose a symbol').max(32, 'symbol is too long').superRefine(visibleText('The symbol'));
const period = z.enum(CANDLE_PERIODS, { error: `period must be one of ${CANDLE_PERIODS.join(', ')}` });

export const PORTFOLIO_OPERATIONS = {
  portfolioNetWorth: reads(z.object({ valuationCurrency: currency, range, scope }).strict()),
  portfolioAllocation: reads(z.object({ valuationCurrency: currency, scope }).strict()),
  balancesOnDate: reads(z.object({ day: calendarDay, valuationCurrency: currency, scope }).strict()),
} as const satisfies OperationSpecs<PortfolioOperations>;

export const PORTFOLIO_EXPORT_OPERATIONS = {
  exportBalancesOnDate: changes(
    z
      .object({
        day: calendarDay,
        valuationCurrency: currency,
        scope,
        folder: z.string().trim().min(1, 'folder is empty').max(1024, 'folder is too long').optional(),
      })
      .strict(),
  ),
} as const satisfies OperationSpecs<PortfolioExportOperations>;

export const MARKET_OPERATIONS = {
  marketSymbols: reads(noPayload),
  watchCandles: changes(z.object({ symbol, period }).strict()),
  stopCandles: changes(noPayload),
} as const satisfies OperationSpecs<MarketOperations>;

export interface PortfolioEvents {
  /** A snapshot was taken or the history changed: the charts should be read again. */
  portfolioChanged: { profileId: string; reason: 'snapshot' | 'history' };
  /** New or updated candles of the followed symbol (a candle with a known `at` replaces it). */
  marketCandles: { profileId: string; symbol: string; period: CandlePeriod; candles: Candle[] };
}

export const PORTFOLIO_EVENTS = { portfolioChanged: true, marketCandles: true } as const satisfies EventList<PortfolioEvents>;
