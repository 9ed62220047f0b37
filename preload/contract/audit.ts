// The audit log as the renderer sees it: entries, filters, the CSV export and the chain check.
// Amounts are strings (decimal text exactly as sent to the service).

export const AUDIT_ACTIONS = ['prepare', 'commit', 'rollback', 'transfer'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** attempt: written before the request is sent; result: written when it settles. */
export const AUDIT_PHASES = ['attempt', 'result'] as const;
export type AuditPhase = (typeof AUDIT_PHASES)[number];

/** sent: an attempt; ok/error: a settled result; uncertain: the outcome is unknown (being checked). */
export const AUDIT_OUTCOMES = ['sent', 'ok', 'error', 'uncertain'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

export interface AuditEntry {
  id: number;
  /** ISO 8601 UTC. */
  at: string;
  profileId: string;
  profileName: string;
  /** The operating-system user who ran Coffer. */
  osUser: string;
  action: AuditAction;
  phase: AuditPhase;
  /** Links an attempt to its result. */
  correlationId: string;
  currency: string | null;
  amount: string | null;
  fee: string | null;
  address: string | null;
  network: string | null;
  outcome: AuditOutcome;
  /** The error shown to the user, with its code, when the action failed. */
  error: string | null;
  /** The service's transaction id, once known. */
  txId: string | null;
  /** Anything else worth keeping, e.g. "wallet → spot" for a transfer. */
  detail: string | null;
  prevHash: string;
  hash: string;
}

export interface AuditFilter {
  action?: AuditAction;
  profileId?: string;
  /** Case-insensitive search over currency, address, transaction id, error, profile, user, detail. */
  text?: string;
  /** ISO 8601 bounds, inclusive. */
  from?: string;
  till?: string;
  /** Newest first; limit defaults to 100 (max 1000). */
  limit?: number;
  offset?: number;
}

export interface AuditPage {
  entries: AuditEntry[];
  total: number;
}

export type AuditVerification =
  | { ok: true; count: number }
  | { ok: false; brokenAt: number; reason: string };

export interface AuditCsv {
  fileName: string;
  csv: string;
}
