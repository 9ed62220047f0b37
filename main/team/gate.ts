// What a withdrawal on a team desk must pass through: the spending policy before anything is sent,
// a record of exactly what was prepared, four-eyes approval, and one claim per commit. The
// withdrawal service asks only this port; a solo desk has none.
import type { TeamWithdrawalView } from '../../preload/contract/team';
import type { WithdrawalFields } from './entries';

export interface PrepareCandidate {
  currency: string;
  network: string;
  address: string;
  paymentId: string | null;
  amount: string;
  reason: string;
}

/** The policy's leave to prepare: recorded with the withdrawal once the service created it. */
export interface PrepareClearance {
  candidate: PrepareCandidate;
  referenceValue: string;
  referenceCurrency: string;
  policyVersion: number;
  approvalsNeeded: number;
}

export type ApprovalOutcome =
  /** This desk holds the team's one commit claim: it must send the commit now. */
  | { kind: 'commit' }
  /** The approval is recorded; the policy still needs more. */
  | { kind: 'waiting'; stillNeeds: string }
  /** Another desk claimed the commit first. */
  | { kind: 'committedElsewhere'; by: string; at: string };

export interface WithdrawalGate {
  /** Refuses (AppFailure naming the field) when the policy does, or the team store is unreachable. */
  checkPrepare(candidate: PrepareCandidate): Promise<PrepareClearance>;
  /** Records the prepared withdrawal for the team; throws when it cannot (the caller rolls it back). */
  recordPrepared(clearance: PrepareClearance, fields: WithdrawalFields, localId: string): Promise<void>;
  /**
   * Signs this desk's approval of exactly the fields that were prepared and, when it completes the
   * policy, claims the commit. Refuses when the service's record of the transaction (currency,
   * address) is not what was prepared.
   */
  approve(txId: string, atService: { currency: string; address: string }): Promise<ApprovalOutcome>;
  /** What the service answered to the commit this desk claimed. */
  recordCommitSent(txId: string, outcome: 'accepted' | 'refused' | 'uncertain', detail: string | null): Promise<void>;
  /** Records a rejection with its reason before the rollback is sent. */
  reject(txId: string, reason: string): Promise<void>;
  /** The four-eyes record of a withdrawal, when the team knows it. */
  viewOf(txId: string): TeamWithdrawalView | null;
}
