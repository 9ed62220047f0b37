// The prepare-withdrawal form's rules, pure: every field checked before any request, each error
// worded for the field it sits on. The service checks again; this only spares a round trip.
import Decimal from '../../../../preload/contract/decimal';
import type { CurrencyInfo, NetworkInfo } from '../../../../preload/contract/wallet';
import type { WithdrawalInput } from '../../../../preload/contract/withdrawals';
import { checkAmountInput } from '../money/amount-input';
import { formatAmount, toDecimal } from '../money/money-format';
import { checkReason } from '../team/reason-check';

export const PUBLIC_COMMENT_MAX = 255;
export const WITHDRAWAL_FIELDS = ['currency', 'network', 'address', 'paymentId', 'amount', 'publicComment', 'reason'] as const;
export type WithdrawalField = (typeof WITHDRAWAL_FIELDS)[number];
export type WithdrawalErrors = Partial<Record<WithdrawalField, string>>;

export interface WithdrawalDraft {
  currency: string | null;
  network: string | null;
  address: string;
  paymentId: string;
  amount: string;
  includeFee: boolean;
  publicComment: string;
  /** Why the money goes out: for the approving desks of a team. */
  reason: string;
}

export interface WithdrawalContext {
  currency: CurrencyInfo | undefined;
  /** Wallet-side available balance of the currency (withdrawals leave from the wallet). */
  available: string | null;
  /** The latest fee estimate's debit, when it is for the current amount. */
  debited?: string | null;
  /** Spot-side available balance: what the wallet lacks may be moved from there first. */
  spot?: string | null;
  /** A team governs the profile: its approvers must be told why. */
  reasonRequired?: boolean;
}

export function emptyDraft(currency: string | null = null): WithdrawalDraft {
  return { currency, network: null, address: '', paymentId: '', amount: '', includeFee: false, publicComment: '', reason: '' };
}

/** The network the draft means: the chosen one, else the currency's default. */
export function selectedNetwork(currency: CurrencyInfo | undefined, network: string | null): NetworkInfo | undefined {
  if (!currency) return undefined;
  if (network !== null) return currency.networks.find((n) => n.network === network);
  return currency.networks.find((n) => n.isDefault) ?? (currency.networks.length === 1 ? currency.networks[0] : undefined);
}

/** A service-supplied pattern; null when absent or not a valid JavaScript pattern (then not checked). */
export function compilePattern(pattern: string | null): RegExp | null {
  if (pattern === null || pattern === '') return null;
  try {
    return new RegExp(pattern);
  } catch {
    return null;
  }
}

export function checkAddress(address: string, network: NetworkInfo | undefined): string | undefined {
  const trimmed = address.trim();
  if (trimmed === '') return 'Enter the destination address.';
  if (trimmed !== address) return 'Remove the spaces around the address.';
  const pattern = compilePattern(network?.addressRegex ?? null);
  if (pattern && !pattern.test(address)) return `This is not a valid ${network?.name ?? 'network'} address.`;
  return undefined;
}

function checkPaymentId(paymentId: string, network: NetworkInfo | undefined): string | undefined {
  if (!network) return undefined;
  if (paymentId.trim() === '') return network.paymentIdRequired ? `${network.name} needs a payment id (memo/tag).` : undefined;
  const pattern = compilePattern(network.paymentIdRegex);
  if (pattern && !pattern.test(paymentId.trim())) return 'This payment id does not have the expected form.';
  return undefined;
}

/** What the withdrawal can draw on: the wallet, plus spot when spot holds something to move over. */
function reachable(ctx: WithdrawalContext): { total: Decimal | null; withSpot: boolean } {
  const wallet = toDecimal(ctx.available);
  const spot = toDecimal(ctx.spot ?? null);
  if (wallet === null || spot === null || !spot.greaterThan(0)) return { total: wallet, withSpot: false };
  return { total: wallet.plus(spot), withSpot: true };
}

