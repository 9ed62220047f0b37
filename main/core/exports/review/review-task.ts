// The worker's half of a review: verify the export (verify.ts: the signature, then every file
// inflated and hashed in full), and only when its signature and every file check out, read a
// balances export's day from its file, or store a history export's rows in the review's own
// temporary database (rows-load.ts: the history schema the profile stores use, filled by the bulk
// loader). The verdict comes first: once it is known and the file's first rows are stored, the job
// tells main (a request it answers once it can read them), then stores the rest. Rows that do not
// read as Coffer's (a record over the length cap, a malformed cell) make the report say so.
import type { BalancesManifest, TrustedKey } from '../../../../preload/contract/history';
import type { DateBalances } from '../../../../preload/contract/portfolio';
import { CsvFormatError } from '../csv/records';
import { balancesFromExport, readBalancesCsv } from '../formats/balances-csv';
import { EntryFormatError } from '../formats/entry-fields';
import { verifyExport, type Verification } from '../verify';
import type { WorkerChannel } from '../worker-channel';
import { ZipError } from '../zip/format';
import { ZipReader } from '../zip/reader';
import { loadRows } from './rows-load';

export { textOf } from './rows-load';

export interface ReviewTaskData {
  kind: 'review';
  zipPath: string;
  dbPath: string;
  /** Where the first rows are stored on their own, read while the rest load. */
  firstRowsPath: string;
  trusted: TrustedKey[];
  nativeBinding?: string;
}

/** The job's request to main: the verdict is in (intact), and the first rows can be read. */
export interface FirstRowsReady {
  kind: 'firstRows';
  verification: Verification;
  /** How many rows the first rows' database holds. */
  rows: number;
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
  const { dataFile, signed } = verification;
  if (!verification.intact || dataFile === null || signed === null) return { verification, rows: 0 };
  try {
    if (signed.balances !== undefined) {
      const balances = await readBalances(data.zipPath, dataFile, signed.balances);
      return { verification, rows: balances.rows.length, balances };
    }
    const place = { zipPath: data.zipPath, dataFile, dbPath: data.dbPath, firstRowsPath: data.firstRowsPath, nativeBinding: data.nativeBinding };
    const ready = (rows: number) => channel.request<void>({ kind: 'firstRows', verification, rows } satisfies FirstRowsReady);
    return { verification, rows: await loadRows(place, signed.rowCount, channel, ready) };
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

