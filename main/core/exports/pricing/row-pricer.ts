// What one exported row was worth in the export's valuation currency at its time, from a price
// table read once before the rows are written (price-table.ts): per currency, the close of each
// UTC day (D1 candles) and, for recent rows, of each UTC hour (H1 candles). A row is priced at the
// close of its hour when that candle is known, else at the close of its day; a row in the
// valuation currency itself is worth its amount. Every lookup is two Map reads, so a million rows
// cost nothing next to writing them. A row without a known price gets no value and a note saying
// why, never a zero. The product is exact, worked out on whole numbers (BigInt) rather than
// decimal.js: a million rows are valued per file, and that is several times faster.

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

const AMOUNT = /^\d+(\.\d+)?$/;

/** A non-negative decimal as whole units of 10^-scale. */
export interface ScaledDecimal {
  units: bigint;
  scale: number;
}

/** A plain non-negative decimal ("12.5") as whole units; null for anything else. */
export function scaled(text: string): ScaledDecimal | null {
  if (!AMOUNT.test(text)) return null;
  const dot = text.indexOf('.');
  return dot === -1 ? { units: BigInt(text), scale: 0 } : { units: BigInt(text.slice(0, dot) + text.slice(dot + 1)), scale: text.length - dot - 1 };
}

/** a × b exactly, as plain decimal text without trailing zeros ("30000", "0.6"). */
export function exactProduct(a: ScaledDecimal, b: ScaledDecimal): string {
  const scale = a.scale + b.scale;
  const digits = (a.units * b.units).toString();
  if (scale === 0) return digits;
  const padded = digits.length > scale ? digits : digits.padStart(scale + 1, '0');
  const point = padded.length - scale;
  // Trailing zeros of the fraction dropped by scanning back (a regex per row costs more).
  let end = padded.length;
  while (end > point && padded.charCodeAt(end - 1) === 48) end -= 1;
  return end === point ? padded.slice(0, point) : `${padded.slice(0, point)}.${padded.slice(point, end)}`;
}

const ONE: ScaledDecimal = { units: 1n, scale: 0 };

function indexed(table: Record<string, Record<string, string>>): Map<string, Map<number, ScaledDecimal>> {
  const byCurrency = new Map<string, Map<number, ScaledDecimal>>();
  for (const [currency, closes] of Object.entries(table)) {
    const bySlot = new Map<number, ScaledDecimal>();
    for (const [slot, close] of Object.entries(closes)) {
      const price = scaled(close);
      if (price !== null) bySlot.set(Number(slot), price);
    }
    byCurrency.set(currency, bySlot);
  }
  return byCurrency;
}

export class RowPricer {
  readonly valuationCurrency: string;
  /** Values asked for that had no price, since this was last set to 0 (the archive counts a file's unpriced rows with it). */
  unpriced = 0;
  private readonly daily: Map<string, Map<number, ScaledDecimal>>;
  private readonly hourly: Map<string, Map<number, ScaledDecimal>>;
  /** The last time parsed: a row's time is valued once per file it appears in, and rows come in time order. */
  private lastAt = '';
  private lastMs = Number.NaN;
  private lastValue: { currency: string; amount: string; at: string; value: RowValue } | null = null;
  private readonly days = new Map<number, string>();
  private readonly unpricedDays = new Map<string, Map<number, RowValue>>();

  constructor(table: PriceTable) {
    this.valuationCurrency = table.valuationCurrency;
    this.daily = indexed(table.daily);
    this.hourly = indexed(table.hourly);
  }

  /** The price of one unit of `currency` at `atMs`, or null when the table has none. */
  price(currency: string, atMs: number): ScaledDecimal | null {
    if (currency === this.valuationCurrency) return ONE;
    return this.hourly.get(currency)?.get(Math.floor(atMs / HOUR_MS)) ?? this.daily.get(currency)?.get(Math.floor(atMs / DAY_MS)) ?? null;
  }

  /** `amount` of `currency` at the ISO time `at`, exactly (amount × close, no rounding). */
  valueOf(currency: string, amount: string, at: string): RowValue {
    // The accountant's files value most rows twice (their own line and transactions.csv's).
    const last = this.lastValue;
    if (last !== null && last.at === at && last.amount === amount && last.currency === currency) {
      if (last.value.value === null) this.unpriced += 1;
      return last.value;
    }
    const value = this.freshValue(currency, amount, at);
    this.lastValue = { currency, amount, at, value };
    return value;
  }

  private freshValue(currency: string, amount: string, at: string): RowValue {
    if (at !== this.lastAt) {
      this.lastAt = at;
      this.lastMs = Date.parse(at);
    }
    const atMs = this.lastMs;
    if (Number.isNaN(atMs)) return this.unknown(`the row's time ${at} is not a time`);
    // The price first: a row without one needs only to know that its amount is a number, not its units.
    const price = this.price(currency, atMs);
    if (price === null) {
      if (!AMOUNT.test(amount)) return this.unknown(`the amount ${amount} is not a number`);
      this.unpriced += 1;
      return this.noPrice(currency, Math.floor(atMs / DAY_MS));
    }
    const units = scaled(amount);
    if (units === null) return this.unknown(`the amount ${amount} is not a number`);
    return { value: exactProduct(units, price), currency: this.valuationCurrency, note: null };
  }

  /** The value of a row of `currency` on a day without its price: one object per currency and day, shared by their rows. */
  private noPrice(currency: string, day: number): RowValue {
    let byDay = this.unpricedDays.get(currency);
    if (byDay === undefined) {
      byDay = new Map();
      this.unpricedDays.set(currency, byDay);
    }
    let value = byDay.get(day);
    if (value === undefined) {
      value = { value: null, currency: this.valuationCurrency, note: `unknown: no ${currency} price in ${this.valuationCurrency} for ${this.dayText(day)}` };
      if (byDay.size < 100_000) byDay.set(day, value);
    }
    return value;
  }

  /** "YYYY-MM-DD" of a UTC day number, kept per day: rows without a price come a day at a time. */
  private dayText(day: number): string {
    let text = this.days.get(day);
    if (text === undefined) {
      text = new Date(day * DAY_MS).toISOString().slice(0, 10);
      if (this.days.size < 100_000) this.days.set(day, text);
    }
    return text;
  }

  private unknown(note: string): RowValue {
    this.unpriced += 1;
    return { value: null, currency: this.valuationCurrency, note: `unknown: ${note}` };
  }
}
