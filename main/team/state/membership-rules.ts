// Who is a member: the founder from the first entry, desks a member admitted, until two other
// members vote them out or they leave. A removed desk's votes and its waiting policy proposal stop
// counting with it, so a desk on its way out cannot help remove someone or change the policy afterwards.
import type { EntryBodies } from '../entries';
import { fingerprintOf, normalFingerprint, publicKeyObject } from '../../core/exports/fingerprint';
import type { EntryRule, FactsState } from './facts-state';
import { isReadablePolicy, policyAsVersion } from './policy-shape';

/** Votes by distinct other members that remove a member. */
export const VOTES_TO_REMOVE = 2;

const teamCreated: EntryRule<EntryBodies['team.created']> = (state, body, context) => {
  if (!context.first || state.team !== null) return 'a team is created only by the first entry of its chain';
  if (body.founder?.publicKey !== context.author) return 'its founder is not the desk that wrote it';
  if (!isReadablePolicy(body.policy)) return 'its policy cannot be read as a spending policy';
  state.team = { id: context.teamId, name: body.name, createdAt: context.at, founder: context.author };
  state.names.set(context.author, body.founder.name);
  state.members.set(context.author, { publicKey: context.author, since: context.at, admittedBy: null, removalVotes: [] });
  state.policies.push({
    policy: policyAsVersion(body.policy, 1),
    from: new Date(context.ms).toISOString(),
    fromMs: context.ms,
    proposedBy: context.author,
    approvedBy: null,
  });
  return null;
};

const memberRequested: EntryRule<EntryBodies['member.requested']> = (state, body, context) => {
  if (body.desk?.publicKey !== context.author) return 'a desk asks to join only for itself';
  if (state.members.has(context.author)) return 'the desk is already a member';
  state.names.set(context.author, body.desk.name);
  state.joinRequests.set(context.author, { publicKey: context.author, name: body.desk.name, at: context.at });
  return null;
};

const memberAdmitted: EntryRule<EntryBodies['member.admitted']> = (state, body, context) => {
  const key = body.desk?.publicKey;
  if (typeof key !== 'string' || publicKeyObject(key) === null) return 'the desk it admits has no Ed25519 key';
  if (typeof body.fingerprint !== 'string' || normalFingerprint(body.fingerprint) !== fingerprintOf(key)) {
    return 'the fingerprint it gives is not the admitted desk\'s';
  }
  if (state.members.has(key)) return 'the desk is already a member';
  state.names.set(key, body.desk.name);
  state.members.set(key, { publicKey: key, since: context.at, admittedBy: context.author, removalVotes: [] });
  state.joinRequests.delete(key);
  state.former.delete(key);
  return null;
};

function removeMember(state: FactsState, key: string, at: string, how: 'removed' | 'left', reason: string): void {
  state.members.delete(key);
  state.former.set(key, { publicKey: key, at, how, reason });
  // A change proposed by a desk that is gone is not put in force by one approval after it left.
  if (state.pendingPolicy?.proposedBy === key) state.pendingPolicy = null;
  for (const member of state.members.values()) {
    member.removalVotes = member.removalVotes.filter((vote) => vote.voter !== key);
  }
}

const removalVoted: EntryRule<EntryBodies['member.removalVoted']> = (state, body, context) => {
  const target = state.members.get(body.publicKey);
  if (target === undefined) return 'the desk it votes to remove is not a member';
  if (target.publicKey === context.author) return 'a desk does not vote on its own removal';
  if (target.removalVotes.some((vote) => vote.voter === context.author)) return 'this desk already voted to remove that member';
  target.removalVotes.push({ voter: context.author, at: context.at, reason: String(body.reason ?? '') });
  if (target.removalVotes.length >= VOTES_TO_REMOVE) {
    const reasons = target.removalVotes.map((vote) => vote.reason).join('; ');
    removeMember(state, target.publicKey, context.at, 'removed', reasons);
  }
  return null;
};

const memberLeft: EntryRule<EntryBodies['member.left']> = (state, body, context) => {
  removeMember(state, context.author, context.at, 'left', String(body.reason ?? ''));
  return null;
};

export const MEMBERSHIP_RULES = {
  'team.created': teamCreated,
  'member.requested': memberRequested,
  'member.admitted': memberAdmitted,
  'member.removalVoted': removalVoted,
  'member.left': memberLeft,
};
