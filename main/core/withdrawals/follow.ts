// Keeps local withdrawals true to the service after the request: refreshes from REST, follows the
// wallet stream's transaction_update, settles uncertain prepares through the client's reconciler
// (never by sending again), and warns ten minutes before a waiting withdrawal's deadline.
import type { Transaction } from '../../exchange/domain';
import { matchesOperation, type PendingOperation } from '../../exchange/operations';
import { AppFailure } from '../app-error';
import type { AuditLog } from '../audit/audit-log';
import { failureText, toAppFailure } from '../wallet/api-failure';
import type { ProfileRef, WalletApi } from './ports';
import type { WithdrawalRecords } from './records';
import { deadlineOf } from './state';
import type { LocalWithdrawal } from './store';

export const DEADLINE_WARNING_MS = 10 * 60_000;

interface PendingPrepare {
  operation: PendingOperation;
  correlationId: string;
}

export interface FollowTimings {
  reconcilePollMs: number;
  deadlineCheckMs: number;
}

export class WithdrawalFollower {
  private readonly settling = new Set<string>();
  private deadlineTimer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly api: WalletApi,
    private readonly records: WithdrawalRecords,
    private readonly audit: AuditLog,
    private readonly profile: ProfileRef,
    private readonly timings: FollowTimings,
  ) {}

  /** Resumes checking uncertain prepares (after a restart too) and starts the deadline watch. */
  start(): void {
    for (const w of this.records.unsettled()) if (w.state === 'UNCERTAIN') this.settleUncertain(w.localId);
    this.deadlineTimer = setInterval(() => this.checkDeadlines(), this.timings.deadlineCheckMs);
    this.deadlineTimer.unref();
  }

  close(): void {
    this.closed = true;
    if (this.deadlineTimer !== null) clearInterval(this.deadlineTimer);
  }

  /** Reads the withdrawal from the service and applies it; on failure the record stays as it is. */
  async refresh(w: LocalWithdrawal): Promise<LocalWithdrawal> {
    if (w.txId === null) return w;
    try {
      const tx = await this.api.transaction(w.txId);
      const current = this.records.byLocalId(w.localId) ?? w;
      return this.records.applyService(current, tx);
    } catch {
      // Not fatal: the stream or the next refresh brings the truth.
      return this.records.byLocalId(w.localId) ?? w;
    }
  }

  /** A withdrawal this desktop never saw (prepared elsewhere), fetched by id to act on it. */
  async adoptById(txId: string): Promise<LocalWithdrawal> {
    let tx: Transaction;
    try {
      tx = await this.api.transaction(txId);
    } catch (error) {
      throw toAppFailure(error);
    }
    const adopted = tx.type === 'WITHDRAW' ? (this.recordFor(tx) ?? this.records.adoptFromService(tx)) : undefined;
    if (adopted === undefined) throw new AppFailure('NOT_FOUND', `Transaction ${txId} is not a withdrawal Coffer can act on`, 'id');
    return adopted;
  }

  onServiceTransaction(tx: Transaction): void {
    if (tx.type === 'WITHDRAW') this.recordFor(tx);
  }

  /** The local record of a service withdrawal, brought up to date: known by id, an uncertain
   *  prepare it turns out to be, or (while it waits for approval) adopted as prepared elsewhere. */
  recordFor(tx: Transaction): LocalWithdrawal | undefined {
    const known = this.records.byTxId(tx.id);
    if (known !== undefined && known.preparedBy !== null) return this.records.applyService(known, tx);
    const matched = this.adoptMatchingUncertain(tx);
    if (matched !== undefined) return matched;
    if (known !== undefined) return this.records.applyService(known, tx);
    // Our own prepare whose reply is still on its way: it will take the id itself.
    if (this.isOwnPrepareInFlight(tx)) return undefined;
    return tx.status === 'CREATED' ? this.records.adoptFromService(tx) : undefined;
  }

  private isOwnPrepareInFlight(tx: Transaction): boolean {
    return this.records.unsettled().some((w) => w.state === 'PREPARING' && w.currency === tx.currency && w.address === tx.address);
  }

  /** The stream may show an uncertain prepare before the reconciler finds it. */
  private adoptMatchingUncertain(tx: Transaction): LocalWithdrawal | undefined {
    for (const w of this.records.unsettled()) {
      const pending = w.state === 'UNCERTAIN' ? parsePending(w.pendingOperation) : null;
      if (pending !== null && matchesOperation(pending.operation, tx)) return this.found(w, pending, tx, 'seen on the wallet stream');
    }
    return undefined;
  }

  /** Polls the client's reconciler until the prepare is found, proven absent or ambiguous. */
  settleUncertain(localId: string): void {
    if (this.settling.has(localId)) return;
    this.settling.add(localId);
    void this.reconcileLoop(localId).finally(() => this.settling.delete(localId));
  }

  private async reconcileLoop(localId: string): Promise<void> {
    while (!this.closed) {
      const w = this.records.byLocalId(localId);
      const pending = w?.state === 'UNCERTAIN' ? parsePending(w.pendingOperation) : null;
      if (w === undefined || pending === null) return;
      try {
        const outcome = await this.api.reconcile(pending.operation);
        const current = this.records.byLocalId(localId);
        if (current?.state !== 'UNCERTAIN') return;
        if (outcome.status === 'found') return void this.found(current, pending, outcome.transaction, 'found in the history');
        if (outcome.status === 'absent') return this.absent(current, pending);
        if (outcome.status === 'ambiguous') {
          this.records.save({ ...current, error: `${outcome.candidates.length} matching withdrawals found; check the history before doing anything` });
          return;
        }
      } catch {
        // The service is unreachable: keep checking, never re-send.
      }
      await delay(this.timings.reconcilePollMs);
    }
  }

  private found(w: LocalWithdrawal, pending: PendingPrepare, tx: Transaction, how: string): LocalWithdrawal {
    this.auditReconciled(w, pending, 'ok', tx.id, `reconciled: ${how}`);
    return this.records.resolveUncertain(w, tx);
  }

  private absent(w: LocalWithdrawal, pending: PendingPrepare): void {
    const words = 'The withdrawal never reached the service; nothing was created. You may prepare it again.';
    this.auditReconciled(w, pending, 'error', null, 'reconciled: proven absent from the history');
    this.records.move(w, 'reconciledAbsent', { pendingOperation: null, error: words });
  }

  private auditReconciled(w: LocalWithdrawal, pending: PendingPrepare, outcome: 'ok' | 'error', txId: string | null, detail: string): void {
    try {
      this.audit.append({
        profileId: this.profile.id, profileName: this.profile.name, action: 'prepare', phase: 'result',
        correlationId: pending.correlationId, outcome, currency: w.currency, amount: w.amount, fee: w.fee,
        address: w.address, network: w.network, txId, detail,
        error: outcome === 'error' ? 'not found in the history' : null,
      });
    } catch (error) {
      console.error(`[withdrawals] could not audit a reconciliation: ${failureText(error)}`);
    }
  }

  /** Emits withdrawalDeadlineSoon once per withdrawal still waiting ten minutes before its deadline. */
  checkDeadlines(): void {
    const now = this.api.serviceNow();
    for (const w of this.records.unsettled()) {
      if (w.state !== 'CREATED' || w.deadlineNotified || w.createdAt === null) continue;
      const left = deadlineOf(w.createdAt).getTime() - now;
      if (left > 0 && left <= DEADLINE_WARNING_MS) this.records.notifyDeadline(w, Math.ceil(left / 60_000));
    }
  }
}

function parsePending(json: string | null): PendingPrepare | null {
  if (json === null) return null;
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === 'object' && value !== null && 'operation' in value && 'correlationId' in value
      ? (value as PendingPrepare)
      : null;
  } catch {
    return null;
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
