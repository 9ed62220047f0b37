// A withdrawal's four-eyes record, by the service's transaction id: prepared once, approved by
// members other than its preparer for exactly the prepared fields, then either rejected or
// claimed for commit by one desk (the first claim in chain order), which reports what the
// service answered. A claim made before the withdrawal had its approvals does not count.
import Decimal from '../../../preload/contract/decimal';
import type { EntryBodies } from '../entries';
import { canonicalJson } from '../entry-crypto';
import { policyAt, type EntryRule, type WithdrawalRecord } from './facts-state';
import { isDecimalText, tierFor } from './tiers';

function isPreparedBody(body: EntryBodies['withdrawal.prepared']): boolean {
  const fields = body.fields;
  return typeof fields === 'object' && fields !== null && typeof fields.txId === 'string' && fields.txId.length > 0
    && typeof fields.currency === 'string' && typeof fields.network === 'string' && typeof fields.address === 'string'
    && isDecimalText(fields.amount) && isDecimalText(body.referenceValue) && typeof body.referenceCurrency === 'string'
    && Number.isInteger(body.approvalsNeeded) && Number.isInteger(body.policyVersion);
}

const prepared: EntryRule<EntryBodies['withdrawal.prepared']> = (state, body, context) => {
  if (!isPreparedBody(body)) return 'it lacks the fields, amounts or approvals a prepared withdrawal records';
  if (state.withdrawals.has(body.fields.txId)) return 'a withdrawal with this transaction id was already prepared';
  state.withdrawals.set(body.fields.txId, {
    fields: body.fields,
    localId: String(body.localId ?? ''),
    reason: String(body.reason ?? ''),
    preparedBy: context.author,
    preparedAt: context.at,
    preparedMs: context.ms,
    referenceValue: body.referenceValue,
    referenceCurrency: body.referenceCurrency,
    policyVersion: body.policyVersion,
    approvalsNeeded: body.approvalsNeeded,
    seqs: [context.seq],
    approvals: [],
    rejected: null,
    commitClaim: null,
    commitSent: null,
  });
  return null;
};

/** Why no more decisions may be taken on a withdrawal, or null while it is open. */
function closed(withdrawal: WithdrawalRecord): string | null {
  if (withdrawal.rejected !== null) return 'the withdrawal was already rejected';
  if (withdrawal.commitClaim !== null) return 'the withdrawal\'s commit was already claimed';
  return null;
}

const approved: EntryRule<EntryBodies['withdrawal.approved']> = (state, body, context) => {
  const withdrawal = state.withdrawals.get(body.fields?.txId);
  if (withdrawal === undefined) return 'no withdrawal with this transaction id was prepared';
  if (withdrawal.preparedBy === context.author) return 'the desk that prepared a withdrawal cannot approve it';
  if (canonicalJson(body.fields) !== canonicalJson(withdrawal.fields)) return 'it approves other fields than the ones prepared';
  if (withdrawal.approvals.some((approval) => approval.by === context.author)) return 'this desk already approved the withdrawal';
  const why = closed(withdrawal);
  if (why !== null) return why;
  withdrawal.approvals.push({ by: context.author, at: context.at });
  withdrawal.seqs.push(context.seq);
  return null;
};

const rejected: EntryRule<EntryBodies['withdrawal.rejected']> = (state, body, context) => {
  const withdrawal = state.withdrawals.get(body.txId);
  if (withdrawal === undefined) return 'no withdrawal with this transaction id was prepared';
  const why = closed(withdrawal);
  if (why !== null) return why;
  withdrawal.rejected = { by: context.author, at: context.at, reason: String(body.reason ?? '') };
  withdrawal.seqs.push(context.seq);
  return null;
};

const commitClaimed: EntryRule<EntryBodies['withdrawal.commitClaimed']> = (state, body, context) => {
  const withdrawal = state.withdrawals.get(body.txId);
  if (withdrawal === undefined) return 'no withdrawal with this transaction id was prepared';
  const why = closed(withdrawal);
  if (why !== null) return why;
  const policy = policyAt(state, context.ms)?.policy;
  const tier = policy === undefined ? null : tierFor(policy, new Decimal(withdrawal.referenceValue));
  const needed = Math.max(1, withdrawal.approvalsNeeded, tier !== null && 'approvals' in tier ? tier.approvals : 0);
  if (withdrawal.approvals.length < needed) return `it claims the commit with ${withdrawal.approvals.length} of the ${needed} approvals needed`;
  withdrawal.commitClaim = { by: context.author, at: context.at };
  withdrawal.seqs.push(context.seq);
  return null;
};

const commitSent: EntryRule<EntryBodies['withdrawal.commitSent']> = (state, body, context) => {
  const withdrawal = state.withdrawals.get(body.txId);
  if (withdrawal === undefined) return 'no withdrawal with this transaction id was prepared';
  if (withdrawal.commitClaim === null) return 'nobody claimed the withdrawal\'s commit';
  if (withdrawal.commitClaim.by !== context.author) return 'only the desk that claimed the commit reports what the service answered';
  if (!['accepted', 'refused', 'uncertain'].includes(body.outcome)) return 'its outcome is not one the service can give';
  withdrawal.commitSent = { by: context.author, at: context.at, outcome: body.outcome, detail: body.detail ?? null };
  withdrawal.seqs.push(context.seq);
  return null;
};

export const WITHDRAWAL_RULES = {
  'withdrawal.prepared': prepared,
  'withdrawal.approved': approved,
  'withdrawal.rejected': rejected,
  'withdrawal.commitClaimed': commitClaimed,
  'withdrawal.commitSent': commitSent,
};
