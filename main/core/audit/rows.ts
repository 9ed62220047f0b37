// audit_entries rows ↔ AuditEntry. Values read back are checked, not trusted: the file may have
// been edited by hand, and verify() must report that rather than crash.
import {
  AUDIT_ACTIONS,
  AUDIT_OUTCOMES,
  AUDIT_PHASES,
  type AuditEntry,
} from '../../../preload/contract/audit';
import type { HashableEntry } from './chain';

export interface AuditRow {
  id: number;
  at: string;
  profile_id: string;
  profile_name: string;
  os_user: string;
  action: string;
  phase: string;
  correlation_id: string;
  currency: string | null;
  amount: string | null;
  fee: string | null;
  address: string | null;
  network: string | null;
  outcome: string;
  error: string | null;
  tx_id: string | null;
  detail: string | null;
  prev_hash: string;
  hash: string;
}

function oneOf<T extends string>(allowed: readonly T[], value: string, fallback: T): T {
  return allowed.find((candidate) => candidate === value) ?? fallback;
}

/** The row exactly as stored, for verify(): nothing coerced to a valid value. */
export function storedEntryFromRow(row: AuditRow): HashableEntry & { hash: string } {
  return {
    ...entryFromRow(row),
    action: String(row.action),
    phase: String(row.phase),
    outcome: String(row.outcome),
  };
}

export function entryFromRow(row: AuditRow): AuditEntry {
  return {
    id: Number(row.id),
    at: String(row.at),
    profileId: String(row.profile_id),
    profileName: String(row.profile_name),
    osUser: String(row.os_user),
    // An unknown value maps to a known one only for display; verify() hashes the stored text.
    action: oneOf(AUDIT_ACTIONS, row.action, 'prepare'),
    phase: oneOf(AUDIT_PHASES, row.phase, 'attempt'),
    correlationId: String(row.correlation_id),
    currency: textOrNull(row.currency),
    amount: textOrNull(row.amount),
    fee: textOrNull(row.fee),
    address: textOrNull(row.address),
    network: textOrNull(row.network),
    outcome: oneOf(AUDIT_OUTCOMES, row.outcome, 'error'),
    error: textOrNull(row.error),
    txId: textOrNull(row.tx_id),
    detail: textOrNull(row.detail),
    prevHash: String(row.prev_hash),
    hash: String(row.hash),
  };
}

function textOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : String(value);
}
