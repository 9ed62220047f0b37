// A large CSV or JSON export written from blocks of rows that line helpers (line-helper.ts) read
// and spell on threads of their own, while this thread hashes, deflates and writes the batches in
// the rows' order. The file is byte for byte the one a single thread writes.
//
// Every thread must see the same rows. The export holds the store's write lock, writing nothing,
// from before its own read transaction begins until every helper has begun its own: nobody can
// commit in between, so all of them read the same state. When a writer holds the lock for long,
// the export thread goes on alone instead.
import Database from 'better-sqlite3';
import type { HistoryQuery } from '../../history/query';
import { startWorker } from '../../start-worker';
import { dataFileNames, writeSignedArchive, type DataSummary } from '../archive';
import { CANONICAL_CSV_HEADER } from '../formats/canonical-csv';
import { JSON_ROWS_CLOSING, JSON_ROWS_OPENING } from '../formats/json-rows';
import type { ManifestFile, SignedManifest } from '../manifest';
import { bindingOptions } from '../sqlite-binding';
import type { ZipWriter } from '../zip/writer';
import type { LineHelperData } from './line-helper';
import { LineHelpers } from './line-helpers';
import { mergeBlockStats, noBlockStats, planBlocks } from './plan';

/** Below this many rows, starting the helpers costs more than they save. */
export const BLOCKS_FROM_ROWS = 50_000;
/** About 4 MiB of CSV a block: small enough to hold a few, large enough that a block's start is nothing. */
export const ROWS_PER_BLOCK = 20_000;
const HELPERS = 2;
/** How long the export waits for a writer to let go of the store (a sync commits in far less). */
const WRITE_LOCK_WAIT_MS = 1_000;

/**
 * A connection holding the store's write lock and writing nothing, or null when it cannot be had
 * (a writer keeps it past WRITE_LOCK_WAIT_MS, or the file cannot be opened for writing).
 */
export function holdWrites(dbPath: string, nativeBinding: string | undefined): Database.Database | null {
  let lock: Database.Database | null = null;
  try {
    lock = new Database(dbPath, bindingOptions(nativeBinding, { fileMustExist: true }));
    lock.pragma(`busy_timeout = ${WRITE_LOCK_WAIT_MS}`);
    lock.exec('BEGIN IMMEDIATE');
    return lock;
  } catch {
    lock?.close();
    return null;
  }
}

/** Lets writers in again (nothing was written). */
export function releaseWrites(lock: Database.Database | null): void {
  if (lock === null || !lock.open) return;
  if (lock.inTransaction) lock.exec('ROLLBACK');
  lock.close();
}

export interface BlockExport {
  helperScript: string;
  helper: LineHelperData;
  path: string;
  modifiedAt: Date;
  /** The write lock held since before the export's own transaction began; released once the helpers have begun theirs. */
  writeLock: Database.Database;
  query: HistoryQuery;
  progress(done: number): void;
  sign(summary: DataSummary): Promise<SignedManifest>;
  /** A team desk's approvals record, from the withdrawals among the rows. */
  extraFile?: (writer: ZipWriter, withdrawals: string[]) => Promise<ManifestFile>;
}

/** The archive's size and rows. */
export async function exportInBlocks(job: BlockExport): Promise<{ bytes: number; rows: number }> {
  let helpers: LineHelpers;
  try {
    helpers = await LineHelpers.start(HELPERS, () => startWorker(job.helperScript, { workerData: job.helper }));
  } finally {
    releaseWrites(job.writeLock);
  }
  try {
    const plan = planBlocks(job.query.dayCounts(job.helper.filter), ROWS_PER_BLOCK);
    const stats = noBlockStats();
    const [name = ''] = dataFileNames(job.helper.format);
    const json = job.helper.format === 'json';
    const bytes = await writeSignedArchive(job.path, job.modifiedAt, async (writer) => {
      const blocks = helpers.inOrder(plan, (block) => {
        mergeBlockStats(stats, block);
        job.progress(stats.rows);
      });
      const parts = framed(json ? JSON_ROWS_OPENING : CANONICAL_CSV_HEADER, json ? lastCommaDropped(blocks) : blocks, json ? JSON_ROWS_CLOSING : '');
      const written = await writer.addEntry(name, parts);
      const summary: DataSummary = {
        files: [{ name, sha256: written.sha256, rows: stats.rows, bytes: written.bytes }], rowCount: stats.rows, from: stats.oldest, till: stats.newest,
      };
      if (job.helper.prices !== undefined) summary.unpricedRows = stats.unpriced;
      if (job.extraFile !== undefined) summary.files.push(await job.extraFile(writer, stats.withdrawals));
      return summary;
    }, job.sign);
    return { bytes, rows: stats.rows };
  } finally {
    await helpers.stop();
  }
}

async function* framed(opening: string, batches: AsyncIterable<Uint8Array>, closing: string): AsyncGenerator<Uint8Array> {
  yield Buffer.from(opening, 'utf8');
  yield* batches;
  if (closing !== '') yield Buffer.from(closing, 'utf8');
}

const COMMA_NEWLINE = Buffer.from(',\n');
const NEWLINE = Buffer.from('\n');

/** transactions.json's rows each end with ",\n" from the helpers; the file's last row ends with "\n". */
async function* lastCommaDropped(batches: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  let held: Uint8Array | null = null;
  for await (const batch of batches) {
    if (held !== null) yield held;
    held = batch;
  }
  if (held === null) return;
  const end = held.subarray(held.byteLength - COMMA_NEWLINE.length);
  if (!COMMA_NEWLINE.equals(end)) throw new Error('a JSON block did not end with a row');
  yield held.subarray(0, held.byteLength - COMMA_NEWLINE.length);
  yield NEWLINE;
}
