// Works one profile's open moves in the background, across restarts. A move with a deadline is not
// decided before its signature window has closed (until then the service could still accept it,
// and a second identical transaction could still appear); then the history after the move's
// cursor is read and the matching rules decide. A move with no deadline (the service may run it
// at any time) is looked for on a back-off schedule until it appears or a person gives it up. A
// candidate that two open moves could both be is settled for neither automatically: both become
// ambiguous and go to a person.
import type { BuyCryptoOrder, SpotOrder, Transaction, TransactionFilter } from '../../exchange/domain';
import type { ClaimRegistry, TeamClaims } from './claims';
import {
  claimKey, decide, decideDecision, historyFilter, inWindow, isCandidate, isHistoryKind, looksLike, orderAsTransaction, providerOf,
  spotOrderAsTransaction, type Decision,
} from './matching';
import { checksDue, type RecheckTimings } from './recheck';
import type { PendingMove, PendingStore } from './store';

type Apply = (move: PendingMove, decision: Decision) => PendingMove;

/** What the ledger needs of the exchange client. */
export interface LedgerApi {
  serviceNow(): number;
  newestTransactionId(): Promise<string | null>;
  transactions(filter: TransactionFilter): AsyncIterable<Transaction>;
  transaction(id: string): Promise<Transaction>;
  buyCryptoOrders(providerId: string): Promise<BuyCryptoOrder[]>;
  /** A spot order by its client order id, active or in the order history; null when neither has it. */
  findOrder(clientOrderId: string): Promise<SpotOrder | null>;
}

export interface ReconcilerDeps {
  store: PendingStore;
  claims: ClaimRegistry;
  api: LedgerApi;
  profileId: string;
  pollMs: number;
  recheck: RecheckTimings;
  /** True when other desks or scripts use the account: no candidate is provably this desk's. */
  othersUseAccount: boolean;
  apply: Apply;
  /** On a team desk: the claims the team's desks share (asked each time: a desk may join or leave). */
  teamClaims?: () => TeamClaims | null;
}

export class Reconciler {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  /** Moves with no deadline: how many of their check times have been worked (this run only). */
  private readonly checks = new Map<string, number>();
  /** Moves with no deadline to look at on the next pass: a transaction like them was just seen. */
  private readonly soon = new Set<string>();

  constructor(private readonly deps: ReconcilerDeps) {}

  start(): void {
    if (this.timer !== null) return;
    this.timer = setInterval(() => void this.pass(), this.deps.pollMs);
    this.timer.unref();
    void this.pass();
  }

  stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }

  /** One pass over the open moves; passes never overlap. */
  pass(): Promise<void> {
    this.running ??= this.work().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  holds(tx: Transaction): boolean {
    const { store, profileId } = this.deps;
    for (const move of store.inStates(profileId, ['ambiguous'])) {
      if (move.candidates.some((c) => c.id === tx.id)) return true;
    }
    const open = store.inStates(profileId, ['sending', 'uncertain']).filter((m) => m.kind !== 'buyCryptoOrder' && looksLike(m, tx) && inWindow(m, tx));
    if (open.length === 0 || this.deps.claims.claimed([tx.id]).size > 0) return false;
    for (const move of open) if (move.state === 'uncertain' && move.settleByMs === null) this.soon.add(move.id);
    return true;
  }

  private async work(): Promise<void> {
    const { store, profileId, api } = this.deps;
    const open = store.inStates(profileId, ['uncertain']);
    if (open.length === 0) return;
    const now = api.serviceNow();
    const ready = open.filter((m) => this.due(m, now));
    if (ready.length === 0) return;
    const sending = store.inStates(profileId, ['sending']);
    const candidates = new Map<string, Transaction[]>();
    for (const move of open.filter(isHistoryMove)) {
      // A move still inside its window is read too: it may share a candidate with a ready one.
      if (!ready.includes(move) && !ready.some((r) => sameShape(r, move))) continue;
      const found = await this.candidatesOf(move).catch(() => null);
      if (found === null) continue;
      candidates.set(move.id, found);
      // A move with no deadline whose history was read anyway is as ready as it will ever be.
      if (move.settleByMs === null && !ready.includes(move)) ready.push(move);
    }
    const { othersUseAccount } = this.deps;
    for (const move of ready) {
      try {
        if (move.kind === 'spotOrder') {
          await this.settleSpotOrder(move, now);
          continue;
        }
        if (!isHistoryMove(move)) {
          await this.settleDecision(move, now);
          continue;
        }
        // A request of the same shape still waiting for its answer may yet claim a candidate.
        if (sending.some((s) => sameShape(s, move))) continue;
        const own = candidates.get(move.id);
        if (own === undefined) continue;
        const contested = open.filter((other) => other.id !== move.id && own.some((tx) => candidates.get(other.id)?.some((o) => o.id === tx.id)));
        if (contested.some((other) => !ready.includes(other))) continue;
        // An identical move open on another desk of the team could own any candidate: a person decides.
        const teamContested = own.length > 0 && this.deps.teamClaims?.()?.contested(move) === true;
        const decision: Decision = (contested.length > 0 || teamContested) && own.length > 0
          ? { status: 'ambiguous', candidates: own, othersUseAccount: othersUseAccount || teamContested }
          : decide(move, own, now, othersUseAccount);
        // Another desk of the team settled on it first: the next pass looks again without it.
        if (decision.status === 'found' && !(await this.claimForTeam(move, decision.transaction.id))) continue;
        this.deps.apply(store.byId(move.id) ?? move, decision);
      } catch {
        // The service is unreachable or answered oddly: try again on the next pass, never re-send.
      }
    }
  }

  /** A move with a deadline once it has passed; one without at each of its check times (or when
   *  a transaction like it was just seen). */
  private due(move: PendingMove, now: number): boolean {
    if (move.settleByMs !== null) return move.settleByMs <= now;
    const passed = checksDue(move.sentAtMs ?? now, now, this.deps.recheck);
    const early = this.soon.delete(move.id);
    if (!early && passed <= (this.checks.get(move.id) ?? 0)) return false;
    this.checks.set(move.id, passed);
    return true;
  }

  private async candidatesOf(move: PendingMove): Promise<Transaction[]> {
    const matching: Transaction[] = [];
    for await (const tx of this.records(move)) {
      if (looksLike(move, tx) && inWindow(move, tx)) matching.push(tx);
    }
    const keys = matching.map((tx) => claimKey(move.kind, tx.id));
    const claimed = this.deps.claims.claimed(keys);
    for (const key of this.deps.teamClaims?.()?.heldByOthers(keys) ?? []) claimed.add(key);
    return matching.filter((tx) => isCandidate(move, tx, claimed));
  }

  /** True when the team lets this desk settle the move on the transaction (always on a solo desk). */
  private async claimForTeam(move: PendingMove, txId: string): Promise<boolean> {
    const team = this.deps.teamClaims?.();
    if (team === null || team === undefined) return true;
    return (await team.claim(claimKey(move.kind, txId), move.id)) === 'mine';
  }

  /** Where the move would show: the provider's orders for a buy-crypto order, else the wallet history. */
  private async *records(move: PendingMove): AsyncIterable<Transaction> {
    if (move.kind !== 'buyCryptoOrder') {
      yield* this.deps.api.transactions(historyFilter(move));
      return;
    }
    const provider = providerOf(move.destination);
    for (const order of await this.deps.api.buyCryptoOrders(provider)) yield orderAsTransaction(order, provider);
  }

  /** Found when the service knows the order's client order id (active or in its history); absent
   *  once its window has closed without it. It is never sent again either way. */
  private async settleSpotOrder(move: PendingMove, now: number): Promise<void> {
    if (move.subjectId === null) return;
    const order = await this.deps.api.findOrder(move.subjectId);
    if (order !== null) return void this.deps.apply(move, { status: 'found', transaction: spotOrderAsTransaction(order) });
    if (move.settleByMs !== null && now >= move.settleByMs) this.deps.apply(move, { status: 'absent' });
  }

  private async settleDecision(move: PendingMove, now: number): Promise<void> {
    if (move.subjectId === null) return void this.deps.apply(move, { status: 'absent' });
    const tx = await this.deps.api.transaction(move.subjectId);
    this.deps.apply(move, decideDecision(move, tx, now));
  }
}

/** Moves found among the wallet history's records (or a provider's orders). */
function isHistoryMove(move: PendingMove): boolean {
  return isHistoryKind(move.kind) && move.kind !== 'spotOrder';
}

function sameShape(a: PendingMove, b: PendingMove): boolean {
  return a.kind === b.kind && a.currency === b.currency && a.amount === b.amount && a.destination === b.destination;
}
