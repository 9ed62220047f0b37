// The team's state as folded from its verified entries: plain records in maps, mutated only by
// the entry rules and read through TeamFacts. Desks are keyed by their public key (base64); times
// are kept as written (ISO) for display, and as the chain's time (epoch ms) where a window or a
// cool-down is measured, so a desk cannot backdate an entry to slip under it.
import type { TeamPolicy } from '../../../preload/contract/team';
import type { EntryKind, WithdrawalFields } from '../entries';

/** An entry that does not count, and why in plain words. */
export interface SkippedEntry {
  seq: number;
  kind: EntryKind;
  /** The writing desk's public key. */
  author: string;
  at: string;
  why: string;
}

export interface RemovalVote {
  voter: string;
  at: string;
  reason: string;
}

export interface MemberRecord {
  publicKey: string;
  since: string;
  /** The admitting desk's key; null for the founder. */
  admittedBy: string | null;
  removalVotes: RemovalVote[];
}

export interface FormerMember {
  publicKey: string;
  at: string;
  how: 'removed' | 'left';
  reason: string;
}

export interface JoinRequest {
  publicKey: string;
  /** The name the desk asked to join under. */
  name: string;
  at: string;
}

/** A policy version that was put in force, and from when (the approving entry's chain time). */
export interface PolicyRecord {
  policy: TeamPolicy;
  from: string;
  fromMs: number;
  proposedBy: string;
  /** The approving desk; null for the founding policy. */
  approvedBy: string | null;
}

export interface PendingPolicy {
  policy: TeamPolicy;
  proposedBy: string;
  proposedAt: string;
  /** The proposal entry's hash, which an approval must name. */
  proposal: string;
}

export interface DeskAct {
  by: string;
  at: string;
}

export interface AddressRecord {
  id: string;
  label: string;
  currency: string;
  network: string;
  address: string;
  paymentId: string | null;
  proposedBy: string;
  proposedAt: string;
  /** The chain's time of the proposal: the cool-down runs from it. */
  proposedMs: number;
  approved: DeskAct | null;
  removed: (DeskAct & { reason: string }) | null;
}

export interface WithdrawalRecord {
  fields: WithdrawalFields;
  localId: string;
  reason: string;
  preparedBy: string;
  preparedAt: string;
  /** The chain's time of the preparation: the rolling 24-hour window counts from it. */
  preparedMs: number;
  referenceValue: string;
  referenceCurrency: string;
  policyVersion: number;
  approvalsNeeded: number;
  /** The seqs of every entry that counted for this withdrawal, to check again against the store before acting on it. */
  seqs: number[];
  /** In chain order, one per desk. */
  approvals: DeskAct[];
  rejected: (DeskAct & { reason: string }) | null;
  commitClaim: DeskAct | null;
  commitSent: (DeskAct & { outcome: 'accepted' | 'refused' | 'uncertain'; detail: string | null }) | null;
}

/** A service transaction one desk's ledger settled a move on: no other desk's move may take it. */
export interface LedgerClaim {
  claimKey: string;
  moveId: string;
  by: string;
  at: string;
}

/** A desk's move whose answer was lost, open until that desk closes it. */
export interface OpenMove {
  author: string;
  at: string;
  move: { id: string; kind: string; currency: string | null; amount: string | null; destination: string | null };
}

export interface TeamRecord {
  id: string;
  name: string;
  createdAt: string;
  founder: string;
}

export interface FactsState {
  team: TeamRecord | null;
  /** Desk names as the membership entries give them (the latest wins). */
  names: Map<string, string>;
  members: Map<string, MemberRecord>;
  former: Map<string, FormerMember>;
  joinRequests: Map<string, JoinRequest>;
  /** Every version put in force, in chain order. */
  policies: PolicyRecord[];
  pendingPolicy: PendingPolicy | null;
  addresses: Map<string, AddressRecord>;
  withdrawals: Map<string, WithdrawalRecord>;
  ledgerClaims: Map<string, LedgerClaim>;
  /** By move id. */
  openMoves: Map<string, OpenMove>;
  tampered: SkippedEntry[];
  notMember: SkippedEntry[];
  /** Entries by members that were well signed but changed nothing (a self-approval, a second vote). */
  ignored: SkippedEntry[];
  /** The latest time of the counted entries so far (epoch ms): chain time never runs backwards. */
  chainMs: number;
  lastSeq: number;
  lastHash: string;
  seenAny: boolean;
}

export function emptyFactsState(): FactsState {
  return {
    team: null,
    names: new Map(),
    members: new Map(),
    former: new Map(),
    joinRequests: new Map(),
    policies: [],
    pendingPolicy: null,
    addresses: new Map(),
    withdrawals: new Map(),
    ledgerClaims: new Map(),
    openMoves: new Map(),
    tampered: [],
    notMember: [],
    ignored: [],
    chainMs: Number.NEGATIVE_INFINITY,
    lastSeq: Number.NEGATIVE_INFINITY,
    lastHash: '',
    seenAny: false,
  };
}

/** The policy in force at a moment: the latest put in force by then (the first one before it). */
export function policyAt(state: FactsState, atMs: number): PolicyRecord | null {
  let found: PolicyRecord | null = state.policies[0] ?? null;
  for (const record of state.policies) if (record.fromMs <= atMs) found = record;
  return found;
}

/** What a rule knows of the entry it applies, besides its body. */
export interface EntryContext {
  seq: number;
  teamId: string;
  author: string;
  /** As the desk wrote it. */
  at: string;
  /** The chain's time: the later of `at` and every counted entry before it. */
  ms: number;
  /** Whether it is the chain's very first entry. */
  first: boolean;
  /** The entry's stored hash. */
  hash: string;
}

/** Applies one counted entry; answers null when it changed the state, else why it did not. */
export type EntryRule<Body> = (state: FactsState, body: Body, context: EntryContext) => string | null;
