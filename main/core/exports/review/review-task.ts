// The worker's half of a review: verify the export (verify.ts), and only when its signature and
// every file check out, read a balances export's day from its file, or keep a history export's rows
// in the review's own temporary database (the history schema the profile stores use, filled by the
// bulk loader: a new database read only afterwards). The rows are parsed and written while the data
// file is hashed, in the one pass that inflates it; they count only when the hashes match. Rows that
// do not read as Coffer's (a record over the length cap, a malformed cell) make the report say so.
import { isAscii } from 'node:buffer';
import { StringDecoder } from 'node:string_decoder';
import Database from 'better-sqlite3';
import type { BalancesManifest, HistoryEntry, TrustedKey } from '../../../../preload/contract/history';
import type { DateBalances } from '../../../../preload/contract/portfolio';
import { bulkLoader, type BulkLoader } from '../../history/bulk-load';
import { CsvFormatError } from '../csv/records';
import { balancesFromExport, readBalancesCsv } from '../formats/balances-csv';
import { CanonicalCsvReader } from '../formats/canonical-csv';
import { EntryFormatError } from '../formats/entry-fields';
import { JsonRowsReader } from '../formats/json-rows';
import { bindingOptions } from '../sqlite-binding';
import { verifyExport, type Verification } from '../verify';
import type { Manifest } from '../manifest';
import type { WorkerChannel } from '../worker-channel';
import { ZipError } from '../zip/format';
import { ZipReader } from '../zip/reader';

/** Entries per loader call: large transactions, a few MiB of entries held at a time. */
const BATCH = 10_000;

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
  const rows = new RowsLoad(data, channel);
  try {
    const verification = await verifyExport(data.zipPath, data.trusted, (done, total) => channel.progress(done, total, 'verifying'), (dataFile, manifest) =>
      manifest.balances === undefined ? rows.consumer(dataFile, manifest.rowCount) : null,
    );
    if (!verification.intact || verification.dataFile === null || verification.signed === null) return { verification, rows: 0 };
    return await readData(data, verification, verification.dataFile, verification.signed, rows);
  } finally {
    rows.close();
  }
}

async function readData(data: ReviewTaskData, verification: Verification, dataFile: string, signed: Manifest, rows: RowsLoad): Promise<ReviewTaskResult> {
  try {
    if (signed.balances !== undefined) {
      const balances = await readBalances(data.zipPath, dataFile, signed.balances);
      return { verification, rows: balances.rows.length, balances };
    }
    return { verification, rows: rows.finish() };
  } catch (error) {
    if (!(error instanceof CsvFormatError || error instanceof EntryFormatError || error instanceof ZipError)) throw error;
    // Signed and intact, yet not rows Coffer writes (any key can sign): a verdict, not a failure.
    const problem = { kind: 'notExport', message: `Its rows cannot be read: ${error.message}`, file: dataFile } as const;
    return { verification: { ...verification, problems: [...verification.problems, problem], intact: false, verified: false }, rows: 0 };
  }
}

/**
 * A history export's rows, parsed and written to the review's database as the verification hashes
 * them (one inflate of the data file). The first error that stops the rows is kept, not thrown,
 * so the hash still finishes; finish() throws it once the file is known to be the one signed.
 */
class RowsLoad {
  private db: Database.Database | null = null;
  private loader: BulkLoader | null = null;
  private batch: HistoryEntry[] = [];
  private loaded = 0;
  private expected = 0;
  private failure: unknown = null;
  private reader: { push(text: string): void; end(): void } | null = null;
  private readonly decoder = new StringDecoder('utf8');

  constructor(
    private readonly data: ReviewTaskData,
    private readonly channel: WorkerChannel,
  ) {}

  consumer(dataFile: string, expected: number): (chunk: Buffer) => void {
    this.expected = expected;
    this.db = new Database(this.data.dbPath, bindingOptions(this.data.nativeBinding));
    // A scratch copy, thrown away with the review (the loader sets it up so).
    this.loader = bulkLoader(this.db);
    const onEntry = (entry: HistoryEntry) => {
      this.batch.push(entry);
      if (this.batch.length >= BATCH) this.flush();
    };
    this.reader = dataFile.endsWith('.json') ? new JsonRowsReader(onEntry) : new CanonicalCsvReader(onEntry);
    return (chunk) => {
      if (this.failure !== null) return;
      try {
        this.reader?.push(textOf(chunk, this.decoder));
      } catch (error) {
        this.failure = error;
      }
    };
  }

  /** The rows loaded, once the sums and indexes are built; throws what stopped the rows. */
  finish(): number {
    if (this.failure !== null) throw this.failure;
    if (this.reader === null || this.loader === null) throw new Error('The rows were not read while the export was verified');
    this.reader.push(this.decoder.end());
    this.reader.end();
    this.flush();
    this.channel.progress(this.loaded, this.expected, 'loading', true);
    this.loader.finish();
    return this.loaded;
  }

  close(): void {
    this.db?.close();
  }

  private flush(): void {
    if (this.loader === null || this.batch.length === 0) return;
    this.loaded += this.loader.add(this.batch);
    this.batch = [];
  }
}

/**
 * The chunk's text, as the decoder would give it. A chunk of ASCII alone (nearly every chunk of an
 * export) is copied as it is, without UTF-8 decoding; what the decoder still held of a character
 * cut by the last chunk is ended first, exactly as writing this chunk to it would have.
 */
export function textOf(chunk: Buffer, decoder: StringDecoder): string {
  return isAscii(chunk) ? decoder.end() + chunk.toString('latin1') : decoder.write(chunk);
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

