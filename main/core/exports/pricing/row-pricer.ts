// What one exported row was worth in the export's valuation currency at its time, from a price
// table read once before the rows are written (price-table.ts): per currency, the close of each
// UTC day (D1 candles) and, for recent rows, of each UTC hour (H1 candles). A row is priced at the
// close of its hour when that candle is known, else at the close of its day; a row in the
// valuation currency itself is worth its amount. Every lookup is two Map reads, so a million rows
// cost nothing next to writing them. A row without a known price gets no value and a note saying
// why, never a zero.
import Decimal from '../../../../preload/contract/decimal';

export const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;

/** The closes an export is priced from, as plain data (it crosses to the export worker). */
export interface PriceTable {
  valuationCurrency: string;
  /** currency → UTC day number (ms since the epoch / DAY_MS) → that day's close. */
  daily: Record<string, Record<string, string>>;
  /** currency → UTC hour number (ms / HOUR_MS) → that hour's close; recent hours only. */
  hourly: Record<string, Record<string, string>>;
}

export type RowValue =
  | { value: string; currency: string; note: null }
  | { value: null; currency: string; note: string };

export const emptyPriceTable = (valuationCurrency: string): PriceTable => ({ valuationCurrency, daily: {}, hourly: {} });

function indexed(table: Record<string, Record<string, string>>): Map<string, Map<number, Decimal>> {
  const byCurrency = new Map<string, Map<number, Decimal>>();
  for (const [currency, closes] of Object.entries(table)) {
    byCurrency.set(currency, new Map(Object.entries(closes).map(([slot, close]) => [Number(slot), new Decimal(close)])));
  }
  return byCurrency;
}

const AMOUNT = /^\d+(\.\d+)?$/;

export class RowPricer {
  readonly valuationCurrency: string;
  /** Values asked for that had no price, since this was last set to 0 (the archive counts a file's unpriced rows with it). */
  unpriced = 0;
  private readonly daily: Map<string, Map<number, Decimal>>;
  private readonly hourly: Map<string, Map<number, Decimal>>;

  constructor(table: PriceTable) {
    this.valuationCurrency = table.valuationCurrency;
    this.daily = indexed(table.daily);
    this.hourly = indexed(table.hourly);
  }

  /** The price of one unit of `currency` at `atMs`, or null when the table has none. */
  price(currency: string, atMs: number): Decimal | null {
    if (currency === this.valuationCurrency) return new Decimal(1);
    return this.hourly.get(currency)?.get(Math.floor(atMs / HOUR_MS)) ?? this.daily.get(currency)?.get(Math.floor(atMs / DAY_MS)) ?? null;
  }

  /** `amount` of `currency` at the ISO time `at`, exactly (amount × close, no rounding). */
  valueOf(currency: string, amount: string, at: string): RowValue {
    const valuation = this.valuationCurrency;
    const unknown = (note: string): RowValue => {
      this.unpriced += 1;
      return { value: null, currency: valuation, note: `unknown: ${note}` };
    };
    const atMs = Date.parse(at);
    if (Number.isNaN(atMs)) return unknown(`the row's time ${at} is not a time`);
    if (!AMOUNT.test(amount)) return unknown(`the amount ${amount} is not a number`);
    const price = this.price(currency, atMs);
    if (price === null) return unknown(`no ${currency} price in ${valuation} for ${new Date(Math.floor(atMs / DAY_MS) * DAY_MS).toISOString().slice(0, 10)}`);
    return { value: new Decimal(amount).times(price).toFixed(), currency: valuation, note: null };
  }
}
