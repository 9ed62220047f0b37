// The CSV export, driven from here one chunk at a time: each call is a bounded piece of work in
// main (which answers other calls between them), and progress is the entries written so far of
// those that matched when the export began. The pieces become one Blob, never one string.
import type { AuditCsvChunk, AuditExportFilter, AuditExportRequest } from '../../../../preload/contract/audit';
import type { Result } from '../../../../preload/contract/result';

export interface AuditProgress {
  done: number;
  total: number;
}

export interface CollectedCsv {
  parts: string[];
  /** Entries in the file. */
  count: number;
  /** Characters of CSV text (bytes for ASCII content). */
  length: number;
}

export type FetchChunk = (request: AuditExportRequest) => Promise<Result<AuditCsvChunk>>;

export async function collectAuditCsv(
  fetchChunk: FetchChunk,
  filter: AuditExportFilter,
  onProgress: (progress: AuditProgress) => void,
): Promise<Result<CollectedCsv>> {
  const parts: string[] = [];
  let length = 0;
  let request: AuditExportRequest = { filter };
  for (;;) {
    const result = await fetchChunk(request);
    if (!result.ok) return result;
    const chunk = result.value;
    if (chunk.csv !== '') parts.push(chunk.csv);
    length += chunk.csv.length;
    onProgress({ done: chunk.done, total: chunk.total });
    if (chunk.next === null) return { ok: true, value: { parts, count: chunk.done, length } };
    request = { filter, cursor: chunk.next };
  }
}

/** "coffer-audit-2026-11-23-09-41-07.csv" (UTC): sorts by time, no characters a file system refuses. */
export function auditFileName(at: Date): string {
  return `coffer-audit-${at.toISOString().slice(0, 19).replace(/[:T]/g, '-')}.csv`;
}
