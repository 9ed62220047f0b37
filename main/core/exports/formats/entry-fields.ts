// The fields of a HistoryEntry as the export files carry them, in one order shared by the
// canonical CSV (one column each, buyCrypto flattened) and the JSON rows, and the checks an entry
// read back from either file must pass before review loads it. explorerUrl is left out: it comes
// from the service's currency list, which review does not have.
import type { HistoryBuyCrypto, HistoryEntry } from '../../../../preload/contract/history';

/** Every plain field in file order, with its CSV column name (confirmations, comment and the buy-crypto details follow). */
export const ENTRY_FIELDS = [
  ['id', 'id'],
  ['createdAt', 'created_at'],
  ['updatedAt', 'updated_at'],
  ['type', 'type'],
  ['subtype', 'subtype'],
  ['status', 'status'],
  ['direction', 'direction'],
  ['currency', 'currency'],
  ['amount', 'amount'],
  ['fee', 'fee'],
  ['network', 'network'],
  ['address', 'address'],
  ['paymentId', 'payment_id'],
  ['hash', 'hash'],
  ['txId', 'tx_id'],
  ['operationId', 'operation_id'],
  ['offchainId', 'offchain_id'],
  ['operationType', 'operation_type'],
] as const satisfies readonly (readonly [keyof HistoryEntry, string])[];

/** The buy-crypto details in file order, with their CSV column names. */
export const BUY_CRYPTO_FIELDS = [
  ['provider', 'buy_provider'],
  ['sourceCurrency', 'buy_source_currency'],
  ['sourceAmount', 'buy_source_amount'],
  ['targetCurrency', 'buy_target_currency'],
  ['targetAmount', 'buy_target_amount'],
  ['paymentMethod', 'buy_payment_method'],
] as const satisfies readonly (readonly [keyof HistoryBuyCrypto, string])[];

export class EntryFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EntryFormatError';
  }
}

const fail = (row: number, message: string) => new EntryFormatError(`row ${row}: ${message}`);

/** The value of a required text field (it may be empty, never null), or an error naming the row and field. */
export function requiredText(value: unknown, field: string, row: number): string {
  if (typeof value !== 'string') throw fail(row, `${field} is missing`);
  return value;
}

export function optionalText(value: unknown, field: string, row: number): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') throw fail(row, `${field} is not text`);
  return value;
}

export function direction(value: unknown, row: number): HistoryEntry['direction'] {
  if (value !== 'in' && value !== 'out') throw fail(row, 'direction must be in or out');
  return value;
}

export function confirmations(value: unknown, row: number): number | null {
  if (value === null || value === undefined) return null;
  const number = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isSafeInteger(number) || number < 0) throw fail(row, 'confirmations must be a whole number');
  return number;
}
