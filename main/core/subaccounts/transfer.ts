// Moving funds between the master wallet and a sub-account's wallet. Checked field by field before
// anything is sent (the account may transact, the currency, the amount's precision, the source
// wallet covers it), then through the ledger: audited before and after, uncertain when the reply
// is lost, never re-sent. The history with one sub-account is the ledger's record of such moves.
import Decimal from '../../../preload/contract/decimal';
import type { PendingMoveView } from '../../../preload/contract/pending';
import type { SubAccountTransferDirection, SubAccountTransferInput, SubAccountTransferResult } from '../../../preload/contract/subaccounts';
import type { Currency, SubAccountDirection } from '../../exchange/domain';
import type { TreasuryApi } from '../../exchange/treasury-api';
import { AppFailure } from '../app-error';
import { findCurrency, invalid } from '../field-checks';
import type { PendingLedger } from '../pending/ledger';
import type { PendingStore } from '../pending/store';
import { toMoveView } from '../pending/view';
import { serviceCall, toAppFailure } from '../session/api-failure';
import type { ProfileRef } from '../session/ports';
import { checkAmountText, checkPrecision } from '../transfers/checks';
import { auditName } from './actions';
import { nameOf, transferBlock, type KnownSubAccount, type Roster } from './roster';

export type TransferApi = Pick<TreasuryApi, 'walletBalances' | 'subAccountBalances' | 'subAccountTransfer'>;

export interface TransferDeps {
  api: TransferApi;
  ledger: PendingLedger;
  moves: Pick<PendingStore, 'toDestinations'>;
  profile: ProfileRef;
  roster: Roster;
  currencies(): Promise<Currency[]>;
}

/** A transfer that passed its checks, ready to send. */
export interface CheckedTransfer {
  sub: KnownSubAccount;
  direction: SubAccountTransferDirection;
  currency: Currency;
  amount: Decimal;
}

export interface SentTransfer {
  result: SubAccountTransferResult;
  moveId: string;
}

const HISTORY_LIMIT = 200;
const TYPE_OF: Readonly<Record<SubAccountTransferDirection, SubAccountDirection>> = { toSub: 'to_sub_account', fromSub: 'from_sub_account' };

/** The ledger's destination of a move with this sub-account. */
export const moveDestination = (direction: SubAccountTransferDirection, id: string): string => `${TYPE_OF[direction]}:${id}`;

export class SubAccountTransfers {
  constructor(private readonly deps: TransferDeps) {}

  async transfer(input: SubAccountTransferInput): Promise<SentTransfer> {
    return this.send(await this.check(input));
  }

  async check(input: SubAccountTransferInput): Promise<CheckedTransfer> {
    // The amount is checked before the list of accounts is read: a bad one asks the service for
    // nothing (the currency list is kept for minutes).
    const typed = checkAmountText(input.amount);
    const currency = findCurrency(input.currency, await serviceCall(() => this.deps.currencies()), 'currency');
    const amount = checkPrecision(typed, currency);
    const sub = await this.deps.roster.find(input.subAccountId, 'subAccountId');
    const block = transferBlock(sub);
    if (block !== null) throw invalid('subAccountId', block);
    const available = await this.available(input.direction === 'toSub' ? null : sub.id, currency.code);
    if (amount.gt(available)) {
      const source = input.direction === 'toSub' ? 'the master wallet' : `the wallet of ${nameOf(sub)}`;
      throw invalid('amount', `Insufficient funds: ${available.toFixed()} ${currency.code} available in ${source}`);
    }
    return { sub, direction: input.direction, currency, amount };
  }

  async send({ sub, direction, currency, amount }: CheckedTransfer): Promise<SentTransfer> {
    const code = currency.code;
    const { profile, ledger, api } = this.deps;
    const subject = {
      profileId: profile.id, profileName: profile.name, action: 'subAccountTransfer' as const, currency: code, amount: amount.toFixed(),
      detail: direction === 'toSub' ? `master → ${auditName(sub)}` : `${auditName(sub)} → master`,
    };
    let sent;
    try {
      sent = await ledger.send(
        { kind: 'subAccountTransfer', currency: code, amount: amount.toFixed(), destination: moveDestination(direction, sub.id) },
        subject,
        () => api.subAccountTransfer({ subAccountId: sub.id, currency: code, amount, direction: TYPE_OF[direction] }),
        (id) => [id],
      );
    } catch (error) {
      throw refusal(error, sub, code);
    }
    const settled = sent.result;
    const result: SubAccountTransferResult = settled.status === 'done'
      ? { state: 'done', transactionId: settled.value }
      : { state: 'uncertain', reason: `${settled.reason}. It is being checked; do not repeat it.`, moveId: sent.move.id };
    return { result, moveId: sent.move.id };
  }

  /** The available balance of a wallet: the sub-account's, or the master's when `subAccountId` is null. */
  async available(subAccountId: string | null, code: string): Promise<Decimal> {
    const { api } = this.deps;
    const wallet = await serviceCall(async () => (subAccountId === null ? api.walletBalances() : (await api.subAccountBalances(subAccountId)).wallet));
    return wallet.find((b) => b.currency === code)?.available ?? new Decimal(0);
  }

  /** Moves with this sub-account that Coffer sent, newest first. */
  history(id: string): PendingMoveView[] {
    const destinations = [moveDestination('toSub', id), moveDestination('fromSub', id)];
    return this.deps.moves.toDestinations(this.deps.profile.id, 'subAccountTransfer', destinations, HISTORY_LIMIT).map(toMoveView);
  }
}

/** The service's refusals of a transfer, on the contract's fields. */
function refusal(error: unknown, sub: KnownSubAccount, code: string): unknown {
  const failure = toAppFailure(error);
  if (!(failure instanceof AppFailure)) return failure;
  switch (failure.code) {
    case 'API_10021':
      return new AppFailure(failure.code, `The service refuses transfers with ${nameOf(sub)}: it is frozen or disabled`, 'subAccountId');
    case 'API_20001':
      return new AppFailure(failure.code, `Insufficient funds: the source wallet's ${code} does not cover the amount`, 'amount');
    default:
      return failure;
  }
}
