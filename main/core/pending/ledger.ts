// The ledger of one profile's money moves. Every money-moving call goes through send() or
// decide(): the move is written (with the pre-send history cursor) before the request leaves and
// settled when the answer arrives. A lost answer leaves it `uncertain` for the reconciler; it is
// never re-sent. Ambiguous moves wait for a person (link() or dismiss()); a move nothing bounds in
// time is given up only by a person (abandon()). Each step is audited.
import { randomUUID } from 'node:crypto';
import type { PendingMoveView } from '../../../preload/contract/pending';
import { withMoveNotices } from '../../exchange/move-notices';
import type { Settled } from '../../exchange/operations';
import type { Transaction } from '../../exchange/domain';
import { AppFailure } from '../app-error';
import type { AuditLog } from '../audit/audit-log';
import { audited, type AuditSubject } from '../audit/audited';
import { answerLost, failureText } from '../session/api-failure';
import type { ProfileRef } from '../session/ports';
import { claimsInStore, type ClaimRegistry, type TeamClaims } from './claims';
import { claimKey, isHistoryKind, isNumericId, providerOf, toCandidate, type Decision } from './matching';
import { auditSettlement } from './settlement-audit';
import { Reconciler, type LedgerApi } from './reconciler';
import { DEFAULT_RECHECK, type RecheckTimings } from './recheck';
import type { FeeMode, PendingMove, PendingStore } from './store';
import { toMoveView } from './view';

export interface MoveSpec {
  kind: PendingMove['kind'];
  currency: string;
  amount: string;
  feeMode?: FeeMode | null;
  destination: string | null;
  subjectId?: string | null;
}

export interface LedgerDeps {
  store: PendingStore;
  api: LedgerApi;
  audit: AuditLog;
  profile: ProfileRef;
  notices: { updated(move: PendingMoveView): void };
  /** How often open moves are looked at (the history is read only once their window has closed). */
  pollMs?: number;
  /** For a commit or rollback whose answer was lost: how long before its status proves it absent. */
  decisionSettleMs?: number;
  /** Where transactions are attributed to moves; this desk's own database unless a shared one is given. */
  claims?: ClaimRegistry;
  /** True when other desks or scripts use the account (a change of it opens a new scope, and a new ledger). */
  sharedAccount?: boolean;
  /** On a team desk: the claims the team's desks share. */
  teamClaims?: () => TeamClaims | null;
  /**
   * False when nothing bounds when the service may still run a request (Basic auth): a move whose
   * answer was lost then has no deadline. True (the default) when requests expire with their
   * signature window (HS256).
   */
  requestsExpire?: boolean;
  /** When a move with no deadline is looked for again. */
  recheck?: RecheckTimings;
  wallNow?: () => Date;
}

export type SettlementListener = (move: PendingMove, transaction: Transaction | null) => void;

export type SendOutcome<T> = { move: PendingMove; result: Settled<T> };

const RECENT_LIMIT = 50;

export class PendingLedger {
  private readonly listeners = new Set<SettlementListener>();
  private readonly reconciler: Reconciler;
  private readonly claims: ClaimRegistry;

  constructor(private readonly deps: LedgerDeps) {
    this.claims = deps.claims ?? claimsInStore(deps.store, deps.profile.id);
    this.reconciler = new Reconciler({
      store: deps.store, claims: this.claims, api: deps.api, profileId: deps.profile.id, pollMs: deps.pollMs ?? 1_000,
      recheck: deps.recheck ?? DEFAULT_RECHECK, othersUseAccount: deps.sharedAccount === true,
      apply: (move, decision) => this.applyDecision(move, decision, 'reconciler'), teamClaims: deps.teamClaims,
    });
  }

  /** Resumes what a previous run left open: a move still `sending` was cut off mid-request. */
  start(): void {
    for (const move of this.deps.store.inStates(this.deps.profile.id, ['sending'])) {
      const sentAt = move.sentAtMs ?? this.deps.api.serviceNow();
      this.save({ ...move, state: 'uncertain', sentAtMs: sentAt, settleByMs: move.settleByMs ?? this.deadlineAfter(sentAt),
        reason: 'Coffer stopped while the request was on its way; checking the history' });
    }
    this.reconciler.start();
  }

