// Pure logic of the approvals queue: how each state reads, the countdown to the deadline, the
// last-four check of the confirmation, merging live updates and what may be selected in bulk.
import type { PendingMoveView } from '../../../../preload/contract/pending';
import { WITHDRAWAL_STATE_WORDS } from '../../../../preload/contract/status-words';
import type { WithdrawalView } from '../../../../preload/contract/withdrawals';
import { WITHDRAWAL_VIEW_STATES, type WithdrawalViewState } from '../../../../preload/contract/withdrawal-states';

export const URGENT_MS = 10 * 60 * 1000;

export type StateTone = 'default' | 'info' | 'success' | 'warning' | 'error';

/** Each state in the contract's words, shared with History, Transfers and Audit. */
export const STATE_LABELS = Object.fromEntries(
  WITHDRAWAL_VIEW_STATES.map((state) => [state, WITHDRAWAL_STATE_WORDS[state].label]),
) as Record<WithdrawalViewState, string>;

export const STATE_TONES = Object.fromEntries(
  WITHDRAWAL_VIEW_STATES.map((state) => [state, WITHDRAWAL_STATE_WORDS[state].tone]),
) as Record<WithdrawalViewState, StateTone>;

/** An approval or rejection whose answer was lost: the ledger is checking whether it landed. */
const CHECKING_LABELS: Partial<Record<WithdrawalViewState, string>> = {
  COMMITTING: 'Approval sent — checking',
  ROLLING_BACK: 'Rejection sent — checking',
};

/** How the row's state reads: a request in flight, or one being checked after its answer was lost. */
export function stateLabel(row: Pick<WithdrawalView, 'state' | 'moveId'>): string {
  return (row.moveId !== null ? CHECKING_LABELS[row.state] : undefined) ?? STATE_LABELS[row.state];
}

/** Being checked is a warning, like an uncertain prepare; in flight is information. */
export function stateTone(row: Pick<WithdrawalView, 'state' | 'moveId'>): StateTone {
  return row.moveId !== null && CHECKING_LABELS[row.state] !== undefined ? 'warning' : STATE_TONES[row.state];
}

/**
 * What a person must do about the row's ledger move, shown on the row itself: choose among its
 * candidates (ambiguous), or — when nothing bounds when the service may still run it (Basic auth)
 * — decide whether it will not happen. Nothing while the ledger settles it alone.
 */
export function moveNeedsPerson(move: Pick<PendingMoveView, 'state' | 'mayRunLate'> | null | undefined): 'choose' | 'giveUp' | null {
  if (move?.state === 'ambiguous') return 'choose';
  return move?.state === 'uncertain' && move.mayRunLate ? 'giveUp' : null;
}

/** The word for what the row's move is: its prepare, or an approval or rejection of it. */
export function moveNoun(kind: PendingMoveView['kind']): string {
  return kind === 'commit' ? 'approval' : kind === 'rollback' ? 'rejection' : 'withdrawal';
}

export interface Countdown {
  /** "59:30", "1:00:00", or "expired". */
  text: string;
  msLeft: number;
  urgent: boolean;
  expired: boolean;
}

export function countdown(deadline: string, nowMs: number): Countdown {
  const msLeft = Date.parse(deadline) - nowMs;
  if (!(msLeft > 0)) return { text: 'expired', msLeft: 0, urgent: true, expired: true };
  const totalSeconds = Math.ceil(msLeft / 1000);
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  const mm = hours > 0 ? String(minutes).padStart(2, '0') : String(minutes);
  const text = `${hours > 0 ? `${hours}:` : ''}${mm}:${String(seconds).padStart(2, '0')}`;
  return { text, msLeft, urgent: msLeft < URGENT_MS, expired: false };
}

export function lastFour(address: string): string {
  return address.slice(-4);
}

/** The approver typed the address's last four characters exactly (addresses are case-sensitive). */
export function matchesLastFour(typed: string, address: string): boolean {
  return address.length >= 4 && typed.trim() === lastFour(address);
}

export function rowKey(view: WithdrawalView): string {
  return view.id ?? `local:${view.localId}`;
}

/** Upserts by service id (or local id while there is none); a stale update never wins. */
export function mergeRow(rows: readonly WithdrawalView[], next: WithdrawalView): WithdrawalView[] {
  const index = rows.findIndex((row) => row.localId === next.localId || (next.id !== null && row.id === next.id));
  if (index === -1) return [...rows, next];
  const current = rows[index];
  if (current && Date.parse(current.updatedAt) > Date.parse(next.updatedAt)) return [...rows];
  return rows.map((row, i) => (i === index ? next : row));
}

/** The list from listApprovals, keeping rows seen live this session that have since settled. */
export function replaceRows(previous: readonly WithdrawalView[], fresh: readonly WithdrawalView[]): WithdrawalView[] {
  const freshKeys = new Set(fresh.flatMap((row) => [row.localId, row.id ?? '']));
  const settled = previous.filter((row) => !freshKeys.has(row.localId) && !(row.id !== null && freshKeys.has(row.id)) && row.state !== 'CREATED');
  return [...fresh, ...settled];
}

/** Newest first, by when the service created it (local preparation time before that). */
export function sortRows(rows: readonly WithdrawalView[]): WithdrawalView[] {
  const time = (row: WithdrawalView) => Date.parse(row.createdAt ?? row.preparedBy?.at ?? row.updatedAt);
  return [...rows].sort((a, b) => time(b) - time(a) || rowKey(a).localeCompare(rowKey(b)));
}

/** On a team desk the policy decides too: the preparer, a desk that already approved, or a desk
 *  cut off from the team's server may not approve. */
export function canApprove(row: WithdrawalView): boolean {
  return row.id !== null && row.actions.includes('commit') && (row.team?.canApprove ?? true);
}

/** A rejection on a team desk is recorded with its reason for the other desks. */
export function rejectNeedsReason(rows: readonly WithdrawalView[]): boolean {
  return rows.some((row) => row.team !== undefined && row.team !== null);
}

export function canReject(row: WithdrawalView): boolean {
  return row.id !== null && row.actions.includes('rollback');
}

export function waitingCount(rows: readonly WithdrawalView[]): number {
  return rows.filter((row) => row.state === 'CREATED').length;
}
