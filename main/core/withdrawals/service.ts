// Withdrawals and their approval: prepare (checked field by field, always auto_commit=false),
// the approvals queue (every CREATED withdrawal of the account, wherever it was prepared),
// commit and rollback. Every request is audited before it is sent and when it settles.
import { randomUUID } from 'node:crypto';
import Decimal from '../../../preload/contract/decimal';
import type { WithdrawalInput, WithdrawalView } from '../../../preload/contract/withdrawals';
import type { Currency, Transaction } from '../../exchange/domain';
import { AppFailure } from '../app-error';
import type { AuditSubject } from '../audit/audited';
import type { PendingLedger, SendOutcome } from '../pending/ledger';
import { failureText, toAppFailure } from '../session/api-failure';
import { WithdrawalFollower } from './follow';
import { InterruptedRequests } from './interrupted';
import type { ProfileRef, ExchangeApi } from '../session/ports';
import { WithdrawalRecords, type WithdrawalNotices } from './records';
import { DECISION_STATES, isAwaitingApproval, type Decision } from './state';
import type { LocalWithdrawal, WithdrawalStore } from './store';
import { checkWithdrawal, type CheckedWithdrawal } from './validate';
import { checkAmountText, checkPrecision } from '../transfers/checks';
import { toView } from './view';
import type { PrepareClearance, WithdrawalGate } from '../../team/gate';
import { clearPrepare, preparedFields, requiredReason, withTeam } from './team-steps';

const CURRENCY_CACHE_MS = 5 * 60_000;

export interface WithdrawalsDeps {
  api: ExchangeApi;
  store: WithdrawalStore;
  ledger: PendingLedger;
  profile: ProfileRef;
  osUser: string;
  notices: WithdrawalNotices;
  wallNow?: () => Date;
  /** How often waiting withdrawals are checked against their deadline. */
  deadlineCheckMs?: number;
  /** On a team desk: the policy, the four-eyes approvals and the one commit claim (asked each time: a desk may join or leave). */
  team?: () => WithdrawalGate | null;
}

export class WithdrawalsService {
  private readonly records: WithdrawalRecords;
  readonly follower: WithdrawalFollower;
  private readonly interrupted: InterruptedRequests;
  private currencyCache: { at: number; list: Currency[] } | null = null;
  private resyncing = false;

  constructor(private readonly deps: WithdrawalsDeps) {
    this.records = new WithdrawalRecords(deps.store, deps.profile, deps.notices, deps.wallNow ?? (() => new Date()));
    this.follower = new WithdrawalFollower(deps.api, this.records, deps.ledger, { deadlineCheckMs: deps.deadlineCheckMs ?? 30_000 });
    this.interrupted = new InterruptedRequests(deps.api, this.records, deps.ledger, this.follower);
  }

  async currencies(): Promise<Currency[]> {
    const now = Date.now();
    if (this.currencyCache === null || now - this.currencyCache.at > CURRENCY_CACHE_MS) {
      this.currencyCache = { at: now, list: await this.deps.api.currencies() };
    }
    return this.currencyCache.list;
  }

  async prepare(input: WithdrawalInput): Promise<WithdrawalView> {
    const gate = this.gate();
    if (gate) requiredReason(input.reason, 'prepare');
    const checked = await this.check(input);
    // The policy clears it before anything is sent; an unreachable team store refuses here too.
    const clearance = gate ? await clearPrepare(gate, input, checked) : null;
    const record = this.newRecord(checked);
    return this.interrupted.track(record.localId, () => this.send(record, checked, clearance));
  }

  private async send(record: LocalWithdrawal, checked: CheckedWithdrawal, clearance: PrepareClearance | null = null): Promise<WithdrawalView> {
    const preparing = this.records.save(record);
    let sent: SendOutcome<{ id: string }>;
    try {
      sent = await this.deps.ledger.send(
        {
          kind: 'withdraw', currency: checked.currency.code, amount: checked.amount.toFixed(), destination: checked.address,
          feeMode: checked.includeFee ? 'included' : 'added', subjectId: preparing.localId,
        },
        this.subject(preparing, 'prepare'),
        () => this.deps.api.prepareWithdrawal({
          currency: checked.currency.code,
          amount: checked.amount,
          address: checked.address,
          networkCode: checked.network.network,
          paymentId: checked.paymentId,
          includeFee: checked.includeFee,
          publicComment: checked.publicComment,
        }),
        (value) => [value.id],
      );
    } catch (error) {
      this.records.move(preparing, 'prepareRefused', { error: failureText(error) });
      throw toAppFailure(error);
    }
    const settled = sent.result;
    if (settled.status === 'uncertain') {
      return toView(this.records.move(preparing, 'prepareUnknown', { pendingOperation: sent.move.id, error: settled.reason }));
    }
    this.records.releaseTxId(settled.value.id, preparing);
    const created = this.records.move(preparing, 'prepareAccepted', { txId: settled.value.id, serviceStatus: 'CREATED' });
    if (clearance !== null) await this.recordForTeam(clearance, created, settled.value.id);
    return this.view(await this.follower.refresh(created));
  }

