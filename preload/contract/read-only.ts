// Which operations only read. Main may share one answer between identical read calls in flight,
// and may drop a read whose window has gone before it reaches the service; it never does either
// to an operation that changes state (money moves, profile writes, a new deposit address).
// Every operation is in exactly one of the two lists (a unit test checks it): an operation in
// neither is treated as changing state, but classify a new one here when you add it.
import type { OperationName } from '../contract';

export const READ_ONLY_OPERATIONS = [
  'getAppInfo',
  'listProfiles',
  'listStreamStates',
  'getWalletOverview',
  'listWalletCurrencies',
  'listDepositAddresses',
  'listRecentDepositAddresses',
  'checkOwnAddress',
  'estimateWithdrawalFee',
  'listApprovals',
  'listAudit',
  'exportAuditCsvChunk',
  'verifyAudit',
  'getServiceClock',
  'listPendingMoves',
] as const satisfies readonly OperationName[];

export const STATE_CHANGING_OPERATIONS = [
  'createProfile',
  'updateProfile',
  'removeProfile',
  'activateProfile',
  /** Records the rights it found on the profile. */
  'checkProfileRights',
  /** Creates an address at the service. */
  'createDepositAddress',
  'transferFunds',
  'prepareWithdrawal',
  'commitWithdrawal',
  'rollbackWithdrawal',
  'linkPendingMove',
  'dismissPendingMove',
] as const satisfies readonly OperationName[];

const READ_ONLY: ReadonlySet<string> = new Set(READ_ONLY_OPERATIONS);

/** True only for a listed read; an unknown or unclassified name is treated as changing state. */
export const isReadOnlyOperation = (op: string): boolean => READ_ONLY.has(op);
