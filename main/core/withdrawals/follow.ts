// Keeps local withdrawals true to the service after the request: refreshes from REST, follows the
// wallet stream's transaction_update, applies what the ledger settles about an uncertain prepare,
// commit or rollback (never by sending again), and warns ten minutes before a waiting
// withdrawal's deadline.
import type { Transaction } from '../../exchange/domain';
import type { PendingOperation } from '../../exchange/operations';
import { AppFailure } from '../app-error';
import type { PendingLedger } from '../pending/ledger';
import type { PendingMove } from '../pending/store';
import { toAppFailure } from '../session/api-failure';
import type { ExchangeApi } from '../session/ports';
import type { WithdrawalRecords } from './records';
import { DECISION_STATES, deadlineOf, type Decision } from './state';
import type { LocalWithdrawal } from './store';

export const DEADLINE_WARNING_MS = 10 * 60_000;

export const NEVER_REACHED = {
  commit: 'The approval never reached the service: the withdrawal still waits. You may approve or reject it.',
  rollback: 'The rejection never reached the service: the withdrawal still waits. You may approve or reject it.',
} as const satisfies Record<Decision, string>;
const GIVEN_UP = {
  commit: 'A person marked the approval as will not happen; the service may still run it. The withdrawal is shown as waiting.',
  rollback: 'A person marked the rejection as will not happen; the service may still run it. The withdrawal is shown as waiting.',
} as const satisfies Record<Decision, string>;

/** What an uncertain prepare stored before the ledger existed: the client's pending operation. */
interface LegacyPending {
  operation: PendingOperation;
  correlationId: string;
}

export interface FollowTimings {
  deadlineCheckMs: number;
}

export class WithdrawalFollower {
  private deadlineTimer: NodeJS.Timeout | null = null;
  private stopListening: (() => void) | null = null;

  constructor(
    private readonly api: ExchangeApi,
    private readonly records: WithdrawalRecords,
    private readonly ledger: PendingLedger,
    private readonly timings: FollowTimings,
  ) {}

  /** Follows the ledger's settlements, hands it uncertain prepares written before it existed, and
   *  starts the deadline watch. */
  start(): void {
    this.stopListening = this.ledger.onSettled((move, tx) => void this.onMoveSettled(move, tx));
    for (const w of this.records.unsettled()) {
      const legacy = w.state === 'UNCERTAIN' ? parseLegacy(w.pendingOperation) : null;
      if (legacy === null) continue;
      const move = this.ledger.adoptUncertain({
        id: legacy.correlationId, kind: 'withdraw', currency: w.currency, amount: w.amount, destination: w.address,
        feeMode: w.includeFee ? 'included' : 'added', subjectId: w.localId,
      }, legacy.operation.sentAtMs, legacy.operation.settleByMs, w.error);
      this.records.save({ ...w, pendingOperation: move.id });
    }
    this.deadlineTimer = setInterval(() => this.checkDeadlines(), this.timings.deadlineCheckMs);
    this.deadlineTimer.unref();
  }

  close(): void {
    this.stopListening?.();
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

  /** The local record of a service withdrawal, brought up to date: known by id, or (while it waits
   *  for approval) adopted as prepared elsewhere — unless it may still be one of our own moves whose
   *  answer is on its way or was lost: the ledger decides that, never a look at the stream. */
  recordFor(tx: Transaction): LocalWithdrawal | undefined {
    const known = this.records.byTxId(tx.id);
    if (known !== undefined) return this.records.applyService(known, tx);
    if (this.ledger.holds(tx)) return undefined;
    return tx.status === 'CREATED' ? this.records.adoptFromService(tx) : undefined;
  }

  /** Applies a settled prepare, commit or rollback to its withdrawal record. */
  private async onMoveSettled(move: PendingMove, tx: Transaction | null): Promise<void> {
    if (move.kind === 'commit' || move.kind === 'rollback') return this.applyDecisionSettlement(move, move.kind, tx);
    if (move.kind !== 'withdraw' || move.subjectId === null) return;
    const w = this.records.byLocalId(move.subjectId);
    if (w?.state === 'UNCERTAIN') this.applyPrepareSettlement(w, move, tx);
  }

  /** What the ledger settled about an uncertain prepare, applied to its record. */
  applyPrepareSettlement(w: LocalWithdrawal, move: PendingMove, tx: Transaction | null): void {
    // Candidates a person decided were not this one are somebody else's withdrawals again.
    if (move.state === 'found' || move.state === 'absent') void this.readoptOthers(move);
    if (move.state === 'found' && tx !== null) {
      this.records.resolveUncertain(w, tx);
    } else if (move.state === 'absent') {
      const words = move.settledBy !== 'person'
        ? 'The withdrawal never reached the service; nothing was created. You may prepare it again.'
        : move.settleByMs === null
          // Nothing bounds when the service may still run it: a person's word is not proof.
          ? 'Marked by a person as will not happen, but the service may still run it: preparing it again may send it twice.'
          : 'Marked as never sent: none of the matching withdrawals is this one. You may prepare it again.';
      this.records.move(w, 'reconciledAbsent', { pendingOperation: null, error: words });
    } else if (move.state === 'ambiguous') {
      // The candidates are shown on this row only, not as separate rows anyone could approve.
      for (const candidate of move.candidates) this.records.dropAdopted(candidate.id);
      this.records.save({ ...w, error: `${move.candidates.length} matching withdrawals found; choose which one is this, or none` });
    }
  }

  /** A commit or rollback whose answer was lost, settled by its withdrawal's status: it happened
   *  (the service's status applies), or it never reached the service and the withdrawal still waits. */
  private applyDecisionSettlement(move: PendingMove, decision: Decision, tx: Transaction | null): void {
    const w = move.subjectId === null ? undefined : this.records.byTxId(move.subjectId);
    if (w === undefined) return;
    if (w.state !== DECISION_STATES[decision].inFlight) {
      if (tx !== null) this.records.applyService(w, tx);
      return;
    }
    if (move.state === 'found' && tx !== null) {
      this.records.applyService({ ...w, pendingOperation: null, error: null, rolledBackByUs: w.rolledBackByUs || decision === 'rollback' }, tx);
    } else if (move.state === 'absent') {
      const words = move.settledBy === 'person' ? GIVEN_UP[decision] : NEVER_REACHED[decision];
      const waiting = this.records.move(w, DECISION_STATES[decision].refused, { pendingOperation: null, error: words });
      // In the background: a refresh cut off by the app closing its store is no failure.
      void this.refresh(waiting).catch(() => undefined);
    }
  }

  private async readoptOthers(move: PendingMove): Promise<void> {
    for (const candidate of move.candidates) {
      if (move.txIds.includes(candidate.id)) continue;
      try {
        this.recordFor(await this.api.transaction(candidate.id));
      } catch {
        // Not fatal: the next read of the queue adopts it.
      }
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

function parseLegacy(json: string | null): LegacyPending | null {
  if (json === null || !json.startsWith('{')) return null;
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === 'object' && value !== null && 'operation' in value && 'correlationId' in value
      ? (value as LegacyPending)
      : null;
  } catch {
    return null;
  }
}
