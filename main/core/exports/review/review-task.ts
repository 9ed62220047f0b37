// The worker's half of a review: verify the export (verify.ts), and only when its signature and
// every file check out, read a balances export's day from its file, or load a history export's rows
// into the review's own temporary database (the history schema the profile stores use, filled by
// the bulk loader: a new database read only afterwards), reporting progress as it goes. Rows that
// do not read as Coffer's (a record over the length cap, a malformed cell) make the report say so.
import { StringDecoder } from 'node:string_decoder';
import Database from 'better-sqlite3';
import type { BalancesManifest, HistoryEntry, TrustedKey } from '../../../../preload/contract/history';
import type { DateBalances } from '../../../../preload/contract/portfolio';
import { bulkLoader } from '../../history/bulk-load';
import { CsvFormatError } from '../csv/records';
import { balancesFromExport, readBalancesCsv } from '../formats/balances-csv';
import { CanonicalCsvReader } from '../formats/canonical-csv';
import { EntryFormatError } from '../formats/entry-fields';
import { JsonRowsReader } from '../formats/json-rows';
import { bindingOptions } from '../sqlite-binding';
import { verifyExport, type Verification } from '../verify';
import type { WorkerChannel } from '../worker-channel';
import { ZipError } from '../zip/format';
import { ZipReader } from '../zip/reader';

const BATCH = 5_000;

export interface ReviewTaskData {
  kind: 'review';
  zipPath: string;
  dbPath: string;
  trusted: TrustedKey[];
  nativeBinding?: string;
}

export interface ReviewTaskResult {
  verification: Verification;
  /** Rows loaded (0 when the export was not loaded). */
  rows: number;
  /** A balances export's day, read from its file (never loaded as transactions). */
  balances?: DateBalances;
}

export async function reviewTask(data: ReviewTaskData, channel: WorkerChannel): Promise<ReviewTaskResult> {
  const verification = await verifyExport(data.zipPath, data.trusted, (done, total) => channel.progress(done, total, 'verifying'));
  if (!verification.intact || verification.dataFile === null || verification.signed === null) return { verification, rows: 0 };
  const { dataFile, signed } = verification;
  try {
    if (signed.balances !== undefined) {
      const balances = await readBalances(data.zipPath, dataFile, signed.balances);
      return { verification, rows: balances.rows.length, balances };
    }
    return { verification, rows: await loadRows(data, dataFile, signed.rowCount, channel) };
  } catch (error) {
    if (!(error instanceof CsvFormatError || error instanceof EntryFormatError || error instanceof ZipError)) throw error;
    // Signed and intact, yet not rows Coffer writes (any key can sign): a verdict, not a failure.
    const problem = { kind: 'notExport', message: `Its rows cannot be read: ${error.message}`, file: dataFile } as const;
    return { verification: { ...verification, problems: [...verification.problems, problem], intact: false, verified: false }, rows: 0 };
  }
}

/** A balances file is a few hundred rows: read whole. */
const BALANCES_MAX_BYTES = 16 * 1024 * 1024;

async function readBalances(zipPath: string, dataFile: string, day: BalancesManifest): Promise<DateBalances> {
  const zip = await ZipReader.open(zipPath);
  try {
    const text = (await zip.readAll(dataFile, BALANCES_MAX_BYTES)).toString('utf8');
    return balancesFromExport(readBalancesCsv(text, dataFile), day);
  } finally {
    await zip.close();
  }
}

async function loadRows(data: ReviewTaskData, dataFile: string, expected: number, channel: WorkerChannel): Promise<number> {
  const db = new Database(data.dbPath, bindingOptions(data.nativeBinding));
  const zip = await ZipReader.open(data.zipPath);
  try {
    // A scratch copy, thrown away with the review (the loader sets it up so).
    const loader = bulkLoader(db);
    let batch: HistoryEntry[] = [];
    let loaded = 0;
    const flush = () => {
      loaded += loader.add(batch);
      batch = [];
      channel.progress(loaded, expected, 'loading');
    };
    const onEntry = (entry: HistoryEntry) => {
      batch.push(entry);
      if (batch.length >= BATCH) flush();
    };
    const reader = dataFile.endsWith('.json') ? new JsonRowsReader(onEntry) : new CanonicalCsvReader(onEntry);
    const decoder = new StringDecoder('utf8');
    channel.progress(0, expected, 'loading', true);
    for await (const chunk of zip.read(dataFile)) reader.push(decoder.write(chunk));
    reader.push(decoder.end());
    reader.end();
    flush();
    loader.finish();
    channel.progress(loaded, expected, 'loading', true);
    return loaded;
  } finally {
    await zip.close();
    db.close();
  }
}
