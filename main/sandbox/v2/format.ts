// Version 2's wire shapes (camelCase) over the state version 3 uses, and the mappings between the
// two versions' words. Every v2 route and stream formats through here, so one account reads the
// same through both versions and a mapping is changed in one place.
//
// Mappings:
// - "account" balance = the wallet side; "trading" balance = the spot side.
// - transfer type bankToExchange = wallet → spot, exchangeToBank = spot → wallet.
// - a transaction's v2 id is its tx_id (UUID); v2 index is v3's native.index (updated_at, ms).
// - status: CREATED created, PENDING pending, SUCCESS success, FAILED and ROLLED_BACK failed.
// - type: a crypto withdrawal to an address (on-chain, or settled off-chain to a sandbox address)
//   payout, a deposit to an address payin, WALLET_TO_SPOT bankToExchange, SPOT_TO_WALLET
//   exchangeToBank, every other credit deposit and debit withdraw (sub-account, internal, airdrop,
//   swap legs by their operation_type); subType swap for SWAP, offchain for OFFCHAIN.
import type { BalanceRow, BalanceSide } from '../db/balances';
import type { TxRow, TxStatus } from '../db/transactions';
import type { OrderRow } from '../spot/order-store';
import { formatAmount } from '../wallet/money';
import { commitRiskScore, iso } from '../wallet/transaction-record';

export const V2_TRANSFER_TYPES = ['bankToExchange', 'exchangeToBank'] as const;
export type V2TransferType = (typeof V2_TRANSFER_TYPES)[number];

/** The sides a v2 transfer type moves funds between. */
export function sidesOfTransferType(type: V2TransferType): { source: BalanceSide; destination: BalanceSide } {
  return type === 'bankToExchange' ? { source: 'wallet', destination: 'spot' } : { source: 'spot', destination: 'wallet' };
}

export const V2_TX_STATUSES = ['created', 'pending', 'failed', 'success'] as const;
export type V2TxStatus = (typeof V2_TX_STATUSES)[number];

const STATUS_V2: Readonly<Record<TxStatus, V2TxStatus>> = {
  CREATED: 'created', PENDING: 'pending', FAILED: 'failed', SUCCESS: 'success', ROLLED_BACK: 'failed',
};

export function v2Status(status: TxStatus): V2TxStatus {
  return STATUS_V2[status];
}

/** The v3 statuses a v2 status stands for (failed covers FAILED and ROLLED_BACK). */
export function v3StatusesOf(status: V2TxStatus): TxStatus[] {
  return (Object.keys(STATUS_V2) as TxStatus[]).filter((s) => STATUS_V2[s] === status);
}

export const V2_TX_TYPES = ['payout', 'payin', 'deposit', 'withdraw', 'bankToExchange', 'exchangeToBank'] as const;
export type V2TxType = (typeof V2_TX_TYPES)[number];

type TypedRow = Pick<TxRow, 'type' | 'subtype' | 'address' | 'operation_type'>;

export function v2Type(row: TypedRow): V2TxType {
  switch (row.type) {
    case 'WITHDRAW': return row.subtype === 'BLOCKCHAIN' || row.address !== null ? 'payout' : 'withdraw';
    case 'DEPOSIT': return row.subtype === 'BLOCKCHAIN' || row.address !== null ? 'payin' : 'deposit';
    case 'TRANSFER':
      if (row.subtype === 'WALLET_TO_SPOT') return 'bankToExchange';
      if (row.subtype === 'SPOT_TO_WALLET') return 'exchangeToBank';
      // Wallet ↔ derivatives: a debit or credit of the wallet.
      return row.subtype === 'WALLET_TO_DERIVATIVES' ? 'withdraw' : 'deposit';
    case 'SWAP': return row.operation_type === 'deposit' ? 'deposit' : 'withdraw';
  }
}

export function v2SubType(row: Pick<TxRow, 'type' | 'subtype'>): 'swap' | 'offchain' | undefined {
  if (row.type === 'SWAP') return 'swap';
  return row.subtype === 'OFFCHAIN' ? 'offchain' : undefined;
}

export interface V2Balance {
  currency: string;
  available: string;
  reserved: string;
}

export function v2Balance(row: Pick<BalanceRow, 'currency' | 'available' | 'reserved'>): V2Balance {
  return { currency: row.currency, available: row.available, reserved: row.reserved };
}

export interface V2Address {
  address: string;
  paymentId?: string;
  publicKey?: string;
  networkCode?: string;
}

/** A deposit or withdrawal address; takes v3's address record or row fields. */
export function v2Address(record: { address: string; payment_id?: string | null; network_code?: string | null; network?: string | null }): V2Address {
  const out: V2Address = { address: record.address };
  if (record.payment_id !== undefined && record.payment_id !== null) out.paymentId = record.payment_id;
  const network = record.network_code ?? record.network;
  if (network !== undefined && network !== null && network !== '') out.networkCode = network;
  return out;
}

