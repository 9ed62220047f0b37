// Normalised domain objects: what every version adapter returns. Money is Decimal, times are ISO
// strings, ids are strings. Nothing here knows the API version it came from.
import type Decimal from '../../preload/contract/decimal';

export const KEY_RIGHTS = ['PAY', 'WDR', 'HIST', 'ORD'] as const;
export type KeyRight = (typeof KEY_RIGHTS)[number];

export interface Balance {
  currency: string;
  available: Decimal;
  reserved: Decimal;
}

export interface AccountBalances {
  wallet: Balance[];
  spot: Balance[];
}

export interface Network {
  code: string;
  network: string;
  name: string;
  isDefault: boolean;
  payinEnabled: boolean;
  payoutEnabled: boolean;
  minWithdrawal: Decimal | undefined;
  payoutFee: Decimal | undefined;
  paymentIdRequired: boolean;
  addressRegex: string | undefined;
  paymentIdRegex: string | undefined;
}

export interface Currency {
  code: string;
  fullName: string;
  crypto: boolean;
  payinEnabled: boolean;
  payoutEnabled: boolean;
  transferEnabled: boolean;
  delisted: boolean;
  precisionTransfer: Decimal | undefined;
  networks: Network[];
}

export interface CryptoAddress {
  currency: string | undefined;
  address: string;
  paymentId: string | undefined;
  publicKey: string | undefined;
  networkCode: string | undefined;
}

export interface WhitelistedAddress {
  name: string;
  currency: string;
  network: string;
  address: string;
}

export const TRANSACTION_STATUSES = ['CREATED', 'PENDING', 'FAILED', 'SUCCESS', 'ROLLED_BACK'] as const;
export const TRANSACTION_TYPES = ['DEPOSIT', 'WITHDRAW', 'TRANSFER', 'SWAP'] as const;

export interface Transaction {
  id: string;
  status: string;
  type: string;
  subtype: string;
  createdAt: string;
  updatedAt: string;
  currency: string;
  amount: Decimal;
  fee: Decimal | undefined;
  networkCode: string | undefined;
  address: string | undefined;
  paymentId: string | undefined;
  hash: string | undefined;
  txId: string | undefined;
  operationId: string | undefined;
  confirmations: number | undefined;
  publicComment: string | undefined;
}

export interface TransactionFilter {
  currencies?: readonly string[];
  types?: readonly string[];
  subtypes?: readonly string[];
  statuses?: readonly string[];
  /** ISO times on created_at, inclusive. */
  from?: string;
  till?: string;
  /** Only ids from this one on (inclusive); read by the id cursor. */
  idFrom?: string;
}

export interface WithdrawalRequest {
  currency: string;
  amount: Decimal;
  address: string;
  networkCode?: string;
  paymentId?: string;
  includeFee?: boolean;
  feeLevelId?: string;
  publicComment?: string;
}

export const WALLET_ACCOUNTS = ['wallet', 'spot'] as const;
export type WalletAccount = (typeof WALLET_ACCOUNTS)[number];

export interface TransferRequest {
  currency: string;
  amount: Decimal;
  source: WalletAccount;
  destination: WalletAccount;
}

export interface ConvertRequest {
  fromCurrency: string;
  toCurrency: string;
  amount: Decimal;
}

export const BENEFICIARY_KINDS = ['email', 'username', 'external_id'] as const;
export type BeneficiaryKind = (typeof BENEFICIARY_KINDS)[number];

export interface InternalWithdrawRequest {
  currency: string;
  amount: Decimal;
  by: BeneficiaryKind;
  identifier: string;
}

export interface FeeEstimate {
  currency: string;
  amount: Decimal | undefined;
  fee: Decimal;
  networkFee: Decimal | undefined;
}

export interface PriceRate {
  currency: string;
  quote: string;
  price: Decimal;
  timestamp: string;
}

export const PRICE_PERIODS = ['M1', 'M3', 'M5', 'M15', 'M30', 'H1', 'H4', 'D1', 'D7', '1M'] as const;
export type PricePeriod = (typeof PRICE_PERIODS)[number];

export interface PricePoint {
  timestamp: string;
  open: Decimal;
  close: Decimal;
  min: Decimal;
  max: Decimal;
}

export interface PriceHistory {
  currency: string;
  quote: string;
  points: PricePoint[];
}

export interface PriceHistoryQuery {
  from: readonly string[];
  to: string;
  period?: PricePeriod;
  /** ISO times. */
  since?: string;
  until?: string;
  /** 1-1000 points per currency, newest first unless sort is ASC. */
  limit?: number;
  sort?: 'ASC' | 'DESC';
}

export interface SubAccount {
  id: string;
  email: string;
  status: string;
}

export interface SubAccountAcl {
  subAccountId: string;
  depositAddressGenerationEnabled: boolean;
  withdrawEnabled: boolean;
  description: string | undefined;
  createdAt: string | undefined;
  updatedAt: string | undefined;
}

export interface SubAccountAclChange {
  depositAddressGenerationEnabled?: boolean;
  withdrawEnabled?: boolean;
  description?: string;
}

export const SUB_ACCOUNT_DIRECTIONS = ['to_sub_account', 'from_sub_account'] as const;
export type SubAccountDirection = (typeof SUB_ACCOUNT_DIRECTIONS)[number];

export interface SubAccountTransferRequest {
  subAccountId: string;
  currency: string;
  amount: Decimal;
  direction: SubAccountDirection;
}

export interface BuyCryptoPaymentMethod {
  id: string;
  name: string;
  type: string;
  sources: string[];
  targets: Array<{ code: string; networkCode: string | undefined }>;
}

export interface BuyCryptoProvider {
  id: string;
  name: string;
  methods: BuyCryptoPaymentMethod[];
}

export interface BuyCryptoQuote {
  paymentMethodId: string;
  type: string;
  sourceCode: string;
  targetCode: string;
  sourceAmount: Decimal;
  targetAmount: Decimal;
}

export interface BuyCryptoRate {
  spotPrice: Decimal | undefined;
  prices: BuyCryptoQuote[];
}

export interface BuyCryptoOrder {
  id: string;
  providerId: string;
  sourceCode: string;
  targetCode: string;
  sourceAmount: Decimal | undefined;
  walletAddress: string | undefined;
  checkoutUrl: string | undefined;
  status: string;
  createdAt: string | undefined;
  operationId: string | undefined;
}

export interface BuyCryptoOrderRequest {
  providerId: string;
  source: string;
  target: string;
  sourceAmount: Decimal;
  paymentMethodId: string;
  targetNetworkCode?: string;
}
