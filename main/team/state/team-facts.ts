// The team's state, folded from its verified entries in chain order, entry by entry as they
// arrive. Only well-signed entries by members count (a desk's join request aside, and the team's
// first entry, which makes its founder the first member); the others are kept with the reason
// they do not count, for the team's audit. Pure: no clock, no store — `now` is always given.
import type { AddressState, TeamPolicy } from '../../../preload/contract/team';
import { fingerprintOf } from '../../core/exports/fingerprint';
import type { EntryBodies, EntryKind, StoredEntry, VerifiedEntry } from '../entries';
import { BOOK_RULES } from './book-rules';
import {
  emptyFactsState,
  policyAt,
  type AddressRecord,
  type EntryRule,
  type FormerMember,
  type JoinRequest,
  type LedgerClaim,
  type MemberRecord,
  type OpenMove,
  type PendingPolicy,
  type PolicyRecord,
  type SkippedEntry,
  type TeamRecord,
  type WithdrawalRecord,
} from './facts-state';
import { LEDGER_RULES } from './ledger-rules';
import { MEMBERSHIP_RULES } from './membership-rules';
import { WITHDRAWAL_RULES } from './withdrawal-rules';

const RULES: { [K in EntryKind]: EntryRule<EntryBodies[K]> } = { ...MEMBERSHIP_RULES, ...BOOK_RULES, ...WITHDRAWAL_RULES, ...LEDGER_RULES };

export const NOT_A_MEMBER = 'written by a desk that is not a member';
const HOUR_MS = 3_600_000;
/** The cool-down assumed while no policy is known: the default policy's. */
const FALLBACK_COOL_DOWN_HOURS = 24;

/** Where a desk stands with the team. */
export type DeskStanding = 'member' | 'requested' | 'removed' | 'none';

export interface AddressAtNow extends AddressRecord {
  state: AddressState;
  /** proposedAt (chain time) + the cool-down of the policy in force. */
  usableFrom: string;
}

function skipped(entry: VerifiedEntry, why: string): SkippedEntry {
  return { seq: entry.seq, kind: entry.kind, author: entry.author, at: entry.at, why };
}

export class TeamFacts {
  private state = emptyFactsState();
  /** Every entry applied, by seq, with its verdict: kept so a verdict changed later can be folded again. */
  private readonly applied = new Map<number, VerifiedEntry>();

  /** Folds entries that follow the ones applied so far; entries already applied (by seq) are skipped. */
  apply(entries: readonly VerifiedEntry[]): void {
    for (const entry of entries) {
      if (entry.seq <= this.state.lastSeq) continue;
      this.applied.set(entry.seq, entry);
      this.state.lastSeq = entry.seq;
      this.state.lastHash = entry.hash;
      this.applyOne(entry);
    }
  }

  /** The entry applied at `seq`, as this desk read it. */
  entry(seq: number): VerifiedEntry | undefined {
    return this.applied.get(seq);
  }

  /** Every entry read so far, in chain order: the team's audit. */
  entries(): VerifiedEntry[] {
    return [...this.applied.values()].sort((a, b) => a.seq - b.seq);
  }

  /**
   * Marks an applied entry tampered (found changed in the store after this desk read it, `row` as
   * stored now) and folds the chain again without it, so whatever it counted for stops counting.
   */
  markTampered(row: StoredEntry, why: string): void {
    if (!this.applied.has(row.seq)) return;
    this.applied.set(row.seq, { ...row, status: 'tampered', why });
    const { lastSeq, lastHash } = this.state;
    this.state = emptyFactsState();
    for (const entry of [...this.applied.values()].sort((a, b) => a.seq - b.seq)) this.applyOne(entry);
    this.state.lastSeq = lastSeq;
    this.state.lastHash = lastHash;
  }

  private applyOne(entry: VerifiedEntry): void {
    const first = !this.state.seenAny;
    this.state.seenAny = true;
    if (entry.status !== 'valid') {
      (entry.status === 'tampered' ? this.state.tampered : this.state.notMember).push(skipped(entry, entry.why));
      return;
    }
    if (!this.writtenByMember(entry, first)) {
      this.state.notMember.push(skipped(entry, NOT_A_MEMBER));
      return;
    }
    if (this.state.team !== null && entry.teamId !== this.state.team.id) {
      this.state.ignored.push(skipped(entry, 'it belongs to another team'));
      return;
    }
    const context = { seq: entry.seq, teamId: entry.teamId, author: entry.author, at: entry.at, ms: this.chainTime(entry), first, hash: entry.hash };
    const rule = RULES[entry.kind] as EntryRule<unknown> | undefined;
    let why: string | null;
    try {
      why = rule === undefined ? 'its kind is not one this desk knows' : rule(this.state, entry.body, context);
    } catch {
      why = 'its body is not what an entry of its kind holds';
    }
    if (why !== null) this.state.ignored.push(skipped(entry, why));
  }

  private writtenByMember(entry: VerifiedEntry, first: boolean): boolean {
    if (entry.kind === 'team.created' && first) return true;
    if (entry.kind === 'member.requested') return true;
    return this.state.members.has(entry.author);
  }

