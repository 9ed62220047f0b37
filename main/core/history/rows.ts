// HistoryEntry ↔ the table's row, and the one writer of rows: insertEntries upserts by id in one
// transaction (the sync writes its pages with it, the review loader its export's rows).
import type Database from 'better-sqlite3';
import type { HistoryBuyCrypto, HistoryDirection, HistoryEntry } from '../../../preload/contract/history';
import { amountParts, type AmountParts } from './amount-parts';
import { HISTORY_TABLE } from './schema';

/** Separates the searched fields, so a search never matches across two of them. */
const SEARCH_SEPARATOR = '\u001f';
/** Ids up to 18 digits fit SQLite's 64-bit integer; longer or non-numeric ids sort by their text. */
const NUMERIC_ID = /^\d{1,18}$/;

const WRITTEN_COLUMNS = [
  'id', 'id_num', 'created_at', 'created_ms', 'updated_at', 'type', 'subtype', 'status', 'direction', 'currency',
  'amount', 'amount_whole', 'amount_frac1', 'amount_frac2', 'fee', 'fee_whole', 'fee_frac1', 'fee_frac2',
  'network', 'address', 'payment_id', 'hash', 'tx_id', 'operation_id', 'offchain_id', 'operation_type',
  'confirmations', 'comment', 'buy_crypto', 'search',
] as const;

// Positional: binding by name costs more per row, and the review loader writes a million.
const UPSERT_SQL = `INSERT INTO ${HISTORY_TABLE} (${WRITTEN_COLUMNS.join(', ')})
  VALUES (${WRITTEN_COLUMNS.map(() => '?').join(', ')})
  ON CONFLICT (id) DO UPDATE SET ${WRITTEN_COLUMNS.filter((c) => c !== 'id').map((c) => `${c} = excluded.${c}`).join(', ')}`;

/** The columns a read needs to rebuild the entry. */
export const ENTRY_COLUMNS = `id, created_at, updated_at, type, subtype, status, direction, currency, amount, fee, network,
  address, payment_id, hash, tx_id, operation_id, offchain_id, operation_type, confirmations, comment, buy_crypto`;

export interface EntryRow {
  id: string;
  created_at: string;
  updated_at: string;
  type: string;
  subtype: string;
  status: string;
  direction: string;
  currency: string;
  amount: string;
  fee: string | null;
  network: string | null;
  address: string | null;
  payment_id: string | null;
  hash: string | null;
  tx_id: string | null;
  operation_id: string | null;
  offchain_id: string | null;
  operation_type: string | null;
  confirmations: number | null;
  comment: string | null;
  buy_crypto: string | null;
}

const statements = new WeakMap<Database.Database, Database.Statement>();

/**
 * Inserts the entries, or replaces the stored ones with the same id, in one transaction (a
 * savepoint when the caller's transaction is open, so its own writes commit together with these).
 * A bad entry throws naming its field, and nothing of the batch is written.
 */
export function insertEntries(db: Database.Database, entries: Iterable<HistoryEntry>): number {
  let upsert = statements.get(db);
  if (upsert === undefined) statements.set(db, (upsert = db.prepare(UPSERT_SQL)));
  const statement = upsert;
  return db.transaction(() => {
    let written = 0;
    for (const entry of entries) {
      statement.run(valuesOf(entry));
      written += 1;
    }
    return written;
  })();
}

function valuesOf(entry: HistoryEntry): unknown[] {
  const createdMs = Date.parse(entry.createdAt);
  if (!Number.isFinite(createdMs)) throw new Error(`createdAt of history entry ${entry.id} is not a date: ${entry.createdAt}`);
  const amount = partsOf(entry.amount, 'amount', entry.id);
  const fee = entry.fee === null ? null : partsOf(entry.fee, 'fee', entry.id);
  const searched = [entry.address, entry.txId, entry.hash, entry.comment, entry.id].filter((v) => v !== null && v !== '');
  return [
    entry.id, numericId(entry.id), entry.createdAt, createdMs, entry.updatedAt, entry.type, entry.subtype, entry.status,
    entry.direction, entry.currency, entry.amount, amount?.whole ?? null, amount?.frac1 ?? null, amount?.frac2 ?? null,
    entry.fee, fee?.whole ?? null, fee?.frac1 ?? null, fee?.frac2 ?? null, entry.network, entry.address,
    entry.paymentId, entry.hash, entry.txId, entry.operationId, entry.offchainId, entry.operationType,
    entry.confirmations, entry.comment, entry.buyCrypto === null ? null : JSON.stringify(entry.buyCrypto),
    searched.join(SEARCH_SEPARATOR).toLowerCase(),
  ];
}

/** The parts SQL sums; null for an amount too long to sum there (the engine adds it itself). */
function partsOf(text: string, field: string, id: string): AmountParts | null {
  if (!/^-?\d+(\.\d+)?$/.test(text)) throw new Error(`${field} of history entry ${id} is not a decimal: ${text}`);
  return amountParts(text);
}

function numericId(id: string): number | bigint | null {
  if (!NUMERIC_ID.test(id)) return null;
  return id.length <= 15 ? Number(id) : BigInt(id);
}

export function entryFromRow(row: EntryRow): HistoryEntry {
  return {
    id: row.id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    type: row.type,
    subtype: row.subtype,
    status: row.status,
    direction: row.direction as HistoryDirection,
    currency: row.currency,
    amount: row.amount,
    fee: row.fee,
    network: row.network,
    address: row.address,
    paymentId: row.payment_id,
    hash: row.hash,
    txId: row.tx_id,
    operationId: row.operation_id,
    offchainId: row.offchain_id,
    operationType: row.operation_type,
    confirmations: row.confirmations,
    comment: row.comment,
    buyCrypto: row.buy_crypto === null ? null : (JSON.parse(row.buy_crypto) as HistoryBuyCrypto),
    explorerUrl: null,
  };
}