  /** A withdrawal the team cannot see could never be approved: when it cannot be recorded, it is rolled back at once. */
  private async recordForTeam(clearance: PrepareClearance, created: LocalWithdrawal, txId: string): Promise<void> {
    try {
      await this.gate()?.recordPrepared(clearance, preparedFields(created, txId), created.localId);
    } catch (error) {
      const why = failureText(error);
      await this.sendDecision(created, txId, 'rollback').catch(() => undefined);
      throw new AppFailure('TEAM_UNREACHABLE', `The withdrawal could not be recorded for the team, so it was rolled back at once: ${why}`);
    }
  }

  private view(record: LocalWithdrawal): WithdrawalView {
    return withTeam(this.gate(), toView(record));
  }

  private gate(): WithdrawalGate | null {
    return this.deps.team?.() ?? null;
  }

  /** Every CREATED withdrawal on the account, plus this desktop's unsettled ones. */
  async listApprovals(): Promise<WithdrawalView[]> {
    await this.interrupted.settle();
    const seen = new Set<string>();
    try {
      for await (const tx of this.deps.api.transactions({ types: ['WITHDRAW'], statuses: ['CREATED'] })) {
        const record = this.follower.recordFor(tx);
        if (record !== undefined) seen.add(record.localId);
      }
    } catch (error) {
      throw toAppFailure(error); // an unreachable or resting service says so, not "internal"
    }
    const rows: LocalWithdrawal[] = [];
    for (const local of this.records.unsettled()) {
      // A waiting row the service no longer lists as CREATED moved on while we were not looking.
      const stale = !seen.has(local.localId) && local.txId !== null && local.state !== 'UNCERTAIN';
      rows.push(stale ? await this.follower.refresh(local) : local);
    }
    return rows.map((row) => this.view(row)).sort(byDeadline);
  }

  commit(txId: string): Promise<WithdrawalView> {
    return this.decide(txId, 'commit');
  }

  rollback(txId: string, reason?: string): Promise<WithdrawalView> {
    return this.decide(txId, 'rollback', reason);
  }

  private async decide(txId: string, action: Decision, reason?: string): Promise<WithdrawalView> {
    const gate = this.gate();
    const rejection = gate && action === 'rollback' ? requiredReason(reason, 'reject') : null;
    const known = this.records.byTxId(txId) ?? (await this.follower.adoptById(txId));
    if (gate && action === 'commit') {
      // Only the desk holding the team's one claim sends the commit; the others' approvals are recorded.
      const outcome = await gate.approve(txId, { currency: known.currency, address: known.address });
      if (outcome.kind !== 'commit') return this.view(known);
    }
    if (gate && rejection !== null) await gate.reject(txId, rejection);
    const send = () => this.interrupted.track(known.localId, () => this.sendDecision(known, txId, action));
    if (!gate || action === 'rollback') return withTeam(gate, await send());
    let view: WithdrawalView;
    try {
      view = await send();
    } catch (error) {
      await this.recordCommitOutcome(gate, txId, 'uncertain', failureText(error));
      throw error;
    }
    const outcome = view.state === 'COMMITTING' || view.state === 'UNCERTAIN' ? 'uncertain' : view.state === 'CREATED' ? 'refused' : 'accepted';
    await this.recordCommitOutcome(gate, txId, outcome, view.error);
    return withTeam(gate, view);
  }

  /** The commit went out whatever the store says now: its outcome is recorded when the store takes it. */
  private async recordCommitOutcome(gate: WithdrawalGate, txId: string, outcome: 'accepted' | 'refused' | 'uncertain', detail: string | null): Promise<void> {
    await gate.recordCommitSent(txId, outcome, detail).catch(() => undefined);
  }

  private async sendDecision(known: LocalWithdrawal, txId: string, action: Decision): Promise<WithdrawalView> {
    const requested = this.records.move(known, DECISION_STATES[action].requested, { error: null });
    const send = () => (action === 'commit' ? this.deps.api.commitWithdrawal(txId) : this.deps.api.rollbackWithdrawal(txId));
    let accepted: boolean;
    try {
      accepted = await this.deps.ledger.decide(
        { kind: action, currency: requested.currency, amount: requested.amount, destination: requested.address, subjectId: txId },
        this.subject(requested, action),
        send,
      );
    } catch (error) {
      // Never offered again while the ledger says the first one may still land.
      const unanswered = await this.interrupted.followFailedDecision(txId, action, failureText(error));
      if (!unanswered) await this.settleDecision(txId, action, false, failureText(error));
      throw toAppFailure(error);
    }
    return toView(await this.settleDecision(txId, action, accepted, null));
  }

