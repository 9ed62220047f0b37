// The reconstruction's arithmetic (rules.ts says what counts): pure, no I/O. From today's
// holdings and the counted entries' net change per day and currency, the holding at each day's
// close, walking back from today; each day valued at its closes. Days are whole UTC days since
// 1970 (the history's day numbers).
import Decimal from '../../../preload/contract/decimal';

/** Per day, per currency: Σ of the counted entries created that day (+in, −out, −fee). */
export type DailyDeltas = ReadonlyMap<number, ReadonlyMap<string, Decimal>>;
/** Per currency, per day: the close in the valuation currency. */
export type Closes = ReadonlyMap<string, ReadonlyMap<number, Decimal>>;

export interface ReconstructionInput {
  firstDay: number;
  /** Today: its "close" is now, valued at the closes given for it (the live rates). */
  lastDay: number;
  today: ReadonlyMap<string, Decimal>;
  deltas: DailyDeltas;
  closes: Closes;
  valuationCurrency: string;
}

export interface ReconstructedDay {
  day: number;
  /** Every currency of the reconstruction, zero included. */
  holdings: Map<string, Decimal>;
  /** Σ holding × close of the currencies held with a price; null when none held has one. */
  value: Decimal | null;
  /** Held (≠ 0) with no close that day, sorted. */
  unpriced: string[];
}

/** A run of consecutive days (inclusive) on which something holds for one currency. */
export interface DayRun {
  currency: string;
  fromDay: number;
  tillDay: number;
}

export interface Reconstruction {
  /** Oldest first. */
  days: ReconstructedDay[];
  /** Currencies held (≠ 0) on at least one of the days, sorted. */
  currencies: string[];
  negative: DayRun[];
  noPrice: DayRun[];
}

const ZERO = new Decimal(0);
const ONE = new Decimal(1);

/** The close of `currency` on `day`: 1 for the valuation currency itself. */
export function closeOf(closes: Closes, valuationCurrency: string, currency: string, day: number): Decimal | null {
  if (currency === valuationCurrency) return ONE;
  return closes.get(currency)?.get(day) ?? null;
}

/** Holdings at each day's close from lastDay back to firstDay, then valued. */
export function reconstruct(input: ReconstructionInput): Reconstruction {
  const { firstDay, lastDay } = input;
  if (firstDay > lastDay) throw new RangeError('firstDay is after lastDay');
  const currencies = new Set(input.today.keys());
  for (const [day, byCurrency] of input.deltas) if (day > firstDay) for (const currency of byCurrency.keys()) currencies.add(currency);

  const running = new Map([...currencies].map((currency) => [currency, input.today.get(currency) ?? ZERO]));
  // Entries of days after lastDay (a clock running ahead of the service's) are in today's holdings already.
  for (const [day, byCurrency] of input.deltas) {
    if (day > lastDay) for (const [currency, delta] of byCurrency) running.set(currency, (running.get(currency) ?? ZERO).minus(delta));
  }
  const newestFirst: ReconstructedDay[] = [];
  for (let day = lastDay; day >= firstDay; day -= 1) {
    newestFirst.push(valued(day, new Map(running), input));
    // Before this day's entries: the close of the day before.
    for (const [currency, delta] of input.deltas.get(day) ?? []) running.set(currency, (running.get(currency) ?? ZERO).minus(delta));
  }
  const days = newestFirst.reverse();
  const held = [...currencies].filter((currency) => days.some((day) => !(day.holdings.get(currency) ?? ZERO).isZero())).sort();
  return {
    days,
    currencies: held,
    negative: runsOf(days, held, (day, currency) => (day.holdings.get(currency) ?? ZERO).isNegative()),
    noPrice: runsOf(days, held, (day, currency) => day.unpriced.includes(currency)),
  };
}

function valued(day: number, holdings: Map<string, Decimal>, input: ReconstructionInput): ReconstructedDay {
  let value = ZERO;
  let priced = 0;
  let heldAny = false;
  const unpriced: string[] = [];
  for (const [currency, amount] of holdings) {
    if (amount.isZero()) continue;
    heldAny = true;
    const close = closeOf(input.closes, input.valuationCurrency, currency, day);
    if (close === null) {
      unpriced.push(currency);
      continue;
    }
    value = value.plus(amount.times(close));
    priced += 1;
  }
  return { day, holdings, value: heldAny && priced === 0 ? null : value, unpriced: unpriced.sort() };
}

/** Consecutive days on which `holds` is true, per currency, oldest first. */
function runsOf(days: readonly ReconstructedDay[], currencies: readonly string[], holds: (day: ReconstructedDay, currency: string) => boolean): DayRun[] {
  const runs: DayRun[] = [];
  for (const currency of currencies) {
    let open: DayRun | null = null;
    for (const day of days) {
      if (!holds(day, currency)) {
        open = null;
        continue;
      }
      if (open === null) runs.push((open = { currency, fromDay: day.day, tillDay: day.day }));
      else open.tillDay = day.day;
    }
  }
  return runs;
}

/** YYYY-MM-DD of a day number. */
export function dayText(day: number): string {
  return new Date(day * 86_400_000).toISOString().slice(0, 10);
}

/** The day number of a YYYY-MM-DD text (already checked by the contract). */
export function dayOfText(text: string): number {
  return Math.floor(Date.parse(`${text}T00:00:00Z`) / 86_400_000);
}
