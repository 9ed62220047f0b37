// The withdrawal gate of a team desk: the team's policy over this desk's copy of the chain, read
// fresh from the store before every decision. A store that cannot be reached refuses: nothing is
// prepared or approved on a copy that may be stale.
import Decimal from '../../preload/contract/decimal';
import type { TeamWithdrawalView } from '../../preload/contract/team';
import { AppFailure } from '../core/app-error';
import type { WithdrawalFields } from './entries';
import type { ApprovalOutcome, PrepareCandidate, PrepareClearance, WithdrawalGate } from './gate';
import { approvalStatus, checkPrepare } from './state/policy-checks';
import { teamWithdrawalView } from './state/team-views';
import type { TeamConnection } from './team-connection';
import { storeFailure } from './team-failure';

export interface DeskGateDeps {
  connection: () => TeamConnection;
  /** This desk's public key (base64). */
  deskKey: () => Promise<string>;
  /** Known without the keychain once the desk has a key; null before. */
  knownDeskKey: () => string | null;
  /** The service's price of each currency in the valuation currency (the wallet's rates). */
  rates: (currencies: readonly string[], valuation: string) => Promise<Map<string, Decimal>>;
  now: () => Date;
}

export function createDeskGate(deps: DeskGateDeps): WithdrawalGate {
  const fresh = async () => {
    const connection = deps.connection();
    await storeFailure(() => connection.sync());
    return connection;
  };

  async function referenceValue(currency: string, amount: string, referenceCurrency: string): Promise<string> {
    const rates = await deps.rates([currency], referenceCurrency);
    const rate = rates.get(currency);
    if (rate === undefined) {
      throw new AppFailure('POLICY_NO_RATE', `The service gives no ${currency} price in ${referenceCurrency}, so the team's policy cannot value this withdrawal`, 'currency');
    }
    return new Decimal(amount).times(rate).toFixed();
  }

  return {
    async checkPrepare(candidate: PrepareCandidate): Promise<PrepareClearance> {
      const connection = await fresh();
      const now = deps.now();
      const policy = connection.facts.policy(now);
      if (policy === null) throw new AppFailure('NOT_MEMBER', 'This desk is not a member of a team yet: a member must admit it first');
      const value = await referenceValue(candidate.currency, candidate.amount, policy.referenceCurrency);
      const verdict = checkPrepare(connection.facts, { ...candidate, referenceValue: value, author: await deps.deskKey(), now });
      if (!verdict.ok) throw new AppFailure(verdict.code, verdict.message, verdict.field);
      return { candidate, referenceValue: value, referenceCurrency: policy.referenceCurrency, policyVersion: verdict.policyVersion, approvalsNeeded: verdict.approvalsNeeded };
    },

    async recordPrepared(clearance: PrepareClearance, fields: WithdrawalFields, localId: string): Promise<void> {
      const connection = deps.connection();
      await storeFailure(() => connection.write('withdrawal.prepared', {
        fields, localId, reason: clearance.candidate.reason, referenceValue: clearance.referenceValue,
        referenceCurrency: clearance.referenceCurrency, policyVersion: clearance.policyVersion, approvalsNeeded: clearance.approvalsNeeded,
      }));
    },

    async approve(txId: string, atService: { currency: string; address: string }): Promise<ApprovalOutcome> {
      const connection = await fresh();
      const desk = await deps.deskKey();
      const known = connection.facts.withdrawal(txId);
      if (known === null) {
        throw new AppFailure('TEAM_UNKNOWN_WITHDRAWAL', 'This withdrawal was not prepared through the team, so no desk can approve it here: reject it, or prepare it again from a team desk');
      }
      // The entries the decision rests on, as stored now: a row changed since this desk read it stops counting.
      await storeFailure(() => connection.recheck(known.seqs));
      const record = connection.facts.withdrawal(txId);
      if (record === null) {
        throw new AppFailure('TEAM_TAMPERED', 'The team store\'s record of this withdrawal was changed after it was written: it cannot be approved');
      }
      if (record.fields.currency !== atService.currency || record.fields.address !== atService.address) {
        throw new AppFailure('TEAM_MISMATCH', `The service holds this withdrawal for ${atService.currency} to ${atService.address}, not what was prepared for the team`);
      }
      const claim = record.commitClaim;
      if (claim !== null) return claim.by === desk && record.commitSent === null ? { kind: 'commit' } : committedElsewhere(connection, claim);
      const before = approvalStatus(connection.facts, txId, desk, deps.now());
      const approvedAlready = before.approvals.some((approval) => approval.publicKey === desk);
      if (!before.canApprove && !approvedAlready) throw new AppFailure('TEAM_CANNOT_APPROVE', before.whyNot ?? 'This desk cannot approve this withdrawal');
      if (!approvedAlready) {
        await storeFailure(() => connection.write('withdrawal.approved', { fields: record.fields, policyVersion: connection.facts.policy(deps.now())?.version ?? record.policyVersion }));
      }
      const after = approvalStatus(connection.facts, txId, desk, deps.now());
      if (after.approvals.length < after.needed) return { kind: 'waiting', stillNeeds: after.stillNeeds };
      const claimed = await storeFailure(() => connection.write('withdrawal.commitClaimed', { txId }, `commit:${txId}`));
      if (claimed.appended || claimed.existing.author === desk) return { kind: 'commit' };
      return committedElsewhere(connection, { by: claimed.existing.author, at: claimed.existing.at });
    },

    async recordCommitSent(txId, outcome, detail): Promise<void> {
      const connection = deps.connection();
      await storeFailure(() => connection.write('withdrawal.commitSent', { txId, outcome, detail }));
    },

    async reject(txId: string, reason: string): Promise<void> {
      const connection = await fresh();
      if (connection.facts.policy(deps.now()) === null) throw new AppFailure('NOT_MEMBER', 'This desk is not a member of the team');
      await storeFailure(() => connection.write('withdrawal.rejected', { txId, reason }));
    },

    viewOf(txId: string): TeamWithdrawalView | null {
      const connection = deps.connection();
      const desk = deps.knownDeskKey();
      const view = desk === null ? null : teamWithdrawalView(connection.facts, txId, desk, deps.now());
      if (view === null || connection.unreachable === null || !view.canApprove) return view;
      return { ...view, canApprove: false, whyNot: `The team store cannot be reached: ${connection.unreachable}` };
    },
  };
}

function committedElsewhere(connection: TeamConnection, claim: { by: string; at: string }): ApprovalOutcome {
  return { kind: 'committedElsewhere', by: connection.facts.deskName(claim.by), at: claim.at };
}