  /** Moves the record after commit/rollback answered, then asks the service what is true now. */
  private async settleDecision(txId: string, action: Decision, accepted: boolean, error: string | null): Promise<LocalWithdrawal> {
    const current = this.records.byTxId(txId);
    if (current === undefined) throw new AppFailure('NOT_FOUND', `Withdrawal ${txId} is unknown`, 'id');
    const moves = DECISION_STATES[action];
    let record = current;
    // A stream update may already have moved it on; then the service's word stands.
    if (current.state === moves.inFlight) {
      record = accepted
        ? this.records.move(current, moves.accepted, { error: null, rolledBackByUs: current.rolledBackByUs || action === 'rollback' })
        : this.records.move(current, moves.refused, { error: error ?? `The service declined the ${action}; its current state is shown` });
    }
    return this.follower.refresh(record);
  }

  private async check(input: WithdrawalInput): Promise<CheckedWithdrawal> {
    // A malformed amount asks the service for nothing, not even the currency list or a balance.
    const typed = checkAmountText(input.amount);
    try {
      const currencies = await this.currencies();
      const code = input.currency.trim().toUpperCase();
      // Reject unknown currencies, and amounts beyond the currency's precision, before asking for balances.
      const known = currencies.find((c) => c.code.toUpperCase() === code);
      if (known === undefined) return checkWithdrawal(input, currencies, new Decimal(0));
      checkPrecision(typed, known);
      const wallet = await this.deps.api.walletBalances();
      const available = wallet.find((b) => b.currency.toUpperCase() === code)?.available ?? new Decimal(0);
      return checkWithdrawal(input, currencies, available);
    } catch (error) {
      throw toAppFailure(error);
    }
  }

  private newRecord(checked: CheckedWithdrawal): LocalWithdrawal {
    const now = (this.deps.wallNow ?? (() => new Date()))().toISOString();
    return {
      localId: randomUUID(),
      profileId: this.deps.profile.id,
      txId: null,
      state: 'PREPARING',
      serviceStatus: null,
      currency: checked.currency.code,
      amount: checked.amount.toFixed(),
      fee: checked.fee.toFixed(),
      network: checked.network.network,
      address: checked.address,
      paymentId: checked.paymentId ?? null,
      publicComment: checked.publicComment ?? null,
      includeFee: checked.includeFee,
      preparedBy: this.deps.profile.name,
      preparedOsUser: this.deps.osUser,
      preparedAt: now,
      createdAt: null,
      pendingOperation: null,
      rolledBackByUs: false,
      deadlineNotified: false,
      error: null,
      updatedAt: now,
    };
  }

  private subject(w: LocalWithdrawal, action: 'prepare' | 'commit' | 'rollback'): AuditSubject {
    return {
      profileId: this.deps.profile.id,
      profileName: this.deps.profile.name,
      action,
      currency: w.currency,
      amount: w.amount,
      fee: w.fee,
      address: w.address,
      network: w.network,
      txId: w.txId,
      detail: [w.includeFee ? 'fee included' : null, w.paymentId ? `payment id ${w.paymentId}` : null].filter(Boolean).join('; ') || null,
    };
  }

  /** Follows a transaction_update from the wallet stream. */
  onServiceTransaction(tx: Transaction): void {
    this.follower.onServiceTransaction(tx);
  }

  /** Resumes uncertain checks and the deadline watch, settles what a stopped run left in flight,
   *  and learns the queue in the background so deadline warnings fire even before anyone opens
   *  the approvals page. */
  start(): void {
    this.follower.start();
    this.resync();
  }

  /** Re-reads the queue (after a stream reconnect, updates may have been missed). */
  resync(): void {
    if (this.resyncing) return;
    this.resyncing = true;
    this.listApprovals()
      .catch(() => undefined)
      .finally(() => {
        this.resyncing = false;
      });
  }

  close(): void {
    this.follower.close();
  }
}

function byDeadline(a: WithdrawalView, b: WithdrawalView): number {
  const waitingFirst = Number(isAwaitingApproval(b.state)) - Number(isAwaitingApproval(a.state));
  if (waitingFirst !== 0) return waitingFirst;
  return (a.deadline ?? a.updatedAt).localeCompare(b.deadline ?? b.updatedAt);
}
