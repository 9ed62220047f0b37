// HistoryEntry ↔ the table's row, and the one writer of rows: insertEntries upserts by id in one
// transaction (the sync writes its pages with it, the review loader its export's rows).
import type Database from 'better-sqlite3';
import type { HistoryBuyCrypto, HistoryDirection, HistoryEntry } from '../../../preload/contract/history';
import { amountParts, type AmountParts } from './amount-parts';
import { HISTORY_TABLE, PLAIN_SEARCH_TABLE, SEARCH_TABLE, TEXT_IDS_TABLE } from './schema';
import { SumsBatch, type SummedRow } from './sums-writer';

/** Separates the searched fields, so a search never matches across two of them. */
const SEARCH_SEPARATOR = '\u001f';
/** The service's ids are whole numbers; JavaScript reads them back exactly up to 2^53. */
const NUMERIC_ID = /^\d{1,16}$/;

const WRITTEN_COLUMNS = [
  'rid', 'id', 'created_at', 'created_ms', 'updated_at', 'type', 'subtype', 'status', 'direction', 'currency',
  'amount', 'amount_whole', 'amount_frac1', 'amount_frac2', 'fee', 'fee_whole', 'fee_frac1', 'fee_frac2',
  'network', 'address', 'payment_id', 'hash', 'tx_id', 'operation_id', 'offchain_id', 'operation_type',
  'confirmations', 'comment', 'buy_crypto',
] as const;

// Positional: binding by name costs more per row, and the review loader writes a million.
/** A new row, from rowOf's values (bulk-load.ts adds rows to a new database with it). */
export const INSERT_ENTRY_SQL = `INSERT INTO ${HISTORY_TABLE} (${WRITTEN_COLUMNS.join(', ')})
  VALUES (${WRITTEN_COLUMNS.map(() => '?').join(', ')})`;
/** Records the searched text of row rid (a new row: the index has no text for it yet). */
export const INSERT_SEARCH_SQL = `INSERT INTO ${SEARCH_TABLE} (rowid, search) VALUES (?, ?)`;
/** The same into the plain table of a database filled once (schema.ts CREATE_LOADED_TABLES). */
export const INSERT_PLAIN_SEARCH_SQL = `INSERT INTO ${PLAIN_SEARCH_TABLE} (rid, search) VALUES (?, ?)`;
const UPSERT_SQL = `${INSERT_ENTRY_SQL}
  ON CONFLICT (rid) DO UPDATE SET ${WRITTEN_COLUMNS.filter((c) => c !== 'rid').map((c) => `${c} = excluded.${c}`).join(', ')}`;
// The index is a virtual table (no upsert): a stored row's text is replaced, which takes its old
// trigrams out; a new row's is inserted, which spares the lookup of a text that is not there.
const REPLACE_SEARCH_SQL = `INSERT OR REPLACE INTO ${SEARCH_TABLE} (rowid, search) VALUES (?, ?)`;

/**
 * The columns a read needs to rebuild the entry, in the order entryFromValues takes them: reads
 * use better-sqlite3's raw mode (an array a row), about twice as fast as an object a row over a
 * million rows.
 */
export const ENTRY_COLUMNS = `id, created_at, updated_at, type, subtype, status, direction, currency, amount, fee, network,
  address, payment_id, hash, tx_id, operation_id, offchain_id, operation_type, confirmations, comment, buy_crypto`;
/** How many values ENTRY_COLUMNS reads: a column selected after them is at this index. */
export const ENTRY_COLUMN_COUNT = 21;

/** A row of ENTRY_COLUMNS as a raw read gives it (and any columns selected after them). */
export type EntryValues = unknown[];

interface StoredRow extends SummedRow {
  rid: number;
  updatedAt: string;
}

interface Writers {
  upsert: Database.Statement;
  search: Database.Statement;
  replaceSearch: Database.Statement;
  anyStored: Database.Statement;
  stored: Database.Statement;
}

const writers = new WeakMap<Database.Database, Writers>();
/** Ids looked up at once for their stored values (one json_each each). */
const LOOKUP_CHUNK = 10_000;

