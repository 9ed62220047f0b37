// Policy changes and the address book: each needs a second desk. A proposal waits until a member
// other than its proposer approves it; a newer proposal replaces the one waiting, under the same
// next version number. An address is proposed, approved by another desk, and usable only once
// its cool-down has run from the proposal.
import type { EntryBodies } from '../entries';
import type { EntryRule } from './facts-state';
import { isReadablePolicy, policyAsVersion } from './policy-shape';

const policyProposed: EntryRule<EntryBodies['policy.proposed']> = (state, body, context) => {
  if (!isReadablePolicy(body.policy)) return 'its policy cannot be read as a spending policy';
  const current = state.policies.at(-1)?.policy.version ?? 0;
  state.pendingPolicy = { policy: policyAsVersion(body.policy, current + 1), proposedBy: context.author, proposedAt: context.at, proposal: context.hash };
  return null;
};

const policyApproved: EntryRule<EntryBodies['policy.approved']> = (state, body, context) => {
  const pending = state.pendingPolicy;
  if (pending === null) return 'no policy change is waiting for approval';
  if (body.version !== pending.policy.version) return `it approves version ${String(body.version)}, but version ${pending.policy.version} is the one waiting`;
  if (body.proposal !== pending.proposal) return 'it approves another proposal than the one waiting (a newer one replaced it)';
  if (pending.proposedBy === context.author) return 'the desk that proposed a policy cannot approve it';
  state.policies.push({
    policy: pending.policy,
    from: new Date(context.ms).toISOString(),
    fromMs: context.ms,
    proposedBy: pending.proposedBy,
    approvedBy: context.author,
  });
  state.pendingPolicy = null;
  return null;
};

function isText(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0;
}

const addressProposed: EntryRule<EntryBodies['address.proposed']> = (state, body, context) => {
  if (!isText(body.id) || !isText(body.currency) || !isText(body.network) || !isText(body.address)) {
    return 'it lacks the id, currency, network or address of the entry';
  }
  if (state.addresses.has(body.id)) return 'an address with this id was already proposed';
  state.addresses.set(body.id, {
    id: body.id,
    label: String(body.label ?? ''),
    currency: body.currency,
    network: body.network,
    address: body.address,
    paymentId: isText(body.paymentId) ? body.paymentId : null,
    proposedBy: context.author,
    proposedAt: context.at,
    proposedMs: context.ms,
    approved: null,
    removed: null,
  });
  return null;
};

const addressApproved: EntryRule<EntryBodies['address.approved']> = (state, body, context) => {
  const entry = state.addresses.get(body.id);
  if (entry === undefined) return 'no address with this id was proposed';
  if (entry.removed !== null) return 'the address was removed from the book';
  if (entry.approved !== null) return 'the address was already approved';
  if (entry.proposedBy === context.author) return 'the desk that proposed an address cannot approve it';
  entry.approved = { by: context.author, at: context.at };
  return null;
};

const addressRemoved: EntryRule<EntryBodies['address.removed']> = (state, body, context) => {
  const entry = state.addresses.get(body.id);
  if (entry === undefined) return 'no address with this id was proposed';
  if (entry.removed !== null) return 'the address was already removed';
  entry.removed = { by: context.author, at: context.at, reason: String(body.reason ?? '') };
  return null;
};

export const BOOK_RULES = {
  'policy.proposed': policyProposed,
  'policy.approved': policyApproved,
  'address.proposed': addressProposed,
  'address.approved': addressApproved,
  'address.removed': addressRemoved,
};
