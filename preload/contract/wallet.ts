// The wallet's part of the contract: wallet balances, deposit addresses, withdrawals and their
// approval, transfers, and the audit log. Every amount is a decimal string. contract.ts extends
// its Operations / Events maps with WalletOperations / WalletEvents.
import { AUDIT_EVENT_NAMES, AUDIT_OPERATION_NAMES, type AuditEvents, type AuditOperations } from './audit';

export * from './audit';

type Op<Req, Res> = { request: Req; result: Res };

// ---- Wallet -----------------------------------------------------------------------------------

export interface BalanceAmounts {
  available: string;
  reserved: string;
}

/** One currency's wallet and spot balances side by side. */
export interface MergedBalance {
  currency: string;
  wallet: BalanceAmounts;
  spot: BalanceAmounts;
  /** wallet + spot, available + reserved. */
  total: string;
}

export interface ValuedBalance extends MergedBalance {
  /** total in the valuation currency; null when the service has no rate for this currency. */
  value: string | null;
}

export interface WalletOverview {
  profileId: string;
  valuationCurrency: string;
  balances: ValuedBalance[];
  /** Sum of every value that could be computed. */
  totalValue: string;
  /** Price of one unit of each currency in the valuation currency (lets the UI revalue live updates). */
  rates: Record<string, string>;
  /** Currencies held that have no rate (left out of totalValue). */
  unvalued: string[];
  /** True while both balance streams are up (updates arrive without polling). */
  live: boolean;
  /** Decimal places to show per currency (from the currency's precision). */
  precision: Record<string, number>;
  asOf: string;
}

export interface NetworkInfo {
  /** The network's code: what WithdrawalInput.network and AddressQuery.network take (e.g. ETH for USDT-ERC20). */
  network: string;
  /** Display name, e.g. "Ethereum (ERC20)". */
  name: string;
  isDefault: boolean;
  payinEnabled: boolean;
  payoutEnabled: boolean;
  minWithdrawal: string | null;
  payoutFee: string | null;
  paymentIdRequired: boolean;
  addressRegex: string | null;
  paymentIdRegex: string | null;
}

export interface CurrencyInfo {
  code: string;
  fullName: string;
  crypto: boolean;
  payinEnabled: boolean;
  payoutEnabled: boolean;
  transferEnabled: boolean;
  /** Decimal places amounts of this currency may have. */
  precision: number;
  networks: NetworkInfo[];
}

export interface DepositAddress {
  currency: string | null;
  address: string;
  paymentId: string | null;
  networkCode: string | null;
}

export interface AddressQuery {
  currency: string;
  network?: string;
}

export const WALLET_SIDES = ['wallet', 'spot'] as const;
export type WalletSide = (typeof WALLET_SIDES)[number];

export interface TransferInput {
  currency: string;
  amount: string;
  from: WalletSide;
  to: WalletSide;
}

export type TransferResult =
  | { state: 'done'; transactionIds: string[] }
  /** The outcome is unknown: the ledger's move `moveId` is being checked and must not be repeated. */
  | { state: 'uncertain'; reason: string; moveId: string };

// ---- Withdrawals ------------------------------------------------------------------------------

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
  /** While uncertain: the ledger's move that settles it (listPendingMoves; its candidates once ambiguous). */
  moveId: string | null;
  /** The last error, in plain words with its code. */
  error: string | null;
}

export interface WithdrawalId {
  /** The service's transaction id. */
  id: string;
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

// ---- Operations and events -----------------------------------------------------------------------

export interface WalletOperations extends AuditOperations {
  getWalletOverview: Op<{ valuationCurrency: string }, WalletOverview>;
  listWalletCurrencies: Op<void, CurrencyInfo[]>;
  listDepositAddresses: Op<AddressQuery, DepositAddress[]>;
  createDepositAddress: Op<AddressQuery, DepositAddress>;
  listRecentDepositAddresses: Op<AddressQuery, DepositAddress[]>;
  checkOwnAddress: Op<{ address: string }, { mine: boolean }>;
  transferFunds: Op<TransferInput, TransferResult>;
  estimateWithdrawalFee: Op<FeeEstimateInput, FeeEstimateResult>;
  prepareWithdrawal: Op<WithdrawalInput, WithdrawalView>;
  /** Every withdrawal waiting for approval, plus this desktop's uncertain or in-flight ones. */
  listApprovals: Op<void, WithdrawalView[]>;
  commitWithdrawal: Op<WithdrawalId, WithdrawalView>;
  rollbackWithdrawal: Op<WithdrawalId, WithdrawalView>;
  /** The service's time minus this computer's, as main has learned it: countdowns to a
   *  service deadline run on the service's clock, not on a desktop clock that may be off. */
  getServiceClock: Op<void, { offsetMs: number }>;
}

export const WALLET_OPERATION_NAMES = [
  'getWalletOverview',
  'listWalletCurrencies',
  'listDepositAddresses',
  'createDepositAddress',
  'listRecentDepositAddresses',
  'checkOwnAddress',
  'transferFunds',
  'estimateWithdrawalFee',
  'prepareWithdrawal',
  'listApprovals',
  'commitWithdrawal',
  'rollbackWithdrawal',
  ...AUDIT_OPERATION_NAMES,
  'getServiceClock',
] as const satisfies readonly (keyof WalletOperations)[];

export interface WalletEvents extends AuditEvents {
  /** Merged balances after a stream update (no valuation: revalue with WalletOverview.rates). */
  walletBalances: { profileId: string; balances: MergedBalance[] };
  /** Balance streams up (live) or down (the UI shows "not live" and may refresh by hand). */
  walletLive: { profileId: string; live: boolean; detail?: string };
  withdrawalUpdated: { profileId: string; withdrawal: WithdrawalView };
  /** A waiting withdrawal is ten minutes (or less) from its deadline: notify the desktop. */
  withdrawalDeadlineSoon: { profileId: string; withdrawal: WithdrawalView; minutesLeft: number };
}

export const WALLET_EVENT_NAMES = [
  'walletBalances',
  'walletLive',
  'withdrawalUpdated',
  'withdrawalDeadlineSoon',
  ...AUDIT_EVENT_NAMES,
] as const satisfies readonly (keyof WalletEvents)[];
