// An amount as three integers SQLite can sum exactly (see schema.ts), and the sums back to
// decimal text. Parsing works on the decimal text itself: no float ever holds the amount.
import Decimal from '../../../preload/contract/decimal';

/** Digits per fraction group: two groups carry 18 decimals. */
const GROUP_DIGITS = 9;
export const MAX_PART_DECIMALS = GROUP_DIGITS * 2;
/**
 * Whole parts stay under 10^12, so SQLite's 64-bit SUM cannot overflow before 9 million rows of
 * the largest amounts; fraction groups are under 10^9 each.
 */
const MAX_WHOLE_DIGITS = 12;

export interface AmountParts {
  whole: number;
  frac1: number;
  frac2: number;
}

const DECIMAL_TEXT = /^(-?)(\d+)(?:\.(\d+))?$/;

/** The parts of a plain decimal text ("-12.5"); null when it has too many digits to be summed in SQL. */
export function amountParts(text: string): AmountParts | null {
  const match = DECIMAL_TEXT.exec(text);
  if (match === null) return null;
  const [, sign = '', wholeDigits = '0', fraction = ''] = match;
  const whole = wholeDigits.replace(/^0+(?=\d)/, '');
  const fractionDigits = fraction.replace(/0+$/, '');
  if (whole.length > MAX_WHOLE_DIGITS || fractionDigits.length > MAX_PART_DECIMALS) return null;
  const padded = fractionDigits.padEnd(MAX_PART_DECIMALS, '0');
  const negative = sign === '-' ? -1 : 1;
  // `|| 0` turns -0 into 0 (SQLite would store it as a float).
  return {
    whole: negative * Number.parseInt(whole, 10) || 0,
    frac1: negative * Number.parseInt(padded.slice(0, GROUP_DIGITS), 10) || 0,
    frac2: negative * Number.parseInt(padded.slice(GROUP_DIGITS), 10) || 0,
  };
}

type Sum = bigint | number | null;

const GROUP_SCALE = new Decimal(10).pow(GROUP_DIGITS);
const PART_SCALE = new Decimal(10).pow(MAX_PART_DECIMALS);

/** Σwhole + Σfrac1 / 10^9 + Σfrac2 / 10^18, exactly (the sums come from SQLite as BigInt). */
export function partsToDecimal(whole: Sum, frac1: Sum, frac2: Sum): Decimal {
  const of = (sum: Sum) => new Decimal((sum ?? 0).toString());
  return of(whole).plus(of(frac1).div(GROUP_SCALE)).plus(of(frac2).div(PART_SCALE));
}

/** Decimal text as the contract carries it: plain notation, never an exponent. */
export function decimalText(value: Decimal): string {
  return value.toFixed();
}
