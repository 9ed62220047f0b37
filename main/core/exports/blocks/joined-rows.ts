// A block's lines from rows read as one joined text each. better-sqlite3 turns every value into a
// JavaScript string at about 170 ns apiece: a row's stored cells joined by SQLite (concat_ws) cross
// as one, then one regular expression tells whether each cell is written as it is (no quote,
// comma or line break, no formula start, none empty), in which case the joined text is already
// the line's first cells. Comment and buy-crypto details come apart (they are often odd or null),
// and the rest of the line is spelled by the same code as canonicalCsvLine and jsonRowLine. A row
// the joined text cannot speak for exactly (a trade leg, confirmations no safe integer, an empty
// text the join cannot tell from NULL, a cell that fails the expression) is read again as its
// entry and spelled from it, so every line is the one the single-thread export writes.
import type Database from 'better-sqlite3';
import type { HistoryBuyCrypto, HistoryEntry, HistoryFilter } from '../../../../preload/contract/history';
import type { HistoryQuery, TimeRange } from '../../history/query';
import { ENTRY_COLUMNS, entryFromValues } from '../../history/rows';
import { HISTORY_TABLE } from '../../history/schema';
import { canonicalCsvLine, canonicalCsvTail } from '../formats/canonical-csv';
import { jsonRowLine, jsonRowTail } from '../formats/json-rows';
import type { RowPricer } from '../pricing/row-pricer';
import { isWithdrawalRow } from '../team-proofs';
import type { BlockStats } from './plan';

/** The stored columns in the files' order (ENTRY_FIELDS); those from `fee` on may be NULL. */
const STORED = [
  'id', 'created_at', 'updated_at', 'type', 'subtype', 'status', 'direction', 'currency', 'amount',
  'fee', 'network', 'address', 'payment_id', 'hash', 'tx_id', 'operation_id', 'offchain_id', 'operation_type',
];
const REQUIRED = STORED.slice(0, 9);
const NULLABLE = STORED.slice(9);
const JSON_NAMES = [
  'id', 'createdAt', 'updatedAt', 'type', 'subtype', 'status', 'direction', 'currency', 'amount',
  'fee', 'network', 'address', 'paymentId', 'hash', 'txId', 'operationId', 'offchainId', 'operationType', 'confirmations',
];
const SAFE_INTEGER = 9_007_199_254_740_991;

/** The stored cells and confirmations joined by commas, NULL as empty. */
const JOINED = `concat_ws(',', ${REQUIRED.join(', ')}, ${[...NULLABLE, 'confirmations'].map((c) => `ifnull(${c}, '')`).join(', ')})`;
/** 1 for a row the joined text cannot speak for: comparisons and one typeof, since each SQL function call a row costs about what a string does. */
const FROM_ENTRY = `CASE WHEN type = 'TRADE' OR typeof(confirmations) NOT IN ('integer', 'null') OR confirmations > ${SAFE_INTEGER}
  OR confirmations < -${SAFE_INTEGER} OR '' IN (${NULLABLE.join(', ')}) THEN 1 ELSE 0 END`;
const SELECTED = `${FROM_ENTRY}, ${JOINED}, comment, buy_crypto, rid`;

/** A CSV cell written as it is: not empty, no quote, comma or line break, not starting like a formula (cells.ts). */
const CSV_CELL = `[^,"\\r\\n=+\\-@\\t'][^,"\\r\\n]*`;
/** The 19 cells, the required ones not empty; captures id, createdAt, type, currency and amount. */
const CSV_CELLS = new RegExp(
  `^(${CSV_CELL}),(${CSV_CELL}),${CSV_CELL},(${CSV_CELL}),${CSV_CELL},${CSV_CELL},${CSV_CELL},(${CSV_CELL}),(${CSV_CELL}),(?:(?:${CSV_CELL})?,){9}(?:${CSV_CELL})?$`,
);
/** A JSON text that needs no escape (no quote, backslash or control character) and holds no comma. */
const JSON_CELL = String.raw`[^,"\\\u0000-\u001f]`;
const JSON_CELLS = new RegExp(`^(?:${JSON_CELL}+,){9}(?:${JSON_CELL}*,){9}${JSON_CELL}*$`);
/** What goes before each JSON field's value. */
const JSON_KEYS = JSON_NAMES.map((name, i) => `${i === 0 ? '{' : ','}"${name}":`);
const NULLABLE_FROM = REQUIRED.length;
const CONFIRMATIONS = JSON_NAMES.length - 1;

