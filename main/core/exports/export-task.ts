// The worker's half of an export: the profile's history store opened read-only, the filtered
// rows read oldest first inside one read transaction (every data file of the archive sees the
// same rows, whatever the sync writes meanwhile), written into the archive; on a team desk, main
// is asked for the team's record of the withdrawals among them, written as one more listed file;
// main signs the manifest when asked. Every row is valued from the price table main read before
// (pricing/price-table.ts): the worker has no network. A large CSV or JSON export has its rows
// read and spelled by two line helpers in blocks (blocks/export-blocks.ts), the same bytes.
import Database from 'better-sqlite3';
import type { ExportFormat, HistoryFilter } from '../../../preload/contract/history';
import { createHistoryQuery } from '../history/query';
import { dataFileNames, writeExportArchive, writeLines, type DataSummary } from './archive';
import { BLOCKS_FROM_ROWS, exportInBlocks, holdWrites, releaseWrites } from './blocks/export-blocks';
import { isLineFormat } from './blocks/line-helper';
import type { ManifestFile, SignedManifest } from './manifest';
import { RowPricer, type PriceTable } from './pricing/row-pricer';
import { bindingOptions } from './sqlite-binding';
import { notingWithdrawals, TEAM_APPROVALS_FRAME_LINES, TEAM_APPROVALS_NAME, teamApprovalsLines, type TeamProof } from './team-proofs';
import type { WorkerChannel } from './worker-channel';
import type { ZipWriter } from './zip/writer';

export interface ExportTaskData {
  kind: 'export';
  dbPath: string;
  nativeBinding?: string;
  filter: HistoryFilter;
  format: ExportFormat;
  /** Where the archive is written (a temporary name: main renames it once it is complete). */
  path: string;
  profileName: string;
  /** ISO time stamped on the archive's entries. */
  modifiedAt: string;
  /** A team desk's export carries the team's record of its withdrawals (team-approvals.json). */
  teamProofs: boolean;
  /** The closes every row is valued with; absent, the files carry no values. */
  prices?: PriceTable;
  /** This worker's script: a large CSV or JSON export starts its line helpers from it (absent: none). */
  helperScript?: string;
}

export interface ExportTaskResult {
  bytes: number;
  rows: number;
}

/** What the worker asks main: sign the manifest of what it wrote. */
export interface SignRequest {
  summary: DataSummary;
}

/** What the worker asks main on a team desk: the team's proofs for these withdrawals. */
export interface TeamProofsRequest {
  teamProofsFor: string[];
}

export function isTeamProofsRequest(body: unknown): body is TeamProofsRequest {
  return typeof body === 'object' && body !== null && Array.isArray((body as Partial<TeamProofsRequest>).teamProofsFor);
}

export async function exportTask(data: ExportTaskData, channel: WorkerChannel): Promise<ExportTaskResult> {
  const db = new Database(data.dbPath, bindingOptions(data.nativeBinding, { readonly: true, fileMustExist: true }));
  const format = data.format;
  let writeLock: Database.Database | null = null;
  try {
    db.pragma('busy_timeout = 5000');
    const query = createHistoryQuery(db);
    // Line helpers pay only for a large export, and read what this transaction reads only if
    // nobody commits before they have begun: a small one never waits for the lock. The rows
    // without the text filter are an upper bound read from the sums, before the transaction and
    // without touching the text's matches.
    if (data.helperScript !== undefined && isLineFormat(format) && query.count({ ...data.filter, text: undefined }) >= BLOCKS_FROM_ROWS) {
      writeLock = holdWrites(data.dbPath, data.nativeBinding);
    }
    db.exec('BEGIN');
    const rows = query.count(data.filter);
    const total = rows * dataFileNames(format).length;
    let done = 0;
    const sign = async (summary: DataSummary): Promise<SignedManifest> => {
      channel.progress(done, Math.max(total, done), 'signing', true);
      const signed = await channel.request<{ manifest: Uint8Array; signature: string }>({ summary } satisfies SignRequest);
      return { manifest: Buffer.from(signed.manifest), signature: signed.signature };
    };
    channel.progress(0, total, 'writing', true);
    if (writeLock !== null && data.helperScript !== undefined && isLineFormat(format) && rows >= BLOCKS_FROM_ROWS) {
      const inBlocks = await exportInBlocks({
        helperScript: data.helperScript,
        helper: { kind: 'lines', dbPath: data.dbPath, nativeBinding: data.nativeBinding, filter: data.filter, format, prices: data.prices, teamProofs: data.teamProofs },
        path: data.path, modifiedAt: new Date(data.modifiedAt), writeLock, query,
        progress: (rowsDone) => {
          done = rowsDone;
          channel.progress(done, Math.max(total, done), 'writing');
        },
        sign,
        extraFile: data.teamProofs ? (writer, withdrawals) => writeTeamApprovals(writer, withdrawals, channel) : undefined,
      });
      db.exec('COMMIT');
      return inBlocks;
    }
    releaseWrites(writeLock);
    let rowCount = 0;
    const withdrawals = new Set<string>();
    const bytes = await writeExportArchive(
      {
        path: data.path,
        format,
        rows: () => (data.teamProofs ? notingWithdrawals(query.iterate(data.filter), withdrawals) : query.iterate(data.filter)),
        source: { profileName: data.profileName, pricer: data.prices === undefined ? undefined : new RowPricer(data.prices) },
        modifiedAt: new Date(data.modifiedAt),
        onRow: () => {
          done += 1;
          if ((done & 1023) === 0) channel.progress(done, Math.max(total, done), 'writing');
        },
        extraFile: data.teamProofs ? (writer) => writeTeamApprovals(writer, [...withdrawals], channel) : undefined,
      },
      (summary) => {
        rowCount = summary.rowCount;
        return sign(summary);
      },
    );
    db.exec('COMMIT');
    return { bytes, rows: rowCount };
  } finally {
    releaseWrites(writeLock);
    db.close();
  }
}

/** team-approvals.json from the proofs main gives for the exported withdrawals (written even when none: the team had no record). */
async function writeTeamApprovals(writer: ZipWriter, txIds: string[], channel: WorkerChannel): Promise<ManifestFile> {
  const proofs = await channel.request<TeamProof[]>({ teamProofsFor: txIds } satisfies TeamProofsRequest);
  return writeLines(writer, TEAM_APPROVALS_NAME, teamApprovalsLines(proofs), TEAM_APPROVALS_FRAME_LINES);
}
