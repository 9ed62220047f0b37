// The send-to-user form's rules, pure: the draft and its errors, each on its own field. An amount
// the wallet alone cannot cover but wallet and spot together can is not an error here: the form
// offers to move the missing part from spot first (use-wrong-side.ts).
import type { BeneficiaryKind, CurrencyInfo, MergedBalance, SendToUserInput } from '../../../../preload/contract';
import { checkAmountInput } from '../money/amount-input';
import { formatAmount } from '../money/money-format';
import { beneficiaryProblem, coverage, currencyProblem } from './transfer-rules';

export const SEND_FIELDS = ['currency', 'amount', 'identifier'] as const;
export type SendField = (typeof SEND_FIELDS)[number];
export type SendErrors = Partial<Record<SendField, string>>;

export interface SendDraft {
  currency: string | null;
  amount: string;
  by: BeneficiaryKind;
  identifier: string;
}

export interface SendContext {
  info: CurrencyInfo | undefined;
  balance: MergedBalance | null;
  decimals: number;
}

export function emptySendDraft(): SendDraft {
  return { currency: null, amount: '', by: 'email', identifier: '' };
}

/** The amount as it will be sent, when it is a valid amount of the currency (balance aside). */
export function sendAmount(draft: SendDraft, decimals: number): string | null {
  if (draft.currency === null) return null;
  const check = checkAmountInput(draft.amount, { decimals, currency: draft.currency });
  return check.ok ? check.amount.toFixed() : null;
}

export function validateSend(draft: SendDraft, ctx: SendContext): SendErrors {
  const errors: SendErrors = {};
  const currency = currencyProblem(draft.currency, ctx.info, 'payout');
  if (currency) errors.currency = currency;
  if (draft.currency !== null) {
    const check = checkAmountInput(draft.amount, { decimals: ctx.decimals, currency: draft.currency });
    if (!check.ok) errors.amount = check.message;
    else if (ctx.balance) {
      const covered = coverage(check.amount.toFixed(), ctx.balance.wallet.available, ctx.balance.spot.available);
      if (covered.kind === 'short') {
        errors.amount = `More than the wallet and spot hold together (${formatAmount(covered.total, ctx.decimals, { trim: true })} ${draft.currency}).`;
      }
    }
  }
  const identifier = beneficiaryProblem(draft.by, draft.identifier);
  if (identifier) errors.identifier = identifier;
  return errors;
}

/** The request for a draft that passed validateSend, with the identifier typed again at the review. */
export function toSendInput(draft: SendDraft, decimals: number, identifierAgain: string): SendToUserInput {
  return {
    currency: draft.currency ?? '',
    amount: sendAmount(draft, decimals) ?? draft.amount.trim(),
    by: draft.by,
    identifier: draft.identifier,
    identifierAgain: identifierAgain.trim(),
  };
}