  /** The entry's time as the chain counts it: never before a counted entry before it, so backdating gains nothing. */
  private chainTime(entry: VerifiedEntry): number {
    const written = Date.parse(entry.at);
    const ms = Number.isFinite(written) ? Math.max(written, this.state.chainMs) : this.state.chainMs;
    // A join request may come from anyone: it must not move the team's clock.
    if (entry.kind !== 'member.requested') this.state.chainMs = ms;
    return ms;
  }

  /** The seq of the last entry applied, or null before any. */
  lastSeq(): number | null {
    return this.state.seenAny ? this.state.lastSeq : null;
  }

  /** The stored hash of the last entry applied ('' before any): what the next entries must link to. */
  lastHash(): string {
    return this.state.lastHash;
  }

  team(): Readonly<TeamRecord> | null {
    return this.state.team;
  }

  standing(publicKey: string): DeskStanding {
    if (this.state.members.has(publicKey)) return 'member';
    if (this.state.joinRequests.has(publicKey)) return 'requested';
    if (this.state.former.has(publicKey)) return 'removed';
    return 'none';
  }

  isMember(publicKey: string): boolean {
    return this.state.members.has(publicKey);
  }

  /** The desk's name as its membership entries give it; null for a key they never named. */
  nameOf(publicKey: string): string | null {
    return this.state.names.get(publicKey) ?? null;
  }

  /** The desk's name as its membership entries give it, else the start of its fingerprint. */
  deskName(publicKey: string): string {
    return this.nameOf(publicKey) ?? `the desk ${fingerprintOf(publicKey).slice(0, 9)}`;
  }

  /** Current members in the order they joined. */
  members(): readonly Readonly<MemberRecord>[] {
    return [...this.state.members.values()];
  }

  member(publicKey: string): Readonly<MemberRecord> | null {
    return this.state.members.get(publicKey) ?? null;
  }

  formerMember(publicKey: string): Readonly<FormerMember> | null {
    return this.state.former.get(publicKey) ?? null;
  }

  /** Desks that asked to join and were not admitted yet. */
  joinRequests(): readonly Readonly<JoinRequest>[] {
    return [...this.state.joinRequests.values()];
  }

  /** The policy in force at `now`. */
  policy(now: Date): TeamPolicy | null {
    return this.policyRecord(now)?.policy ?? null;
  }

  policyRecord(now: Date): Readonly<PolicyRecord> | null {
    return policyAt(this.state, now.getTime());
  }

  /** Every version put in force, oldest first. */
  policies(): readonly Readonly<PolicyRecord>[] {
    return this.state.policies;
  }

  pendingPolicy(): Readonly<PendingPolicy> | null {
    return this.state.pendingPolicy;
  }

  address(id: string, now: Date): AddressAtNow | null {
    const record = this.state.addresses.get(id);
    return record === undefined ? null : this.addressAt(record, now);
  }

  /** The address book with each entry's state at `now`, in the order entries were proposed. */
  addresses(now: Date): AddressAtNow[] {
    return [...this.state.addresses.values()].map((record) => this.addressAt(record, now));
  }

  private addressAt(record: AddressRecord, now: Date): AddressAtNow {
    const hours = this.policy(now)?.coolDownHours ?? FALLBACK_COOL_DOWN_HOURS;
    const usableMs = record.proposedMs + hours * HOUR_MS;
    let state: AddressState = 'usable';
    if (record.removed !== null) state = 'removed';
    else if (record.approved === null) state = 'awaitingApproval';
    else if (now.getTime() < usableMs) state = 'coolingDown';
    return { ...record, state, usableFrom: new Date(usableMs).toISOString() };
  }

  withdrawal(txId: string): Readonly<WithdrawalRecord> | null {
    return this.state.withdrawals.get(txId) ?? null;
  }

  /** Every prepared withdrawal, in the order they were prepared. */
  withdrawals(): readonly Readonly<WithdrawalRecord>[] {
    return [...this.state.withdrawals.values()];
  }

  /** The desk (public key) whose move holds the service transaction `claimKey`. */
  ledgerClaim(claimKey: string): string | undefined {
    return this.state.ledgerClaims.get(claimKey)?.by;
  }

  ledgerClaimRecord(claimKey: string): Readonly<LedgerClaim> | undefined {
    return this.state.ledgerClaims.get(claimKey);
  }

  openMoveOf(moveId: string): Readonly<OpenMove> | undefined {
    return this.state.openMoves.get(moveId);
  }

  /** Moves of every desk whose answer was lost and that their desk has not closed. */
  openMoves(): readonly Readonly<OpenMove>[] {
    return [...this.state.openMoves.values()];
  }

  /** Entries whose hash, signature or link failed. */
  tampered(): readonly SkippedEntry[] {
    return this.state.tampered;
  }

  /** Well-signed entries by desks that were not members when they wrote them. */
  notMember(): readonly SkippedEntry[] {
    return this.state.notMember;
  }

  /** Members' entries that changed nothing (a self-approval, other fields, a second vote), with why. */
  ignored(): readonly SkippedEntry[] {
    return this.state.ignored;
  }
}
