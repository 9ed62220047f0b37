// The account's transaction history.
import type Decimal from '../decimal';

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
  /** native.operation_type: which side of a two-legged operation this is ('withdraw' paid out, 'deposit' paid in). */
  operationType: string | undefined;
  /** native.offchain_id: an internal move's id, the same on both accounts it joins (a sub-account transfer's two sides). */
  offchainId?: string;
  confirmations: number | undefined;
  publicComment: string | undefined;
  /** A buy-crypto deposit's details (provider, order, amounts); undefined when the record has none. */
  meta?: BuyCryptoMeta;
}

/** The `meta` of a transaction that delivered a buy-crypto order; every field as the service sent it. */
export interface BuyCryptoMeta {
  providerName: string | undefined;
  orderType: string | undefined;
  sourceCurrency: string | undefined;
  targetCurrency: string | undefined;
  walletAddress: string | undefined;
  txHash: string | undefined;
  sourceAmount: Decimal | undefined;
  targetAmount: Decimal | undefined;
  status: string | undefined;
  paymentMethodType: string | undefined;
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

/** The filters a newest-first read takes: no cursor, it reads from the newest down. */
export type RecentFilter = Pick<TransactionFilter, 'currencies' | 'types' | 'subtypes' | 'statuses'>;