  close(): void {
    this.reconciler.stop();
  }

  onSettled(listener: SettlementListener): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  byId(id: string): PendingMove | undefined {
    const move = this.deps.store.byId(id);
    return move?.profileId === this.deps.profile.id ? move : undefined;
  }

  /** Open and ambiguous moves first, then the most recent others. */
  list(): PendingMoveView[] {
    const waiting = this.deps.store.inStates(this.deps.profile.id, ['sending', 'uncertain', 'ambiguous']);
    const recent = this.deps.store.recent(this.deps.profile.id, RECENT_LIMIT).filter((m) => !waiting.some((w) => w.id === m.id));
    return [...waiting, ...recent].map(toMoveView);
  }

  /** Sends a move that creates transactions; the ids it answers with are claimed for it. */
  async send<T>(spec: MoveSpec, subject: AuditSubject, run: () => Promise<Settled<T>>, idsOf: (value: T) => string[]): Promise<SendOutcome<T>> {
    const cursorId = await this.cursorFor(spec).catch(() => null);
    const move = this.save(this.newMove(spec, cursorId));
    let result: Settled<T>;
    try {
      result = await audited(this.deps.audit, { ...subject, correlationId: move.id }, {
        // A resend after the service's rate limit is told on the move's row while it waits.
        run: () => withMoveNotices((notice) => void this.save({ ...move, reason: notice.message }), run),
        settled: (value) =>
          value.status === 'done'
            ? { outcome: 'ok', txId: idsOf(value.value).join(',') }
            : { outcome: 'uncertain', error: `${value.reason} — checking the history` },
        failed: (error) => ({ outcome: 'error', error: failureText(error) }),
      });
    } catch (error) {
      this.save({ ...move, state: 'refused', reason: failureText(error), settledBy: 'service' });
      throw error;
    }
    if (result.status === 'uncertain') {
      const { sentAtMs, settleByMs } = result.operation;
      const open = this.save({ ...move, state: 'uncertain', sentAtMs, settleByMs, reason: result.reason });
      void this.deps.teamClaims?.()?.opened(open).catch(() => undefined);
      return { move: open, result };
    }
    const txIds = idsOf(result.value);
    // The service's own answer proves these are this move's.
    const done = this.claims.settle(() => {
      for (const txId of txIds) this.claims.claim(claimKey(move.kind, txId), move.id);
      return this.save({ ...move, state: 'done', txIds, reason: null, settledBy: 'service' });
    });
    this.tellTeam(move, txIds);
    return { move: done, result };
  }

  /** The team learns which transactions the service proved this desk's, so no other desk settles on them;
   *  in the background, since the service's answer already settled the move here. */
  private tellTeam(move: PendingMove, txIds: readonly string[]): void {
    const team = isHistoryKind(move.kind) ? this.deps.teamClaims?.() : null;
    if (team === null || team === undefined) return;
    for (const txId of txIds) void team.claim(claimKey(move.kind, txId), move.id).catch(() => undefined);
  }

  /** Sends a commit or rollback of the withdrawal `spec.subjectId`. An answer lost even after the
   *  client's retries leaves the move uncertain; the withdrawal's status settles it. */
  async decide(spec: MoveSpec & { kind: 'commit' | 'rollback' }, subject: AuditSubject, run: () => Promise<boolean>): Promise<boolean> {
    const move = this.save(this.newMove(spec, null));
    try {
      const accepted = await audited(this.deps.audit, { ...subject, correlationId: move.id }, {
        run,
        settled: (ok) => (ok ? { outcome: 'ok' } : { outcome: 'error', error: `The service declined the ${spec.kind}` }),
        // The request failed as far as the user can see; the ledger still settles what really happened.
        failed: (error) => ({ outcome: 'error', error: failureText(error) }),
      });
      this.save({ ...move, state: accepted ? 'done' : 'refused', txIds: accepted && spec.subjectId ? [spec.subjectId] : [], settledBy: 'service',
        reason: accepted ? null : `The service declined the ${spec.kind}` });
      return accepted;
    } catch (error) {
      if (answerLost(error)) {
        const sentAt = move.sentAtMs ?? this.deps.api.serviceNow();
        this.save({ ...move, state: 'uncertain', settleByMs: this.deadlineAfter(sentAt), reason: failureText(error) });
      } else {
        this.save({ ...move, state: 'refused', reason: failureText(error), settledBy: 'service' });
      }
      throw error;
    }
  }

