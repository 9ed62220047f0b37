// What the renderer sees of a move: the record without the reconciler's working fields.
import type { PendingMoveView } from '../../../preload/contract/pending';
import type { PendingMove } from './store';

export function toMoveView(move: PendingMove): PendingMoveView {
  return {
    id: move.id,
    profileId: move.profileId,
    kind: move.kind,
    currency: move.currency,
    amount: move.amount,
    destination: move.destination,
    state: move.state,
    txIds: move.txIds,
    candidates: move.candidates,
    reason: move.reason,
    settledBy: move.settledBy,
    settleBy: move.state === 'uncertain' && move.settleByMs !== null ? new Date(move.settleByMs).toISOString() : null,
    mayRunLate: mayRunLate(move),
    createdAt: move.createdAt,
    updatedAt: move.updatedAt,
  };
}

/** Open, or given up by a person, with no deadline: the service may still run it. */
function mayRunLate(move: PendingMove): boolean {
  if (move.settleByMs !== null || move.sentAtMs === null) return false;
  return move.state === 'uncertain' || move.state === 'ambiguous' || (move.state === 'absent' && move.settledBy === 'person');
}
