// The arithmetic of a conversion quote, shared by the form (what it promises) and main (what it
// compares the result with). What is promised is rounded down to the receiving currency's
// precision, so the service never credits less than the screen said because of rounding; an
// amount worked back from a wanted receipt is rounded up, for the same reason.
import Decimal from './decimal';

type DecimalInput = string | number | Decimal;

export interface QuoteTerms {
  /** Units of the to-currency per unit of the from-currency, before the spread. */
  rate: DecimalInput;
  /** The share the service keeps, e.g. 0.002. */
  spread: DecimalInput;
  fromPrecision: number;
  toPrecision: number;
}

/** Units of the to-currency one unit of the from-currency brings after the spread. */
export function effectiveRate(terms: QuoteTerms): Decimal {
  return new Decimal(terms.rate).times(new Decimal(1).minus(terms.spread));
}

/** What converting `amount` is expected to credit, rounded down to the to-currency's precision. */
export function expectedReceive(amount: DecimalInput, terms: QuoteTerms): Decimal {
  return new Decimal(amount).times(effectiveRate(terms)).toDecimalPlaces(terms.toPrecision, Decimal.ROUND_DOWN);
}

/**
 * The smallest amount, in the from-currency's precision, expected to credit at least `receive`;
 * null when the rate is not positive.
 */
export function amountForReceive(receive: DecimalInput, terms: QuoteTerms): Decimal | null {
  const rate = effectiveRate(terms);
  if (rate.lte(0)) return null;
  let amount = new Decimal(receive).div(rate).toDecimalPlaces(terms.fromPrecision, Decimal.ROUND_UP);
  // The division is exact to 80 digits; rounding the product down can still fall one step short.
  const step = new Decimal(1).div(new Decimal(10).pow(terms.fromPrecision));
  while (expectedReceive(amount, terms).lt(receive)) amount = amount.plus(step);
  return amount;
}

/** credited − expected, in the to-currency's precision (negative: less than promised). */
export function differenceFromQuote(credited: DecimalInput, expected: DecimalInput, toPrecision: number): Decimal {
  return new Decimal(credited).minus(expected).toDecimalPlaces(toPrecision, Decimal.ROUND_HALF_EVEN);
}
