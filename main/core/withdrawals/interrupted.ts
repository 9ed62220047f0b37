// A withdrawal request no running call waits for any more — Coffer stopped (a crash, a kill) while
// it was on its way — is settled from the ledger's move and the service's own status, never by
// sending it again. The ledger writes its move before a request leaves and settles it as soon as
// the answer comes, and the record follows; so each gap a crash can leave is told apart:
//   - a prepare with no move never left (refused: nothing was created); with an open move it may
//     exist (uncertain, until the ledger settles it); with a settled move it takes that outcome;
//   - an approval or rejection takes the service's status; while the service still says CREATED it
//     goes back to waiting only once the ledger has no move that could still land.
import type { Transaction } from '../../exchange/domain';
import type { PendingLedger } from '../pending/ledger';
import type { PendingMove } from '../pending/store';
import type { ExchangeApi } from '../session/ports';
import { NEVER_REACHED, type WithdrawalFollower } from './follow';
import type { WithdrawalRecords } from './records';
import { DECISION_STATES, type Decision } from './state';
import type { LocalWithdrawal } from './store';

const OPEN_STATES: readonly PendingMove['state'][] = ['sending', 'uncertain'];

const DECISION_IN_STATE: Partial<Record<LocalWithdrawal['state'], Decision>> = { COMMITTING: 'commit', ROLLING_BACK: 'rollback' };

const NEVER_SENT = 'Coffer stopped before the withdrawal was sent; nothing was created. You may prepare it again.';
/** The ledger's own words for a move a stopped run left on its way (until its start says so). */
const PREPARE_CUT_OFF = 'Coffer stopped while the request was on its way; checking the history';
const DECISION_UNANSWERED = {
  commit: 'The approval was sent but its answer never came; checking with the service whether it landed.',
  rollback: 'The rejection was sent but its answer never came; checking with the service whether it landed.',
} as const satisfies Record<Decision, string>;
/** Records whose request a call of this process still waits for: a scope closed and opened again
 *  (a profile switch) lets its calls run to their end, and their records are not interrupted. */
const LIVE = new Set<string>();

export class InterruptedRequests {
  private running: Promise<void> | null = null;
  /** Records looked at without a failure, as they were then: unchanged since, a new look learns
   *  nothing (the ledger's settlements and the stream reach them through the follower). */
  private readonly looked = new Set<string>();

  constructor(
    private readonly api: ExchangeApi,
    private readonly records: WithdrawalRecords,
    private readonly ledger: PendingLedger,
    private readonly follower: WithdrawalFollower,
  ) {}

  /** Runs a request of the record; meanwhile the record is not taken as interrupted. */
  async track<T>(localId: string, run: () => Promise<T>): Promise<T> {
    LIVE.add(localId);
    try {
      return await run();
    } finally {
      LIVE.delete(localId);
    }
  }

