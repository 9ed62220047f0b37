// Settles a client's uncertain operation with the app's matching rules (no ledger, no claims):
// what the reconciler would decide once the operation's window has closed.
import type { PendingOperation } from '../../../main/exchange/operations';
import type { TreasuryApi } from '../../../main/exchange/treasury-api';
import { decide, historyFilter, isCandidate, type Decision } from '../../../main/core/pending/matching';
import type { PendingMove } from '../../../main/core/pending/store';

export function moveOf(operation: PendingOperation, cursorId: string | null = null): PendingMove {
  return {
    id: 'test-move', profileId: 'p', kind: operation.kind, currency: operation.currency, amount: operation.amount,
    feeMode: 'added', destination: operation.destination ?? null, subjectId: null, cursorId, sentAtMs: operation.sentAtMs,
    settleByMs: operation.settleByMs, state: 'uncertain', txIds: [], candidates: [], reason: null, settledBy: null,
    createdAt: '', updatedAt: '',
  };
}

export async function decideNow(move: PendingMove, api: TreasuryApi, now = api.serviceNow()): Promise<Decision> {
  const candidates = [];
  for await (const tx of api.transactions(historyFilter(move))) if (isCandidate(move, tx, new Set())) candidates.push(tx);
  return decide(move, candidates, now);
}

export async function settleFromHistory(operation: PendingOperation, api: TreasuryApi, cursorId: string | null = null): Promise<Exclude<Decision, { status: 'wait' }>> {
  const move = moveOf(operation, cursorId);
  for (;;) {
    const decision = await decideNow(move, api);
    if (decision.status !== 'wait') return decision;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
