// The conversion form's arithmetic and rules, pure: one side typed ("I pay" or "I receive"), the
// other worked out from the quote with the contract's conversion-math, so the form promises what
// main will compare the result with; the quote's age as the renderer counts it; each error on
// its field.
import { QUOTE_STALE_MS, type ConversionQuote, type ConversionTarget } from '../../../../preload/contract';
import { amountForReceive, expectedReceive, type QuoteTerms } from '../../../../preload/contract/conversion-math';
import Decimal from '../../../../preload/contract/decimal';
import { checkAmountInput } from '../money/amount-input';
import { formatAmount, formatRounded, toDecimal } from '../money/money-format';

export const CONVERT_FIELDS = ['fromCurrency', 'toCurrency', 'pay', 'receive', 'quote'] as const;
export type ConvertField = (typeof CONVERT_FIELDS)[number];
export type ConvertErrors = Partial<Record<ConvertField, string>>;

/** Which amount the person typed; the other one follows the quote. */
export type Anchor = 'pay' | 'receive';

export interface ConvertDraft {
  fromCurrency: string | null;
  toCurrency: string | null;
  anchor: Anchor;
  pay: string;
  receive: string;
}

/** A quote with the moment (this computer's clock, ms) the renderer received it: its age counts from there. */
export interface ReceivedQuote {
  quote: ConversionQuote;
  receivedAt: number;
}

export interface ConversionAmounts {
  /** What leaves the wallet, in the from-currency's precision. */
  pay: Decimal | null;
  /** What the quote promises to credit (after the spread, rounded down). */
  receive: Decimal | null;
}

export function emptyConvertDraft(): ConvertDraft {
  return { fromCurrency: null, toCurrency: null, anchor: 'pay', pay: '', receive: '' };
}

export function termsOf(quote: ConversionQuote): QuoteTerms {
  return { rate: quote.rate, spread: quote.spread, fromPrecision: quote.fromPrecision, toPrecision: quote.toPrecision };
}

export function quoteAgeMs(received: ReceivedQuote, now: number): number {
  return Math.max(0, now - received.receivedAt);
}

export function isStale(received: ReceivedQuote, now: number): boolean {
  return quoteAgeMs(received, now) > QUOTE_STALE_MS;
}

/** "2 s old", "1 min 5 s old". */
export function ageText(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  if (seconds < 60) return `${seconds} s old`;
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s old`;
}

/** "0.002" → "0.2 %". */
export function spreadPercent(spread: string): string {
  const value = toDecimal(spread);
  return value === null ? '—' : `${value.times(100).toFixed()} %`;
}

/** A signed difference in the to-currency's precision: "+0.000012", "−0.000012", "0.000000". */
export function signedAmount(value: string, decimals: number): string {
  const amount = toDecimal(value);
  if (amount === null) return '—';
  const shown = formatRounded(amount.abs(), decimals);
  const rounded = amount.toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP);
  if (rounded.isZero()) return shown;
  return `${rounded.isNegative() ? '−' : '+'}${shown}`;
}

/** The pay and receive amounts, from the typed side and the quote (null where not computable). */
export function conversionAmounts(draft: ConvertDraft, quote: ConversionQuote | null): ConversionAmounts {
  const typed = toDecimal(draft.anchor === 'pay' ? draft.pay : draft.receive);
  const valid = typed !== null && !typed.isNegative() && /^\d+(\.\d+)?$/.test((draft.anchor === 'pay' ? draft.pay : draft.receive).trim());
  if (!valid) return { pay: null, receive: null };
  if (draft.anchor === 'pay') return { pay: typed, receive: quote ? expectedReceive(typed, termsOf(quote)) : null };
  // What main compares the credit with is what the amount sent brings, which can be a step above
  // the receipt typed once the amount is rounded up.
  const pay = quote ? amountForReceive(typed, termsOf(quote)) : null;
  return { pay, receive: pay !== null && quote ? expectedReceive(pay, termsOf(quote)) : typed };
}

export interface ConvertContext {
  fromDecimals: number;
  toDecimals: number;
  /** The wallet's available balance of the from-currency. */
  available: string | null;
  /** The currencies the from-currency can be priced in; null while not known. */
  targets: ConversionTarget[] | null;
  quote: ReceivedQuote | null;
  /** Why no quote could be had for the pair (main's words). */
  quoteProblem: string | null;
  now: number;
}

export function validateConvert(draft: ConvertDraft, ctx: ConvertContext): ConvertErrors {
  const errors: ConvertErrors = {};
  const from = draft.fromCurrency;
  const to = draft.toCurrency;
  if (!from) errors.fromCurrency = 'Choose the currency to convert from.';
  if (!to) errors.toCurrency = 'Choose the currency to receive.';
  else if (to === from) errors.toCurrency = 'Choose a currency other than the one converted from.';
  else if (ctx.targets !== null && !ctx.targets.some((target) => target.currency === to)) errors.toCurrency = `The service has no rate from ${from} to ${to}.`;
  else if (ctx.quoteProblem) errors.toCurrency = ctx.quoteProblem;
  if (errors.fromCurrency || errors.toCurrency || !from || !to) return errors;

  const quote = ctx.quote?.quote ?? null;
  const amounts = conversionAmounts(draft, quote);
  if (draft.anchor === 'pay') {
    const check = checkAmountInput(draft.pay, { decimals: ctx.fromDecimals, currency: from, max: ctx.available });
    if (!check.ok) errors.pay = check.message;
    else if (amounts.receive !== null && amounts.receive.lte(0)) errors.pay = `Too small: after the spread it would bring no ${to}.`;
  } else {
    const check = checkAmountInput(draft.receive, { decimals: ctx.toDecimals, currency: to });
    const available = toDecimal(ctx.available);
    if (!check.ok) errors.receive = check.message;
    else if (amounts.pay !== null && available !== null && amounts.pay.greaterThan(available)) {
      errors.receive = `That takes ${formatAmount(amounts.pay, ctx.fromDecimals, { trim: true })} ${from}; the wallet holds ${formatAmount(available, ctx.fromDecimals, { trim: true })}.`;
    }
  }
  if (ctx.quote === null) errors.quote = 'No quote yet: wait a moment for the price.';
  else if (isStale(ctx.quote, ctx.now)) errors.quote = `The quote is ${ageText(quoteAgeMs(ctx.quote, ctx.now))}: get a new quote before converting.`;
  return errors;
}

/** A rate as people read it: grouped, its own decimals (at most 12), no trailing zeros. */
export function rateText(rate: string | Decimal): string {
  const value = toDecimal(rate);
  if (value === null) return '—';
  return formatRounded(value, Math.min(value.decimalPlaces(), 12), { trim: true });
}

/** Units of the from-currency one unit of the to-currency is worth (8 significant digits). */
export function inverseRate(rate: string): string {
  const value = toDecimal(rate);
  if (value === null || value.isZero()) return '—';
  return rateText(new Decimal(1).div(value).toSignificantDigits(8));
}
