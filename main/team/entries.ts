// The team store is one append-only, hash-chained log of entries, each signed by the desk that
// wrote it (its Ed25519 export key). Every shared fact — members, policy versions, the address
// book, withdrawals, their approvals and commit claims — is an entry; each desk derives the team's
// state by verifying and folding them. Bodies are plain JSON; amounts are decimal strings.
import type { TeamPolicy } from '../../preload/contract/team';

export interface DeskRef {
  /** Raw Ed25519 public key, base64 (32 bytes). */
  publicKey: string;
  name: string;
}

/** The exact withdrawal an approval is given for: an approval of anything else does not count. */
export interface WithdrawalFields {
  /** The service's transaction id. */
  txId: string;
  currency: string;
  network: string;
  amount: string;
  /** 'included': the fee is taken out of amount; 'added': on top of it. */
  feeMode: 'included' | 'added';
  address: string;
  paymentId: string | null;
}

export interface EntryBodies {
  /** The first entry of a team: its founder is its first member and policy version 1 is in force. */
  'team.created': { name: string; founder: DeskRef; policy: TeamPolicy };
  /** Written by a desk that is not (yet) a member: counts for nothing until a member admits it. */
  'member.requested': { desk: DeskRef };
  'member.admitted': { desk: DeskRef; fingerprint: string };
  /** One vote to remove a member; two votes by other members remove it. */
  'member.removalVoted': { publicKey: string; reason: string };
  'member.left': { reason: string };
  /** A new policy version; in force once another member approves it. */
  'policy.proposed': { policy: TeamPolicy };
  /** Names the proposal by its entry's hash: an approval never counts for a proposal its desk did not see. */
  'policy.approved': { version: number; proposal: string };
  'address.proposed': { id: string; label: string; currency: string; network: string; address: string; paymentId: string | null };
  'address.approved': { id: string };
  'address.removed': { id: string; reason: string };
  'withdrawal.prepared': {
    fields: WithdrawalFields;
    localId: string;
    reason: string;
    /** The value at prepare time in the policy's reference currency, and the rate used. */
    referenceValue: string;
    referenceCurrency: string;
    policyVersion: number;
    approvalsNeeded: number;
  };
  'withdrawal.approved': { fields: WithdrawalFields; policyVersion: number };
  'withdrawal.rejected': { txId: string; reason: string };
  /** Unique per transaction (unique key `commit:<txId>`): the one desk allowed to send the commit. */
  'withdrawal.commitClaimed': { txId: string };
  /** What the service answered to the claimed commit. */
  'withdrawal.commitSent': { txId: string; outcome: 'accepted' | 'refused' | 'uncertain'; detail: string | null };
  /** Unique per transaction (unique key `claim:<claimKey>`): the one desk's move a service transaction settles. */
  'ledger.claimed': { claimKey: string; moveId: string };
  /** A move of this desk whose answer was lost: another desk's identical move must not settle blindly. */
  'ledger.moveOpened': { move: { id: string; kind: string; currency: string | null; amount: string | null; destination: string | null } };
  'ledger.moveClosed': { moveId: string };
}

export type EntryKind = keyof EntryBodies;

/** An entry before it is stored: what the writing desk signs. */
export interface EntryDraft<K extends EntryKind = EntryKind> {
  teamId: string;
  kind: K;
  body: EntryBodies[K];
  /** The writing desk's public key (base64). */
  author: string;
  /** The writing desk's clock, ISO 8601. */
  at: string;
  /** Set for entries of which the team may hold only one (a commit claim). */
  uniqueKey: string | null;
}

/** An entry as stored: the draft, its place in the chain and its signature. */
export interface StoredEntry extends EntryDraft {
  /** Assigned by the database; the chain's order. */
  seq: number;
  /** The stored hash of the previous entry of the team ('' for the first). */
  prevHash: string;
  /** sha256 hex over the canonical bytes of the draft and prevHash. */
  hash: string;
  /** Ed25519 signature (base64) of the hash's bytes by `author`. */
  signature: string;
}

/** An entry after verification: tampered entries (and those of non-members) never count. */
export type VerifiedEntry = StoredEntry & ({ status: 'valid' } | { status: 'tampered' | 'notMember'; why: string });
