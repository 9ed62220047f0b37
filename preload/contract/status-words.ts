// The one vocabulary for the state of money on its way: History, Approvals, Audit and Transfers
// name a transaction's status, a withdrawal's state and an audited request's outcome in these
// words, so one fact reads the same on every page. Words with the colour they are shown in.
import type { AuditOutcome } from './audit';
import type { WithdrawalViewState } from './withdrawals';

/** The colours a state is told in (naive-ui's tag types). */
export type StatusTone = 'success' | 'info' | 'warning' | 'error' | 'default';

export interface StatusWords {
  label: string;
  tone: StatusTone;
}

/**
 * The service's transaction statuses. Only a withdrawal is ever CREATED: it waits there for its
 * approval (commit) or rejection (rollback) until its deadline.
 */
export const TRANSACTION_STATUS_WORDS = {
  CREATED: { label: 'Waiting for approval', tone: 'warning' },
  PENDING: { label: 'Pending', tone: 'info' },
  SUCCESS: { label: 'Completed', tone: 'success' },
  FAILED: { label: 'Failed', tone: 'error' },
  ROLLED_BACK: { label: 'Rolled back', tone: 'default' },
} as const satisfies Record<string, StatusWords>;

export type TransactionStatus = keyof typeof TRANSACTION_STATUS_WORDS;

/** "SOME_NEW_STATUS" → "Some new status": a status the vocabulary does not know yet, still in words. */
function sentence(code: string): string {
  const text = code.toLowerCase().replace(/_/g, ' ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}

export function transactionStatusWords(status: string): StatusWords {
  return (TRANSACTION_STATUS_WORDS as Record<string, StatusWords>)[status] ?? { label: sentence(status), tone: 'default' };
}

/** Statuses of money that arrived or left for good: what totals count unless asked for the others. */
export const SETTLED_STATUSES: readonly string[] = ['SUCCESS'];

/**
 * A withdrawal as the approvals queue follows it: the service's statuses in the same words as
 * everywhere, plus what only this desk knows (a request on its way, an answer being checked); a
 * rollback says who rolled it back, after the shared word.
 */
export const WITHDRAWAL_STATE_WORDS = {
  PREPARING: { label: 'Preparing…', tone: 'info' },
  UNCERTAIN: { label: 'Uncertain — checking', tone: 'warning' },
  CREATED: TRANSACTION_STATUS_WORDS.CREATED,
  REFUSED: { label: 'Refused by the service', tone: 'error' },
  COMMITTING: { label: 'Approving…', tone: 'info' },
  PENDING: TRANSACTION_STATUS_WORDS.PENDING,
  SUCCESS: TRANSACTION_STATUS_WORDS.SUCCESS,
  FAILED: TRANSACTION_STATUS_WORDS.FAILED,
  ROLLING_BACK: { label: 'Rejecting…', tone: 'info' },
  ROLLED_BACK: { label: 'Rolled back — rejected', tone: 'default' },
  EXPIRED: { label: 'Rolled back — expired', tone: 'default' },
} as const satisfies Record<WithdrawalViewState, StatusWords>;

/** An audited request: sent, then accepted or failed, or unknown while it is checked. */
export const AUDIT_OUTCOME_WORDS = {
  sent: { label: 'Sent', tone: 'info' },
  ok: { label: 'Accepted', tone: 'success' },
  error: { label: 'Failed', tone: 'error' },
  uncertain: WITHDRAWAL_STATE_WORDS.UNCERTAIN,
} as const satisfies Record<AuditOutcome, StatusWords>;
