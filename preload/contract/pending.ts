// The ledger of money moves as the renderer sees it: every move Coffer sent, what the service
// answered, and — when the answer was lost — what the reconciler found. Amounts are decimal text.

import { z } from 'zod';
import { changes, noPayload, reads, type EventList, type Op, type OperationSpecs } from './operation';

export const PENDING_MOVE_KINDS = [
  'withdraw',
  'commit',
  'rollback',
  'transfer',
  'convert',
  'internalWithdraw',
  'subAccountTransfer',
  'buyCryptoOrder',
  'spotOrder',
] as const;
export type PendingMoveKind = (typeof PENDING_MOVE_KINDS)[number];

/**
 * sending: written, the request is on its way. done: the service answered with its id(s).
 * refused: the service said no; nothing was created. uncertain: the answer was lost; being checked
 * (with no deadline — mayRunLate — it is "not seen yet" until it appears or a person gives it up).
 * found / absent: settled from the history (or by a person). ambiguous: more than one transaction
 * could be it; a person must choose.
 */
export const PENDING_MOVE_STATES = ['sending', 'done', 'refused', 'uncertain', 'found', 'absent', 'ambiguous'] as const;
export type PendingMoveState = (typeof PENDING_MOVE_STATES)[number];

/** States the reconciler still works on. */
export const OPEN_MOVE_STATES: readonly PendingMoveState[] = ['sending', 'uncertain'];

export type SettledBy = 'service' | 'reconciler' | 'person';

/** A transaction of the history that could be the move. */
export interface MoveCandidate {
  id: string;
  createdAt: string;
  currency: string;
  amount: string;
  fee: string | null;
  address: string | null;
  status: string;
  type: string;
  subtype: string;
}

export interface PendingMoveView {
  id: string;
  profileId: string;
  kind: PendingMoveKind;
  currency: string;
  amount: string;
  /** Address, 'wallet>spot', beneficiary, target currency, sub-account direction, '<provider>><target>',
   * withdrawal id, or a spot order's '<symbol>:<side>:<clientOrderId>'. */
  destination: string | null;
  state: PendingMoveState;
  /** The service's transaction ids, once known. */
  txIds: string[];
  /** While ambiguous: every transaction that could be it. */
  candidates: MoveCandidate[];
  /** Plain words on the latest change (why it is uncertain, how it was settled). */
  reason: string | null;
  settledBy: SettledBy | null;
  /** Service time after which a lost request can no longer land (ISO), while uncertain. */
  settleBy: string | null;
  /**
   * Nothing bounds when the service may still run it (Basic auth): while uncertain it is not seen
   * yet and never settled absent by time; once a person gave it up, sending it again may make it
   * happen twice.
   */
  mayRunLate: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface PendingOperations {
  /** Moves still open or waiting for a person, then the most recent settled ones. */
  listPendingMoves: Op<void, PendingMoveView[]>;
  /** A person says which candidate of an ambiguous move is it. */
  linkPendingMove: Op<{ moveId: string; txId: string }, PendingMoveView>;
  /** A person says none of the candidates is it: the move is settled as absent. */
  dismissPendingMove: Op<{ moveId: string }, PendingMoveView>;
  /** A person says a move not seen yet (mayRunLate) will not happen; the service may still run it. */
  abandonPendingMove: Op<{ moveId: string }, PendingMoveView>;
}

const moveId = z.string().trim().min(1, 'Move id is missing').max(64, 'Move id is too long').regex(/^[A-Za-z0-9-]+$/, 'Move id is not valid');
const txId = z.string().trim().min(1, 'Choose a transaction').max(64, 'Transaction id is too long').regex(/^[A-Za-z0-9_-]+$/, 'Transaction id is not valid');

export const PENDING_OPERATIONS = {
  listPendingMoves: reads(noPayload),
  linkPendingMove: changes(z.object({ moveId, txId }).strict()),
  dismissPendingMove: changes(z.object({ moveId }).strict()),
  abandonPendingMove: changes(z.object({ moveId }).strict()),
} as const satisfies OperationSpecs<PendingOperations>;

export interface PendingEvents {
  /** A move was written, answered or settled (by the reconciler or a person). */
  pendingMoveUpdated: { profileId: string; move: PendingMoveView };
}

export const PENDING_EVENTS = { pendingMoveUpdated: true } as const satisfies EventList<PendingEvents>;

export function isSettledMove(state: PendingMoveState): boolean {
  return !OPEN_MOVE_STATES.includes(state) && state !== 'ambiguous';
}
