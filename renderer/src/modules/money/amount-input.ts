// Checks amount text the user typed against a currency's precision, before any request. The
// message names what is wrong in plain words; the caller puts it on the field.
import Decimal from '../../../../preload/contract/decimal';
import { hasLeadingZeros, LEADING_ZEROS_MESSAGE } from '../../../../preload/contract/text-rules';
import { formatAmount, toDecimal } from './money-format';

export type AmountCheck = { ok: true; amount: Decimal } | { ok: false; message: string };

export interface AmountRules {
  decimals: number;
  /** Strictly positive unless allowZero. */
  allowZero?: boolean;
  min?: string | null;
  max?: string | null;
  currency: string;
}

export function checkAmountInput(text: string, rules: AmountRules): AmountCheck {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, message: 'Enter an amount.' };
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return { ok: false, message: 'Use digits and one dot, e.g. 125.50 (no commas or signs).' };
  // Main refuses them too: what the user confirms is exactly the text that is sent and audited.
  if (hasLeadingZeros(trimmed)) return { ok: false, message: `${LEADING_ZEROS_MESSAGE}.` };
  const amount = toDecimal(trimmed);
  if (amount === null) return { ok: false, message: 'Not a number.' };
  if (amount.isZero() && !rules.allowZero) return { ok: false, message: 'The amount must be more than zero.' };
  if (amount.decimalPlaces() > rules.decimals) {
    return { ok: false, message: `${rules.currency} allows at most ${rules.decimals} decimal places.` };
  }
  const min = toDecimal(rules.min);
  if (min !== null && amount.lessThan(min)) return { ok: false, message: `The minimum is ${shown(min, rules)} ${rules.currency}.` };
  const max = toDecimal(rules.max);
  if (max !== null && amount.greaterThan(max)) {
    return { ok: false, message: `More than available (${shown(max, rules)} ${rules.currency}).` };
  }
  return { ok: true, amount };
}

/** A limit as people read it: grouped, without trailing zeros. */
function shown(value: Decimal, rules: AmountRules): string {
  return formatAmount(value, rules.decimals, { trim: true });
}
