// The version-agnostic face of the service. The app talks only to this; the version 3 adapter
// implements it today and a version 2 adapter will plug in beside it.
import type Decimal from '../../preload/contract/decimal';
import type {
  AccountBalances, Balance, BuyCryptoOrder, BuyCryptoProvider, BuyCryptoOrderRequest, BuyCryptoRate, ConvertRequest, CryptoAddress,
  Currency, FeeEstimate, PriceHistory, PriceHistoryQuery, InternalWithdrawRequest, KeyRight, PriceRate, SubAccount, SubAccountAcl,
  SubAccountAclChange, SubAccountTransferRequest, Transaction, TransactionFilter, TransferRequest,
  WhitelistedAddress, WithdrawalRequest,
} from './domain';
import type { Priority } from './limiter';
import type { Settled } from './operations';
import type { PublicStream, TradingStream, WalletStream } from './stream/streams';

export interface FeeQuery {
  currency: string;
  amount: Decimal;
  networkCode?: string;
}

export interface BuyCryptoRateQuery {
  providerId: string;
  source: string;
  target: string;
  sourceAmount?: Decimal;
  targetAmount?: Decimal;
  paymentMethodId?: string;
}

export interface RightsProbe {
  rights: KeyRight[];
  /** Rights no probe could decide (endpoint missing, outage); neither held nor missing. */
  undetermined: KeyRight[];
  /** Per right, the call that decided it and why, for the Profiles page and the log. */
  evidence: Record<KeyRight, string>;
}

export interface TreasuryApi {
  /** The same API whose calls queue behind user-initiated ones (background sync). */
  withPriority(priority: Priority): TreasuryApi;
  serviceNow(): number;

  currencies(): Promise<Currency[]>;
  priceRates(from: readonly string[], to: string): Promise<PriceRate[]>;
  priceHistory(query: PriceHistoryQuery): Promise<PriceHistory[]>;

  balances(): Promise<AccountBalances>;
  walletBalances(): Promise<Balance[]>;
  spotBalances(): Promise<Balance[]>;

  depositAddresses(currency: string, networkCode?: string): Promise<CryptoAddress[]>;
  createDepositAddress(currency: string, networkCode?: string): Promise<CryptoAddress>;
  /** The last ten distinct deposit addresses of a currency (older ones still receive funds). */
  recentDepositAddresses(currency: string, networkCode?: string): Promise<CryptoAddress[]>;
  /** The last ten distinct addresses this account withdrew to. */
  recentWithdrawalAddresses(currency: string, networkCode?: string): Promise<CryptoAddress[]>;
  whitelistedAddresses(): Promise<WhitelistedAddress[]>;
  isOwnAddress(address: string): Promise<boolean>;

  /** Two-phase withdrawal: created with auto_commit=false, then committed or rolled back. */
  prepareWithdrawal(request: WithdrawalRequest): Promise<Settled<{ id: string }>>;
  commitWithdrawal(id: string): Promise<boolean>;
  rollbackWithdrawal(id: string): Promise<boolean>;
  estimateFee(query: FeeQuery): Promise<FeeEstimate>;
  estimateFees(queries: readonly FeeQuery[]): Promise<FeeEstimate[]>;

  transfer(request: TransferRequest): Promise<Settled<string[]>>;
  convert(request: ConvertRequest): Promise<Settled<string[]>>;
  internalWithdraw(request: InternalWithdrawRequest): Promise<Settled<string>>;

  /** Every matching transaction exactly once, oldest first, walking cursors. */
  transactions(filter?: TransactionFilter): AsyncIterable<Transaction>;
  transaction(id: string): Promise<Transaction>;
  /** The newest transaction's id (null for an empty history): what a money move is matched after. */
  newestTransactionId(): Promise<string | null>;

  subAccounts(): Promise<SubAccount[]>;
  freezeSubAccounts(ids: readonly string[]): Promise<boolean>;
  activateSubAccounts(ids: readonly string[]): Promise<boolean>;
  subAccountAcl(ids: readonly string[]): Promise<SubAccountAcl[]>;
  setSubAccountAcl(ids: readonly string[], change: SubAccountAclChange): Promise<SubAccountAcl[]>;
  subAccountBalances(id: string): Promise<AccountBalances>;
  subAccountAddress(id: string, currency: string, networkCode?: string): Promise<CryptoAddress>;
  subAccountTransfer(request: SubAccountTransferRequest): Promise<Settled<string>>;

  buyCryptoProviders(source?: string, target?: string): Promise<BuyCryptoProvider[]>;
  buyCryptoRate(query: BuyCryptoRateQuery): Promise<BuyCryptoRate>;
  buyCryptoOrders(providerId: string): Promise<BuyCryptoOrder[]>;
  /** Sent once: a lost answer comes back `uncertain`, for the app's ledger to settle. */
  createBuyCryptoOrder(request: BuyCryptoOrderRequest): Promise<Settled<BuyCryptoOrder>>;

  /** Which rights the key holds, found with read-only calls. */
  probeRights(): Promise<RightsProbe>;

  publicStream(): PublicStream;
  walletStream(): WalletStream;
  tradingStream(): TradingStream;

  close(): void;
}
