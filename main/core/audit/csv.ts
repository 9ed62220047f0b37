// CSV export of the audit log: RFC 4180 (CRLF line ends, fields with a comma, quote or line break
// quoted, quotes doubled), amounts as the exact strings stored, and cells a spreadsheet would run
// as a formula (starting with = + - @, or a tab / carriage return) prefixed with an apostrophe.
import type { AuditEntry } from '../../../preload/contract/audit';

const COLUMNS = [
  ['id', (e: AuditEntry) => String(e.id)],
  // ISO with Z: the column name says the zone for a spreadsheet that drops the Z.
  ['time_utc', (e: AuditEntry) => e.at],
  ['profile_id', (e: AuditEntry) => e.profileId],
  ['profile', (e: AuditEntry) => e.profileName],
  ['os_user', (e: AuditEntry) => e.osUser],
  ['action', (e: AuditEntry) => e.action],
  ['phase', (e: AuditEntry) => e.phase],
  ['outcome', (e: AuditEntry) => e.outcome],
  ['currency', (e: AuditEntry) => e.currency],
  ['amount', (e: AuditEntry) => e.amount],
  ['fee', (e: AuditEntry) => e.fee],
  ['address', (e: AuditEntry) => e.address],
  ['network', (e: AuditEntry) => e.network],
  ['transaction_id', (e: AuditEntry) => e.txId],
  ['error', (e: AuditEntry) => e.error],
  ['detail', (e: AuditEntry) => e.detail],
  ['correlation_id', (e: AuditEntry) => e.correlationId],
  ['prev_hash', (e: AuditEntry) => e.prevHash],
  ['hash', (e: AuditEntry) => e.hash],
] as const satisfies readonly (readonly [string, (entry: AuditEntry) => string | null])[];

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell: neutralised against formula injection, then quoted if RFC 4180 requires it. */
export function csvCell(value: string | null): string {
  if (value === null) return '';
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The header line, CRLF-terminated: the first chunk of an export starts with it. */
export const AUDIT_CSV_HEADER = COLUMNS.map(([name]) => name).join(',') + '\r\n';

/** One CRLF-terminated line per entry, so chunks concatenate into one valid file. */
export function auditCsvLines(entries: readonly AuditEntry[]): string {
  let text = '';
  for (const entry of entries) text += COLUMNS.map(([, read]) => csvCell(read(entry))).join(',') + '\r\n';
  return text;
}
