// Withdrawals and their approval: prepared on one desktop, committed or rolled back (by the same
// person or another) before the service's one-hour deadline, and the service's clock that the
// countdowns run on. Every amount is a decimal string.
import { z } from 'zod';
import { amount, currency, network } from './fields';
import { changes, noPayload, reads, type EventList, type Op, type OperationSpecs } from './operation';
import { visibleText } from './profile-schemas';
import type { TeamWithdrawalView } from './team';
import type { WithdrawalViewState } from './withdrawal-states';

export { WITHDRAWAL_VIEW_STATES, waitingCountText, type WithdrawalViewState } from './withdrawal-states';

export type WithdrawalViewAction = 'commit' | 'rollback' | 'prepareAgain';

export interface WithdrawalInput {
  currency: string;
  /** NetworkInfo.network; the currency's default network when omitted. */
  network?: string;
  address: string;
  paymentId?: string;
  amount: string;
  /** The fee is taken out of amount instead of added to it. */
  includeFee?: boolean;
  publicComment?: string;
  /** Why the money goes out: required on a team desk, recorded with the withdrawal for the approvers. */
  reason?: string;
}

export interface PreparedBy {
  profileName: string;
  osUser: string;
  at: string;
}

export interface WithdrawalView {
  /** Coffer's own id, known even before the service answers. */
  localId: string;
  /** The service's transaction id; null while preparing or uncertain. */
  id: string | null;
  state: WithdrawalViewState;
  /** The status the service last reported, when any. */
  serviceStatus: string | null;
  currency: string;
  amount: string;
  fee: string | null;
  network: string | null;
  address: string;
  paymentId: string | null;
  publicComment: string | null;
  /** Known when this desktop prepared it. */
  preparedBy: PreparedBy | null;
  createdAt: string | null;
  /** created_at + 1 hour: after it the service rolls an uncommitted withdrawal back. */
  deadline: string | null;
  updatedAt: string;
  /** What the user may do now; empty while anything is in flight or uncertain. */
  actions: WithdrawalViewAction[];
  /** While uncertain, or while a lost approval or rejection is checked: the ledger's move that settles it
   *  (listPendingMoves; its candidates once ambiguous). */
  moveId: string | null;
  /** The last error, in plain words with its code. */
  error: string | null;
  /** On a team desk: who prepared it and why, the approvals so far and what the policy still needs. */
  team?: TeamWithdrawalView | null;
}

export interface WithdrawalId {
  /** The service's transaction id. */
  id: string;
}

export interface RejectWithdrawal extends WithdrawalId {
  /** Required on a team desk: recorded with the rejection. */
  reason?: string;
}

export interface FeeEstimateInput {
  currency: string;
  network?: string;
  amount: string;
  includeFee?: boolean;
}

export interface FeeEstimateResult {
  fee: string;
  /** What the recipient gets: amount − fee with include_fee, else amount. */
  arrives: string;
  /** What leaves the wallet: amount + fee without include_fee, else amount. */
  debited: string;
}

export interface WithdrawalOperations {
  estimateWithdrawalFee: Op<FeeEstimateInput, FeeEstimateResult>;
  prepareWithdrawal: Op<WithdrawalInput, WithdrawalView>;
  /** Every withdrawal waiting for approval, plus this desktop's uncertain or in-flight ones. */
  listApprovals: Op<void, WithdrawalView[]>;
  commitWithdrawal: Op<WithdrawalId, WithdrawalView>;
  rollbackWithdrawal: Op<RejectWithdrawal, WithdrawalView>;
  /** The service's time minus this computer's, as main has learned it: countdowns to a
   *  service deadline run on the service's clock, not on a desktop clock that may be off. */
  getServiceClock: Op<void, { offsetMs: number }>;
}

const transactionId = z.object({ id: z.string().trim().min(1, 'id is required').max(128, 'id is too long').superRefine(visibleText('The id')) }).strict();

export const WITHDRAWAL_OPERATIONS = {
  estimateWithdrawalFee: reads(z.object({ currency, network, amount, includeFee: z.boolean().optional() }).strict()),
  prepareWithdrawal: changes(
    z
      .object({
        currency,
        network,
        // Checked against the network's pattern by the service; here its size, and nothing invisible
        // that could make it differ from the address the user reads.
        address: z.string().trim().min(1, 'Enter the address').max(256, 'address is too long').superRefine(visibleText('The address')),
        paymentId: z.string().trim().max(256, 'paymentId is too long').superRefine(visibleText('The payment id')).optional(),
        amount,
        includeFee: z.boolean().optional(),
        // Sent to the service and shown by it to others: one visible line, nothing that reorders it.
        publicComment: z.string().max(255, 'publicComment must be at most 255 characters').superRefine(visibleText('The public comment')).optional(),
        reason: z.string().trim().max(500, 'reason must be at most 500 characters').superRefine(visibleText('The reason')).optional(),
      })
      .strict(),
  ),
  listApprovals: reads(noPayload),
  commitWithdrawal: changes(transactionId),
  rollbackWithdrawal: changes(transactionId.extend({
    reason: z.string().trim().max(500, 'reason must be at most 500 characters').superRefine(visibleText('The reason')).optional(),
  })),
  getServiceClock: reads(noPayload),
} as const satisfies OperationSpecs<WithdrawalOperations>;

export interface WithdrawalEvents {
  withdrawalUpdated: { profileId: string; withdrawal: WithdrawalView };
  /** A waiting withdrawal is ten minutes (or less) from its deadline: notify the desktop. */
  withdrawalDeadlineSoon: { profileId: string; withdrawal: WithdrawalView; minutesLeft: number };
}

export const WITHDRAWAL_EVENTS = { withdrawalUpdated: true, withdrawalDeadlineSoon: true } as const satisfies EventList<WithdrawalEvents>;
