// The contract's operation and event names as the renderer needs them: to build one method per
// operation on the socket, and to know an event frame's name. The contract's own lists
// (OPERATION_NAMES, EVENT_NAMES) are built from its request schemas, so importing them would put
// zod and every schema into the first screen's JavaScript; the renderer never validates with them
// (main validates every request). The `satisfies` checks make a missing or unknown name a compile
// error, so these lists cannot drift from the contract.
import type { EventName, OperationName } from '../../../preload/contract';

const OPERATIONS = {
  getAppInfo: true, listStreamStates: true, listProfiles: true, createProfile: true,
  updateProfile: true, removeProfile: true, activateProfile: true, checkProfileRights: true,
  addBuiltInSandboxProfile: true, getWalletOverview: true, listWalletCurrencies: true, listDepositAddresses: true,
  createDepositAddress: true, listRecentDepositAddresses: true, checkOwnAddress: true, transferFunds: true,
  sendToUser: true, listConversionTargets: true, getConversionQuote: true, watchConversionQuote: true,
  stopConversionQuote: true, convertFunds: true, listMovements: true, getMovement: true,
  listSubAccounts: true, loadSubAccountTotals: true, getSubAccountBalances: true, freezeSubAccounts: true,
  activateSubAccounts: true, setSubAccountAcl: true, getSubAccountAddress: true, transferWithSubAccount: true,
  listSubAccountTransfers: true, planSweep: true, runSweep: true, listBuyOptions: true,
  getBuyQuotes: true, createBuyOrder: true, listBuyOrders: true, historySyncStatus: true,
  syncHistoryNow: true, historySummary: true, historyRows: true, historyFlows: true,
  exportHistory: true, exportSigningKey: true, trustedExportKeys: true, trustExportKey: true,
  forgetExportKey: true, exportFolders: true, chooseExportFolder: true, beginReview: true, chooseReviewFile: true, finishReview: true,
  reviewSummary: true, reviewRows: true, reviewFlows: true, reviewBalances: true,
  closeReview: true, portfolioNetWorth: true, portfolioAllocation: true, balancesOnDate: true,
  exportBalancesOnDate: true, marketSymbols: true, watchCandles: true, stopCandles: true,
  estimateWithdrawalFee: true, prepareWithdrawal: true, listApprovals: true, commitWithdrawal: true,
  rollbackWithdrawal: true, getServiceClock: true, listAudit: true, exportAuditCsvChunk: true,
  verifyAudit: true, listPendingMoves: true, linkPendingMove: true, dismissPendingMove: true, abandonPendingMove: true,
  getTeamStatus: true, connectTeam: true, retryTeam: true, admitDesk: true, voteRemoveMember: true, leaveTeam: true,
  proposePolicy: true, approvePolicy: true, proposeAddress: true, approveAddress: true, removeAddress: true, importWhitelist: true, getTeamAudit: true,
  listTradingSymbols: true, listOrders: true, watchOrders: true, stopOrders: true, cancelOrder: true, cancelOrders: true,
  previewOrder: true, placeOrder: true,
} as const satisfies { readonly [K in OperationName]: true };

const EVENTS = {
  profilesChanged: true, connectionState: true, walletBalances: true, walletLive: true,
  conversionQuote: true, movementRecorded: true, subAccountTotals: true, sweepStep: true,
  buyOrderUpdated: true, historySyncProgress: true, historyChanged: true, historyExportProgress: true,
  reviewProgress: true, portfolioChanged: true, marketCandles: true, withdrawalUpdated: true,
  withdrawalDeadlineSoon: true, auditVerifyProgress: true, pendingMoveUpdated: true,
  teamChanged: true, teamApprovalWanted: true, ordersChanged: true,
} as const satisfies { readonly [E in EventName]: true };

export const RENDERER_OPERATION_NAMES = Object.keys(OPERATIONS) as OperationName[];
export const RENDERER_EVENT_NAMES: ReadonlySet<string> = new Set(Object.keys(EVENTS));

export const isEventName = (value: unknown): value is EventName => typeof value === 'string' && RENDERER_EVENT_NAMES.has(value);
