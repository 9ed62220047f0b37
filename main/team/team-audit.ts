// The team's audit: every entry of the chain as this desk verified it, in words, with whether it
// counted and why not.
import type { TeamAuditEntryView } from '../../preload/contract/team';
import type { EntryBodies, VerifiedEntry } from './entries';
import type { TeamFacts } from './state/team-facts';

export function teamAudit(facts: TeamFacts, limit = 500): TeamAuditEntryView[] {
  const skipped = new Map<number, { verdict: TeamAuditEntryView['verdict']; why: string }>();
  for (const entry of facts.notMember()) skipped.set(entry.seq, { verdict: 'notMember', why: entry.why });
  for (const entry of facts.ignored()) skipped.set(entry.seq, { verdict: 'ignored', why: entry.why });
  for (const entry of facts.tampered()) skipped.set(entry.seq, { verdict: 'tampered', why: entry.why });
  return facts.entries().reverse().slice(0, limit).map((entry) => {
    const verdict = skipped.get(entry.seq) ?? (entry.status === 'valid' ? null : { verdict: entry.status, why: entry.why });
    return {
      seq: entry.seq, at: entry.at, desk: facts.deskName(entry.author), kind: entry.kind,
      summary: verdict?.verdict === 'tampered' ? 'Not shown: this entry was changed after it was written' : summaryOf(entry, facts),
      verdict: verdict?.verdict ?? 'counted', why: verdict?.why ?? null,
    };
  });
}

function summaryOf(entry: VerifiedEntry, facts: TeamFacts): string {
  const body = entry.body as EntryBodies[keyof EntryBodies];
  switch (entry.kind) {
    case 'team.created': return `Created the team "${(body as EntryBodies['team.created']).name}"`;
    case 'member.requested': return `Asked to join as "${(body as EntryBodies['member.requested']).desk.name}"`;
    case 'member.admitted': return `Admitted ${(body as EntryBodies['member.admitted']).desk.name}`;
    case 'member.removalVoted': {
      const vote = body as EntryBodies['member.removalVoted'];
      return `Voted to remove ${facts.deskName(vote.publicKey)}: ${vote.reason}`;
    }
    case 'member.left': return `Left the team: ${(body as EntryBodies['member.left']).reason}`;
    case 'policy.proposed': return `Proposed policy version ${(body as EntryBodies['policy.proposed']).policy.version}`;
    case 'policy.approved': return `Approved policy version ${(body as EntryBodies['policy.approved']).version}`;
    case 'address.proposed': {
      const address = body as EntryBodies['address.proposed'];
      return `Added "${address.label}" to the address book: ${address.currency} on ${address.network}, ${address.address}`;
    }
    case 'address.approved': return `Approved the address-book entry ${addressLabel(facts, (body as EntryBodies['address.approved']).id)}`;
    case 'address.removed': {
      const removed = body as EntryBodies['address.removed'];
      return `Removed the address-book entry ${addressLabel(facts, removed.id)}: ${removed.reason}`;
    }
    case 'withdrawal.prepared': {
      const prepared = body as EntryBodies['withdrawal.prepared'];
      return `Prepared ${prepared.fields.amount} ${prepared.fields.currency} to ${prepared.fields.address} (${prepared.reason}), transaction ${prepared.fields.txId}`;
    }
    case 'withdrawal.approved': {
      const approved = body as EntryBodies['withdrawal.approved'];
      return `Approved ${approved.fields.amount} ${approved.fields.currency} to ${approved.fields.address}, transaction ${approved.fields.txId}`;
    }
    case 'withdrawal.rejected': {
      const rejected = body as EntryBodies['withdrawal.rejected'];
      return `Rejected transaction ${rejected.txId}: ${rejected.reason}`;
    }
    case 'withdrawal.commitClaimed': return `Took the team's one right to send withdrawal ${(body as EntryBodies['withdrawal.commitClaimed']).txId}`;
    case 'withdrawal.commitSent': {
      const sent = body as EntryBodies['withdrawal.commitSent'];
      return `Sent withdrawal ${sent.txId}: ${SENT_WORDS[sent.outcome]}${sent.detail ? ` (${sent.detail})` : ''}`;
    }
    case 'ledger.claimed': return `Settled a money move on transaction ${(body as EntryBodies['ledger.claimed']).claimKey}`;
    case 'ledger.moveOpened': return 'A money move\'s answer was lost: it is being checked';
    case 'ledger.moveClosed': return 'The checked money move is settled';
    default: return entry.kind;
  }
}

const SENT_WORDS: Record<EntryBodies['withdrawal.commitSent']['outcome'], string> = {
  accepted: 'the service accepted it',
  refused: 'the service refused it',
  uncertain: 'the answer was lost; the ledger is checking whether it went out',
};

function addressLabel(facts: TeamFacts, id: string): string {
  const entry = facts.address(id, new Date());
  return entry === null ? id : `"${entry.label}"`;
}
