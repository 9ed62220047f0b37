// The audit log as the renderer sees it: entries, filters, the CSV export (in chunks) and the chain
// check (with progress).
// Amounts are strings (decimal text exactly as sent to the service).
import { z } from 'zod';
import { isoTime } from './fields';
import { noPayload, reads, type EventList, type Op, type OperationSpecs } from './operation';
import { profileIdText } from './profile-schemas';

export const AUDIT_ACTIONS = [
  'prepare', 'commit', 'rollback', 'transfer', 'convert', 'internalWithdraw', 'subAccountTransfer', 'buyCryptoOrder',
  'subAccountFreeze', 'subAccountActivate', 'subAccountAcl', 'spotOrder', 'cancelOrder',
] as const;
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


/** The filter an export applies: everything that matches, so no paging. */
export type AuditExportFilter = Omit<AuditFilter, 'limit' | 'offset'>;

/** Where an export stands; main returns it with each chunk and the renderer hands it back as is. */
export interface AuditExportCursor {
  /** The last entry id the export has covered. */
  afterId: number;
  /** The newest entry when the export began: entries written later are not part of it. */
  throughId: number;
  /** Entries written to the CSV so far. */
  done: number;
  /** Entries matching the filter up to throughId, counted when the export began. */
  total: number;
}

export interface AuditExportRequest {
  filter: AuditExportFilter;
  /** Absent for the first chunk (which carries the header); then the previous chunk's next. */
  cursor?: AuditExportCursor;
}

/** One slice of the CSV export: a bounded amount of work and text per call. */
export interface AuditCsvChunk {
  csv: string;
  done: number;
  total: number;
  /** The cursor for the next chunk, or null when the export is complete. */
  next: AuditExportCursor | null;
}

/** How far the running chain check has got (entries checked of the entries it will check). */
export interface AuditVerifyProgress {
  done: number;
  total: number;
}

export interface AuditOperations {
  listAudit: Op<AuditFilter, AuditPage>;
  /** The CSV export one chunk at a time: call again with `next` until it is null. */
  exportAuditCsvChunk: Op<AuditExportRequest, AuditCsvChunk>;
  /** Checks the whole chain, reporting auditVerifyProgress as it goes; a check already running is joined. */
  verifyAudit: Op<void, AuditVerification>;
}

const auditFilter = z
  .object({
    action: z.enum(AUDIT_ACTIONS, { error: `action must be one of ${AUDIT_ACTIONS.join(', ')}` }).optional(),
    profileId: profileIdText.optional(),
    text: z.string().max(200, 'Keep the search under 200 characters').optional(),
    from: isoTime.optional(),
    till: isoTime.optional(),
    limit: z.number().int().min(1).max(1000).optional(),
    offset: z.number().int().min(0).optional(),
  })
  .strict();

const count = (field: string) =>
  z.number({ error: `${field} must be a number` }).int(`${field} must be a whole number`).min(0, `${field} must not be negative`);

// Checked for shape and consistency only: main counts and bounds the export itself.
const auditExportCursor: z.ZodType<AuditExportCursor, unknown> = z
  .object({ afterId: count('afterId'), throughId: count('throughId'), done: count('done'), total: count('total') })
  .strict()
  .refine((cursor) => cursor.afterId <= cursor.throughId, { message: 'afterId is past throughId', path: ['afterId'] })
  .refine((cursor) => cursor.done <= cursor.total, { message: 'done is more than total', path: ['done'] });

// All three only read the log (the export and the check write nothing, not even to the log).
export const AUDIT_OPERATIONS = {
  listAudit: reads(auditFilter),
  exportAuditCsvChunk: reads(z.object({ filter: auditFilter.omit({ limit: true, offset: true }), cursor: auditExportCursor.optional() }).strict()),
  verifyAudit: reads(noPayload),
} as const satisfies OperationSpecs<AuditOperations>;

export interface AuditEvents {
  auditVerifyProgress: AuditVerifyProgress;
}

export const AUDIT_EVENTS = { auditVerifyProgress: true } as const satisfies EventList<AuditEvents>;