  /** Takes over an uncertain move recorded elsewhere before the ledger existed. */
  adoptUncertain(spec: MoveSpec & { id: string }, sentAtMs: number, settleByMs: number | null, reason: string | null): PendingMove {
    const known = this.byId(spec.id);
    if (known !== undefined) return known;
    return this.save({ ...this.newMove(spec, null), id: spec.id, state: 'uncertain', sentAtMs, settleByMs, reason });
  }

  /** A person says which candidate of an ambiguous move is it. */
  async link(moveId: string, txId: string): Promise<PendingMoveView> {
    const move = this.ambiguous(moveId);
    if (!move.candidates.some((c) => c.id === txId)) {
      throw new AppFailure('VALIDATION', `Transaction ${txId} is not one of this move's candidates`, 'txId');
    }
    const tx = await this.deps.api.transaction(txId);
    // On a team desk the transaction is claimed in the team first: another desk's person may have linked it already.
    const team = isHistoryKind(move.kind) ? this.deps.teamClaims?.() : null;
    if (team && (await team.claim(claimKey(move.kind, txId), moveId)) === 'theirs') {
      throw new AppFailure('NOT_ALLOWED', `Transaction ${txId} already belongs to a move of another desk of the team`, 'txId');
    }
    const current = this.ambiguous(moveId);
    const linked = this.applyDecision(current, { status: 'found', transaction: tx }, 'person');
    if (linked.state !== 'found') throw new AppFailure('NOT_ALLOWED', `Transaction ${txId} already belongs to another move`, 'txId');
    return toMoveView(linked);
  }

  /** A person says none of the candidates is it: settled as absent, offered again only as a new move. */
  dismiss(moveId: string): PendingMoveView {
    return toMoveView(this.applyDecision(this.ambiguous(moveId), { status: 'absent' }, 'person'));
  }

  /** A person says a move with no deadline, not seen yet, will not happen. The service may still
   *  run it: the move is settled as absent by that person, and Coffer stops looking for it. */
  abandon(moveId: string): PendingMoveView {
    const move = this.byId(moveId);
    if (move === undefined) throw new AppFailure('NOT_FOUND', `Move ${moveId} is unknown`, 'moveId');
    if (move.state !== 'uncertain' || move.settleByMs !== null) {
      throw new AppFailure('NOT_ALLOWED', move.state === 'uncertain'
        ? 'This move is settled by the history once its time has passed; it cannot be given up'
        : `This move is ${move.state}, not waiting to be seen`, 'moveId');
    }
    return toMoveView(this.applyDecision(move, { status: 'absent' }, 'person'));
  }

  /** True while the transaction may still turn out to be one of this profile's open moves: it must
   *  not be offered as anybody else's (e.g. in the approvals queue) before that is decided. */
  holds(tx: Transaction): boolean {
    return this.reconciler.holds(tx);
  }

  /** One reconciling pass now (tests, and after the stream comes back). */
  checkNow(): Promise<void> {
    return this.reconciler.pass();
  }

  private ambiguous(moveId: string): PendingMove {
    const move = this.byId(moveId);
    if (move === undefined) throw new AppFailure('NOT_FOUND', `Move ${moveId} is unknown`, 'moveId');
    if (move.state !== 'ambiguous') throw new AppFailure('NOT_ALLOWED', `This move is ${move.state}, not waiting for a decision`, 'moveId');
    return move;
  }

