// Filtered reads of the audit log: the page the Audit screen shows, and every match at once (for
// tests and tools; the CSV export reads in chunks, see export.ts). Every value is bound as a
// parameter; the text search escapes LIKE wildcards.
import type Database from 'better-sqlite3';
import type { AuditEntry, AuditFilter, AuditPage } from '../../../preload/contract/audit';
import { entryFromRow, type AuditRow } from './rows';

export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 1000;

const SEARCHED_COLUMNS = ['currency', 'address', 'network', 'tx_id', 'error', 'profile_name', 'os_user', 'detail', 'correlation_id'];

interface WhereClause {
  sql: string;
  params: Record<string, string>;
}

/** The filter's conditions, ANDed with any fixed ones the caller adds (with their own parameters). */
export function whereClause(filter: AuditFilter, fixed: readonly string[] = []): WhereClause {
  const conditions: string[] = [...fixed];
  const params: Record<string, string> = {};
  if (filter.action) {
    conditions.push('action = @action');
    params.action = filter.action;
  }
  if (filter.profileId) {
    conditions.push('profile_id = @profileId');
    params.profileId = filter.profileId;
  }
  if (filter.from) {
    conditions.push('at >= @from');
    params.from = filter.from;
  }
  if (filter.till) {
    conditions.push('at <= @till');
    params.till = filter.till;
  }
  const text = filter.text?.trim();
  if (text) {
    const anyColumn = SEARCHED_COLUMNS.map((column) => `${column} LIKE @text ESCAPE '\\'`).join(' OR ');
    conditions.push(`(${anyColumn})`);
    params.text = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  }
  return { sql: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', params };
}

export function auditQuery(db: Database.Database) {
  return {
    page(filter: AuditFilter): AuditPage {
      const where = whereClause(filter);
      const limit = clamp(filter.limit ?? DEFAULT_PAGE_SIZE, 1, MAX_PAGE_SIZE);
      const offset = Math.max(0, Math.trunc(filter.offset ?? 0));
      const rows = db
        .prepare(`SELECT * FROM audit_entries ${where.sql} ORDER BY id DESC LIMIT ${limit} OFFSET ${offset}`)
        .all(where.params) as AuditRow[];
      const total = Number(db.prepare(`SELECT COUNT(*) FROM audit_entries ${where.sql}`).pluck().get(where.params));
      return { entries: rows.map(entryFromRow), total };
    },
    all(filter: AuditFilter): AuditEntry[] {
      const where = whereClause(filter);
      const rows = db.prepare(`SELECT * FROM audit_entries ${where.sql} ORDER BY id ASC`).all(where.params) as AuditRow[];
      return rows.map(entryFromRow);
    },
  };
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, Math.trunc(value)));
}
