// The audit page's filter form turned into the contract's AuditFilter, and how entries, task
// progress and results read.
import type { AuditAction, AuditEntry, AuditExportFilter, AuditFilter, AuditVerification } from '../../../../preload/contract/audit';
import { AUDIT_OUTCOME_WORDS } from '../../../../preload/contract/status-words';

export const AUDIT_PAGE_SIZE = 25;

export interface AuditFilterForm {
  action: AuditAction | null;
  text: string;
  /** Millisecond timestamps from the date-range picker (time bounds, not amounts). */
  range: [number, number] | null;
  page: number;
}

export function emptyAuditForm(): AuditFilterForm {
  return { action: null, text: '', range: null, page: 1 };
}

export function toAuditFilter(form: AuditFilterForm, pageSize = AUDIT_PAGE_SIZE): AuditFilter {
  const filter: AuditFilter = { limit: pageSize, offset: (Math.max(1, form.page) - 1) * pageSize };
  if (form.action) filter.action = form.action;
  const text = form.text.trim();
  if (text !== '') filter.text = text;
  if (form.range) {
    filter.from = new Date(form.range[0]).toISOString();
    filter.till = new Date(form.range[1]).toISOString();
  }
  return filter;
}

/** The same filter without paging, for the CSV export (everything that matches). */
export function toExportFilter(form: AuditFilterForm): AuditExportFilter {
  const { limit: _limit, offset: _offset, ...rest } = toAuditFilter(form);
  return rest;
}

export function verificationText(result: AuditVerification): string {
  if (result.ok) return `Chain intact (${entriesText(result.count)})`;
  return `Chain broken at entry #${result.brokenAt}: ${result.reason}`;
}

/** "1 entry", "100,000 entries". */
export function entriesText(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'entry' : 'entries'}`;
}

/** What a running task has done, in counts: "42,000 of 100,000 entries". */
export function progressText(progress: { done: number; total: number | null }): string {
  if (progress.total === null) return 'Counting entries…';
  return `${progress.done.toLocaleString('en-US')} of ${entriesText(progress.total)}`;
}

/** Whole percent, rounded down so a bar reads 100 only when everything is done. */
export function progressPercent(progress: { done: number; total: number | null }): number {
  if (progress.total === null) return 0;
  if (progress.total === 0) return 100;
  return Math.floor((100 * Math.min(progress.done, progress.total)) / progress.total);
}

/** "24.8 MB", "512 KB": a file size for people (decimal units, like file managers). */
export function sizeText(bytes: number): string {
  if (bytes >= 1e6) return `${(bytes / 1e6).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1e3))} KB`;
}

/** Each action in words, for the filter and the entries (the code stays in data-action). */
export const ACTION_LABELS = {
  prepare: 'Prepare withdrawal',
  commit: 'Commit withdrawal',
  rollback: 'Roll back withdrawal',
  transfer: 'Wallet ↔ spot',
  convert: 'Convert',
  internalWithdraw: 'Send to a user',
  subAccountTransfer: 'Sub-account transfer',
  buyCryptoOrder: 'Buy crypto',
  subAccountFreeze: 'Freeze sub-account',
  subAccountActivate: 'Activate sub-account',
  subAccountAcl: 'Sub-account permissions',
  spotOrder: 'Place spot order',
  cancelOrder: 'Cancel spot orders',
} as const satisfies Record<AuditAction, string>;

/** Outcomes in the contract's words, shared with History, Approvals and Transfers. */
export const OUTCOME_LABELS = {
  sent: AUDIT_OUTCOME_WORDS.sent.label, ok: AUDIT_OUTCOME_WORDS.ok.label,
  error: AUDIT_OUTCOME_WORDS.error.label, uncertain: AUDIT_OUTCOME_WORDS.uncertain.label,
} as const satisfies Record<AuditEntry['outcome'], string>;
export const OUTCOME_TONES = {
  sent: AUDIT_OUTCOME_WORDS.sent.tone, ok: AUDIT_OUTCOME_WORDS.ok.tone,
  error: AUDIT_OUTCOME_WORDS.error.tone, uncertain: AUDIT_OUTCOME_WORDS.uncertain.tone,
} as const satisfies Record<AuditEntry['outcome'], string>;
