// A withdrawal's states as the app shows them, and its waiting count: plain values, without the
// contract's schemas, for what the first screen needs (the title and the approvals' badge).
export const WITHDRAWAL_VIEW_STATES = [
  'PREPARING',
  'UNCERTAIN',
  'CREATED',
  'REFUSED',
  'COMMITTING',
  'PENDING',
  'SUCCESS',
  'FAILED',
  'ROLLING_BACK',
  'ROLLED_BACK',
  'EXPIRED',
] as const;
export type WithdrawalViewState = (typeof WITHDRAWAL_VIEW_STATES)[number];

/** How a count of waiting withdrawals is shown in a badge or a title: nothing at zero, the number up to 99, then "99+". */
export function waitingCountText(count: number): string {
  if (!Number.isSafeInteger(count) || count <= 0) return '';
  return count > 99 ? '99+' : String(count);
}
