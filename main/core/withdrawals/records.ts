// The one place a withdrawal's local record changes: load, move through the state table, save,
// and tell the renderer. Refused moves are kept out of the record (and reported to the caller).
import type { WithdrawalView } from '../../../preload/contract/withdrawals';
import type { Transaction } from '../../exchange/domain';
import { AppFailure } from '../app-error';
import type { ProfileRef } from '../session/ports';
import { serviceEvent, stateFromService, transition, type WithdrawalEvent } from './state';
import type { LocalWithdrawal, WithdrawalStore } from './store';
import { toView, withServiceFields } from './view';

export interface WithdrawalNotices {
  updated(view: WithdrawalView): void;
  deadlineSoon(view: WithdrawalView, minutesLeft: number): void;
}

export class WithdrawalRecords {
  constructor(
    private readonly store: WithdrawalStore,
    private readonly profile: ProfileRef,
    private readonly notices: WithdrawalNotices,
    private readonly wallNow: () => Date,
  ) {}

  get profileId(): string {
    return this.profile.id;
  }

  byTxId(txId: string): LocalWithdrawal | undefined {
    return this.store.byTxId(this.profile.id, txId);
  }

  byLocalId(localId: string): LocalWithdrawal | undefined {
    return this.store.byLocalId(localId);
  }

  unsettled(): LocalWithdrawal[] {
    return this.store.unsettled(this.profile.id);
  }

  /** Saves a changed record and pushes it to the renderer. */
  save(w: LocalWithdrawal): LocalWithdrawal {
    const saved = { ...w, updatedAt: this.wallNow().toISOString() };
    this.store.save(saved);
    this.notices.updated(toView(saved));
    return saved;
  }

  /** Applies a move of the state table; throws NOT_ALLOWED (the record unchanged) if refused. */
  move(w: LocalWithdrawal, event: WithdrawalEvent, changes: Partial<LocalWithdrawal> = {}): LocalWithdrawal {
    const result = transition(w.state, event);
    if (!result.ok) throw new AppFailure('NOT_ALLOWED', notAllowedWords(w, event), 'id');
    return this.save({ ...w, ...changes, state: result.state });
  }

  /** Applies what the service reports; a report that does not fit the table is ignored. */
  applyService(w: LocalWithdrawal, tx: Transaction): LocalWithdrawal {
    const merged = withServiceFields(w, tx);
    const event = serviceEvent({ status: tx.status, createdAt: tx.createdAt, updatedAt: tx.updatedAt }, w.rolledBackByUs);
    const result = event === null ? null : transition(w.state, event);
    const state = result?.ok === true ? result.state : w.state;
    if (state === w.state && sameServiceFields(w, merged)) return w;
    return this.save({ ...merged, state });
  }

  /** A withdrawal first seen on the service (prepared elsewhere): recorded without a preparer. */
  adoptFromService(tx: Transaction): LocalWithdrawal | undefined {
    const state = stateFromService({ status: tx.status, createdAt: tx.createdAt, updatedAt: tx.updatedAt });
    if (state === null) return undefined;
    const blank: LocalWithdrawal = {
      localId: `service:${this.profile.id}:${tx.id}`,
      profileId: this.profile.id,
      txId: tx.id,
      state,
      serviceStatus: tx.status,
      currency: tx.currency,
      amount: tx.amount.abs().toFixed(),
      fee: null,
      network: null,
      address: tx.address ?? '',
      paymentId: null,
      publicComment: null,
      includeFee: false,
      preparedBy: null,
      preparedOsUser: null,
      preparedAt: null,
      createdAt: tx.createdAt,
      pendingOperation: null,
      rolledBackByUs: false,
      deadlineNotified: false,
      error: null,
      updatedAt: this.wallNow().toISOString(),
    };
    return this.save({ ...withServiceFields(blank, tx), state });
  }

  /** Drops a record adopted from the service (the stream can beat the prepare's reply) so the
   *  record of the desktop that prepared it can take the transaction id. */
  releaseTxId(txId: string, claimant: LocalWithdrawal): void {
    const duplicate = this.byTxId(txId);
    if (duplicate !== undefined && duplicate.localId !== claimant.localId) this.store.remove(duplicate.localId);
  }

  /** Forgets a record adopted from the service (nobody here prepared it), e.g. while it is a
   *  candidate of an ambiguous prepare of ours. */
  dropAdopted(txId: string): void {
    const adopted = this.byTxId(txId);
    if (adopted !== undefined && adopted.preparedBy === null) this.store.remove(adopted.localId);
  }

  /** Gives the service's record to the uncertain prepare it turned out to be. */
  resolveUncertain(w: LocalWithdrawal, tx: Transaction): LocalWithdrawal {
    this.releaseTxId(tx.id, w);
    const adopted = this.save({ ...w, txId: tx.id, pendingOperation: null, error: null });
    return this.applyService(adopted, tx);
  }

  notifyDeadline(w: LocalWithdrawal, minutesLeft: number): void {
    const saved = { ...w, deadlineNotified: true };
    this.store.save(saved);
    this.notices.deadlineSoon(toView(saved), minutesLeft);
  }
}

function sameServiceFields(a: LocalWithdrawal, b: LocalWithdrawal): boolean {
  return a.serviceStatus === b.serviceStatus && a.fee === b.fee && a.createdAt === b.createdAt && a.txId === b.txId;
}

function notAllowedWords(w: LocalWithdrawal, event: WithdrawalEvent): string {
  const what = event === 'commitRequested' ? 'approved' : event === 'rollbackRequested' ? 'rejected' : 'changed';
  return `This withdrawal cannot be ${what} now: it is ${w.state.toLowerCase().replace('_', ' ')}`;
}
