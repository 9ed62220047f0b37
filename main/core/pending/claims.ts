// Which move each service transaction is attributed to. The ledger asks only this port, so the
// claims can live in this desk's database (today) or in a store a team's desks share.
//
// A shared registry must guarantee what the SQLite one does within one desk:
//   - exclusive: a transaction is held by at most one move of any desk on the account; the first
//     claim wins and a claim never moves to another move;
//   - atomic with the settlement: `settle` is one unit of work with the claims made inside it —
//     if the settlement is not recorded, its claims are withdrawn, and no move is recorded as
//     found on a transaction it failed to claim.
import type { PendingStore } from './store';

export interface ClaimRegistry {
  /** Attributes the transaction (a claim key) to the move; false when another move holds it. Call inside settle(). */
  claim(key: string, moveId: string): boolean;
  /** Which of these claim keys some move already holds. */
  claimed(keys: readonly string[]): Set<string>;
  /** Runs fn as one unit with the claims it makes: both land, or neither does. */
  settle<T>(fn: () => T): T;
}

/** The claims of one profile in this desk's coffer.db, in the same transaction as the move's row. */
export function claimsInStore(store: PendingStore, profileId: string): ClaimRegistry {
  return {
    claim: (key, moveId) => store.claim(profileId, key, moveId),
    claimed: (keys) => store.claimed(profileId, keys),
    settle: (fn) => store.atomically(fn),
  };
}

/**
 * The claims a team's desks share, on top of this desk's own: a transaction one desk settled its
 * move on is never a candidate for another desk's. Claiming is a write to the team store, so it is
 * asynchronous and made before the local settlement; a store that cannot be reached settles nothing.
 */
export interface TeamClaims {
  /** The claim keys another desk of the team holds. */
  heldByOthers(keys: readonly string[]): Set<string>;
  /** Claims the key for this desk's move: 'mine' when this desk holds it now, 'theirs' when another does. Throws when the store cannot be reached. */
  claim(key: string, moveId: string): Promise<'mine' | 'theirs'>;
  /** Tells the team a move of this desk is open (its answer was lost), so an identical one elsewhere is not settled blindly. */
  opened(move: SharedMove): Promise<void>;
  /** Tells the team the move is settled. */
  closed(moveId: string): Promise<void>;
  /** True when another desk has an open move of the same shape: a candidate could be either's. */
  contested(move: SharedMove): boolean;
}

/** What the team needs to know of an open move to tell identical ones apart. */
export interface SharedMove {
  id: string;
  kind: string;
  currency: string | null;
  amount: string | null;
  destination: string | null;
}
