// The worker's half of an export: the profile's history store opened read-only, the filtered
// rows read oldest first inside one read transaction (every data file of the archive sees the
// same rows, whatever the sync writes meanwhile), written into the archive; main signs the
// manifest when asked.
import Database from 'better-sqlite3';
import type { ExportFormat, HistoryFilter } from '../../../preload/contract/history';
import { createHistoryQuery } from '../history/query';
import { dataFileNames, writeExportArchive, type DataSummary } from './archive';
import type { SignedManifest } from './manifest';
import { bindingOptions } from './sqlite-binding';
import type { WorkerChannel } from './worker-channel';

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
}

export interface ExportTaskResult {
  bytes: number;
  rows: number;
}

/** What the worker asks main: sign the manifest of what it wrote. */
export interface SignRequest {
  summary: DataSummary;
}

export async function exportTask(data: ExportTaskData, channel: WorkerChannel): Promise<ExportTaskResult> {
  const db = new Database(data.dbPath, bindingOptions(data.nativeBinding, { readonly: true, fileMustExist: true }));
  try {
    db.pragma('busy_timeout = 5000');
    const query = createHistoryQuery(db);
    db.exec('BEGIN');
    const rows = query.count(data.filter);
    const total = rows * dataFileNames(data.format).length;
    let done = 0;
    channel.progress(0, total, 'writing', true);
    let rowCount = 0;
    const bytes = await writeExportArchive(
      {
        path: data.path,
        format: data.format,
        rows: () => query.iterate(data.filter),
        source: { profileName: data.profileName },
        modifiedAt: new Date(data.modifiedAt),
        onRow: () => {
          done += 1;
          if ((done & 1023) === 0) channel.progress(done, Math.max(total, done), 'writing');
        },
      },
      async (summary) => {
        rowCount = summary.rowCount;
        channel.progress(done, Math.max(total, done), 'signing', true);
        const signed = await channel.request<{ manifest: Uint8Array; signature: string }>({ summary } satisfies SignRequest);
        return { manifest: Buffer.from(signed.manifest), signature: signed.signature } satisfies SignedManifest;
      },
    );
    db.exec('COMMIT');
    return { bytes, rows: rowCount };
  } finally {
    db.close();
  }
}
