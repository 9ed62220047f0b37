// Works one profile's open moves in the background, across restarts. Nothing is decided before a
// move's signature window has closed (until then the service could still accept it, and a second
// identical transaction could still appear); then the history after the move's cursor is read once
// and the matching rules decide. A candidate that two open moves could both be is settled for
// neither automatically: both become ambiguous and go to a person.
import type { BuyCryptoOrder, Transaction, TransactionFilter } from '../../exchange/domain';
import {
  claimKey, decide, decideDecision, historyFilter, inWindow, isCandidate, isHistoryKind, looksLike, orderAsTransaction, providerOf,
  type Decision,
} from './matching';
import type { PendingMove, PendingStore } from './store';

type Apply = (move: PendingMove, decision: Decision) => PendingMove;

/** What the ledger needs of the exchange client. */
export interface LedgerApi {
  serviceNow(): number;
  newestTransactionId(): Promise<string | null>;
  transactions(filter: TransactionFilter): AsyncIterable<Transaction>;
  transaction(id: string): Promise<Transaction>;
  buyCryptoOrders(providerId: string): Promise<BuyCryptoOrder[]>;
}

export class Reconciler {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly store: PendingStore,
    private readonly api: LedgerApi,
    private readonly profileId: string,
    private readonly pollMs: number,
    private readonly apply: Apply,
  ) {}

  start(): void {
    if (this.timer !== null) return;
    this.timer = setInterval(() => void this.pass(), this.pollMs);
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
    for (const move of this.store.inStates(this.profileId, ['ambiguous'])) {
      if (move.candidates.some((c) => c.id === tx.id)) return true;
    }
    const open = this.store.inStates(this.profileId, ['sending', 'uncertain']).filter((m) => m.kind !== 'buyCryptoOrder' && looksLike(m, tx) && inWindow(m, tx));
    return open.length > 0 && this.store.claimed(this.profileId, [tx.id]).size === 0;
  }

  private async work(): Promise<void> {
    const open = this.store.inStates(this.profileId, ['uncertain']);
    if (open.length === 0) return;
    const now = this.api.serviceNow();
    const ready = open.filter((m) => m.settleByMs !== null && m.settleByMs <= now);
    if (ready.length === 0) return;
    const sending = this.store.inStates(this.profileId, ['sending']);
    const candidates = new Map<string, Transaction[]>();
    for (const move of open.filter(isHistoryMove)) {
      // A move still inside its window is read too: it may share a candidate with a ready one.
      if (!ready.includes(move) && !ready.some((r) => sameShape(r, move))) continue;
      const found = await this.candidatesOf(move).catch(() => null);
      if (found !== null) candidates.set(move.id, found);
    }
    for (const move of ready) {
      try {
        if (!isHistoryMove(move)) {
          await this.settleDecision(move, now);
          continue;
        }
        // A request of the same shape still waiting for its answer may yet claim a candidate.
        if (sending.some((s) => sameShape(s, move))) continue;
        const own = candidates.get(move.id);
        if (own === undefined) continue;
        const shared = open.filter((other) => other.id !== move.id && own.some((tx) => candidates.get(other.id)?.some((o) => o.id === tx.id)));
        if (shared.some((other) => !ready.includes(other))) continue;
        const decision = shared.length > 0 && own.length > 0 ? { status: 'ambiguous' as const, candidates: own } : decide(move, own, now);
        this.apply(this.store.byId(move.id) ?? move, decision);
      } catch {
        // The service is unreachable or answered oddly: try again on the next pass, never re-send.
      }
    }
  }

  private async candidatesOf(move: PendingMove): Promise<Transaction[]> {
    const matching: Transaction[] = [];
    for await (const tx of this.records(move)) {
      if (looksLike(move, tx) && inWindow(move, tx)) matching.push(tx);
    }
    const claimed = this.store.claimed(this.profileId, matching.map((tx) => claimKey(move.kind, tx.id)));
    return matching.filter((tx) => isCandidate(move, tx, claimed));
  }

  /** Where the move would show: the provider's orders for a buy-crypto order, else the wallet history. */
  private async *records(move: PendingMove): AsyncIterable<Transaction> {
    if (move.kind !== 'buyCryptoOrder') {
      yield* this.api.transactions(historyFilter(move));
      return;
    }
    const provider = providerOf(move.destination);
    for (const order of await this.api.buyCryptoOrders(provider)) yield orderAsTransaction(order, provider);
  }

  private async settleDecision(move: PendingMove, now: number): Promise<void> {
    if (move.subjectId === null) return void this.apply(move, { status: 'absent' });
    const tx = await this.api.transaction(move.subjectId);
    this.apply(move, decideDecision(move, tx, now));
  }
}

function isHistoryMove(move: PendingMove): boolean {
  return isHistoryKind(move.kind);
}

function sameShape(a: PendingMove, b: PendingMove): boolean {
  return a.kind === b.kind && a.currency === b.currency && a.amount === b.amount && a.destination === b.destination;
}
