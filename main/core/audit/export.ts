// The CSV export one bounded chunk per call. Each call reads a window of at most EXPORT_WINDOW
// entry ids, so its time and memory do not grow with the log (nor with a filter matching little);
// the renderer calls again with the returned cursor, and main answers other calls in between.
// The first call fixes the end of the export at the newest entry: entries are never changed, so
// the chunks together are exactly what matched when the export began.
import type Database from 'better-sqlite3';
import type { AuditCsvChunk, AuditExportCursor, AuditExportRequest } from '../../../preload/contract/audit';
import { AUDIT_CSV_HEADER, auditCsvLines } from './csv';
import { whereClause } from './query';
import { entryFromRow, type AuditRow } from './rows';

export const EXPORT_WINDOW = 1000;

export function auditExportChunk(db: Database.Database, request: AuditExportRequest, window = EXPORT_WINDOW): AuditCsvChunk {
  const cursor = request.cursor ?? startCursor(db, request);
  const windowEnd = Math.min(cursor.throughId, cursor.afterId + window);
  const where = whereClause(request.filter, ['id > @afterId', 'id <= @windowEnd']);
  const rows = db
    .prepare(`SELECT * FROM audit_entries ${where.sql} ORDER BY id ASC`)
    .all({ ...where.params, afterId: cursor.afterId, windowEnd }) as AuditRow[];
  const done = cursor.done + rows.length;
  // Only a file edited behind Coffer's back could match more than was counted; never report done > total.
  const total = Math.max(cursor.total, done);
  const lines = auditCsvLines(rows.map(entryFromRow));
  return {
    csv: request.cursor === undefined ? AUDIT_CSV_HEADER + lines : lines,
    done,
    total,
    next: windowEnd < cursor.throughId ? { afterId: windowEnd, throughId: cursor.throughId, done, total } : null,
  };
}

function startCursor(db: Database.Database, request: AuditExportRequest): AuditExportCursor {
  const throughId = Number(db.prepare('SELECT COALESCE(MAX(id), 0) FROM audit_entries').pluck().get());
  const where = whereClause(request.filter, ['id <= @throughId']);
  const total = Number(db.prepare(`SELECT COUNT(*) FROM audit_entries ${where.sql}`).pluck().get({ ...where.params, throughId }));
  return { afterId: 0, throughId, done: 0, total };
}
