// What the renderer is shown of the team, built from its folded facts for one desk at one moment:
// members, join requests, the policy and its waiting change, the address book, spending against
// the caps, entries that do not count, and each withdrawal's four-eyes record.
import type {
  AddressEntryView,
  DeskView,
  JoinRequestView,
  MemberView,
  PolicyChangeView,
  SpendingView,
  TamperedEntryView,
  TeamState,
  TeamStatus,
  TeamWithdrawalView,
} from '../../../preload/contract/team';
import { fingerprintOf } from '../../core/exports/fingerprint';
import { deskName } from './desk-words';
import { approvalStatus, spentLast24h } from './policy-checks';
import type { DeskStanding, TeamFacts } from './team-facts';

export function deskView(facts: TeamFacts, publicKey: string): DeskView {
  return { publicKey, fingerprint: fingerprintOf(publicKey), name: deskName(facts, publicKey) };
}

export function memberViews(facts: TeamFacts, ownKey: string): MemberView[] {
  return facts.members().map((member) => ({
    ...deskView(facts, member.publicKey),
    since: member.since,
    admittedBy: member.admittedBy === null ? null : deskName(facts, member.admittedBy),
    removalVotes: member.removalVotes.map((vote) => deskName(facts, vote.voter)),
    self: member.publicKey === ownKey,
  }));
}

export function joinRequestViews(facts: TeamFacts): JoinRequestView[] {
  return facts.joinRequests().map((request) => ({ ...deskView(facts, request.publicKey), at: request.at }));
}

export function pendingPolicyView(facts: TeamFacts, ownKey: string): PolicyChangeView | null {
  const pending = facts.pendingPolicy();
  if (pending === null) return null;
  return {
    proposal: pending.proposal,
    policy: pending.policy,
    proposedBy: deskName(facts, pending.proposedBy),
    proposedAt: pending.proposedAt,
    canApprove: facts.isMember(ownKey) && pending.proposedBy !== ownKey,
    whyNot: !facts.isMember(ownKey) ? 'Only a member of the team can approve a policy change'
      : pending.proposedBy === ownKey ? 'This desk proposed the change: another member must approve it' : null,
  };
}

export function addressBookView(facts: TeamFacts, ownKey: string, now: Date): AddressEntryView[] {
  return facts.addresses(now).map((entry) => ({
    id: entry.id,
    label: entry.label,
    currency: entry.currency,
    network: entry.network,
    address: entry.address,
    paymentId: entry.paymentId,
    proposedBy: deskName(facts, entry.proposedBy),
    proposedAt: entry.proposedAt,
    approvedBy: entry.approved === null ? null : deskName(facts, entry.approved.by),
    approvedAt: entry.approved?.at ?? null,
    usableFrom: entry.usableFrom,
    state: entry.state,
    canApprove: entry.state === 'awaitingApproval' && facts.isMember(ownKey) && entry.proposedBy !== ownKey,
    whyNot: addressWhyNot(entry.state, facts.isMember(ownKey), entry.proposedBy === ownKey),
  }));
}

function addressWhyNot(state: AddressEntryView['state'], member: boolean, ownProposal: boolean): string | null {
  if (state !== 'awaitingApproval') return null;
  if (!member) return 'Only a member of the team can approve an address';
  return ownProposal ? 'This desk added the address: another desk must approve it' : null;
}

/** Each currency cap of the policy in force with what was prepared against it in the last 24 hours. */
export function spendingViews(facts: TeamFacts, now: Date): SpendingView[] {
  const policy = facts.policy(now);
  if (policy === null) return [];
  const spending = spentLast24h(facts, now);
  return policy.currencyCaps.map((cap) => ({
    currency: cap.currency,
    used: spending.byCurrency.get(cap.currency.toUpperCase())?.toFixed() ?? '0',
    cap: cap.amount,
  }));
}

/** The team's daily cap (in its reference currency) and what was prepared against it; null when there is none. */
export function teamSpendingView(facts: TeamFacts, now: Date): SpendingView | null {
  const policy = facts.policy(now);
  if (policy === null || policy.teamDailyCap === null) return null;
  return { currency: policy.referenceCurrency, used: spentLast24h(facts, now).teamTotal.toFixed(), cap: policy.teamDailyCap };
}

/** Entries that do not count because they were changed or written by non-members, in chain order. */
export function tamperedViews(facts: TeamFacts): TamperedEntryView[] {
  return [...facts.tampered(), ...facts.notMember()]
    .sort((a, b) => a.seq - b.seq)
    .map((entry) => ({ seq: entry.seq, kind: entry.kind, author: facts.nameOf(entry.author) ?? fingerprintOf(entry.author), why: entry.why }));
}

/** A withdrawal's four-eyes record as `ownKey` sees it at `now`; null when no entry prepared it. */
export function teamWithdrawalView(facts: TeamFacts, txId: string, ownKey: string, now: Date, timeZone?: string): TeamWithdrawalView | null {
  const withdrawal = facts.withdrawal(txId);
  if (withdrawal === null) return null;
  const status = approvalStatus(facts, txId, ownKey, now, facts.policy(now), timeZone);
  const { rejected, commitClaim } = withdrawal;
  return {
    preparedBy: { name: deskName(facts, withdrawal.preparedBy), at: withdrawal.preparedAt },
    reason: withdrawal.reason,
    policyVersion: withdrawal.policyVersion,
    referenceValue: withdrawal.referenceValue,
    referenceCurrency: withdrawal.referenceCurrency,
    approvalsNeeded: status.needed,
    approvals: status.approvals.map(({ name, at }) => ({ name, at })),
    stillNeeds: status.stillNeeds,
    canApprove: status.canApprove,
    whyNot: status.whyNot,
    committedBy: commitClaim === null ? null : { name: deskName(facts, commitClaim.by), at: commitClaim.at },
    rejectedBy: rejected === null ? null : { name: deskName(facts, rejected.by), at: rejected.at, reason: rejected.reason },
  };
}

const STATE_OF_STANDING: Record<DeskStanding, TeamState> = { member: 'member', requested: 'requested', removed: 'removed', none: 'solo' };

export type TeamStatusParts = Pick<TeamStatus, 'state' | 'team' | 'desk' | 'members' | 'joinRequests' | 'policy' | 'pendingPolicy' | 'addressBook' | 'spending' | 'tampered'>;

/** Everything of TeamStatus the entries decide; the store's reachability, server and profile are the caller's. */
export function teamStatusParts(facts: TeamFacts, ownKey: string, now: Date): TeamStatusParts {
  const team = facts.team();
  const teamSpending = teamSpendingView(facts, now);
  return {
    state: STATE_OF_STANDING[facts.standing(ownKey)],
    team: team === null ? null : { id: team.id, name: team.name },
    // Unnamed until its own request or admission is read: the caller knows the name it chose.
    desk: { ...deskView(facts, ownKey), name: facts.nameOf(ownKey) ?? '' },
    members: memberViews(facts, ownKey),
    joinRequests: joinRequestViews(facts),
    policy: facts.policy(now),
    pendingPolicy: pendingPolicyView(facts, ownKey),
    addressBook: addressBookView(facts, ownKey, now),
    spending: teamSpending === null ? spendingViews(facts, now) : [...spendingViews(facts, now), teamSpending],
    tampered: tamperedViews(facts),
  };
}