function writersFor(db: Database.Database): Writers {
  let prepared = writers.get(db);
  if (prepared === undefined) {
    prepared = {
      upsert: db.prepare(UPSERT_SQL),
      search: db.prepare(INSERT_SEARCH_SQL),
      replaceSearch: db.prepare(REPLACE_SEARCH_SQL),
      anyStored: db.prepare(`SELECT 1 FROM ${HISTORY_TABLE} LIMIT 1`).pluck(),
      stored: db.prepare(`SELECT rid, updated_at AS updatedAt, created_ms AS createdMs, currency, direction, type, subtype, status, network,
          amount_whole AS amountWhole, amount_frac1 AS amountFrac1, amount_frac2 AS amountFrac2,
          fee_whole AS feeWhole, fee_frac1 AS feeFrac1, fee_frac2 AS feeFrac2
        FROM ${HISTORY_TABLE} WHERE rid IN (SELECT value FROM json_each(?))`),
    };
    writers.set(db, prepared);
  }
  return prepared;
}

/**
 * Inserts the entries, or replaces the stored ones with the same id, in one transaction (a
 * savepoint when the caller's transaction is open, so its own writes commit together with these),
 * with the sums tables updated to match. The newer state wins: an entry whose updatedAt is older
 * than the stored one's is left out (a page read before a live update must not undo it), and of
 * one id twice in a batch the last is kept. The only writer of the history tables: the sums are
 * right only if every row goes through here. A bad entry throws naming its field, and nothing of
 * the batch is written. Returns how many entries were written.
 */
export function insertEntries(db: Database.Database, entries: Iterable<HistoryEntry>): number {
  const { upsert, search, replaceSearch, anyStored, stored } = writersFor(db);
  return db.transaction(() => {
    const latest = new Map<number, HistoryEntry>();
    for (const entry of entries) latest.set(ridOf(db, entry), entry);
    const previous = new Map<number, StoredRow>();
    if (anyStored.get() !== undefined) {
      const rids = [...latest.keys()];
      for (let start = 0; start < rids.length; start += LOOKUP_CHUNK) {
        for (const old of stored.all(JSON.stringify(rids.slice(start, start + LOOKUP_CHUNK))) as StoredRow[]) previous.set(old.rid, old);
      }
    }
    const sums = new SumsBatch();
    let written = 0;
    for (const [rid, entry] of latest) {
      const { values, summed } = rowOf(rid, entry);
      const old = previous.get(rid);
      if (old !== undefined) {
        if (Date.parse(entry.updatedAt) < Date.parse(old.updatedAt)) continue;
        sums.add(old, -1);
      }
      upsert.run(values);
      (old === undefined ? search : replaceSearch).run(rid, searchTextOf(entry));
      sums.add(summed, 1);
      written += 1;
    }
    sums.write(db);
    return written;
  })();
}

/** A trade's leg (trade-entries.ts: trade-<id>-out, -in or -fee). */
const TRADE_LEG_ID = /^trade-(\d{1,15})-(out|in|fee)$/;
/** Trade legs' keys start here: far below the text ids' (counted down from -1), far from any numeric id. */
const TRADE_LEG_BASE = -(2 ** 52);
/** Among rows of one time the higher key comes first: paid, received, then the fee, one trade's legs together. */
const LEG_ORDER: Readonly<Record<string, number>> = { out: 3, in: 2, fee: 1 };

/**
 * A trade leg's key, worked out from its id with no lookup (a long trade history has hundreds of
 * thousands of legs): NaN for any other id.
 */
function tradeLegRid(id: string): number {
  const match = TRADE_LEG_ID.exec(id);
  if (match === null) return Number.NaN;
  return TRADE_LEG_BASE + Number(match[1]) * 4 + (LEG_ORDER[match[2] as string] ?? 0);
}

interface TextIdStatements {
  find: Database.Statement;
  lowest: Database.Statement;
  add: Database.Statement;
}

const textIdStatements = new WeakMap<Database.Database, TextIdStatements>();

/**
 * The row key: the id's number; a trade leg's worked out from its trade's id (tradeLegRid); any
 * other id that is not a whole number below 2^53 (version 2's ids are UUIDs) gets a negative key of its own, kept in the text ids table in the caller's transaction,
 * so it is the same key every time and never another id's.
 */
