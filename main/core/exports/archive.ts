// One export archive from the rows: the data file(s) of the format, streamed into the zip while
// hashed and counted, then manifest.json and manifest.sig. The rows are read once per data file
// (koinly and cointracking also carry the canonical transactions.csv), so `rows()` must give the
// same rows each time (the export job reads inside one database snapshot). The manifest is made
// and signed by the caller from what was written, so the key never needs to be where the rows are.
import type { ExportFormat, HistoryEntry } from '../../../preload/contract/history';
import { accountantLines, COINTRACKING_NAME, KOINLY_NAME, type AccountantSource } from './formats/accountant-csv';
import { CANONICAL_CSV_NAME, canonicalCsvLines } from './formats/canonical-csv';
import { JSON_ROWS_NAME, jsonRowsLines } from './formats/json-rows';
import { noneExcluded, type ExcludedCounts } from './formats/tax-mapping';
import { MANIFEST_NAME, SIGNATURE_NAME, type ManifestFile, type SignedManifest } from './manifest';
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
  /** The rows to export, oldest first; called once per data file. */
  rows: () => Iterable<HistoryEntry>;
  source: AccountantSource;
  modifiedAt: Date;
  /** Called after each row written to a data file. */
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
    for (const name of dataFileNames(request.format)) {
      const counted = countingRows(request.rows(), request.onRow);
      const file = await writeDataFile(writer, name, counted.entries, request, summary);
      if (name === CANONICAL_CSV_NAME || name === JSON_ROWS_NAME) {
        summary.rowCount = counted.stats.count;
        summary.from = counted.stats.oldest;
        summary.till = counted.stats.newest;
      }
      summary.files.push(file);
    }
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
export async function writeLines(writer: ZipWriter, name: string, lines: Iterable<string>, headerLines = 1): Promise<ManifestFile> {
  let count = 0;
  const written = await writer.addEntry(name, counted(lines, () => (count += 1)));
  return { name, sha256: written.sha256, rows: count - headerLines, bytes: written.bytes };
}

async function writeDataFile(
  writer: ZipWriter, name: string, entries: Iterable<HistoryEntry>, request: ArchiveRequest, summary: DataSummary,
): Promise<ManifestFile> {
  let lines: Iterable<string>;
  let headerLines = 1;
  if (name === KOINLY_NAME || name === COINTRACKING_NAME) {
    summary.excluded = noneExcluded();
    lines = accountantLines(name === KOINLY_NAME ? 'koinly' : 'cointracking', entries, request.source, summary.excluded);
  } else if (name === JSON_ROWS_NAME) {
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

function* counted<T>(items: Iterable<T>, each: () => void): Generator<T> {
  for (const item of items) {
    each();
    yield item;
  }
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
