// How the team desk's facts read on screen, pure: the policy's tiers and ceiling, the cool-down,
// each address-book entry's state, the team state, the approvals a withdrawal has, and how much of
// a cap the last 24 hours used. One fact, one wording: Settings and the approvals queue share them.
import Decimal from '../../../../preload/contract/decimal';
import type { AddressEntryView, SpendingTier, TeamAuditEntryView, TeamPolicy, TeamState, TeamStatus, TeamWithdrawalView } from '../../../../preload/contract/team';
import type { Tone, ToneWords } from '../shell/tone';
import { formatAmount, toDecimal } from '../money/money-format';

/** A policy bound as written, thousands separated and never rounded: "10,000 USDT". */
export function boundWords(amount: string, currency: string): string {
  return `${formatAmount(amount, null)} ${currency}`;
}

export function otherDesksWords(count: number): string {
  return `${count} other desk${count === 1 ? '' : 's'}`;
}

export interface TierWords {
  /** "up to 10,000 USDT", "over 10,000 up to 250,000 USDT", "above 250,000 USDT", "any amount". */
  range: string;
  /** "1 other desk". */
  desks: string;
}

/** Each tier's range, from the bound of the tier below it, and the desks it needs. */
export function tierWords(tiers: readonly SpendingTier[], referenceCurrency: string): TierWords[] {
  return tiers.map((tier, index) => {
    const below = index > 0 ? tiers[index - 1]?.upTo ?? null : null;
    // A middle tier names its lower bound too: "up to 250,000" under "up to 10,000" reads as if
    // a small withdrawal fell in both tiers.
    const range =
      tier.upTo === null
        ? below !== null
          ? `above ${boundWords(below, referenceCurrency)}`
          : 'any amount'
        : below !== null
          ? `over ${formatAmount(below, null)} up to ${boundWords(tier.upTo, referenceCurrency)}`
          : `up to ${boundWords(tier.upTo, referenceCurrency)}`;
    return { range, desks: otherDesksWords(tier.approvals) };
  });
}

/** One line per tier: "up to 10,000 USDT: 1 other desk", "over 10,000 up to 250,000 USDT: 2 other desks". */
export function tierLines(tiers: readonly SpendingTier[], referenceCurrency: string): string[] {
  return tierWords(tiers, referenceCurrency).map((tier) => `${tier.range}: ${tier.desks}`);
}

/** What happens above the last tier: a withdrawal worth more is refused when it is prepared. */
export function ceilingWords(policy: Pick<TeamPolicy, 'tiers' | 'referenceCurrency'>): string {
  const last = policy.tiers[policy.tiers.length - 1];
  if (last === undefined || last.upTo === null) return 'No ceiling: the last tier covers any amount.';
  return `Above ${boundWords(last.upTo, policy.referenceCurrency)} a withdrawal is refused when it is prepared.`;
}

export function coolDownWords(hours: number): string {
  if (hours <= 0) return 'A new address may be used as soon as another desk approves it.';
  return `A new address may be used ${hours} hour${hours === 1 ? '' : 's'} after it was proposed, once another desk approves it.`;
}

export function teamCapWords(policy: Pick<TeamPolicy, 'teamDailyCap' | 'referenceCurrency'>): string {
  return policy.teamDailyCap === null ? 'No cap for the whole team' : `${boundWords(policy.teamDailyCap, policy.referenceCurrency)} in any 24 hours`;
}

/** An address-book entry's state in words; `showTime` formats the time it becomes usable. */
export function addressStateWords(entry: Pick<AddressEntryView, 'state' | 'usableFrom'>, showTime: (iso: string) => string): ToneWords {
  switch (entry.state) {
    case 'awaitingApproval':
      return { label: 'Waiting for another desk’s approval', tone: 'warning' };
    case 'coolingDown':
      return { label: `Usable from ${showTime(entry.usableFrom)}`, tone: 'info' };
    case 'usable':
      return { label: 'Usable', tone: 'success' };
    case 'removed':
      return { label: 'Removed', tone: 'default' };
  }
}

const STATE_WORDS: Record<TeamState, ToneWords> = {
  solo: { label: 'Not in a team: withdrawals need no other desk', tone: 'default' },
  requested: { label: 'Waiting for a member to admit this desk', tone: 'warning' },
  member: { label: 'Member of the team', tone: 'success' },
  removed: { label: 'No longer a member: the team’s approvals no longer count here', tone: 'error' },
};

export function teamStateWords(state: TeamState): ToneWords {
  return STATE_WORDS[state];
}

/** "Approvals: 1 of 2". */
export function approvalsCountWords(team: Pick<TeamWithdrawalView, 'approvals' | 'approvalsNeeded'>): string {
  return `Approvals: ${team.approvals.length} of ${team.approvalsNeeded}`;
}

