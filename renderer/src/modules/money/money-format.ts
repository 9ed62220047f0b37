// Amounts on screen: decimal.js all the way, thousands separated. A JavaScript number never holds
// an amount here. A recorded amount (what the service or an export wrote) is never rounded: it is
// padded to its currency's precision when that is known and otherwise shown as written. Only
// figures the app computes itself (valuations, prices, estimates) go through the rounding
// functions, whose names say so.
import Decimal from '../../../../preload/contract/decimal';

const THOUSANDS = /\B(?=(\d{3})+(?!\d))/g;
const DECIMAL_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)$/;

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
  if (!DECIMAL_TEXT.test(text)) return null;
  return new Decimal(text);
}

/** Places a typed amount may have when the service gave no precision for a currency. */
export const DEFAULT_PRECISION = 8;

/** The places an amount typed in `currency` may have (a rule for input, not for display). */
export function precisionOf(currency: string, precisions: Precisions): number {
  return precisions[currency] ?? DEFAULT_PRECISION;
}

/**
 * A recorded amount: "1234567.5" at 2 places → "1,234,567.50"; "11.1125" at 2 places →
 * "11.1125" (every decimal recorded is kept, never rounded); null places → as written. Invalid
 * text shows as "—".
 */
export function formatAmount(value: string | Decimal | null | undefined, decimals: number | null, options: FormatOptions = {}): string {
  const amount = toDecimal(value);
  if (amount === null || value === null || value === undefined) return '—';
  const places = Math.max(decimals ?? 0, writtenPlaces(value, amount));
  return layout(amount.toFixed(places), options);
}

/** Decimal places as written ("1.50" has two), so trailing zeros the record carries stay. */
function writtenPlaces(value: string | Decimal, amount: Decimal): number {
  if (value instanceof Decimal) return amount.decimalPlaces();
  return value.trim().split('.')[1]?.length ?? 0;
}

/** A recorded amount in its currency's precision, e.g. formatMoney("0.5", "BTC", {BTC: 8}) → "0.50000000". */
export function formatMoney(value: string | Decimal | null | undefined, currency: string, precisions: Precisions, options: FormatOptions = {}): string {
  // A currency nobody listed (a review has no service to ask) is shown as written.
  return formatAmount(value, precisions[currency] ?? null, options);
}

/** Same, with the currency code after it: "1,000.00 USDT". */
export function formatMoneyWithCode(value: string | Decimal | null | undefined, currency: string, precisions: Precisions, options: FormatOptions = {}): string {
  return `${formatMoney(value, currency, precisions, options)} ${currency}`;
}

/**
 * A figure the app computed (an estimate, a converted value), rounded half up to `decimals`.
 * Never for an amount the service or an export recorded: use formatAmount for those.
 */
export function formatRounded(value: string | Decimal | null | undefined, decimals: number, options: FormatOptions = {}): string {
  const amount = toDecimal(value);
  if (amount === null) return '—';
  return layout(amount.toFixed(decimals, Decimal.ROUND_HALF_UP), options);
}

/** Currencies whose valuations read as money on a statement: two decimals (none for yen). */
const CASH_DECIMALS: Readonly<Record<string, number>> = {
  USD: 2, EUR: 2, GBP: 2, CHF: 2, JPY: 0, USDT: 2, USDC: 2, DAI: 2, BUSD: 2, TUSD: 2, FDUSD: 2,
};
/** A crypto valuation currency nobody listed: satoshi-like places. */
const CRYPTO_VALUATION_DECIMALS = 8;

/** Places a valuation in `currency` is shown with: two for cash-like currencies, else its precision. */
export function valuationDecimals(currency: string, precisions: Precisions = {}): number {
  return CASH_DECIMALS[currency] ?? precisions[currency] ?? CRYPTO_VALUATION_DECIMALS;
}

/** A computed valuation (amount × price, or a total of such) in the valuation currency's places. */
export function formatValuation(value: string | Decimal | null | undefined, currency: string, precisions: Precisions = {}): string {
  return formatRounded(value, valuationDecimals(currency, precisions));
}

/** Same, with the currency code after it: "107,682.84 USDT". */
export function formatValuationWithCode(value: string | Decimal | null | undefined, currency: string, precisions: Precisions = {}): string {
  return `${formatValuation(value, currency, precisions)} ${currency}`;
}

/** Significant digits a price keeps, so 1.09364761622228 and 3150 read alike: 1.09365, 3,150.00. */
export const PRICE_SIGNIFICANT_DIGITS = 6;
const PRICE_MIN_DECIMALS = 2;

/** A price: six significant digits, at least two decimals, whatever its size. */
export function formatPrice(value: string | Decimal | null | undefined): string {
  const price = toDecimal(value);
  if (price === null) return '—';
  if (price.isZero()) return layout(price.toFixed(PRICE_MIN_DECIMALS), {});
  const magnitude = price.abs().log(10).floor().toNumber();
  const places = Math.max(PRICE_MIN_DECIMALS, PRICE_SIGNIFICANT_DIGITS - 1 - magnitude);
  return formatRounded(price, places);
}

/** Groups thousands, trims on request and turns "-0.00" into "0.00". */
function layout(fixed: string, options: FormatOptions): string {
  const shown = options.trim ? trimZeros(fixed, options.minDecimals ?? 0) : fixed;
  const negative = shown.startsWith('-');
  const unsigned = negative ? shown.slice(1) : shown;
  const [whole = '0', fraction] = unsigned.split('.');
  const grouped = whole.replace(THOUSANDS, ',');
  const sign = negative && !new Decimal(unsigned).isZero() ? '-' : '';
  return `${sign}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
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