  private applyDecision(move: PendingMove, decision: Decision, by: 'reconciler' | 'person'): PendingMove {
    if (decision.status === 'wait') return move;
    let settled: PendingMove;
    let tx: Transaction | null = null;
    if (decision.status === 'found') {
      tx = decision.transaction;
      const claimed = this.claims.settle(() => {
        // A commit or rollback creates no transaction of its own: nothing to claim.
        if (isHistoryKind(move.kind) && !this.claims.claim(claimKey(move.kind, decision.transaction.id), move.id)) return null;
        return this.save({ ...move, state: 'found', txIds: [decision.transaction.id], candidates: by === 'person' ? move.candidates : [], settledBy: by,
          reason: foundReason(move, decision.transaction.id, by, this.deps.sharedAccount === true) });
      });
      if (claimed === null) return move;
      settled = claimed;
    } else if (decision.status === 'absent') {
      settled = this.save({ ...move, state: 'absent', candidates: by === 'person' ? move.candidates : [], settledBy: by, reason: absentReason(move, by) });
    } else {
      settled = this.save({ ...move, state: 'ambiguous', candidates: decision.candidates.map(toCandidate), settledBy: null,
        reason: ambiguousReason(decision.candidates.length, decision.othersUseAccount === true) });
    }
    auditSettlement(this.deps.audit, this.deps.profile, settled, by);
    if (settled.state !== 'ambiguous') void this.deps.teamClaims?.()?.closed(settled.id).catch(() => undefined);
    for (const listener of this.listeners) listener(settled, tx);
    return settled;
  }

  /** The newest record the move could be confused with, read just before sending: a buy-crypto
   *  order's provider's newest order, otherwise the newest wallet transaction. */
  private async cursorFor(spec: MoveSpec): Promise<string | null> {
    // A spot order is found again by its own client order id: nothing to read before sending.
    if (spec.kind === 'spotOrder') return null;
    if (spec.kind !== 'buyCryptoOrder') return this.deps.api.newestTransactionId();
    const orders = await this.deps.api.buyCryptoOrders(providerOf(spec.destination));
    const ids = orders.map((o) => o.id).filter(isNumericId).map((id) => BigInt(id));
    return ids.length === 0 ? '0' : ids.reduce((a, b) => (a > b ? a : b)).toString();
  }

  private newMove(spec: MoveSpec, cursorId: string | null): PendingMove {
    const now = this.wallNow();
    return {
      id: randomUUID(), profileId: this.deps.profile.id, kind: spec.kind, currency: spec.currency, amount: spec.amount,
      feeMode: spec.feeMode ?? null, destination: spec.destination, subjectId: spec.subjectId ?? null, cursorId,
      sentAtMs: this.deps.api.serviceNow(), settleByMs: null, state: 'sending', txIds: [], candidates: [], reason: null,
      settledBy: null, createdAt: now, updatedAt: now,
    };
  }

  private save(move: PendingMove): PendingMove {
    const saved = { ...move, updatedAt: this.wallNow() };
    this.deps.store.save(saved);
    this.deps.notices.updated(toMoveView(saved));
    return saved;
  }

  /** When a request sent at `sentAt` whose answer was lost is proven absent; null when never by time. */
  private deadlineAfter(sentAt: number): number | null {
    return this.deps.requestsExpire === false ? null : sentAt + (this.deps.decisionSettleMs ?? 40_000);
  }

  private wallNow(): string {
    return (this.deps.wallNow ?? (() => new Date()))().toISOString();
  }
}


function foundReason(move: PendingMove, txId: string, by: 'reconciler' | 'person', othersUseAccount: boolean): string {
  if (by === 'person') return `Linked by a person to transaction ${txId}`;
  // The withdrawal's status shows the decision stands; on a shared account it may be another desk's.
  if (!isHistoryKind(move.kind) && othersUseAccount) {
    return `Withdrawal ${txId} is ${move.kind === 'commit' ? 'approved' : 'rejected'}, by this desk or another desk or script on the account`;
  }
  return `Found in the history: transaction ${txId}`;
}

function absentReason(move: PendingMove, by: 'reconciler' | 'person'): string {
  if (by === 'reconciler') return 'Nothing matching appeared in the history: the request never took effect';
  if (move.state === 'uncertain') return 'Marked by a person as will not happen; the service may still run it';
  if (move.settleByMs === null) return 'A person confirmed none of the candidates is this move; the service may still run it';
  return 'A person confirmed none of the candidates is this move';
}

function ambiguousReason(count: number, othersUseAccount: boolean): string {
  if (!othersUseAccount) return `${count} transactions could be this move`;
  const which = count === 1 ? 'the matching transaction' : `the ${count} matching transactions`;
  return `Other desks or scripts use this account, so ${which} may be theirs`;
}