  /** Settles every record left in flight by a request nobody waits for; passes never overlap. */
  settle(): Promise<void> {
    this.running ??= this.work().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /**
   * A commit or rollback of this run that failed: when the ledger left its move open (the answer
   * was lost), the withdrawal is followed like one a stop cut off and true is returned; otherwise
   * the service refused it and nothing is changed here.
   */
  async followFailedDecision(txId: string, decision: Decision, reason: string): Promise<boolean> {
    const w = this.records.byTxId(txId);
    const move = this.moveOf(decision, txId);
    if (w === undefined || move === undefined || !OPEN_STATES.includes(move.state)) return false;
    const checking = `${reason} — checking with the service whether the ${decision === 'commit' ? 'approval' : 'rejection'} landed`;
    await this.settleDecision(this.records.save({ ...w, pendingOperation: move.id, error: checking }), decision).catch(() => undefined);
    return true;
  }

  /** A commit or rollback whose answer was lost: checking until the service or the ledger knows. */
  private async settleDecision(w: LocalWithdrawal, decision: Decision): Promise<void> {
    if (w.txId === null) return;
    const move = this.moveOf(decision, w.txId);
    const open = move !== undefined && OPEN_STATES.includes(move.state);
    if (open && w.pendingOperation !== move.id) {
      this.records.save({ ...w, pendingOperation: move.id, error: DECISION_UNANSWERED[decision] });
    }
    const tx = await this.api.transaction(w.txId);
    const current = this.records.byLocalId(w.localId);
    // The stream or the ledger's settlement moved it on meanwhile: their word stands.
    if (current?.state !== DECISION_STATES[decision].inFlight) return;
    if (tx.status !== 'CREATED') {
      this.records.applyService({ ...current, pendingOperation: null, error: null, rolledBackByUs: current.rolledBackByUs || decision === 'rollback' }, tx);
    } else if (!open || !this.stillOpen(move)) {
      this.records.move(current, DECISION_STATES[decision].refused, { pendingOperation: null, error: NEVER_REACHED[decision] });
    }
    // Otherwise the request may still land: it stays "checking" until the ledger settles its move.
  }

  private async work(): Promise<void> {
    const versionOf = (w: LocalWithdrawal) => `${w.localId}|${w.updatedAt}`;
    for (const w of this.records.unsettled()) {
      if (LIVE.has(w.localId) || this.looked.has(versionOf(w))) continue;
      try {
        const decision = DECISION_IN_STATE[w.state];
        if (w.state === 'PREPARING') await this.settlePreparing(w);
        else if (w.state === 'UNCERTAIN') await this.catchUpUncertain(w);
        else if (decision !== undefined) await this.settleDecision(w, decision);
        // As the look left it (it may have written the record itself).
        this.looked.add(versionOf(this.records.byLocalId(w.localId) ?? w));
      } catch {
        // The service is unreachable: the next pass (every read of the queue) tries again.
      }
    }
  }

  private async settlePreparing(w: LocalWithdrawal): Promise<void> {
    const move = this.moveOf('withdraw', w.localId);
    if (move === undefined) {
      this.records.move(w, 'prepareRefused', { error: NEVER_SENT });
      return;
    }
    if (move.state === 'refused') {
      this.records.move(w, 'prepareRefused', { error: move.reason });
      return;
    }
    const txId = move.txIds[0];
    if (move.state === 'done' && txId !== undefined) {
      this.records.releaseTxId(txId, w);
      await this.follower.refresh(this.records.move(w, 'prepareAccepted', { txId, serviceStatus: 'CREATED' }));
      return;
    }
    const uncertain = this.records.move(w, 'prepareUnknown', { pendingOperation: move.id, error: move.reason ?? PREPARE_CUT_OFF });
    if (!OPEN_STATES.includes(move.state)) await this.applySettled(uncertain, move);
  }

  /** An uncertain prepare whose move was settled while nothing listened (the run stopped between). */
  private async catchUpUncertain(w: LocalWithdrawal): Promise<void> {
    const move = w.pendingOperation === null ? undefined : this.ledger.byId(w.pendingOperation);
    if (move?.state === 'found' || move?.state === 'absent') await this.applySettled(w, move);
  }

  private async applySettled(w: LocalWithdrawal, move: PendingMove): Promise<void> {
    const txId = move.txIds[0];
    const tx: Transaction | null = move.state === 'found' && txId !== undefined ? await this.api.transaction(txId) : null;
    if (move.state === 'found' && tx === null) return;
    this.follower.applyPrepareSettlement(this.records.byLocalId(w.localId) ?? w, move, tx);
  }

  /**
   * The ledger's move of this kind for the record (a prepare's local id, or the withdrawal id a
   * commit or rollback acts on): an open one first, else the newest. A request cut off by a stop
   * left its move open, or settled it the moment before — among the ledger's open and newest moves.
   */
  private moveOf(kind: PendingMove['kind'], subjectId: string): PendingMove | undefined {
    for (const view of this.ledger.list()) {
      if (view.kind !== kind) continue;
      const move = this.ledger.byId(view.id);
      if (move?.subjectId === subjectId) return move;
    }
    return undefined;
  }

  private stillOpen(move: PendingMove | undefined): boolean {
    const now = move === undefined ? undefined : this.ledger.byId(move.id);
    return now !== undefined && OPEN_STATES.includes(now.state);
  }
}
