// The checks every money move makes before anything is sent, each failure naming the contract's
// field: an amount written as a plain positive decimal within its currency's precision (refused,
// never rounded, so the amount audited is the amount sent), a balance that covers it, and a
// beneficiary typed the same way twice.
import Decimal from '../../../preload/contract/decimal';
import { hasLeadingZeros, hiddenCharacterProblem, LEADING_ZEROS_MESSAGE, PLAIN_DECIMAL } from '../../../preload/contract/text-rules';
import { BENEFICIARY_WORDS, looksLikeEmail, type BeneficiaryKind } from '../../../preload/contract/transfers';
import type { Currency } from '../../exchange/domain';
import { invalid } from '../field-checks';
import { precisionOf } from '../wallet/balances';

/** Decimal places the currency's amounts take (from its smallest transfer amount). */
export function precisionOfCurrency(currency: Currency): number {
  return precisionOf(currency.precisionTransfer);
}

/** A plain decimal (no sign, exponent, grouping or leading zeros), zero included. */
export function parseDecimal(raw: unknown, field: string, example = '0.25'): Decimal {
  const text = typeof raw === 'string' ? raw.trim() : '';
  if (!PLAIN_DECIMAL.test(text)) throw invalid(field, `Enter the amount as a plain decimal number, e.g. ${example}`);
  if (hasLeadingZeros(text)) throw invalid(field, LEADING_ZEROS_MESSAGE);
  return new Decimal(text);
}

/**
 * What can be checked of an amount before the currency is known: a plain decimal greater than
 * zero. Run first, so that a bad amount reaches no service, not even for a read.
 */
export function checkAmountText(raw: unknown, field = 'amount'): Decimal {
  const amount = parseDecimal(raw, field);
  if (amount.lte(0)) throw invalid(field, 'The amount must be greater than zero');
  return amount;
}

/** Refused when the value has more decimal places than the currency takes. */
export function checkPrecision(value: Decimal, currency: Currency, field = 'amount'): Decimal {
  const places = precisionOfCurrency(currency);
  if (value.decimalPlaces() > places) throw invalid(field, `${currency.code} amounts have at most ${places} decimal places`);
  return value;
}

/** A positive plain decimal within the currency's precision. */
export function parseAmount(raw: unknown, currency: Currency, field = 'amount'): Decimal {
  return checkPrecision(checkAmountText(raw, field), currency, field);
}

/** The wallet's available balance must cover the amount (the form offers to move the rest from spot). */
export function checkCovered(amount: Decimal, available: Decimal, code: string, field = 'amount'): void {
  if (amount.gt(available)) throw invalid(field, `Insufficient funds: ${available.toFixed()} ${code} available in the wallet`);
}

/** The identifier, trimmed; refused when empty, hidden-character laden, mistyped the second time, or not an email when it should be. */
export function checkBeneficiary(by: BeneficiaryKind, identifier: string, identifierAgain: string): string {
  const value = identifier.trim();
  if (value === '') throw invalid('identifier', 'Enter who receives it');
  const hidden = hiddenCharacterProblem(value, `The ${BENEFICIARY_WORDS[by]}`);
  if (hidden !== null) throw invalid('identifier', hidden);
  if (by === 'email' && !looksLikeEmail(value)) throw invalid('identifier', `${value} is not an email address`);
  if (identifierAgain.trim() !== value) throw invalid('identifierAgain', 'Type the same identifier again to confirm');
  return value;
}