/** The share of a cap used, 0 to 100 (whole percent, for a bar; the amounts themselves are shown as recorded). */
export function capShare(used: string, cap: string): number {
  const usedAmount = toDecimal(used);
  const capAmount = toDecimal(cap);
  if (usedAmount === null || capAmount === null || capAmount.lessThanOrEqualTo(0)) return 0;
  const share = Decimal.min(usedAmount.dividedBy(capAmount).times(100), 100);
  return share.toDecimalPlaces(0, Decimal.ROUND_FLOOR).toNumber();
}

/** A cap almost used (90 % or more) is a warning, a cap used up an error. */
export function capTone(used: string, cap: string): Tone {
  const usedAmount = toDecimal(used);
  const capAmount = toDecimal(cap);
  if (usedAmount === null || capAmount === null) return 'default';
  if (usedAmount.greaterThanOrEqualTo(capAmount)) return 'error';
  return usedAmount.greaterThanOrEqualTo(capAmount.times('0.9')) ? 'warning' : 'default';
}

type StatusFacts = { state: TeamState; unreachable: string | null; team: { name: string } | null };

/** What a screen reader hears when the team status changes by itself: admitted, removed, the store lost or back. */
export function teamChangeSentence(before: StatusFacts | null, after: StatusFacts): string | null {
  if (before === null) return null;
  if (before.state !== after.state) {
    if (after.state === 'member') return `This desk is now a member of the team ${after.team?.name ?? ''}`.trim() + '.';
    if (after.state === 'removed') return 'This desk is no longer a member of the team.';
    if (after.state === 'requested') return 'Asked to join: waiting for a member to admit this desk.';
    return 'This desk is no longer in a team.';
  }
  if (before.unreachable === null && after.unreachable !== null) return `The team’s server cannot be reached: ${after.unreachable}`;
  if (before.unreachable !== null && after.unreachable === null) return 'The team’s server can be reached again.';
  return null;
}

/** Why this desk may not approve the pending policy change, or null when it may. */
export function policyApprovalBlock(
  status: Pick<TeamStatus, 'state' | 'unreachable' | 'desk' | 'pendingPolicy'>,
): string | null {
  const change = status.pendingPolicy;
  if (change === null || change.canApprove) return null;
  if (status.unreachable !== null) return `The team’s server cannot be reached (${status.unreachable}): nothing can be approved until it can.`;
  return change.whyNot ?? 'This desk may not approve this change.';
}

/** Why this desk may not approve an address-book entry, or null when it may (or nothing is to approve). */
export function addressApprovalBlock(
  entry: Pick<AddressEntryView, 'state' | 'canApprove' | 'whyNot'>,
  status: Pick<TeamStatus, 'unreachable' | 'desk'>,
): string | null {
  if (entry.state !== 'awaitingApproval' || entry.canApprove) return null;
  if (status.unreachable !== null) return 'The team’s server cannot be reached.';
  return entry.whyNot ?? 'This desk may not approve it.';
}

const ENTRY_KIND_WORDS: Record<string, string> = {
  'team.created': 'Team created',
  'member.requested': 'Asked to join',
  'member.admitted': 'Desk admitted',
  'member.removalVoted': 'Vote to remove a member',
  'member.left': 'Desk left',
  'policy.proposed': 'Policy change proposed',
  'policy.approved': 'Policy change approved',
  'address.proposed': 'Address proposed',
  'address.approved': 'Address approved',
  'address.removed': 'Address removed',
  'withdrawal.prepared': 'Withdrawal prepared',
  'withdrawal.approved': 'Withdrawal approved',
  'withdrawal.rejected': 'Withdrawal rejected',
  'withdrawal.commitClaimed': 'Withdrawal about to be sent',
  'withdrawal.commitSent': 'Withdrawal sent',
  'ledger.claimed': 'Transaction matched to a desk’s move',
  'ledger.moveOpened': 'Lost answer being checked',
  'ledger.moveClosed': 'Lost answer settled',
};

/** A log entry's kind in words; a kind this desk does not know is shown as written, marked so. */
export function entryKindWords(kind: string): string {
  return ENTRY_KIND_WORDS[kind] ?? `Unknown kind (${kind})`;
}

const VERDICT_WORDS: Record<TeamAuditEntryView['verdict'], ToneWords> = {
  counted: { label: 'Counted', tone: 'success' },
  tampered: { label: 'Tampered: not counted', tone: 'error' },
  notMember: { label: 'Not by a member: not counted', tone: 'warning' },
  ignored: { label: 'Changed nothing', tone: 'default' },
};

/** Whether an audit entry counted, in words and colour. */
export function verdictWords(verdict: TeamAuditEntryView['verdict']): ToneWords {
  return VERDICT_WORDS[verdict];
}