export interface V2CommitRisk {
  score: number;
  rbf: boolean;
  lowFee: boolean;
}

export interface V2Transaction {
  id: string;
  index: number;
  currency: string;
  amount: string;
  fee: string;
  address: string;
  paymentId?: string;
  /** Not in api-v2.md's table; given since the 2023 multichain change, as on addresses. */
  networkCode?: string;
  hash: string;
  status: V2TxStatus;
  type: V2TxType;
  subType?: 'swap' | 'offchain';
  senders?: string[];
  offchainId: string[];
  confirmations?: number;
  publicComment?: string;
  errorCode?: string;
  createdAt: string;
  updatedAt: string;
  commitRisk?: V2CommitRisk;
}

/**
 * "Account transaction" of api-v2.md. Fields the table does not mark optional are always present:
 * fee is the currency's zero when none was charged, address and hash are '' when the transaction
 * has none (transfers, swaps), offchainId is [] unless settled off-chain. senders only for payins
 * and only when asked (showSenders).
 */
export function v2Transaction(row: TxRow, showSenders = false): V2Transaction {
  const type = v2Type(row);
  const tx: V2Transaction = {
    id: row.tx_id, index: row.updated_at, currency: row.currency, amount: row.amount,
    fee: row.fee ?? formatAmount(0, row.currency), address: row.address ?? '', hash: row.hash ?? '',
    status: v2Status(row.status), type, offchainId: row.offchain_id === null ? [] : [row.offchain_id],
    createdAt: iso(row.created_at), updatedAt: iso(row.updated_at),
  };
  if (row.payment_id !== null) tx.paymentId = row.payment_id;
  if (row.network !== null) tx.networkCode = row.network;
  const subType = v2SubType(row);
  if (subType !== undefined) tx.subType = subType;
  if (showSenders && type === 'payin') tx.senders = row.senders === null ? [] : JSON.parse(row.senders) as string[];
  if (row.confirmations !== null) tx.confirmations = row.confirmations;
  if (row.public_comment !== null) tx.publicComment = row.public_comment;
  if (row.error_code !== null) tx.errorCode = row.error_code;
  if (row.type === 'DEPOSIT' && row.subtype === 'BLOCKCHAIN') {
    tx.commitRisk = { score: commitRiskScore(row.status, row.confirmations, row.required_confirmations), rbf: false, lowFee: false };
  }
  return tx;
}

export interface V2Trade {
  id: number;
  orderId: number;
  clientOrderId: string;
  symbol: string;
  side: 'buy' | 'sell';
  quantity: string;
  price: string;
  fee: string;
  timestamp: string;
  taker: boolean;
}

/** "Trading history record": the sandbox fills an order in one execution, whose id is the order's. */
export function v2Trade(row: OrderRow): V2Trade {
  return {
    id: row.trade_id ?? row.id, orderId: row.id, clientOrderId: row.client_order_id, symbol: row.symbol, side: row.side,
    quantity: row.quantity_cumulative, price: row.price_average ?? row.price ?? '0', fee: row.fee ?? '0',
    timestamp: iso(row.updated_at), taker: row.taker === 1,
  };
}

/** "Order report" of api-v2.md; a trade report carries its execution (the order's one fill). */
export function v2OrderReport(row: OrderRow, reportType?: string): Record<string, unknown> {
  const report: Record<string, unknown> = {
    id: row.id, clientOrderId: row.client_order_id, symbol: row.symbol, side: row.side, status: row.status, type: row.type,
    timeInForce: row.time_in_force, quantity: row.quantity, cumQuantity: row.quantity_cumulative, postOnly: row.post_only === 1,
    createdAt: iso(row.created_at), updatedAt: iso(row.updated_at),
  };
  if (row.price !== null) report.price = row.price;
  if (row.stop_price !== null) report.stopPrice = row.stop_price;
  if (row.expire_time !== null) report.expireTime = iso(row.expire_time);
  if (reportType !== undefined) report.reportType = reportType;
  if (reportType === 'trade') {
    report.tradeId = row.id;
    report.tradeQuantity = row.quantity_cumulative;
    report.tradePrice = row.price_average ?? row.price ?? '0';
    report.tradeFee = row.fee ?? '0';
  }
  return report;
}

/** An order of the order history: the order report's fields and, once it traded, its average price. */
export function v2HistoryOrder(row: OrderRow): Record<string, unknown> {
  const { postOnly: _postOnly, ...order } = v2OrderReport(row);
  return row.price_average === null ? order : { ...order, avgPrice: row.price_average };
}
