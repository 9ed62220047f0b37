// The fields of a HistoryEntry as the export files carry them, in one order shared by the
// canonical CSV (one column each, buyCrypto flattened) and the JSON rows, and the check an entry
// read back from either file must pass before review loads it. explorerUrl is left out: it comes
// from the service's currency list, which review does not have.
import type { HistoryBuyCrypto, HistoryEntry } from '../../../../preload/contract/history';

export type TextField = Exclude<keyof HistoryEntry, 'confirmations' | 'buyCrypto' | 'explorerUrl'>;

/** Every plain field in file order, with its CSV column name and whether it is an amount. */
export const ENTRY_FIELDS = [
  ['id', 'id', 'required'],
  ['createdAt', 'created_at', 'required'],
  ['updatedAt', 'updated_at', 'required'],
  ['type', 'type', 'required'],
  ['subtype', 'subtype', 'required'],
  ['status', 'status', 'required'],
  ['direction', 'direction', 'required'],
  ['currency', 'currency', 'required'],
  ['amount', 'amount', 'amount'],
  ['fee', 'fee', 'optionalAmount'],
  ['network', 'network', 'optional'],
  ['address', 'address', 'optional'],
  ['paymentId', 'payment_id', 'optional'],
  ['hash', 'hash', 'optional'],
  ['txId', 'tx_id', 'optional'],
  ['operationId', 'operation_id', 'optional'],
  ['offchainId', 'offchain_id', 'optional'],
  ['operationType', 'operation_type', 'optional'],
] as const satisfies readonly (readonly [TextField, string, 'required' | 'amount' | 'optionalAmount' | 'optional'])[];

/** The buy-crypto details in file order, with their CSV column names and whether each is an amount. */
export const BUY_CRYPTO_FIELDS = [
  ['provider', 'buy_provider', false],
  ['sourceCurrency', 'buy_source_currency', false],
  ['sourceAmount', 'buy_source_amount', true],
  ['targetCurrency', 'buy_target_currency', false],
  ['targetAmount', 'buy_target_amount', true],
  ['paymentMethod', 'buy_payment_method', false],
] as const satisfies readonly (readonly [keyof HistoryBuyCrypto, string, boolean])[];

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