export function ridOf(db: Database.Database, entry: HistoryEntry): number {
  const rid = NUMERIC_ID.test(entry.id) ? Number(entry.id) : tradeLegRid(entry.id);
  if (Number.isSafeInteger(rid)) return rid;
  if (entry.id.trim() === '') throw new Error('id of a history entry is empty');
  let statements = textIdStatements.get(db);
  if (statements === undefined) {
    statements = {
      find: db.prepare(`SELECT rid FROM ${TEXT_IDS_TABLE} WHERE id = ?`).pluck(),
      lowest: db.prepare(`SELECT MIN(rid) FROM ${TEXT_IDS_TABLE}`).pluck(),
      add: db.prepare(`INSERT INTO ${TEXT_IDS_TABLE} (id, rid) VALUES (?, ?)`),
    };
    textIdStatements.set(db, statements);
  }
  const found = statements.find.get(entry.id) as number | undefined;
  if (found !== undefined) return found;
  const next = ((statements.lowest.get() as number | null) ?? 0) - 1;
  statements.add.run(entry.id, next);
  return next;
}

export function rowOf(rid: number, entry: HistoryEntry): { values: unknown[]; summed: SummedRow } {
  const createdMs = Date.parse(entry.createdAt);
  // Days are counted from 1970 on (schema.ts): an earlier time is no transaction of this service.
  if (!Number.isFinite(createdMs) || createdMs < 0) throw new Error(`createdAt of history entry ${entry.id} is not a date from 1970 on: ${entry.createdAt}`);
  const amount = partsOf(entry.amount, 'amount', entry.id);
  const fee = entry.fee === null ? null : partsOf(entry.fee, 'fee', entry.id);
  const summed: SummedRow = {
    createdMs, currency: entry.currency, direction: entry.direction, type: entry.type, subtype: entry.subtype,
    status: entry.status, network: entry.network,
    amountWhole: amount?.whole ?? null, amountFrac1: amount?.frac1 ?? null, amountFrac2: amount?.frac2 ?? null,
    feeWhole: fee?.whole ?? null, feeFrac1: fee?.frac1 ?? null, feeFrac2: fee?.frac2 ?? null,
  };
  if (entry.direction !== 'in' && entry.direction !== 'out') throw new Error(`direction of history entry ${entry.id} is not in or out: ${String(entry.direction)}`);
  const values = [
    rid, entry.id, entry.createdAt, createdMs, entry.updatedAt, entry.type, entry.subtype, entry.status,
    entry.direction, entry.currency, entry.amount, summed.amountWhole, summed.amountFrac1, summed.amountFrac2,
    entry.fee, summed.feeWhole, summed.feeFrac1, summed.feeFrac2, entry.network, entry.address,
    entry.paymentId, entry.hash, entry.txId, entry.operationId, entry.offchainId, entry.operationType,
    entry.confirmations, entry.comment, entry.buyCrypto === null ? null : JSON.stringify(entry.buyCrypto),
  ];
  return { values, summed };
}

export function searchTextOf(entry: HistoryEntry): string {
  return [entry.address, entry.txId, entry.hash, entry.comment, entry.id]
    .filter((v) => v !== null && v !== '')
    .join(SEARCH_SEPARATOR)
    .toLowerCase();
}

/** The parts SQL sums; null for an amount too long to sum there (the engine adds it itself). */
function partsOf(text: string, field: string, id: string): AmountParts | null {
  if (!/^-?\d+(\.\d+)?$/.test(text)) throw new Error(`${field} of history entry ${id} is not a decimal: ${text}`);
  return amountParts(text);
}


/** The entry of a raw row of ENTRY_COLUMNS (same positions). */
export function entryFromValues(row: EntryValues): HistoryEntry {
  const buyCrypto = row[20] as string | null;
  return {
    id: row[0] as string,
    createdAt: row[1] as string,
    updatedAt: row[2] as string,
    type: row[3] as string,
    subtype: row[4] as string,
    status: row[5] as string,
    direction: row[6] as HistoryDirection,
    currency: row[7] as string,
    amount: row[8] as string,
    fee: row[9] as string | null,
    network: row[10] as string | null,
    address: row[11] as string | null,
    paymentId: row[12] as string | null,
    hash: row[13] as string | null,
    txId: row[14] as string | null,
    operationId: row[15] as string | null,
    offchainId: row[16] as string | null,
    operationType: row[17] as string | null,
    confirmations: row[18] as number | null,
    comment: row[19] as string | null,
    buyCrypto: buyCrypto === null ? null : (JSON.parse(buyCrypto) as HistoryBuyCrypto),
    explorerUrl: null,
  };
}
