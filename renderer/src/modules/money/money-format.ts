// Amounts on screen: decimal.js all the way, each currency in its own precision, thousands
// separated. A JavaScript number never holds an amount here.
import Decimal from '../../../../preload/contract/decimal';

/** Used when the service gave no precision for a currency. */
export const DEFAULT_PRECISION = 8;
const THOUSANDS = /\B(?=(\d{3})+(?!\d))/g;

export type Precisions = Readonly<Record<string, number>>;

export interface FormatOptions {
  /** Drop trailing zeros after the decimal point (keeps at least `minDecimals`). */
  trim?: boolean;
  minDecimals?: number;
}

/** Parses decimal text; null for anything that is not a finite decimal number. */
export function toDecimal(value: string | Decimal | null | undefined): Decimal | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Decimal) return value.isFinite() ? value : null;
  const text = value.trim();
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(text)) return null;
  return new Decimal(text);
}

export function precisionOf(currency: string, precisions: Precisions): number {
  return precisions[currency] ?? DEFAULT_PRECISION;
}

/** "1234567.5" at 2 places → "1,234,567.50". Rounds half up; invalid text shows as "—". */
export function formatAmount(value: string | Decimal | null | undefined, decimals: number, options: FormatOptions = {}): string {
  const amount = toDecimal(value);
  if (amount === null) return '—';
  let fixed = amount.toFixed(decimals, Decimal.ROUND_HALF_UP);
  if (options.trim) fixed = trimZeros(fixed, options.minDecimals ?? 0);
  const negative = fixed.startsWith('-');
  const unsigned = negative ? fixed.slice(1) : fixed;
  const [whole = '0', fraction] = unsigned.split('.');
  const grouped = whole.replace(THOUSANDS, ',');
  // "-0.00" after rounding is just zero.
  const sign = negative && !new Decimal(unsigned).isZero() ? '-' : '';
  return `${sign}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}

/** An amount in its currency's precision, e.g. formatMoney("0.5", "BTC", {BTC: 8}) → "0.50000000". */
export function formatMoney(value: string | Decimal | null | undefined, currency: string, precisions: Precisions, options: FormatOptions = {}): string {
  return formatAmount(value, precisionOf(currency, precisions), options);
}

/** Same, with the currency code after it: "1,000.00 USDT". */
export function formatMoneyWithCode(value: string | Decimal | null | undefined, currency: string, precisions: Precisions, options: FormatOptions = {}): string {
  return `${formatMoney(value, currency, precisions, options)} ${currency}`;
}

function trimZeros(fixed: string, minDecimals: number): string {
  const dot = fixed.indexOf('.');
  if (dot === -1) return fixed;
  let end = fixed.length;
  while (end > dot + 1 + minDecimals && fixed[end - 1] === '0') end -= 1;
  if (end === dot + 1) end = dot;
  return fixed.slice(0, end);
}

/** Sum of decimal strings (invalid ones count as zero). */
export function sumAmounts(values: readonly (string | null | undefined)[]): Decimal {
  return values.reduce<Decimal>((total, value) => total.plus(toDecimal(value) ?? 0), new Decimal(0));
}

export function isZeroAmount(value: string | null | undefined): boolean {
  const amount = toDecimal(value);
  return amount === null || amount.isZero();
}

/** Compares two decimal strings for sorting; invalid ones sort as zero. */
export function compareAmounts(a: string | null | undefined, b: string | null | undefined): number {
  return (toDecimal(a) ?? new Decimal(0)).comparedTo(toDecimal(b) ?? new Decimal(0));
}
