// One export archive from the rows: the data file(s) of the format, streamed into the zip while
// hashed and counted, then manifest.json and manifest.sig. Koinly and CoinTracking also carry the
// canonical transactions.csv: it is made from the same single read of the rows, compressed beside
// the archive while the accountant's file is written (zip/spool.ts) and copied in after it. The
// manifest is made
// and signed by the caller from what was written, so the key never needs to be where the rows are.
import type { ExportFormat, HistoryEntry } from '../../../preload/contract/history';
import { accountantLines, COINTRACKING_NAME, KOINLY_NAME, type AccountantSource } from './formats/accountant-csv';
import { CANONICAL_CSV_HEADER, CANONICAL_CSV_NAME, canonicalCsvLine, canonicalCsvLines } from './formats/canonical-csv';
import { JSON_ROWS_NAME, jsonRowsLines } from './formats/json-rows';
import { noneExcluded, type ExcludedCounts } from './formats/tax-mapping';
import { MANIFEST_NAME, SIGNATURE_NAME, type ManifestFile, type SignedManifest } from './manifest';
import { EntrySpool } from './zip/spool';
import { ZipWriter } from './zip/writer';

/** What the data files hold, for the manifest. */
export interface DataSummary {
  files: ManifestFile[];
  rowCount: number;
  from: string | null;
  till: string | null;
  excluded?: ExcludedCounts;
  /** Rows of the canonical file (transactions.csv / .json) that had no price (priced exports only). */
  unpricedRows?: number;
}

export interface ArchiveRequest {
  path: string;
  format: ExportFormat;
  /** The rows to export, oldest first; called once. */
  rows: () => Iterable<HistoryEntry>;
  source: AccountantSource;
  modifiedAt: Date;
  /** Called after each row written to a data file (twice a row when a format has two). */
  onRow?: () => void;
  /** A file written after the data files and listed with them (a team desk's approvals record). */
  extraFile?: (writer: ZipWriter) => Promise<ManifestFile | null>;
}

/** The data files of each format, in archive order: the accountant's file first, then the canonical one. */
export function dataFileNames(format: ExportFormat): string[] {
  if (format === 'json') return [JSON_ROWS_NAME];
  if (format === 'koinly') return [KOINLY_NAME, CANONICAL_CSV_NAME];
  if (format === 'cointracking') return [COINTRACKING_NAME, CANONICAL_CSV_NAME];
  return [CANONICAL_CSV_NAME];
}

/** Writes the archive; returns its size. The file is left for the caller to remove on failure. */
export function writeExportArchive(request: ArchiveRequest, sign: (summary: DataSummary) => Promise<SignedManifest>): Promise<number> {
  return writeSignedArchive(request.path, request.modifiedAt, async (writer) => {
    const summary: DataSummary = { files: [], rowCount: 0, from: null, till: null };
    const counted = countingRows(request.rows(), request.onRow);
    const [name] = dataFileNames(request.format);
    if (name === KOINLY_NAME || name === COINTRACKING_NAME) {
      summary.files.push(...(await writeWithCanonical(writer, name, counted.entries, request, summary)));
    } else {
      summary.files.push(await writeDataFile(writer, name ?? CANONICAL_CSV_NAME, counted.entries, request, summary));
    }
    summary.rowCount = counted.stats.count;
    summary.from = counted.stats.oldest;
    summary.till = counted.stats.newest;
    const extra = await request.extraFile?.(writer);
    if (extra) summary.files.push(extra);
    return summary;
  }, sign);
}

/**
 * Any archive: the data files `write` adds, then manifest.json signed over what they hold and
 * manifest.sig; returns the archive's size. The file is left for the caller to remove on failure.
 */
export async function writeSignedArchive(
  path: string, modifiedAt: Date, write: (writer: ZipWriter) => Promise<DataSummary>, sign: (summary: DataSummary) => Promise<SignedManifest>,
): Promise<number> {
  const writer = await ZipWriter.create(path, modifiedAt);
  try {
    const signed = await sign(await write(writer));
    await writer.addEntry(MANIFEST_NAME, [signed.manifest]);
    await writer.addEntry(SIGNATURE_NAME, [signed.signature]);
    return await writer.finish();
  } catch (error) {
    await writer.abort();
    throw error;
  }
}