function checkAmount(draft: WithdrawalDraft, ctx: WithdrawalContext, network: NetworkInfo | undefined): string | undefined {
  const currency = ctx.currency;
  if (!currency) return undefined;
  const reach = reachable(ctx);
  const check = checkAmountInput(draft.amount, {
    decimals: currency.precision,
    currency: currency.code,
    min: network?.minWithdrawal ?? null,
    max: reach.total?.toFixed() ?? null,
  });
  if (!check.ok) {
    if (!check.message.startsWith('More than available')) return check.message;
    if (reach.withSpot && reach.total !== null) {
      return `Insufficient funds: more than the wallet and spot hold together (${formatAmount(reach.total, currency.precision, { trim: true })} ${currency.code}).`;
    }
    return `Insufficient funds: ${check.message.charAt(0).toLowerCase()}${check.message.slice(1)}`;
  }
  const debited = toDecimal(ctx.debited);
  const available = reach.total;
  if (!draft.includeFee && debited !== null && available !== null && debited.greaterThan(available)) {
    const held = reach.withSpot ? 'wallet and spot together hold' : 'available';
    return `Insufficient funds: amount plus fee is ${debited.toFixed()} ${currency.code}, ${held} ${available.toFixed()}. Turn on “include fee” or lower the amount.`;
  }
  return undefined;
}

/** What the withdrawal takes from the wallet: the amount with the fee included, else the estimate's debit (null until known). */
export function walletNeed(draft: WithdrawalDraft, debited: string | null): string | null {
  if (!draft.includeFee) return debited;
  const amount = toDecimal(draft.amount);
  return amount === null ? null : amount.toFixed();
}

export function validateWithdrawal(draft: WithdrawalDraft, ctx: WithdrawalContext): WithdrawalErrors {
  const errors: WithdrawalErrors = {};
  const currency = ctx.currency;
  if (draft.currency === null || draft.currency === '') errors.currency = 'Choose a currency.';
  else if (!currency) errors.currency = `${draft.currency} is not a currency the service knows.`;
  else if (!currency.payoutEnabled) errors.currency = `Withdrawals of ${currency.code} are switched off by the service.`;
  const network = selectedNetwork(currency, draft.network);
  if (currency && currency.networks.length > 0 && !network) errors.network = 'Choose a network.';
  else if (network && !network.payoutEnabled) errors.network = `Withdrawals on ${network.name} are switched off.`;
  const address = checkAddress(draft.address, network);
  if (address) errors.address = address;
  const paymentId = checkPaymentId(draft.paymentId, network);
  if (paymentId) errors.paymentId = paymentId;
  const amount = checkAmount(draft, ctx, network);
  if (amount) errors.amount = amount;
  if (draft.publicComment.length > PUBLIC_COMMENT_MAX) {
    errors.publicComment = `At most ${PUBLIC_COMMENT_MAX} characters (now ${draft.publicComment.length}).`;
  }
  const reason = checkReason(draft.reason, ctx.reasonRequired ?? false);
  if (reason) errors.reason = reason;
  return errors;
}

export function hasErrors(errors: WithdrawalErrors): boolean {
  return Object.values(errors).some((message) => message !== undefined);
}

/** The request for a draft that passed validateWithdrawal. */
export function toWithdrawalInput(draft: WithdrawalDraft, network: NetworkInfo | undefined): WithdrawalInput {
  const input: WithdrawalInput = { currency: draft.currency ?? '', address: draft.address, amount: new Decimal(draft.amount.trim()).toFixed() };
  if (network) input.network = network.network;
  if (draft.paymentId.trim() !== '') input.paymentId = draft.paymentId.trim();
  if (draft.includeFee) input.includeFee = true;
  if (draft.publicComment.trim() !== '') input.publicComment = draft.publicComment;
  if (draft.reason.trim() !== '') input.reason = draft.reason.trim();
  return input;
}

/** Whether the amount is complete enough to ask for a fee estimate. */
export function canEstimate(draft: WithdrawalDraft, currency: CurrencyInfo | undefined): boolean {
  if (!currency) return false;
  return checkAmountInput(draft.amount, { decimals: currency.precision, currency: currency.code }).ok;
}
