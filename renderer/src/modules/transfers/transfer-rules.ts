// The Transfers page's rules, pure: what may be sent from which currency, who a beneficiary can
// be, and what the wallet and spot sides hold. Every message is worded for the field it sits on;
// main and the service check again, this only spares a round trip.
import Decimal from '../../../../preload/contract/decimal';
import { BENEFICIARY_WORDS, looksLikeEmail, type BeneficiaryKind, type CurrencyInfo, type MergedBalance, type WalletOverview } from '../../../../preload/contract';
import { hiddenCharacterProblem } from '../../../../preload/contract/text-rules';
import { toDecimal } from '../money/money-format';

const IDENTIFIER_MAX = 254;

/** One currency's wallet and spot balances; zero on both sides when the account holds none. */
export function balanceOf(overview: WalletOverview | null, currency: string): MergedBalance {
  const known = overview?.balances.find((b) => b.currency === currency);
  if (known) return known;
  return { currency, wallet: { available: '0', reserved: '0' }, spot: { available: '0', reserved: '0' }, total: '0' };
}

/** Why a currency cannot be chosen as a field's currency, or undefined. */
export function currencyProblem(code: string | null, info: CurrencyInfo | undefined, needs: 'transfer' | 'payout' | 'any'): string | undefined {
  if (code === null || code === '') return 'Choose a currency.';
  if (!info) return `${code} is not a currency the service knows.`;
  if (needs === 'transfer' && !info.transferEnabled) return `Transfers of ${info.code} are switched off by the service for now.`;
  if (needs === 'payout' && !info.payoutEnabled) return `Payouts of ${info.code} are switched off by the service, so it cannot be sent to another user.`;
  return undefined;
}

/** The beneficiary's identifier as typed, checked for its kind. */
export function beneficiaryProblem(by: BeneficiaryKind, identifier: string): string | undefined {
  const label = BENEFICIARY_WORDS[by];
  const trimmed = identifier.trim();
  if (trimmed === '') return `Enter the recipient’s ${label}.`;
  if (trimmed !== identifier) return `Remove the spaces around the ${label}.`;
  if (identifier.length > IDENTIFIER_MAX) return `At most ${IDENTIFIER_MAX} characters.`;
  const hidden = hiddenCharacterProblem(identifier, `The ${label}`);
  if (hidden) return `${hidden}.`;
  if (by === 'email' && !looksLikeEmail(identifier)) return 'This is not an email address (name@example.com).';
  if (by !== 'email' && /\s/.test(identifier)) return `A ${label} has no spaces.`;
  return undefined;
}

/** Whether the identifier typed again at the review is the same one (spaces around it ignored). */
export function identifiersMatch(identifier: string, again: string): boolean {
  return again.trim() !== '' && again.trim() === identifier.trim();
}

/**
 * How a need compares with what the account holds on each side: enough in the wallet, enough only
 * with spot (the missing part is `missing`), or not enough even with spot.
 */
export type Coverage =
  | { kind: 'unknown' }
  | { kind: 'wallet' }
  | { kind: 'with-spot'; wallet: string; spot: string; missing: string }
  | { kind: 'short'; total: string };

export function coverage(needed: string | null, wallet: string | null, spot: string | null): Coverage {
  const need = toDecimal(needed);
  const inWallet = toDecimal(wallet);
  if (need === null || inWallet === null) return { kind: 'unknown' };
  if (need.lessThanOrEqualTo(inWallet)) return { kind: 'wallet' };
  const onSpot = toDecimal(spot) ?? new Decimal(0);
  const total = inWallet.plus(onSpot);
  if (need.greaterThan(total)) return { kind: 'short', total: total.toFixed() };
  return { kind: 'with-spot', wallet: inWallet.toFixed(), spot: onSpot.toFixed(), missing: need.minus(inWallet).toFixed() };
}