/** One data file from its lines (the first `headerLines` are not rows), as the manifest lists it. */
export async function writeLines(writer: ZipWriter, name: string, lines: Iterable<string>, headerLines = 1, companion?: EntrySpool): Promise<ManifestFile> {
  let count = 0;
  const written = await writer.addEntry(name, counted(lines, () => (count += 1)), companion);
  return { name, sha256: written.sha256, rows: count - headerLines, bytes: written.bytes };
}

function* counted<T>(items: Iterable<T>, each: () => void): Generator<T> {
  for (const item of items) {
    each();
    yield item;
  }
}

/**
 * The accountant's file and transactions.csv from one pass over the rows: each row's canonical
 * line goes to a spool as the row passes on to the accountant's records.
 */
async function writeWithCanonical(
  writer: ZipWriter, name: string, entries: Iterable<HistoryEntry>, request: ArchiveRequest, summary: DataSummary,
): Promise<ManifestFile[]> {
  const spool = new EntrySpool(CANONICAL_CSV_NAME, `${request.path}.${CANONICAL_CSV_NAME}.spool`);
  try {
    const pricer = request.source.pricer;
    let unpriced = 0;
    let rows = 0;
    spool.push(CANONICAL_CSV_HEADER);
    const teed = function* (): Generator<HistoryEntry> {
      for (const entry of entries) {
        // The accountant's lines value rows with the same pricer: count only the canonical file's misses.
        const before = pricer?.unpriced ?? 0;
        spool.push(canonicalCsvLine(entry, pricer));
        unpriced += (pricer?.unpriced ?? 0) - before;
        rows += 1;
        request.onRow?.();
        yield entry;
      }
    };
    summary.excluded = noneExcluded();
    const lines = accountantLines(name === KOINLY_NAME ? 'koinly' : 'cointracking', teed(), request.source, summary.excluded);
    const accountant = await writeLines(writer, name, lines, 1, spool);
    const canonical = await writer.addSpooled(await spool.finish());
    if (pricer !== undefined) summary.unpricedRows = unpriced;
    return [accountant, { name: CANONICAL_CSV_NAME, sha256: canonical.sha256, rows, bytes: canonical.bytes }];
  } finally {
    await spool.discard();
  }
}

async function writeDataFile(
  writer: ZipWriter, name: string, entries: Iterable<HistoryEntry>, request: ArchiveRequest, summary: DataSummary,
): Promise<ManifestFile> {
  let lines: Iterable<string>;
  let headerLines = 1;
  if (name === JSON_ROWS_NAME) {
    // The opening and the closing line; each row is one line.
    headerLines = 2;
    lines = jsonRowsLines(entries, request.source.pricer);
  } else {
    lines = canonicalCsvLines(entries, request.source.pricer);
  }
  const pricer = request.source.pricer;
  const canonical = name === CANONICAL_CSV_NAME || name === JSON_ROWS_NAME;
  if (pricer !== undefined && canonical) pricer.unpriced = 0;
  const file = await writeLines(writer, name, lines, headerLines);
  if (pricer !== undefined && canonical) summary.unpricedRows = pricer.unpriced;
  return file;
}

interface RowStats {
  count: number;
  oldest: string | null;
  newest: string | null;
}

/** The rows passed through, counted, with their time range (ISO UTC text orders as time does). */
function countingRows(entries: Iterable<HistoryEntry>, onRow?: () => void): { entries: Iterable<HistoryEntry>; stats: RowStats } {
  const stats: RowStats = { count: 0, oldest: null, newest: null };
  const generator = function* (): Generator<HistoryEntry> {
    for (const entry of entries) {
      stats.count += 1;
      if (stats.oldest === null || entry.createdAt < stats.oldest) stats.oldest = entry.createdAt;
      if (stats.newest === null || entry.createdAt > stats.newest) stats.newest = entry.createdAt;
      onRow?.();
      yield entry;
    }
  };
  return { entries: generator(), stats };
}
