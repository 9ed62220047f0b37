// The wire shape of a wallet transaction (SUPPLEMENT.md §3). Optional fields are left out when
// the service has nothing for them.
import type { TxRow } from '../db/transactions';

export interface TransactionRecord {
  id: number;
  status: string;
  type: string;
  subtype: string;
  created_at: string;
  updated_at: string;
  last_activity_at: string;
  operation_id: string;
  native: Record<string, unknown>;
  meta?: Record<string, unknown>;
  commit_risk?: { score: number; rbf: boolean; low_fee: boolean };
}

export function iso(ms: number): string {
  return new Date(ms).toISOString();
}

export function toTransactionRecord(row: TxRow): TransactionRecord {
  const native: Record<string, unknown> = {
    tx_id: row.tx_id,
    index: row.updated_at,
    currency: row.currency,
    amount: row.amount,
  };
  putIfSet(native, 'network_code', row.network);
  putIfSet(native, 'fee', row.fee);
  putIfSet(native, 'address', row.address);
  putIfSet(native, 'payment_id', row.payment_id);
  putIfSet(native, 'hash', row.hash);
  putIfSet(native, 'offchain_id', row.offchain_id);
  putIfSet(native, 'confirmations', row.confirmations);
  putIfSet(native, 'public_comment', row.public_comment);
  putIfSet(native, 'error_code', row.error_code);
  if (row.senders !== null) native.senders = JSON.parse(row.senders) as unknown;
  putIfSet(native, 'wallet_id', row.wallet_id);
  putIfSet(native, 'operation_type', row.operation_type);
  const record: TransactionRecord = {
    id: row.id, status: row.status, type: row.type, subtype: row.subtype,
    created_at: iso(row.created_at), updated_at: iso(row.updated_at), last_activity_at: iso(row.last_activity_at),
    operation_id: row.operation_id, native,
  };
  if (row.meta !== null) record.meta = JSON.parse(row.meta) as Record<string, unknown>;
  if (row.type === 'DEPOSIT' && row.subtype === 'BLOCKCHAIN') {
    record.commit_risk = { score: commitRiskScore(row.status, row.confirmations, row.required_confirmations), rbf: false, low_fee: false };
  }
  return record;
}

/** A blockchain deposit's commit risk: falls as confirmations accrue (0-50 may be considered committed). */
export function commitRiskScore(status: string, confirmations: number | null, requiredConfirmations: number | null): number {
  const required = requiredConfirmations ?? 1;
  const have = Math.min(confirmations ?? required, required);
  return status === 'SUCCESS' ? 0 : Math.round(100 * (1 - have / Math.max(required, 1)));
}

function putIfSet(target: Record<string, unknown>, name: string, value: unknown): void {
  if (value !== null && value !== undefined) target[name] = value;
}
