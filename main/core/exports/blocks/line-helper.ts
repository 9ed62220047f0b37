// A line helper: a thread of the export worker's own that reads blocks of an export's rows and
// spells them as the data file's lines, encoded into batches the export writes in order
// (export-blocks.ts). Reading and spelling a million rows is most of an export's work; two helpers
// share it across the cores while the export thread hashes, deflates and writes.
//
// The helper opens the store read-only and starts its read transaction at once, then says so:
// the export holds the store's write lock until every helper has (the same rows for every
// thread), and only then hands out blocks.
import type { MessagePort } from 'node:worker_threads';
import Database from 'better-sqlite3';
import type { HistoryFilter } from '../../../../preload/contract/history';
import { createHistoryQuery, type TimeRange } from '../../history/query';
import { HISTORY_TABLE } from '../../history/schema';
import { RowPricer, type PriceTable } from '../pricing/row-pricer';
import { bindingOptions } from '../sqlite-binding';
import { encodedBatches } from '../zip/writer';
import { entriesByRid, joinedLines } from './joined-rows';
import { noBlockStats, type BlockStats } from './plan';

/** The formats whose data file is one line per row, each spelled from its row alone. */
export type LineFormat = 'csv' | 'json';

export const isLineFormat = (format: string): format is LineFormat => format === 'csv' || format === 'json';

export interface LineHelperData {
  kind: 'lines';
  dbPath: string;
  nativeBinding?: string;
  filter: HistoryFilter;
  format: LineFormat;
  prices?: PriceTable;
  /** Note the withdrawals among the rows (a team desk's export lists their approvals). */
  teamProofs: boolean;
}

export interface BlockOrder {
  type: 'block';
  index: number;
  range: TimeRange;
}

export type FromLineHelper =
  | { type: 'snapshot' }
  | { type: 'batch'; index: number; bytes: Uint8Array }
  | { type: 'block'; index: number; stats: BlockStats }
  | { type: 'failed'; message: string };

/** Serves block orders until the export ends the thread. */
export function lineHelperTask(data: LineHelperData, port: MessagePort): Promise<never> {
  // The block's rows are read on one connection while the few spelled from their entries are
  // read on the other; both transactions begin before the export lets writers in again.
  const db = readingConnection(data);
  const lookups = readingConnection(data);
  const query = createHistoryQuery(db);
  const entry = entriesByRid(lookups);
  port.postMessage({ type: 'snapshot' } satisfies FromLineHelper);
  const pricer = data.prices === undefined ? undefined : new RowPricer(data.prices);
  return new Promise<never>((_resolve, reject) => {
    port.on('message', (order: BlockOrder) => {
      try {
        const stats = noBlockStats();
        const before = pricer?.unpriced ?? 0;
        const withdrawals = data.teamProofs ? new Set<string>() : undefined;
        const lines = joinedLines({ query, entry, filter: data.filter, format: data.format, pricer, withdrawals }, order.range, stats);
        for (const bytes of encodedBatches(lines)) {
          port.postMessage({ type: 'batch', index: order.index, bytes } satisfies FromLineHelper, [bytes.buffer as ArrayBuffer]);
        }
        stats.unpriced = (pricer?.unpriced ?? 0) - before;
        stats.withdrawals = withdrawals === undefined ? [] : [...withdrawals];
        port.postMessage({ type: 'block', index: order.index, stats } satisfies FromLineHelper);
      } catch (error) {
        db.close();
        lookups.close();
        reject(error);
      }
    });
  });
}

/** The store read-only, its read transaction begun (the first read fixes what it sees). */
function readingConnection(data: LineHelperData): Database.Database {
  const db = new Database(data.dbPath, bindingOptions(data.nativeBinding, { readonly: true, fileMustExist: true }));
  db.pragma('busy_timeout = 5000');
  db.exec('BEGIN');
  db.prepare(`SELECT 1 FROM ${HISTORY_TABLE} LIMIT 1`).get();
  return db;
}