export interface JoinedSource {
  query: HistoryQuery;
  /** A row's entry by its rid, read on a connection of its own that sees what `query` sees (the query's is busy reading the block). */
  entry(rid: number): HistoryEntry;
  filter: HistoryFilter;
  format: 'csv' | 'json';
  pricer: RowPricer | undefined;
  /** Where the withdrawals' ids are noted (a team desk's export); absent, none are. */
  withdrawals: Set<string> | undefined;
}

/** The block's lines (transactions.json's each end with a comma, export-blocks.ts takes the file's last off); `stats` is filled as they are made. */
export function* joinedLines(source: JoinedSource, range: TimeRange, stats: BlockStats): Generator<string> {
  const rows = source.query.select(source.filter, range, SELECTED);
  const json = source.format === 'json';
  const note = (id: string, type: string, createdAt: string) => {
    stats.rows += 1;
    if (stats.oldest === null || createdAt < stats.oldest) stats.oldest = createdAt;
    if (stats.newest === null || createdAt > stats.newest) stats.newest = createdAt;
    if (source.withdrawals !== undefined && isWithdrawalRow({ type })) source.withdrawals.add(id);
  };
  for (const row of rows) {
    const joined = row[1] as string;
    const line = row[0] === 0 ? (json ? jsonLine(joined, row, source, note) : csvLine(joined, row, source, note)) : undefined;
    if (line !== undefined) {
      yield line;
      continue;
    }
    const entry = source.entry(row[4] as number);
    note(entry.id, entry.type, entry.createdAt);
    yield json ? jsonRowLine(entry, source.pricer) + ',\n' : canonicalCsvLine(entry, source.pricer);
  }
}

/** JoinedSource.entry over `db`. */
export function entriesByRid(db: Database.Database): (rid: number) => HistoryEntry {
  const byRid = db.prepare(`SELECT ${ENTRY_COLUMNS} FROM ${HISTORY_TABLE} WHERE rid = ?`).raw(true);
  return (rid) => {
    const values = byRid.get(rid) as unknown[] | undefined;
    if (values === undefined) throw new Error(`row ${rid} was read and then not found`);
    return entryFromValues(values);
  };
}

type Note = (id: string, type: string, createdAt: string) => void;

const buyOf = (row: unknown[]): HistoryBuyCrypto | null => (row[3] === null ? null : (JSON.parse(row[3] as string) as HistoryBuyCrypto));

/** Details jsonRowTail spells (each text or null): anything else is left to the entry's own path, before the row is priced. */
const plainBuy = (buy: HistoryBuyCrypto | null): boolean =>
  buy === null || [buy.provider, buy.sourceCurrency, buy.sourceAmount, buy.targetCurrency, buy.targetAmount, buy.paymentMethod]
    .every((detail) => detail === null || typeof detail === 'string');

function csvLine(joined: string, row: unknown[], source: JoinedSource, note: Note): string | undefined {
  const cells = CSV_CELLS.exec(joined);
  if (cells === null) return undefined;
  const [, id = '', createdAt = '', type = '', currency = '', amount = ''] = cells;
  note(id, type, createdAt);
  const value = source.pricer === undefined ? null : source.pricer.valueOf(currency, amount, createdAt);
  return joined + ',' + canonicalCsvTail(row[2] as string | null, buyOf(row), 'transaction', null, value);
}

function jsonLine(joined: string, row: unknown[], source: JoinedSource, note: Note): string | undefined {
  const buy = buyOf(row);
  if (!JSON_CELLS.test(joined) || !plainBuy(buy) || (row[2] !== null && typeof row[2] !== 'string')) return undefined;
  const cells = joined.split(',');
  const tail = jsonRowTail(row[2], buy, 'transaction', null, source.pricer?.valueOf(cells[7] as string, cells[8] as string, cells[1] as string) ?? null);
  // Every part of the tail is text or null by now.
  if (tail === undefined) throw new Error('a JSON row could not be spelled');
  note(cells[0] as string, cells[3] as string, cells[1] as string);
  let text = '';
  for (let i = 0; i < CONFIRMATIONS; i += 1) {
    const cell = cells[i] as string;
    text += JSON_KEYS[i] + (i >= NULLABLE_FROM && cell === '' ? 'null' : '"' + cell + '"');
  }
  const confirmations = cells[CONFIRMATIONS] as string;
  return text + JSON_KEYS[CONFIRMATIONS] + (confirmations === '' ? 'null' : confirmations) + ',' + tail + ',\n';
}
