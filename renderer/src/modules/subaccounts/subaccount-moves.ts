// Transfers with sub-accounts as the ledger records them: which account and which way a move
// went (from its destination, 'to_sub_account:<id>' or 'from_sub_account:<id>'), how its state
// reads, and the directions in words.
import type { PendingMoveState, PendingMoveView, SubAccountTransferDirection } from '../../../../preload/contract';
import type { Tone } from '../shell/tone';

export interface SubAccountMoveTarget {
  direction: SubAccountTransferDirection;
  subAccountId: string;
}

const PREFIXES = { to_sub_account: 'toSub', from_sub_account: 'fromSub' } as const;

export function moveTarget(move: Pick<PendingMoveView, 'kind' | 'destination'>): SubAccountMoveTarget | null {
  if (move.kind !== 'subAccountTransfer' || move.destination === null) return null;
  const [prefix, id] = move.destination.split(':', 2);
  const direction = PREFIXES[prefix as keyof typeof PREFIXES];
  return direction && id ? { direction, subAccountId: id } : null;
}

export function isMoveOf(move: PendingMoveView, subAccountId: string): boolean {
  return moveTarget(move)?.subAccountId === subAccountId;
}

export const MOVE_STATE_WORDS = {
  sending: { label: 'Sending', tone: 'info' },
  done: { label: 'Done', tone: 'success' },
  refused: { label: 'Refused', tone: 'error' },
  uncertain: { label: 'Uncertain — checking', tone: 'warning' },
  found: { label: 'Done (found in history)', tone: 'success' },
  absent: { label: 'Never took effect', tone: 'default' },
  ambiguous: { label: 'Needs a person', tone: 'warning' },
} as const satisfies Record<PendingMoveState, { label: string; tone: Tone }>;

export const DIRECTION_WORDS = {
  toSub: 'Master → sub-account',
  fromSub: 'Sub-account → master',
} as const satisfies Record<SubAccountTransferDirection, string>;

/** Where the money leaves and lands, in words: the master's wallet and the account's, by email. */
export function endpoints(direction: SubAccountTransferDirection, email: string): { from: string; to: string } {
  const master = 'Master account’s wallet';
  const sub = `${email}’s wallet`;
  return direction === 'toSub' ? { from: master, to: sub } : { from: sub, to: master };
}

/** Newest first, each move once: the listed ones updated by what the ledger pushed since. */
export function mergeMoves(listed: readonly PendingMoveView[], live: readonly PendingMoveView[]): PendingMoveView[] {
  const byId = new Map(listed.map((move) => [move.id, move]));
  for (const move of live) {
    const known = byId.get(move.id);
    if (known === undefined || known.updatedAt <= move.updatedAt) byId.set(move.id, move);
  }
  return [...byId.values()].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}
